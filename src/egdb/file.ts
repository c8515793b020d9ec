/**
 * Table files: a 64-byte header, then one little-endian 16-bit entry per index.
 *
 *   0  "TAMAEGDB"        magic
 *   8  u32 format version
 *  12  u32 entries
 *  16  u8 x4 material     mover men, mover kings, other men, other kings
 *  20  u32 CRC-32 of the entries
 *  24  u16 longest distance (plies), u16 0
 *  28  variant name, ASCII, 16 bytes zero-padded
 *  44  zeros to 64
 *
 * Files live at <dir>/<variant>/<material name>.egdb (material.ts names them).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { materialName, type Material } from './material.js';
import { Indexer } from './indexing.js';
import { DRAW, INVALID } from './value.js';

export const FORMAT_VERSION = 1;
const MAGIC = 'TAMAEGDB';
const HEADER_BYTES = 64;

export type TableFileErrorCode =
  | 'missing'
  | 'unreadable'
  | 'bad-magic'
  | 'bad-version'
  | 'wrong-variant'
  | 'wrong-material'
  | 'bad-size'
  | 'bad-checksum';

/** Where the table of a signature lives under a database folder. */
export function tablePath(dir: string, variant: VariantName, material: Material): string {
  return join(dir, variant, `${materialName(material)}.egdb`);
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
  const body = Buffer.from(values.buffer, values.byteOffset, values.byteLength);
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'ascii');
  header.writeUInt32LE(FORMAT_VERSION, 8);
  header.writeUInt32LE(values.length, 12);
  header.writeUInt8(material.moverMen, 16);
  header.writeUInt8(material.moverKings, 17);
  header.writeUInt8(material.otherMen, 18);
  header.writeUInt8(material.otherKings, 19);
  header.writeUInt32LE(crc32(body), 20);
  header.writeUInt16LE(Math.min(longestDistance(values), 0xffff), 24);
  header.write(variant, 28, 16, 'ascii');
  const temporary = `${path}.partial`;
  writeFileSync(temporary, Buffer.concat([header, body]));
  renameSync(temporary, path);
  return path;
}

/**
 * Reads a table file into a SharedArrayBuffer, checking the header against what is
 * expected and the entries against the checksum.
 */
export function readTable(
  dir: string,
  variant: VariantName,
  material: Material,
): Result<Uint16Array, TableFileErrorCode> {
  const path = tablePath(dir, variant, material);
  if (!existsSync(path)) return fail('missing', `no table file ${path}`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    return fail('unreadable', `cannot read ${path}: ${(error as Error).message}`);
  }
  if (bytes.length < HEADER_BYTES || bytes.toString('ascii', 0, 8) !== MAGIC) {
    return fail('bad-magic', `${path} is not a Tama endgame table`);
  }
  const version = bytes.readUInt32LE(8);
  if (version !== FORMAT_VERSION) {
    return fail('bad-version', `${path} has format version ${version}; this engine reads version ${FORMAT_VERSION}`); // prettier-ignore
  }
  const fileVariant = bytes.toString('ascii', 28, 44).replace(/\0+$/, '');
  if (fileVariant !== variant) {
    return fail('wrong-variant', `${path} is a ${fileVariant} table, not ${variant}`);
  }
  const counts = [bytes[16], bytes[17], bytes[18], bytes[19]];
  const expected = [material.moverMen, material.moverKings, material.otherMen, material.otherKings]; // prettier-ignore
  if (counts.some((count, i) => count !== expected[i])) {
    return fail('wrong-material', `${path} holds another material than ${materialName(material)}`); // prettier-ignore
  }
  const entries = bytes.readUInt32LE(12);
  if (entries !== new Indexer(material).size || bytes.length !== HEADER_BYTES + 2 * entries) {
    return fail('bad-size', `${path} has the wrong size for ${materialName(material)} (truncated or from another index)`); // prettier-ignore
  }
  const body = bytes.subarray(HEADER_BYTES);
  if (crc32(body) !== bytes.readUInt32LE(20)) {
    return fail('bad-checksum', `${path} fails its checksum (damaged file)`);
  }
  const values = new Uint16Array(new SharedArrayBuffer(2 * entries));
  new Uint8Array(values.buffer).set(body);
  return ok(values);
}
