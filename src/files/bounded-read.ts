/**
 * The one way the project reads a file it is given: opened without waiting (a FIFO does not
 * block the open), checked on the open descriptor to be a regular file (a device, FIFO,
 * socket or folder is refused, named), refused when its size is over its kind's cap
 * (read-caps.ts) before any byte is read, and read to at most cap + 1 bytes, so that a file
 * that grows while it is read, or whose size is not what it says (as /proc files), stays
 * bounded. Every fault is a `Result`, never a throw.
 */
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { open } from 'node:fs/promises';
import { fail, ok, type Result } from '../core/result.js';
import type { ReadCap } from './read-caps.js';

export type ReadErrorCode = 'missing' | 'not-a-file' | 'too-large' | 'unreadable';

/** Open flags: read only, never block on a FIFO's open, never become a terminal's. */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** The first read's size when a file says it is empty or smaller than it is. */
const FIRST_CHUNK = 64 * 1024;

/** What a file system entry is, in words, when it is not a regular file. */
function kindOf(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isFIFO()) return 'a FIFO (pipe)';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** A size in the largest unit that keeps it readable. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const tooLarge = (label: string, size: string, cap: ReadCap) =>
  fail('too-large', `cannot read ${label}: it is ${size}; ${cap.what} is at most ${formatBytes(cap.bytes)}`); // prettier-ignore

/** What is at `path` when it is not a regular file, or undefined (a file, or nothing). */
function kindAt(path: string): string | undefined {
  try {
    return kindOf(statSync(path));
  } catch {
    return undefined;
  }
}

/**
 * The error of an open or read that threw. An open can fail for what the entry is (a
 * folder, or a socket behind `/dev/stdin`: ENXIO), which is then named.
 */
function thrown(path: string, label: string, error: unknown): Result<never, ReadErrorCode> {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return fail('missing', `cannot read ${label}: ${(error as Error).message}`); // prettier-ignore
  const kind = kindAt(path);
  if (kind !== undefined) return fail('not-a-file', `cannot read ${label}: it is ${kind}, not a file`); // prettier-ignore
  return fail('unreadable', `cannot read ${label}: ${(error as Error).message}`);
}

/** The checks made on the open descriptor's status before a byte is read. */
function checkStats(label: string, stats: Stats, cap: ReadCap): Result<number, ReadErrorCode> {
  const kind = kindOf(stats);
  if (kind !== undefined) return fail('not-a-file', `cannot read ${label}: it is ${kind}, not a file`); // prettier-ignore
  if (stats.size > cap.bytes) return tooLarge(label, formatBytes(stats.size), cap);
  return ok(stats.size);
}

/** Where the next read puts its bytes. */
interface ReadRequest {
  readonly buffer: Uint8Array;
  readonly offset: number;
  readonly length: number;
}

/**
 * The reads of one bounded file, as requests: each `next` gets the bytes the last read gave
 * (0 at the end of the file). The buffer is first sized for what the file says it holds and
 * doubled when full, never past cap + 1 bytes; what it returns is the bytes read, or an
 * error when more than the cap came.
 */
function* boundedReads(
  size: number,
  cap: ReadCap,
  label: string,
): Generator<ReadRequest, Result<Uint8Array, ReadErrorCode>, number> {
  const most = cap.bytes + 1;
  let buffer = new Uint8Array(Math.min(most, Math.max(size + 1, FIRST_CHUNK)));
  let filled = 0;
  while (filled < most) {
    if (filled === buffer.length) {
      const grown = new Uint8Array(Math.min(most, buffer.length * 2));
      grown.set(buffer);
      buffer = grown;
    }
    const read = yield { buffer, offset: filled, length: buffer.length - filled };
    if (read === 0) break;
    filled += read;
  }
  if (filled > cap.bytes) return tooLarge(label, `over ${formatBytes(cap.bytes)}`, cap);
  return ok(buffer.subarray(0, filled));
}

/**
 * The bytes of the file at `path`, of at most `cap.bytes`; else why not, in one line that
 * names the file as `label` ("cannot read LABEL: it is a character device, not a file").
 */
export function readBoundedBytes(
  path: string,
  cap: ReadCap,
  label = `'${path}'`,
): Result<Uint8Array, ReadErrorCode> {
  let descriptor: number;
  try {
    descriptor = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return thrown(path, label, error);
  }
  try {
    const size = checkStats(label, fstatSync(descriptor), cap);
    if (!size.ok) return size;
    const reads = boundedReads(size.value, cap, label);
    let step = reads.next(0);
    while (step.done !== true) {
      const { buffer, offset, length } = step.value;
      step = reads.next(readSync(descriptor, buffer, offset, length, null));
    }
    return step.value;
  } catch (error) {
    return thrown(path, label, error);
  } finally {
    closeSync(descriptor);
  }
}

/** The UTF-8 text of the file at `path`, bounded as readBoundedBytes. */
export function readBoundedText(
  path: string,
  cap: ReadCap,
  label = `'${path}'`,
): Result<string, ReadErrorCode> {
  const bytes = readBoundedBytes(path, cap, label);
  return bytes.ok ? ok(Buffer.from(bytes.value.buffer, bytes.value.byteOffset, bytes.value.byteLength).toString('utf8')) : bytes; // prettier-ignore
}

/** readBoundedBytes without blocking the event loop (the page's server). */
export async function readBoundedBytesAsync(
  path: string,
  cap: ReadCap,
  label = `'${path}'`,
): Promise<Result<Uint8Array, ReadErrorCode>> {
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    return thrown(path, label, error);
  }
  try {
    const size = checkStats(label, await handle.stat(), cap);
    if (!size.ok) return size;
    const reads = boundedReads(size.value, cap, label);
    let step = reads.next(0);
    while (step.done !== true) {
      const { buffer, offset, length } = step.value;
      step = reads.next((await handle.read(buffer, offset, length, null)).bytesRead);
    }
    return step.value;
  } catch (error) {
    return thrown(path, label, error);
  } finally {
    await handle.close();
  }
}
