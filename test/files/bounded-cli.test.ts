/**
 * Every file a command or the engine is given is read within bounds, through the real
 * `tama` child process: a device (`/dev/zero`), the protocol's own input (`/dev/stdin`), a
 * folder or a 1 GiB sparse file is refused at once with one error naming it, the command
 * goes on (the protocol) or ends (a command) as for any bad file, and the child's peak
 * memory stays far from the gigabytes an unbounded read would take.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startGuiServer } from '../../src/gui/server.js';

const PEAK_MEMORY_TAMA = fileURLToPath(new URL('../fixtures/peak-memory.mjs', import.meta.url));
/** Far above a command's own memory (about 100 MB), far below an unbounded read's. */
const PEAK_RSS_CAP_KIB = 300 * 1024;

const folder = mkdtempSync(join(tmpdir(), 'tama-bounded-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const sparse = join(folder, 'sparse.json');
writeFileSync(sparse, '');
truncateSync(sparse, 2 ** 30);

interface Run {
  code: number | null;
  stdout: string[];
  /** stderr without the peak memory line. */
  stderr: string[];
  peakKib: number;
}

/** Runs `tama args` with `input` on stdin (then closed); its output and peak memory. */
function tama(args: readonly string[], input = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [PEAK_MEMORY_TAMA, ...args], { cwd: folder });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // A generous watchdog: an unbounded read would run for minutes and swell.
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(watchdog);
      const errors = stderr.split('\n').filter((line) => line !== '');
      const peak = errors.find((line) => line.startsWith('peak-rss-kib '));
      resolve({
        code,
        stdout: stdout.split('\n').filter((line) => line !== ''),
        stderr: errors.filter((line) => line !== peak),
        peakKib: Number(peak?.split(' ')[1] ?? Infinity),
      });
    });
    child.stdin.end(input);
  });
}

describe('EvalFile', () => {
  it.each([
    ['/dev/zero', "cannot read EvalFile '/dev/zero': it is a character device, not a file"],
    // The protocol's input is a socket here (as Node makes a child's pipes), a FIFO in a shell.
    ['/dev/stdin', "cannot read EvalFile '/dev/stdin': it is a socket, not a file"],
    [sparse, `cannot read EvalFile '${sparse}': it is 1.0 GiB; an evaluation file is at most 16 MiB`], // prettier-ignore
    [folder, `cannot read EvalFile '${folder}': it is a folder, not a file`],
  ])(
    '%s is refused at once, isready answered, the rest of the input read',
    async (path, message) => {
      const run = await tama([], `setoption name EvalFile value ${path}\nisready\nposition startpos\nd\nquit\n`); // prettier-ignore
      expect(run.stdout.filter((line) => line.includes('error'))).toEqual([`info string error: ${message}`]); // prettier-ignore
      expect(run.stdout).toContain('readyok');
      expect(run.stdout.some((line) => line.startsWith('Position: '))).toBe(true);
      expect(run.code).toBe(0);
      expect(run.peakKib).toBeLessThan(PEAK_RSS_CAP_KIB);
    },
  );
});

describe('the protocol input', () => {
  it('a line of 32 MiB is answered by one error quoting its start, never held; the lines after it run', async () => {
    const run = await tama([], `isready\n${'x'.repeat(32 << 20)}\nisready\nquit\n`);
    expect(run.stdout.filter((line) => line.includes('error'))).toEqual([`info string error: a line of 33,554,432 bytes is ignored: a line has at most 1,048,576; it begins '${'x'.repeat(200)}'`]); // prettier-ignore
    expect(run.stdout.filter((line) => line === 'readyok')).toHaveLength(2);
    expect(run.code).toBe(0);
    // Held whole, the line took some 100 MiB more than the engine's own memory.
    expect(run.peakKib).toBeLessThan(160 * 1024);
  });
});

describe('tama egdb probe', () => {
  const tables = (name: string, make: (path: string) => void): string => {
    const dir = join(folder, `egdb-${name}`);
    mkdirSync(join(dir, 'armenian'), { recursive: true });
    make(join(dir, 'armenian', 'KvK.egdb'));
    return dir;
  };
  it.each([
    ['a link to /dev/zero', (p: string) => symlinkSync('/dev/zero', p), 'cannot read PATH: it is a character device, not a file'], // prettier-ignore
    ['a folder', (p: string) => mkdirSync(p), 'cannot read PATH: it is a folder, not a file'],
    ['empty', (p: string) => writeFileSync(p, ''), 'PATH is not a Tama endgame table'],
    ['random', (p: string) => writeFileSync(p, Buffer.alloc(2112, 0x5a)), 'PATH is not a Tama endgame table'], // prettier-ignore
    ['a sparse 1 GiB file', (p: string) => { writeFileSync(p, ''); truncateSync(p, 2 ** 30); }, 'cannot read PATH: it is 1.0 GiB; the table KvK is at most 4.1 KiB'], // prettier-ignore
  ])('names a table that is %s, and its fault', async (name, make, message) => {
    const dir = tables(name.replace(/\W+/g, '-'), make);
    const run = await tama(['egdb', 'probe', '--path', dir, 'W:WKa1:BKd5']);
    expect(run.stderr).toEqual([`error: ${message.replace('PATH', join(dir, 'armenian', 'KvK.egdb'))}`]); // prettier-ignore
    expect(run.code).toBe(1);
    expect(run.peakKib).toBeLessThan(PEAK_RSS_CAP_KIB);
  });

  it('names a truncated table as the EGDB Path option does', async () => {
    const header = Buffer.alloc(100);
    header.write('TAMAEGDB', 0, 'ascii');
    header.writeUInt32LE(2, 8);
    header.writeUInt8(1, 26);
    header.write('armenian', 28, 'ascii');
    header.writeUInt8(1, 17);
    header.writeUInt8(1, 19);
    const dir = tables('truncated', (p) => writeFileSync(p, header));
    const path = join(dir, 'armenian', 'KvK.egdb');
    const fault = `${path} has the wrong size for KvK (truncated or from another index)`;
    const probe = await tama(['egdb', 'probe', '--path', dir, 'W:WKa1:BKd5']);
    expect(probe.stderr).toEqual([`error: ${fault}`]);
    const option = await tama([], `setoption name EGDB Path value ${dir}\nisready\nquit\n`);
    expect(option.stdout).toContain(`info string error: EGDB Path: ${fault}`);
  });

  it('names a folder that is not there', async () => {
    const run = await tama(['egdb', 'probe', '--path', join(folder, 'none'), 'W:WKa1:BKd5']);
    expect(run.stderr).toEqual([`error: no folder ${join(folder, 'none')}`]);
    expect(run.code).toBe(1);
  });
});

describe('the commands', () => {
  const pdnRefused = "error: cannot read '/dev/zero': it is a character device, not a file";
  it.each([
    ['tama analyse', ['analyse', '/dev/zero'], pdnRefused],
    ['tama tune-data', ['tune-data', '--out', join(folder, 'positions.txt'), '/dev/zero'], pdnRefused], // prettier-ignore
    ['tama tune --positions', ['tune', '--positions', '/dev/zero', '--out', join(folder, 'w.json')], pdnRefused], // prettier-ignore
    ['tama tune --init', ['tune', '--positions', sparse, '--init', '/dev/zero', '--out', join(folder, 'w.json')], "error: --init: cannot read EvalFile '/dev/zero': it is a character device, not a file"], // prettier-ignore
    ['tama train --positions', ['train', '--positions', sparse, '--out', join(folder, 'n.json')], `error: cannot read '${sparse}': it is 1.0 GiB; a positions file is at most 256 MiB`], // prettier-ignore
    ['tama puzzles check', ['puzzles', 'check', '/dev/stdin'], "error: cannot read '/dev/stdin': it is a socket, not a file"], // prettier-ignore
    ['tama match --openings', ['match', '--engine', 'cmd=x', '--engine', 'cmd=y', '--each', 'depth=1', '--openings', 'file=/dev/zero'], "error: cannot read openings file '/dev/zero': it is a character device, not a file"], // prettier-ignore
  ])('%s refuses a file it cannot bound, at once', async (_, args, message) => {
    const run = await tama(args);
    expect(run.stderr).toContain(message);
    expect(run.code).not.toBe(0);
    expect(run.peakKib).toBeLessThan(PEAK_RSS_CAP_KIB);
  });
});

describe("the page's server", () => {
  it('answers 500 for a page file it cannot bound, and serves the others', async () => {
    const pageDir = join(folder, 'page') + '/';
    mkdirSync(pageDir);
    symlinkSync('/dev/zero', join(pageDir, 'page.js'));
    writeFileSync(join(pageDir, 'index.html'), '<!doctype html>');
    const server = await startGuiServer({ port: 0, host: '127.0.0.1', engine: { program: process.execPath, args: [] }, maxTabs: 1, stallMs: 10_000, pageDir }); // prettier-ignore
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = request(
          {
            host: '127.0.0.1',
            port: server.port,
            path,
            headers: { host: `127.0.0.1:${server.port}` },
          },
          (response) => {
            // prettier-ignore
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          },
        );
        sent.on('error', reject);
        sent.end();
      });
    try {
      expect(await get('/page.js')).toEqual({ status: 500, body: `cannot read '${pageDir}page.js': it is a character device, not a file\n` }); // prettier-ignore
      expect(await get('/')).toEqual({ status: 200, body: '<!doctype html>' });
    } finally {
      await server.close();
    }
  });
});
