/**
 * A table file's bytes checked and turned into its entries, without a file system: the
 * engine reads them from disk in Node (file.ts) and from the browser's storage in the web
 * build. The layout: a 64-byte header, then one entry per index.
 *
 *   0  "TAMAEGDB"        magic
 *   8  u32 format version
 *  12  u32 entries
 *  16  u8 x4 material     mover men, mover kings, other men, other kings
 *  20  u32 CRC-32 of the entries' bytes
 *  24  u16 longest distance (plies)
 *  26  u8 bytes per entry (version 2; 0 in version 1, whose entries are all 2 bytes), u8 0
 *  28  variant name, ASCII, 16 bytes zero-padded
 *  44  zeros to 64
 *
 * Entries of 2 bytes are the codes of value.ts, little-endian. An entry of 1 byte holds the
 * same code while it fits: 0 a draw, d + 1 a game that ends in d plies (d <= 253), 0xff an
 * invalid index. A table whose longest distance is beyond 253 plies keeps 2 bytes an entry,
 * so no value is ever rounded.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { Indexer } from './indexing.js';
import { materialName, type Material } from './material.js';
import { INVALID, MAX_DISTANCE } from './value.js';

export const FORMAT_VERSION = 2;
/** The longest distance a one-byte entry holds: codes 1..254, 0xff is invalid. */
export const MAX_BYTE_DISTANCE = 0xfd;
const BYTE_INVALID = 0xff;
export const MAGIC = 'TAMAEGDB';
export const HEADER_BYTES = 64;

export type TableFileErrorCode =
  | 'missing'
  | 'unreadable'
  | 'bad-magic'
  | 'bad-version'
  | 'wrong-variant'
  | 'wrong-material'
  | 'bad-size'
  | 'bad-checksum'
  | 'bad-value';

/** The file name of a signature's table inside a variant's folder, such as `KMvK.egdb`. */
export function tableFileName(material: Material): string {
  return `${materialName(material)}.egdb`;
}

/** Reads `length` ASCII bytes from `offset`, without the zeros that pad them. */
function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length)).replace(/\0+$/, '');
}

/**
 * The entries of the table file `bytes` (named `where` in errors), checked against the
 * variant and material expected and against the checksum (`crc32` of the entries' bytes),
 * in a SharedArrayBuffer so that every search thread can read them.
 */
export function tableFromBytes(
  bytes: Uint8Array,
  where: string,
  variant: VariantName,
  material: Material,
  crc32: (data: Uint8Array) => number,
): Result<Uint16Array, TableFileErrorCode> {
  if (bytes.length < HEADER_BYTES || ascii(bytes, 0, 8) !== MAGIC) {
    return fail('bad-magic', `${where} is not a Tama endgame table`);
  }
  const header = new DataView(bytes.buffer, bytes.byteOffset, HEADER_BYTES);
  const version = header.getUint32(8, true);
  if (version !== 1 && version !== FORMAT_VERSION) {
    return fail('bad-version', `${where} has format version ${version}; this engine reads versions 1 and ${FORMAT_VERSION}`); // prettier-ignore
  }
  const width = version === 1 ? 2 : header.getUint8(26);
  if (width !== 1 && width !== 2) {
    return fail('bad-version', `${where} says ${width} bytes an entry; this engine reads 1 or 2`); // prettier-ignore
  }
  const longest = header.getUint16(24, true);
  if (longest > MAX_DISTANCE) {
    return fail('bad-value', `${where} says a longest distance of ${longest} plies; an entry holds at most ${MAX_DISTANCE} (damaged header)`); // prettier-ignore
  }
  if (version === FORMAT_VERSION && width !== bytesPerEntry(longest)) {
    return fail('bad-value', `${where} says ${width} byte(s) an entry for a longest distance of ${longest} plies (damaged header)`); // prettier-ignore
  }
  const fileVariant = ascii(bytes, 28, 16);
  if (fileVariant !== variant) {
    return fail('wrong-variant', `${where} is a ${fileVariant} table, not ${variant}`);
  }
  const counts = [bytes[16], bytes[17], bytes[18], bytes[19]];
  const expected = [material.moverMen, material.moverKings, material.otherMen, material.otherKings]; // prettier-ignore
  if (counts.some((count, i) => count !== expected[i])) {
    return fail('wrong-material', `${where} holds another material than ${materialName(material)}`); // prettier-ignore
  }
  const entries = header.getUint32(12, true);
  if (entries !== new Indexer(material).size || bytes.length !== HEADER_BYTES + width * entries) {
    return fail('bad-size', `${where} has the wrong size for ${materialName(material)} (truncated or from another index)`); // prettier-ignore
  }
  const body = bytes.subarray(HEADER_BYTES);
  if (crc32(body) >>> 0 !== header.getUint32(20, true)) {
    return fail('bad-checksum', `${where} fails its checksum (damaged file)`);
  }
  const values = new Uint16Array(new SharedArrayBuffer(2 * entries));
  if (width === 2) new Uint8Array(values.buffer).set(body);
  else for (let i = 0; i < entries; i++) values[i] = body[i] === BYTE_INVALID ? INVALID : body[i];
  // Every code in range: a draw, a distance up to the longest the header gives, or invalid.
  for (let i = 0; i < entries; i++) {
    const code = values[i];
    if (code !== INVALID && code > longest + 1) {
      return fail('bad-value', `${where}: entry ${i} holds a distance of ${code - 1} plies, beyond the longest the header gives (${longest})`); // prettier-ignore
    }
  }
  return ok(values);
}

/** The bytes an entry of a table needs in a file: 1 unless a distance is beyond 253 plies. */
export function bytesPerEntry(longestDistance: number): 1 | 2 {
  return longestDistance <= MAX_BYTE_DISTANCE ? 1 : 2;
}

/**
 * The entries of a table as a file stores them, `width` bytes each (bytesPerEntry): the
 * codes themselves, or one byte each with the invalid code as 0xff.
 */
export function entryBytes(values: Uint16Array, width: 1 | 2): Uint8Array {
  if (width === 2) return new Uint8Array(values.buffer, values.byteOffset, values.byteLength);
  const body = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const code = values[i];
    body[i] = code === INVALID ? BYTE_INVALID : code;
  }
  return body;
}
