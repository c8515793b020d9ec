/**
 * The bounded reader (src/files/bounded-read.ts): a regular file's bytes up to its kind's
 * cap; a device, FIFO, folder or a file over the cap refused with one error naming it, before
 * it is read; a file whose size is not what it says read to at most the cap + 1 bytes. The
 * same for the page server's asynchronous reader.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  formatBytes,
  readBoundedBytes,
  readBoundedBytesAsync,
  readBoundedText,
} from '../../src/files/bounded-read.js';
import type { ReadCap } from '../../src/files/read-caps.js';

const folder = mkdtempSync(join(tmpdir(), 'tama-bounded-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SMALL: ReadCap = { what: 'a test file', bytes: 1000 };
const text = join(folder, 'text.txt');
writeFileSync(text, 'héllo\n');
const full = join(folder, 'full.bin');
writeFileSync(full, Buffer.alloc(SMALL.bytes, 7));
const over = join(folder, 'over.bin');
writeFileSync(over, Buffer.alloc(SMALL.bytes + 1, 7));
const sparse = join(folder, 'sparse.bin');
writeFileSync(sparse, '');
truncateSync(sparse, 2 ** 30);
const subfolder = join(folder, 'sub');
mkdirSync(subfolder);
const fifo = join(folder, 'fifo');
execFileSync('mkfifo', [fifo]);
const zeroLink = join(folder, 'zero');
symlinkSync('/dev/zero', zeroLink);

const readers = {
  sync: (path: string, cap: ReadCap) => Promise.resolve(readBoundedBytes(path, cap)),
  async: readBoundedBytesAsync,
};

describe.each(Object.entries(readers))('the %s reader', (_, read) => {
  it('reads a regular file whole, up to its cap exactly', async () => {
    const small = await read(text, SMALL);
    expect(small.ok && Buffer.from(small.value).toString('utf8')).toBe('héllo\n');
    const atCap = await read(full, SMALL);
    expect(atCap.ok && atCap.value.length).toBe(SMALL.bytes);
  });

  it.each([
    ['a file one byte over the cap', over, 'too-large', /it is 1001 bytes; a test file is at most 1000 bytes$/], // prettier-ignore
    ['a sparse 1 GiB file', sparse, 'too-large', /it is 1\.0 GiB; a test file is at most 1000 bytes$/], // prettier-ignore
    ['a link to /dev/zero', zeroLink, 'not-a-file', /it is a character device, not a file$/],
    ['/dev/null', '/dev/null', 'not-a-file', /it is a character device, not a file$/],
    ['a FIFO (its open does not wait for a writer)', fifo, 'not-a-file', /it is a FIFO \(pipe\), not a file$/], // prettier-ignore
    ['a folder', subfolder, 'not-a-file', /it is a folder, not a file$/],
    ['a missing file', join(folder, 'none'), 'missing', /ENOENT/],
  ])('refuses %s with one error naming it', async (_, path, code, message) => {
    const result = await read(path, SMALL);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe(code);
    expect(result.error.message).toContain(`cannot read '${path}': `);
    expect(result.error.message).toMatch(message);
    expect(result.error.message).not.toContain('\n');
  });

  it('reads a file that says it is empty (a /proc file) to at most the cap + 1 bytes', async () => {
    const status = await read('/proc/self/status', { what: 'a status', bytes: 1_000_000 });
    expect(status.ok && Buffer.from(status.value).toString('utf8')).toMatch(/^Name:/);
    const capped = await read('/proc/self/status', { what: 'a status', bytes: 10 });
    expect(capped.ok || capped.error).toEqual({ code: 'too-large', message: "cannot read '/proc/self/status': it is over 10 bytes; a status is at most 10 bytes" }); // prettier-ignore
  });
});

describe('readBoundedText', () => {
  it('names the file as the caller does', () => {
    expect(readBoundedText(text, SMALL)).toEqual({ ok: true, value: 'héllo\n' });
    const refused = readBoundedText('/dev/zero', SMALL, "EvalFile '/dev/zero'");
    expect(refused.ok || refused.error.message).toBe("cannot read EvalFile '/dev/zero': it is a character device, not a file"); // prettier-ignore
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [1023, '1023 bytes'],
    [1024, '1.0 KiB'],
    [16 * 2 ** 20, '16 MiB'],
    [2 ** 30, '1.0 GiB'],
  ])('%i is %s', (bytes, words) => expect(formatBytes(bytes)).toBe(words));
});
