/**
 * Table files (file.ts, table-bytes.ts): version 2 writes one byte an entry while every
 * distance fits and two beyond 253 plies, and reads back the same codes; version 1 files
 * (two bytes an entry, no width in the header) are still read; a width no version knows is
 * refused.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readTable, tablePath, writeTable } from '../../src/egdb/file.js';
import { Indexer } from '../../src/egdb/indexing.js';
import { parseMaterialName } from '../../src/egdb/material.js';
import { HEADER_BYTES, tableFromBytes } from '../../src/egdb/table-bytes.js';
import { DRAW, INVALID, MAX_DISTANCE } from '../../src/egdb/value.js';

const dir = mkdtempSync(join(tmpdir(), 'tama-egdb-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const material = parseMaterialName('KvK')!;
const size = new Indexer(material).size;

/** A table of every kind of code, the longest distance `longest` plies. */
function sample(longest: number): Uint16Array {
  const values = new Uint16Array(size);
  for (let i = 0; i < size; i++) values[i] = i % 7 === 0 ? INVALID : i % 5 === 0 ? DRAW : 1 + (i % (longest + 1)); // prettier-ignore
  values[1] = longest + 1;
  return values;
}

describe('table files', () => {
  it.each([
    ['one byte an entry up to 253 plies', 253, 1],
    ['two bytes an entry beyond', 254, 2],
  ])('keep every code: %s', (_name, longest, width) => {
    const values = sample(longest);
    const path = writeTable(dir, 'armenian', material, values);
    const bytes = readFileSync(path);
    expect(bytes.readUInt32LE(8)).toBe(2);
    expect(bytes[26]).toBe(width);
    expect(bytes.readUInt16LE(24)).toBe(longest);
    expect(bytes.length).toBe(HEADER_BYTES + width * size);
    const read = readTable(dir, 'armenian', material);
    expect(read.ok && [...read.value]).toEqual([...values]);
  });

  it('reads a version 1 file, two bytes an entry', () => {
    const values = sample(40);
    writeTable(dir, 'armenian', material, values);
    const path = tablePath(dir, 'armenian', material);
    const header = readFileSync(path).subarray(0, HEADER_BYTES);
    header.writeUInt32LE(1, 8);
    header[26] = 0;
    const body = Buffer.from(values.buffer);
    header.writeUInt32LE(crc32(body), 20);
    const read = tableFromBytes(Buffer.concat([header, body]), 'old', 'armenian', material, crc32);
    expect(read.ok && [...read.value]).toEqual([...values]);
  });

  it('refuses a width it does not know', () => {
    writeTable(dir, 'armenian', material, sample(10));
    const path = tablePath(dir, 'armenian', material);
    const bytes = readFileSync(path);
    bytes[26] = 3;
    writeFileSync(path, bytes);
    const read = readTable(dir, 'armenian', material);
    expect(read.ok || read.error).toEqual({ code: 'bad-version', message: `${path} says 3 bytes an entry; this engine reads 1 or 2` }); // prettier-ignore
  });

  it('refuses a code beyond the longest distance its header gives, and a width that does not fit it', () => {
    writeTable(dir, 'armenian', material, sample(10));
    const path = tablePath(dir, 'armenian', material);
    const bytes = readFileSync(path);
    bytes[HEADER_BYTES + 1] = 12;
    bytes.writeUInt32LE(crc32(bytes.subarray(HEADER_BYTES)), 20);
    const far = tableFromBytes(bytes, 'far', 'armenian', material, crc32);
    expect(far.ok || far.error).toEqual({ code: 'bad-value', message: 'far: entry 1 holds a distance of 11 plies, beyond the longest the header gives (10)' }); // prettier-ignore
    bytes.writeUInt16LE(300, 24);
    const wide = tableFromBytes(bytes, 'wide', 'armenian', material, crc32);
    expect(wide.ok || wide.error).toEqual({ code: 'bad-value', message: 'wide says 1 byte(s) an entry for a longest distance of 300 plies (damaged header)' }); // prettier-ignore
  });

  it('refuses a longest distance past what an entry holds', () => {
    const bytes = readFileSync(writeTable(dir, 'armenian', material, sample(300)));
    bytes.writeUInt16LE(MAX_DISTANCE + 1, 24);
    const read = tableFromBytes(bytes, 'long', 'armenian', material, crc32);
    expect(read.ok || read.error).toEqual({ code: 'bad-value', message: `long says a longest distance of ${MAX_DISTANCE + 1} plies; an entry holds at most ${MAX_DISTANCE} (damaged header)` }); // prettier-ignore
  });
});
