/**
 * Training shards: the training positions kept in the repository (`data/train/VARIANT/`),
 * so that data made on one machine serves every later one. A shard is a gzip file of
 * compact binary records and a JSON manifest beside it that says what made it. Shards are
 * only ever added: a writer refuses a name that exists, and a reader checks each shard
 * against its manifest (size, SHA-256, count) before it uses a record of it.
 *
 * A shard, once unzipped (numbers little-endian):
 *
 *   offset  size  field
 *   0       8     magic "TAMATRN1"
 *   8       1     variant: 0 armenian, 1 turkish
 *   9       4     records (u32)
 *   13      ...   records, one after another:
 *
 *   one record
 *   +----------------+----------------+--------------------------+-------+-----------+
 *   | occupied 0-31  | occupied 32-63 | piece codes, 2 bits each | flags | score     |
 *   | u32            | u32            | ceil(pieces / 4) bytes   | u8    | (varint)  |
 *   +----------------+----------------+--------------------------+-------+-----------+
 *
 * Piece codes follow the occupied squares from a1 (square 0) up, four to a byte from the
 * low bits: the piece set of state.ts (0 White man, 1 Black man, 2 White king, 3 Black
 * king). Flags: bit 0 the side to move (1 Black), bits 1-2 the game's result for White
 * (0 lost, 1 drawn, 2 won), bit 3 a score follows, bit 4 that score is the search's `mate
 * N` (moves), not centi-men. The score is from the side to move's view, zigzag-encoded in
 * 7-bit groups. A position's identity (what duplicates are judged by) is its squares,
 * codes and side to move: the record without its labels.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fail, ok, type Result } from '../core/result.js';
import { computeKey, KEY_HI, KEY_LO, SIDE, squareWord, STATE_SIZE } from '../core/state.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import type { TrainingPosition } from './positions.js';

const MAGIC = 'TAMATRN1';
const HEADER_BYTES = 13;
const VARIANT_CODES: Readonly<Record<VariantName, number>> = { armenian: 0, turkish: 1 };
/** The file names of a shard and of its manifest. */
export const SHARD_SUFFIX = '.bin.gz';
export const MANIFEST_SUFFIX = '.json';
export const MANIFEST_FORMAT = 'tama-train-shard';

/** Records a shard holds at most: about 6 MB compressed (measured on self-play data). */
export const SHARD_POSITIONS = 500_000;

/** A labelled position as a shard keeps it. */
export interface ShardPosition {
  readonly state: Int32Array;
  /** The game's result for White: 1, 0.5, 0. */
  readonly result: number;
  /** The search's score in centi-men from the side to move's view, if known. */
  readonly score?: number;
  /** The search's `mate N`, where it gave one instead of a score. */
  readonly mate?: number;
}

/** What made a shard, as its manifest says it (beside the counts the writer fills in). */
export interface ShardSource {
  /** The command line that wrote the shard. */
  readonly command: string;
  /** Where the games came from, e.g. `campaign 1 "data armenian 3000 nodes"`. */
  readonly origin: string;
  /** The engine as it named itself, and its bench signature. */
  readonly engine: string;
  readonly benchSignature: number | null;
  readonly nodes: number;
  readonly seed: number;
  readonly openings: string;
  readonly randomPlies: number;
  /** Games stored in the source when the shard was written. */
  readonly games: number;
}

export interface ShardManifest extends ShardSource {
  readonly format: typeof MANIFEST_FORMAT;
  readonly version: 1;
  readonly variant: VariantName;
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly positions: number;
  /** Distinct positions in the shard (a writer keeps only these, so equal to positions). */
  readonly distinct: number;
  readonly created: string;
}

export type ShardErrorCode = 'shard-exists' | 'bad-manifest' | 'bad-shard' | 'io';

/** Bytes appended to a growing buffer. */
class ByteWriter {
  bytes = new Uint8Array(1 << 20);
  length = 0;

  private room(extra: number): void {
    if (this.length + extra <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + extra));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  u8(value: number): void {
    this.room(1);
    this.bytes[this.length++] = value;
  }

  u32(value: number): void {
    this.room(4);
    new DataView(this.bytes.buffer).setUint32(this.length, value >>> 0, true);
    this.length += 4;
  }

  /** A signed whole number, zigzag-encoded in 7-bit groups. */
  varint(value: number): void {
    let zigzag = value >= 0 ? value * 2 : -value * 2 - 1;
    while (zigzag >= 0x80) {
      this.u8((zigzag % 0x80) | 0x80);
      zigzag = Math.floor(zigzag / 0x80);
    }
    this.u8(zigzag);
  }
}

/** The identity of a position for duplicates: its squares, pieces and side to move. */
function identity(bytes: Uint8Array, start: number, end: number, side: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1') + side; // prettier-ignore
}

const RESULT_CODES = new Map([[0, 0], [0.5, 1], [1, 2]]); // prettier-ignore
const RESULTS = [0, 0.5, 1];

/**
 * A shard being written: positions are added one at a time (a duplicate of one in `seen`,
 * which the caller shares across the shards of a folder, is left out), then the finished
 * shard is compressed and written with its manifest.
 */
export class ShardWriter {
  private readonly records = new ByteWriter();
  count = 0;

  constructor(
    readonly variant: VariantName,
    private readonly seen: Set<string>,
  ) {}

  /** Adds a position; false when it is a duplicate and was left out. */
  add(position: ShardPosition): boolean {
    const { state } = position;
    const w = this.records;
    const start = w.length;
    let lo = 0;
    let hi = 0;
    for (let set = 0; set < 4; set++) {
      lo |= state[squareWord(set, 0)];
      hi |= state[squareWord(set, 32)];
    }
    w.u32(lo);
    w.u32(hi);
    let code = 0;
    let filled = 0;
    for (let square = 0; square < 64; square++) {
      const word = square < 32 ? lo : hi;
      if (((word >>> (square & 31)) & 1) === 0) continue;
      let set = 0;
      while (((state[squareWord(set, square)] >>> (square & 31)) & 1) === 0) set++;
      code |= set << (2 * filled);
      if (++filled === 4) {
        w.u8(code);
        code = 0;
        filled = 0;
      }
    }
    if (filled > 0) w.u8(code);
    const side = state[SIDE] & 1;
    const key = identity(w.bytes, start, w.length, side);
    if (this.seen.has(key)) {
      w.length = start;
      return false;
    }
    this.seen.add(key);
    const result = RESULT_CODES.get(position.result);
    if (result === undefined) throw new Error(`a result is 1, 0.5 or 0, not ${position.result}`);
    const labelled = position.mate !== undefined ? position.mate : position.score;
    w.u8(side | (result << 1) | (labelled !== undefined ? 8 : 0) | (position.mate !== undefined ? 16 : 0)); // prettier-ignore
    if (labelled !== undefined) w.varint(labelled);
    this.count++;
    return true;
  }

  /** The shard's bytes: header and records, compressed. */
  compressed(): Buffer {
    const header = Buffer.alloc(HEADER_BYTES);
    header.write(MAGIC, 0, 'latin1');
    header.writeUInt8(VARIANT_CODES[this.variant], 8);
    header.writeUInt32LE(this.count, 9);
    return gzipSync(Buffer.concat([header, this.records.bytes.subarray(0, this.records.length)]), { level: 9 }); // prettier-ignore
  }

  /**
   * Writes the shard as `dir/name.bin.gz` with `dir/name.json`; refuses to replace either
   * (shards are only added). Returns the manifest written.
   */
  write(dir: string, name: string, source: ShardSource): Result<ShardManifest, ShardErrorCode> {
    const file = name + SHARD_SUFFIX;
    const shardPath = join(dir, file);
    const manifestPath = join(dir, name + MANIFEST_SUFFIX);
    for (const path of [shardPath, manifestPath]) {
      if (existsSync(path)) return fail('shard-exists', `${path} exists: shards are only added, never rewritten`); // prettier-ignore
    }
    const bytes = this.compressed();
    const manifest: ShardManifest = {
      format: MANIFEST_FORMAT,
      version: 1,
      variant: this.variant,
      file,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      positions: this.count,
      distinct: this.count,
      created: new Date().toISOString(),
      ...source,
    };
    try {
      writeFileSync(shardPath, bytes, { flag: 'wx' });
      writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n', { flag: 'wx' });
    } catch (error) {
      return fail('io', `cannot write ${shardPath}: ${(error as Error).message}`);
    }
    return ok(manifest);
  }
}

/** A shard's manifest read and checked field by field. */
export function parseManifest(text: string, path: string): Result<ShardManifest, ShardErrorCode> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('bad-manifest', `${path}: not JSON: ${(error as Error).message}`);
  }
  const m = value as Partial<ShardManifest> | null;
  if (typeof m !== 'object' || m === null || m.format !== MANIFEST_FORMAT) return fail('bad-manifest', `${path}: not a shard manifest (format must be '${MANIFEST_FORMAT}')`); // prettier-ignore
  if (m.version !== 1) return fail('bad-manifest', `${path}: version ${String(m.version)} is not known (1 is)`); // prettier-ignore
  if (m.variant !== 'armenian' && m.variant !== 'turkish') return fail('bad-manifest', `${path}: variant must be armenian or turkish`); // prettier-ignore
  for (const field of ['bytes', 'positions', 'distinct'] as const) {
    const n = m[field];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return fail('bad-manifest', `${path}: ${field} must be a whole number`); // prettier-ignore
  }
  if (typeof m.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(m.sha256)) return fail('bad-manifest', `${path}: sha256 must be 64 hex digits`); // prettier-ignore
  if (typeof m.file !== 'string' || !m.file.endsWith(SHARD_SUFFIX)) return fail('bad-manifest', `${path}: file must name a ${SHARD_SUFFIX} file`); // prettier-ignore
  return ok(m as ShardManifest);
}

/**
 * Reads one shard checked against its manifest, calling `visit` for each record; nothing is
 * visited unless the whole shard is sound (a truncated or altered shard is refused whole,
 * with its file named). `key` is the position's identity for duplicates.
 */
export function readShard(
  manifestPath: string,
  variant: VariantName,
  visit: (key: string, position: ShardPosition) => void,
): Result<ShardManifest, ShardErrorCode> {
  let manifestText: string;
  try {
    manifestText = readFileSync(manifestPath, 'utf8');
  } catch (error) {
    return fail('io', `cannot read ${manifestPath}: ${(error as Error).message}`);
  }
  const manifest = parseManifest(manifestText, manifestPath);
  if (!manifest.ok) return manifest;
  const m = manifest.value;
  const path = join(manifestPath, '..', m.file);
  if (m.variant !== variant) return fail('bad-shard', `${path}: a ${m.variant} shard, not ${variant}`); // prettier-ignore
  let zipped: Buffer;
  try {
    zipped = readFileSync(path);
  } catch (error) {
    return fail('io', `cannot read ${path}: ${(error as Error).message}`);
  }
  if (zipped.length !== m.bytes) return fail('bad-shard', `${path}: ${zipped.length} bytes, the manifest says ${m.bytes} (truncated or replaced)`); // prettier-ignore
  if (createHash('sha256').update(zipped).digest('hex') !== m.sha256) return fail('bad-shard', `${path}: its SHA-256 is not the manifest's (the file was altered)`); // prettier-ignore
  let bytes: Buffer;
  try {
    bytes = gunzipSync(zipped);
  } catch (error) {
    return fail('bad-shard', `${path}: cannot unzip: ${(error as Error).message}`);
  }
  const decoded = decodeRecords(bytes, variant, path);
  if (!decoded.ok) return decoded;
  if (decoded.value.length !== m.positions) return fail('bad-shard', `${path}: ${decoded.value.length} records, the manifest says ${m.positions}`); // prettier-ignore
  for (const [key, position] of decoded.value) visit(key, position);
  return ok(m);
}

/** A shard's unzipped bytes as records, each checked; an error names the record. */
function decodeRecords(
  bytes: Buffer,
  variant: VariantName,
  path: string,
): Result<[string, ShardPosition][], ShardErrorCode> {
  if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 8) !== MAGIC) return fail('bad-shard', `${path}: not a training shard (no ${MAGIC} header)`); // prettier-ignore
  if (bytes.readUInt8(8) !== VARIANT_CODES[variant]) return fail('bad-shard', `${path}: its header names another variant than ${variant}`); // prettier-ignore
  const count = bytes.readUInt32LE(9);
  const rules = rulesFor(variant);
  const records: [string, ShardPosition][] = [];
  let at = HEADER_BYTES;
  for (let index = 0; index < count; index++) {
    const bad = (why: string) => fail('bad-shard' as const, `${path}: record ${index + 1}: ${why}`);
    if (at + 8 > bytes.length) return bad('the file ends inside it');
    const start = at;
    const lo = bytes.readUInt32LE(at);
    const hi = bytes.readUInt32LE(at + 4);
    at += 8;
    const state = new Int32Array(STATE_SIZE);
    const pieces = [0, 0];
    let filled = 0;
    let code = 0;
    for (let square = 0; square < 64; square++) {
      if ((((square < 32 ? lo : hi) >>> (square & 31)) & 1) === 0) continue;
      if (filled === 0) {
        if (at >= bytes.length) return bad('the file ends inside it');
        code = bytes[at++];
      }
      const set = (code >>> (2 * filled)) & 3;
      filled = (filled + 1) & 3;
      const color = set & 1;
      pieces[color]++;
      if (set < 2 && square >> 3 === rules.crownRank[color]) return bad(`a man on its crowning row (square ${square})`); // prettier-ignore
      state[squareWord(set, square)] |= 1 << (square & 31);
    }
    if (pieces[0] > 16 || pieces[1] > 16) return bad('more than 16 pieces of one colour');
    if (at >= bytes.length) return bad('the file ends inside it');
    const flags = bytes[at++];
    const side = flags & 1;
    const key = identity(bytes, start, at - 1, side);
    const resultCode = (flags >> 1) & 3;
    if (resultCode > 2 || flags > 31 || (flags & 24) === 16) return bad(`flags ${flags} are not a record's`); // prettier-ignore
    state[SIDE] = side;
    const [keyLo, keyHi] = computeKey(state);
    state[KEY_LO] = keyLo;
    state[KEY_HI] = keyHi;
    let position: ShardPosition = { state, result: RESULTS[resultCode] };
    if (flags & 8) {
      let value = 0;
      let scale = 1;
      for (;;) {
        if (at >= bytes.length) return bad('the file ends inside its score');
        const byte = bytes[at++];
        value += (byte & 0x7f) * scale;
        scale *= 0x80;
        if ((byte & 0x80) === 0) break;
        if (scale > 2 ** 42) return bad('its score is too long');
      }
      const signed = value % 2 === 0 ? value / 2 : -(value + 1) / 2;
      position = flags & 16 ? { ...position, mate: signed } : { ...position, score: signed };
    }
    records.push([key, position]);
  }
  if (at !== bytes.length) return fail('bad-shard', `${path}: ${bytes.length - at} bytes after the last of its ${count} records`); // prettier-ignore
  return ok(records);
}

/** The manifests of a shard folder, in name order (the order shards were added). */
export function shardManifests(dir: string): Result<string[], ShardErrorCode> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    return fail('io', `cannot read the folder ${dir}: ${(error as Error).message}`);
  }
  return ok(names.filter((name) => name.endsWith(MANIFEST_SUFFIX)).sort().map((name) => join(dir, name))); // prettier-ignore
}

export interface ShardFolderRead {
  readonly positions: TrainingPosition[];
  readonly shards: number;
  readonly duplicates: number;
  /** Shards refused (each error names its file); the others' positions are all there. */
  readonly refused: string[];
}

/**
 * Every position of the shards in `dirs`, each position once (the first shard that holds
 * it gives its labels). A bad shard is refused and named; the rest are still read.
 * A position the search gave a `mate N` is kept without a score.
 */
export function readShardFolders(
  dirs: readonly string[],
  variant: VariantName,
  onShard: (manifest: ShardManifest, kept: number) => void = () => {},
): Result<ShardFolderRead, ShardErrorCode> {
  const seen = new Set<string>();
  const positions: TrainingPosition[] = [];
  const refused: string[] = [];
  let shards = 0;
  let duplicates = 0;
  for (const dir of dirs) {
    const manifests = shardManifests(dir);
    if (!manifests.ok) return manifests;
    for (const manifestPath of manifests.value) {
      const before = positions.length;
      const read = readShard(manifestPath, variant, (key, position) => {
        if (seen.has(key)) {
          duplicates++;
          return;
        }
        seen.add(key);
        const { state, result, score } = position;
        positions.push(score === undefined ? { state, result } : { state, result, score });
      });
      if (!read.ok) {
        refused.push(read.error.message);
        continue;
      }
      shards++;
      onShard(read.value, positions.length - before);
    }
  }
  return ok({ positions, shards, duplicates, refused });
}

/** The identities of every position already in the shards of `dir` (none if it does not exist). */
export function shardIdentities(
  dir: string,
  variant: VariantName,
): Result<Set<string>, ShardErrorCode> {
  const seen = new Set<string>();
  if (!existsSync(dir)) return ok(seen);
  const manifests = shardManifests(dir);
  if (!manifests.ok) return manifests;
  for (const manifestPath of manifests.value) {
    const read = readShard(manifestPath, variant, (key) => seen.add(key));
    if (!read.ok) return read;
  }
  return ok(seen);
}
