/**
 * Table files on disk: the layout is table-bytes.ts's (written as version 2, one byte an
 * entry where the distances fit; version 1 files are still read). Files live at
 * <dir>/<variant>/<material name>.egdb (material.ts names them).
 */
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fail, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { readBoundedBytes } from '../files/bounded-read.js';
import type { ReadCap } from '../files/read-caps.js';
import { Indexer } from './indexing.js';
import { materialName, type Material } from './material.js';
import {
  bytesPerEntry,
  entryBytes,
  FORMAT_VERSION,
  HEADER_BYTES,
  MAGIC,
  tableFileName,
  tableFromBytes,
  type TableFileErrorCode,
} from './table-bytes.js';
import { DRAW, INVALID } from './value.js';

/** Where the table of a signature lives under a database folder. */
export function tablePath(dir: string, variant: VariantName, material: Material): string {
  return join(dir, variant, tableFileName(material));
}

/** The longest distance in a table (0 when every entry is a draw). */
export function longestDistance(values: Uint16Array): number {
  let longest = 0;
  for (let i = 0; i < values.length; i++) {
    const code = values[i];
    if (code !== DRAW && code !== INVALID && code - 1 > longest) longest = code - 1;
  }
  return longest;
}

/** Writes a table file (through a temporary name, so a stopped build leaves no half file). */
export function writeTable(
  dir: string,
  variant: VariantName,
  material: Material,
  values: Uint16Array,
): string {
  const path = tablePath(dir, variant, material);
  mkdirSync(join(dir, variant), { recursive: true });
  const longest = longestDistance(values);
  const width = bytesPerEntry(longest);
  const body = entryBytes(values, width);
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'ascii');
  header.writeUInt32LE(FORMAT_VERSION, 8);
  header.writeUInt32LE(values.length, 12);
  header.writeUInt8(material.moverMen, 16);
  header.writeUInt8(material.moverKings, 17);
  header.writeUInt8(material.otherMen, 18);
  header.writeUInt8(material.otherKings, 19);
  header.writeUInt32LE(crc32(body), 20);
  header.writeUInt16LE(Math.min(longest, 0xffff), 24);
  header.writeUInt8(width, 26);
  header.write(variant, 28, 16, 'ascii');
  const temporary = `${path}.partial`;
  writeFileSync(temporary, Buffer.concat([header, body]));
  renameSync(temporary, path);
  return path;
}

/**
 * The cap on a table file, known from the index before it is read: the header and two
 * bytes an entry (the widest entries), so a file no table could be is never read whole.
 */
export function tableFileCap(material: Material): ReadCap {
  return {
    what: `the table ${materialName(material)}`,
    bytes: HEADER_BYTES + 2 * new Indexer(material).size,
  };
}

/**
 * Reads a table file into a SharedArrayBuffer, checking the header against what is
 * expected and the entries against the checksum. A file that is not a regular file, or
 * larger than any table of its material, is refused before it is read.
 */
export function readTable(
  dir: string,
  variant: VariantName,
  material: Material,
): Result<Uint16Array, TableFileErrorCode> {
  const path = tablePath(dir, variant, material);
  // Asked first: the cap needs the material's index, which is not worked out for absent files.
  if (!existsSync(path)) return fail('missing', `no table file ${path}`);
  const bytes = readBoundedBytes(path, tableFileCap(material), path);
  if (!bytes.ok) return fail(bytes.error.code === 'too-large' ? 'bad-size' : 'unreadable', bytes.error.message); // prettier-ignore
  return tableFromBytes(bytes.value, path, variant, material, crc32);
}
