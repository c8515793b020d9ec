/**
 * Training shards: the training positions kept in the repository (`data/train/VARIANT/`),
 * so that data made on one machine serves every later one. A shard is a gzip file of
 * chained records and a JSON manifest beside it that says what made it. Shards are only
 * ever added: a writer refuses a name that exists, and a reader checks each shard against
 * its manifest (size, SHA-256, unpacked size, count, the digest of its positions) before
 * it hands over a position of it. Both stream: no whole file is held in memory, and
 * unpacking stops as soon as it passes the size or the count of records the manifest gives
 * (a gzip bomb is refused after a few kilobytes of it, and never holds more positions than
 * its manifest says).
 *
 * A shard, once unzipped (version 2; numbers little-endian):
 *
 *   offset  size  field
 *   0       8     magic "TAMATRN2"
 *   8       1     variant: 0 armenian, 1 turkish
 *   9       ...   records, one after another, as many as the manifest's `positions`
 *
 *   every record starts with a tag byte
 *   +-------------------------+--------------------+---------------------------+
 *   | bits 4-7: plies of the  | bits 2-3: label    | bits 0-1: the game's      |
 *   | link, 0 a full position | 0 none, 1 score,   | result for White: 0 lost, |
 *   |                         | 2 mate             | 1 drawn, 2 won            |
 *   +-------------------------+--------------------+---------------------------+
 *
 *   a full position (plies 0): it starts a chain
 *   +-----+----------------+----------------+--------------------------+------+-------+
 *   | tag | occupied 0-31  | occupied 32-63 | piece codes, 2 bits each | side | label |
 *   | u8  | u32            | u32            | ceil(pieces / 4) bytes   | u8   |       |
 *   +-----+----------------+----------------+--------------------------+------+-------+
 *
 *   a link (plies 1-15): the position that many legal moves after the record before it
 *   +-----+-------------------------------------------------------------+-------+
 *   | tag | one byte a ply: the move's index in core's move list of the | label |
 *   | u8  | position it is played in (movegen.ts generateMoves)         |       |
 *   +-----+-------------------------------------------------------------+-------+
 *
 * Piece codes follow the occupied squares from a1 (square 0) up, four to a byte from the
 * low bits: the piece set of state.ts (0 White man, 1 Black man, 2 White king, 3 Black
 * king). The label, when there is one, is a signed number zigzag-encoded in 7-bit groups:
 * a `mate N` as it is; a score in centi-men from the side to move's view as its difference
 * from the one before (negated when the link's plies are odd; 0 after a full position or a
 * record without a score), since a game's scores change little from one position to the
 * next. Links are found by shard-link.ts. A position's identity (what duplicates are judged
 * by) is its Zobrist key: its squares, pieces and side to move.
 *
 * A manifest's `digest` is the SHA-256 of its positions in a canonical form (canonicalRecord)
 * that does not depend on how they are encoded; a converted shard's manifest keeps the
 * digest of the file it was converted from, which a reader of the new file can recompute.
 */
import { createHash, type Hash } from 'node:crypto';
import { closeSync, constants, createReadStream, createWriteStream, existsSync, fstatSync, openSync, readdirSync, readSync, rmSync, writeSync, type WriteStream } from 'node:fs'; // prettier-ignore
import { join } from 'node:path';
import { once } from 'node:events';
import { createGunzip, createGzip, type Gzip } from 'node:zlib';
import { fail, ok, type Result } from '../core/result.js';
import { generateMoves, moveFrom, moveTo, MoveList } from '../core/movegen.js';
import { applyMoveInto, computeKey, KEY_HI, KEY_LO, PIECE_WORDS, SIDE, squareWord, STATE_SIZE } from '../core/state.js'; // prettier-ignore
import { rulesFor, type Rules, type VariantName } from '../core/variant.js';
import { KeySet, LABEL_MATE, LABEL_NONE, LABEL_SCORE, PackedPositions, RESULTS } from './packed.js';
import { LinkSearch, MAX_LINK_MOVE } from './shard-link.js';

const MAGIC = 'TAMATRN2';
const HEADER_BYTES = 9;
export const VARIANT_CODES: Readonly<Record<VariantName, number>> = { armenian: 0, turkish: 1 };
/** The file names of a shard and of its manifest. */
export const SHARD_SUFFIX = '.bin.gz';
export const MANIFEST_SUFFIX = '.json';
export const MANIFEST_FORMAT = 'tama-train-shard';
export const SHARD_VERSION = 2;

/** Records a shard holds at most when written: about 1.5 MB compressed. */
export const SHARD_POSITIONS = 500_000;
/** What a reader accepts: positions a shard, bytes of a shard file, of a manifest. */
export const MAX_SHARD_POSITIONS = 2_000_000;
const MAX_SHARD_BYTES = 64 << 20;
const MAX_MANIFEST_BYTES = 64 << 10;
/** A record's most bytes: a full position of 32 pieces with a 7-group label. */
const MAX_RECORD_BYTES = 1 + 8 + 8 + 1 + 7;
/** Plies searched for a link where the gap is known (export), and where it is not (v1). */
export const KNOWN_GAP_PLIES = 8;
export const UNKNOWN_GAP_PLIES = 6;

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

/** Where a position stands in its game, when known: the writer links it to the one before. */
export interface GamePly {
  readonly game: number;
  readonly ply: number;
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
  /** For a shard converted from an older one: that file, and the digest of its positions. */
  readonly converted?: {
    readonly file: string;
    readonly version: number;
    readonly sha256: string;
    readonly positions: number;
    readonly digest: string;
    readonly command: string;
  };
}

export interface ShardManifest extends ShardSource {
  readonly format: typeof MANIFEST_FORMAT;
  readonly version: typeof SHARD_VERSION;
  readonly variant: VariantName;
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  /** The shard's size once unzipped: unpacking stops past it. */
  readonly unpacked: number;
  readonly positions: number;
  /** Distinct positions in the shard (a writer keeps only these, so equal to positions). */
  readonly distinct: number;
  /** Records that are links (the others start a chain). */
  readonly links: number;
  /** SHA-256 of the positions and labels in canonical form (canonicalRecord). */
  readonly digest: string;
  readonly created: string;
}

export type ShardErrorCode = 'shard-exists' | 'bad-manifest' | 'bad-shard' | 'io';

const RESULT_CODES = new Map([[0, 0], [0.5, 1], [1, 2]]); // prettier-ignore

/** Bytes of one position in the canonical form that digests are taken of. */
const CANONICAL_BYTES = 4 * PIECE_WORDS + 3 + 4;

/**
 * A position and its labels in the form digests are made of, whatever the encoding: the
 * eight piece-set words (i32), side to move, result code, label kind (u8 each), label (i32).
 */
export function canonicalRecord(
  out: Buffer,
  at: number,
  words: Int32Array,
  side: number,
  resultCode: number,
  labelKind: number,
  label: number,
): void {
  // prettier-ignore
  for (let word = 0; word < PIECE_WORDS; word++) out.writeInt32LE(words[word], at + 4 * word);
  out[at + 32] = side;
  out[at + 33] = resultCode;
  out[at + 34] = labelKind;
  out.writeInt32LE(labelKind === LABEL_NONE ? 0 : label, at + 35);
}

/** A running digest of positions in canonical form, fed in blocks. */
export class PositionDigest {
  private readonly hash: Hash = createHash('sha256');
  private readonly block = Buffer.alloc(CANONICAL_BYTES * 4096);
  private at = 0;

  add(words: Int32Array, side: number, resultCode: number, labelKind: number, label: number): void {
    canonicalRecord(this.block, this.at, words, side, resultCode, labelKind, label);
    this.at += CANONICAL_BYTES;
    if (this.at === this.block.length) {
      this.hash.update(this.block);
      this.at = 0;
    }
  }

  hex(): string {
    this.hash.update(this.block.subarray(0, this.at));
    this.at = 0;
    return this.hash.digest('hex');
  }
}

/** A signed whole number, zigzag-encoded in 7-bit groups, written at `at`; the end. */
function putVarint(out: Uint8Array, at: number, value: number): number {
  let zigzag = value >= 0 ? value * 2 : -value * 2 - 1;
  while (zigzag >= 0x80) {
    out[at++] = (zigzag % 0x80) | 0x80;
    zigzag = Math.floor(zigzag / 0x80);
  }
  out[at++] = zigzag;
  return at;
}

/**
 * A shard being written: positions are added one at a time (a duplicate of one in `seen`,
 * which the caller shares across the shards of a folder, is left out), each linked to the
 * one before where moves lead there, and streamed through gzip to its file; `finish`
 * writes the manifest.
 */
export class ShardWriter {
  count = 0;
  links = 0;
  private readonly rules: Rules;
  private readonly search: LinkSearch;
  private readonly gzip: Gzip;
  private readonly file: WriteStream;
  private readonly hash = createHash('sha256');
  private readonly digest = new PositionDigest();
  private bytes = 0;
  private unpacked = 0;
  private chunk = Buffer.alloc(1 << 16);
  private at = 0;
  private readonly previous = new Int32Array(STATE_SIZE);
  private previousScore: number | undefined;
  private previousPly: GamePly | undefined;
  private failed: Error | undefined;

  private constructor(
    readonly variant: VariantName,
    private readonly seen: KeySet,
    readonly path: string,
    fd: number,
  ) {
    this.rules = rulesFor(variant);
    this.search = new LinkSearch(this.rules);
    this.file = createWriteStream('', { fd });
    this.gzip = createGzip({ level: 9 });
    this.gzip.on('data', (data: Buffer) => {
      this.hash.update(data);
      this.bytes += data.length;
    });
    this.gzip.pipe(this.file);
    const failed = (error: Error) => (this.failed ??= error);
    this.gzip.on('error', failed);
    this.file.on('error', failed);
    this.chunk.write(MAGIC, 0, 'latin1');
    this.chunk[8] = VARIANT_CODES[variant];
    this.at = HEADER_BYTES;
  }

  /** Opens `dir/name.bin.gz` for a new shard; refuses a name that exists (shards are only added). */
  static open(
    dir: string,
    name: string,
    variant: VariantName,
    seen: KeySet,
  ): Result<ShardWriter, ShardErrorCode> {
    // prettier-ignore
    const path = join(dir, name + SHARD_SUFFIX);
    for (const taken of [path, join(dir, name + MANIFEST_SUFFIX)]) {
      try {
        closeSync(openSync(taken, 'r'));
        return fail('shard-exists', `${taken} exists: shards are only added, never rewritten`);
      } catch {
        // Not there: good.
      }
    }
    try {
      return ok(new ShardWriter(variant, seen, path, openSync(path, 'wx')));
    } catch (error) {
      return fail('io', `cannot write ${path}: ${(error as Error).message}`);
    }
  }

  /**
   * Adds a position; false when it is a duplicate and was left out. `at` (its game and ply)
   * lets the link be searched at exactly the plies between it and the one before; without
   * it, links of up to UNKNOWN_GAP_PLIES plies are tried.
   */
  add(position: ShardPosition, at?: GamePly): boolean {
    const { state } = position;
    if (!this.seen.add(state[KEY_LO], state[KEY_HI])) return false;
    const resultCode = RESULT_CODES.get(position.result);
    if (resultCode === undefined)
      throw new Error(`a result is 1, 0.5 or 0, not ${position.result}`);
    const labelKind = position.mate !== undefined ? LABEL_MATE : position.score !== undefined ? LABEL_SCORE : LABEL_NONE; // prettier-ignore
    const label = position.mate ?? position.score ?? 0;
    if (!Number.isSafeInteger(label) || Math.abs(label) > 2 ** 40) throw new Error(`a score or mate is a whole number below 2^40, not ${label}`); // prettier-ignore
    let plies = 0;
    if (this.count > 0) {
      const before = this.previousPly;
      if (at === undefined || before === undefined) plies = this.search.findAny(this.previous, state, UNKNOWN_GAP_PLIES); // prettier-ignore
      else if (at.game === before.game && at.ply - before.ply <= KNOWN_GAP_PLIES && this.search.find(this.previous, state, at.ply - before.ply)) plies = at.ply - before.ply; // prettier-ignore
    }
    if (this.at + MAX_RECORD_BYTES > this.chunk.length) this.flushChunk();
    const out = this.chunk;
    let w = this.at;
    out[w++] = (plies << 4) | (labelKind << 2) | resultCode;
    if (plies === 0) {
      w = writeFull(out, w, state);
    } else {
      for (let ply = 0; ply < plies; ply++) out[w++] = this.search.moves[ply];
      this.links++;
    }
    if (labelKind === LABEL_SCORE) {
      const predicted = plies === 0 || this.previousScore === undefined ? 0 : plies & 1 ? -this.previousScore : this.previousScore; // prettier-ignore
      w = putVarint(out, w, label - predicted);
    } else if (labelKind === LABEL_MATE) w = putVarint(out, w, label);
    this.at = w;
    this.previous.set(state);
    this.previousScore = labelKind === LABEL_SCORE ? label : undefined;
    this.previousPly = at;
    this.digest.add(state, state[SIDE] & 1, resultCode, labelKind, label);
    this.count++;
    return true;
  }

  private flushChunk(): void {
    this.unpacked += this.at;
    this.gzip.write(this.chunk.subarray(0, this.at));
    this.chunk = Buffer.alloc(this.chunk.length);
    this.at = 0;
  }

  /** Waits until gzip has taken what was added (call it now and then while adding). */
  async drain(): Promise<void> {
    if (this.gzip.writableNeedDrain) await once(this.gzip, 'drain');
  }

  /** Ends the shard and writes its manifest beside it; returns the manifest. */
  async finish(
    source: ShardSource,
    created = new Date().toISOString(),
  ): Promise<Result<ShardManifest, ShardErrorCode>> {
    // prettier-ignore
    this.flushChunk();
    this.gzip.end();
    if (!this.file.closed) await once(this.file, 'close').catch(() => {});
    if (this.failed !== undefined) {
      this.remove();
      return fail('io', `cannot write ${this.path}: ${this.failed.message}`);
    }
    const file = this.path.slice(this.path.lastIndexOf('/') + 1);
    const manifest: ShardManifest = {
      format: MANIFEST_FORMAT,
      version: SHARD_VERSION,
      variant: this.variant,
      file,
      bytes: this.bytes,
      sha256: this.hash.digest('hex'),
      unpacked: this.unpacked,
      positions: this.count,
      distinct: this.count,
      links: this.links,
      digest: this.digest.hex(),
      created,
      ...source,
    };
    const manifestPath = this.path.slice(0, -SHARD_SUFFIX.length) + MANIFEST_SUFFIX;
    try {
      const fd = openSync(manifestPath, 'wx');
      try {
        const text = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
        let written = 0;
        while (written < text.length) written += writeSync(fd, text, written);
      } finally {
        closeSync(fd);
      }
    } catch (error) {
      this.remove();
      return fail('io', `cannot write ${manifestPath}: ${(error as Error).message}`);
    }
    return ok(manifest);
  }

  /** Ends the shard and removes its file (the export failed). */
  async abort(): Promise<void> {
    this.gzip.end();
    if (!this.file.closed) await once(this.file, 'close').catch(() => {});
    this.remove();
  }

  private remove(): void {
    rmSync(this.path, { force: true });
  }
}

/** A full position's fields after its tag: occupied squares, piece codes, side to move. */
function writeFull(out: Buffer, at: number, state: Int32Array): number {
  let lo = 0;
  let hi = 0;
  for (let set = 0; set < 4; set++) {
    lo |= state[squareWord(set, 0)];
    hi |= state[squareWord(set, 32)];
  }
  out.writeInt32LE(lo, at);
  out.writeInt32LE(hi, at + 4);
  let w = at + 8;
  let code = 0;
  let filled = 0;
  for (let square = 0; square < 64; square++) {
    if ((((square < 32 ? lo : hi) >>> (square & 31)) & 1) === 0) continue;
    let set = 0;
    while (((state[squareWord(set, square)] >>> (square & 31)) & 1) === 0) set++;
    code |= set << (2 * filled);
    if (++filled === 4) {
      out[w++] = code;
      code = 0;
      filled = 0;
    }
  }
  if (filled > 0) out[w++] = code;
  out[w++] = state[SIDE] & 1;
  return w;
}

/**
 * Opens `path` for reading if it is a regular file of at most `maxBytes`: a device, FIFO,
 * socket or folder is refused without a byte read from it (opened without waiting, then
 * looked at). Returns the descriptor and the size.
 */
export function openRegular(
  path: string,
  maxBytes: number,
): Result<{ fd: number; size: number }, ShardErrorCode> {
  // prettier-ignore
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return fail('io', `cannot read ${path}: ${(error as Error).message}`);
  }
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    return fail('io', `${path} is not a regular file (a ${stat.isDirectory() ? 'folder' : stat.isFIFO() ? 'FIFO' : stat.isSocket() ? 'socket' : 'device'})`); // prettier-ignore
  }
  if (stat.size > maxBytes) {
    closeSync(fd);
    return fail('io', `${path}: ${stat.size} bytes, more than the ${maxBytes} a file of its kind may have`); // prettier-ignore
  }
  return ok({ fd, size: stat.size });
}

/** A small text file (a manifest) read whole, within `maxBytes`. */
export function readBoundedText(path: string, maxBytes: number): Result<string, ShardErrorCode> {
  const opened = openRegular(path, maxBytes);
  if (!opened.ok) return opened;
  const { fd, size } = opened.value;
  try {
    const bytes = Buffer.alloc(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, bytes, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return ok(bytes.toString('utf8', 0, got));
  } catch (error) {
    return fail('io', `cannot read ${path}: ${(error as Error).message}`);
  } finally {
    closeSync(fd);
  }
}

/** The range of each number a manifest gives about what made its shard (ShardSource). */
const SOURCE_RANGES = {
  nodes: [0, 100_000_000],
  seed: [0, 2 ** 32 - 1],
  randomPlies: [0, 40],
  games: [0, Number.MAX_SAFE_INTEGER],
} as const;

/** What is wrong with the numbers of a manifest's source, or undefined when each is in its range. */
function sourceRangeFault(m: Partial<ShardManifest>): string | undefined {
  for (const [field, [min, max]] of Object.entries(SOURCE_RANGES)) {
    const n = m[field as keyof typeof SOURCE_RANGES];
    if (!Number.isSafeInteger(n) || (n as number) < min || (n as number) > max) return `${field} must be a whole number from ${min} to ${max}, got ${JSON.stringify(n)?.slice(0, 200)}`; // prettier-ignore
  }
  const bench = m.benchSignature;
  if (bench !== null && (!Number.isSafeInteger(bench) || (bench as number) < 0)) return `benchSignature must be null or a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${JSON.stringify(bench)?.slice(0, 200)}`; // prettier-ignore
  return undefined;
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
  if ((m.version as number) === 1) return fail('bad-manifest', `${path}: a version 1 shard, from before chained shards (convert it: scripts/convert-shards.mjs)`); // prettier-ignore
  if (m.version !== SHARD_VERSION) return fail('bad-manifest', `${path}: version ${String(m.version)} is not known (${SHARD_VERSION} is)`); // prettier-ignore
  if (m.variant !== 'armenian' && m.variant !== 'turkish') return fail('bad-manifest', `${path}: variant must be armenian or turkish`); // prettier-ignore
  for (const field of ['bytes', 'unpacked', 'positions', 'distinct', 'links'] as const) {
    const n = m[field];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) return fail('bad-manifest', `${path}: ${field} must be a whole number`); // prettier-ignore
  }
  const { bytes, unpacked, positions } = m as ShardManifest;
  if (positions > MAX_SHARD_POSITIONS) return fail('bad-manifest', `${path}: ${positions} positions, more than the ${MAX_SHARD_POSITIONS} a shard may hold`); // prettier-ignore
  for (const field of ['distinct', 'links'] as const) {
    if ((m[field] as number) > positions) return fail('bad-manifest', `${path}: ${field} must be from 0 to the ${positions} positions, got ${m[field]}`); // prettier-ignore
  }
  const source = sourceRangeFault(m);
  if (source !== undefined) return fail('bad-manifest', `${path}: ${source}`);
  if (bytes > MAX_SHARD_BYTES) return fail('bad-manifest', `${path}: ${bytes} bytes, more than the ${MAX_SHARD_BYTES} a shard may have`); // prettier-ignore
  if (unpacked > HEADER_BYTES + positions * MAX_RECORD_BYTES) return fail('bad-manifest', `${path}: ${unpacked} bytes unpacked is more than ${positions} records can take`); // prettier-ignore
  for (const field of ['sha256', 'digest'] as const) {
    const hex = m[field];
    if (typeof hex !== 'string' || !/^[0-9a-f]{64}$/.test(hex)) return fail('bad-manifest', `${path}: ${field} must be 64 hex digits`); // prettier-ignore
  }
  if (typeof m.file !== 'string' || !m.file.endsWith(SHARD_SUFFIX) || m.file.includes('/')) return fail('bad-manifest', `${path}: file must name a ${SHARD_SUFFIX} file beside it`); // prettier-ignore
  return ok(m as ShardManifest);
}

/**
 * Reads the squares and piece codes of a full position at `at` into `state` (emptied
 * first): the end, or what is wrong (version 1 and 2 share this part of a record).
 */
export function readPieces(
  bytes: Buffer,
  at: number,
  rules: Rules,
  state: Int32Array,
): number | string {
  // prettier-ignore
  const ends = 'the file ends inside it';
  if (at + 8 > bytes.length) return ends;
  const lo = bytes.readInt32LE(at);
  const hi = bytes.readInt32LE(at + 4);
  let end = at + 8;
  state.fill(0);
  let white = 0;
  let black = 0;
  let filled = 0;
  let code = 0;
  for (let square = 0; square < 64; square++) {
    if ((((square < 32 ? lo : hi) >>> (square & 31)) & 1) === 0) continue;
    if (filled === 0) {
      if (end >= bytes.length) return ends;
      code = bytes[end++];
    }
    const set = (code >>> (2 * filled)) & 3;
    filled = (filled + 1) & 3;
    if (set & 1) black++;
    else white++;
    if (set < 2 && square >> 3 === rules.crownRank[set & 1]) return `a man on its crowning row (square ${square})`; // prettier-ignore
    state[squareWord(set, square)] |= 1 << (square & 31);
  }
  if (white > 16 || black > 16) return 'more than 16 pieces of one colour';
  return end;
}

/** Decodes the unzipped bytes of a shard as they come, into a list of packed positions. */
class ChainDecoder {
  private pending: Buffer = Buffer.alloc(0);
  private header = false;
  private readonly rules: Rules;
  private readonly list = new MoveList();
  private readonly state = new Int32Array(STATE_SIZE);
  private readonly next = new Int32Array(STATE_SIZE);
  private previousScore: number | undefined;
  readonly digest = new PositionDigest();
  records = 0;

  constructor(
    private readonly variant: VariantName,
    private readonly out: PackedPositions,
    /** The records the manifest gives: one more is refused at once, before it is kept. */
    private readonly most: number,
  ) {
    this.rules = rulesFor(variant);
  }

  /** Takes the next unzipped bytes; `last` at the end. An error says what is wrong and where. */
  push(chunk: Buffer, last: boolean): string | undefined {
    const bytes = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    let at = 0;
    if (!this.header) {
      if (bytes.length < HEADER_BYTES && !last) {
        this.pending = bytes;
        return undefined;
      }
      if (bytes.length < HEADER_BYTES || bytes.toString('latin1', 0, 8) !== MAGIC) return `not a chained training shard (no ${MAGIC} header)`; // prettier-ignore
      if (bytes[8] !== VARIANT_CODES[this.variant]) return `its header names another variant than ${this.variant}`; // prettier-ignore
      this.header = true;
      at = HEADER_BYTES;
    }
    while (at < bytes.length && (last || at + MAX_RECORD_BYTES <= bytes.length)) {
      if (this.records === this.most) return `record ${this.records + 1}: more records than the manifest's ${this.most}`; // prettier-ignore
      const end = this.record(bytes, at);
      if (typeof end === 'string') return `record ${this.records + 1}: ${end}`;
      at = end;
      this.records++;
    }
    this.pending = Buffer.from(bytes.subarray(at));
    return undefined;
  }

  /** Decodes the record at `at`; its end, or what is wrong with it. */
  private record(bytes: Buffer, at: number): number | string {
    const ends = 'the file ends inside it';
    const tag = bytes[at++];
    const resultCode = tag & 3;
    const labelKind = (tag >> 2) & 3;
    const plies = tag >> 4;
    if (resultCode === 3 || labelKind === 3) return `its tag ${tag} is not a record's`;
    const state = this.state;
    if (plies === 0) {
      const end = readPieces(bytes, at, this.rules, state);
      if (typeof end === 'string') return end;
      if ((bytes.readInt32LE(at) | bytes.readInt32LE(at + 4)) === 0) return 'a board with no piece';
      at = end;
      if (at >= bytes.length) return ends;
      const side = bytes[at++];
      if (side > 1) return `side to move ${side} is neither 0 nor 1`;
      state[SIDE] = side;
      const [keyLo, keyHi] = computeKey(state);
      state[KEY_LO] = keyLo;
      state[KEY_HI] = keyHi;
    } else {
      if (this.records === 0) return 'a link with no position before it';
      if (at + plies > bytes.length) return ends;
      for (let ply = 0; ply < plies; ply++) {
        const index = bytes[at++];
        const count = Math.min(generateMoves(this.rules, state, this.list), MAX_LINK_MOVE + 1);
        if (index >= count) return `its move ${ply + 1} is move ${index + 1} of a position with ${count} legal moves`; // prettier-ignore
        const move = this.list.moves[index];
        applyMoveInto(this.rules, state, this.next, moveFrom(move), moveTo(move), this.list.capturedLo[index], this.list.capturedHi[index]); // prettier-ignore
        state.set(this.next);
      }
    }
    let label = 0;
    if (labelKind !== LABEL_NONE) {
      let value = 0;
      let scale = 1;
      for (;;) {
        if (at >= bytes.length) return 'the file ends inside its label';
        const byte = bytes[at++];
        value += (byte & 0x7f) * scale;
        scale *= 0x80;
        if ((byte & 0x80) === 0) break;
        if (scale > 2 ** 42) return 'its label is too long';
      }
      label = value % 2 === 0 ? value / 2 : -(value + 1) / 2;
      if (labelKind === LABEL_SCORE && plies > 0 && this.previousScore !== undefined) label += plies & 1 ? -this.previousScore : this.previousScore; // prettier-ignore
    }
    this.previousScore = labelKind === LABEL_SCORE ? label : undefined;
    this.out.push(state, resultCode, labelKind, label);
    this.digest.add(state, state[SIDE], resultCode, labelKind, label);
    return at;
  }
}

/**
 * Reads one shard checked against its manifest into `out` (emptied first); nothing is left
 * in `out` unless the whole shard is sound (a truncated, altered or lying shard is refused
 * whole, with its file named). The file is streamed: at most a chunk of it and of its
 * unzipped bytes is held, and unzipping stops once it passes the manifest's size or count.
 */
export async function readShard(
  manifestPath: string,
  variant: VariantName,
  out: PackedPositions,
): Promise<Result<ShardManifest, ShardErrorCode>> {
  out.truncate(0);
  const text = readBoundedText(manifestPath, MAX_MANIFEST_BYTES);
  if (!text.ok) return text;
  const manifest = parseManifest(text.value, manifestPath);
  if (!manifest.ok) return manifest;
  const m = manifest.value;
  const path = join(manifestPath, '..', m.file);
  if (m.variant !== variant) return fail('bad-shard', `${path}: a ${m.variant} shard, not ${variant}`); // prettier-ignore
  const opened = openRegular(path, MAX_SHARD_BYTES);
  if (!opened.ok) return opened;
  const { fd, size } = opened.value;
  const refuse = (why: string) => {
    out.truncate(0);
    return fail('bad-shard' as const, `${path}: ${why}`);
  };
  if (size !== m.bytes) {
    closeSync(fd);
    return refuse(`${size} bytes, the manifest says ${m.bytes} (truncated or replaced)`);
  }
  // The file is hashed first (a chunk at a time), so that an altered file is never unzipped.
  const hash = createHash('sha256');
  const block = Buffer.alloc(1 << 16);
  try {
    for (let at = 0; at < size;) {
      const n = readSync(fd, block, 0, Math.min(block.length, size - at), at);
      if (n === 0) break;
      hash.update(block.subarray(0, n));
      at += n;
    }
  } catch (error) {
    closeSync(fd);
    return fail('io', `cannot read ${path}: ${(error as Error).message}`);
  }
  if (hash.digest('hex') !== m.sha256) {
    closeSync(fd);
    return refuse("its SHA-256 is not the manifest's (the file was altered)");
  }
  const source = createReadStream('', { fd, start: 0, highWaterMark: 1 << 16 });
  const unzip = createGunzip();
  source.on('error', (thrown) => unzip.destroy(thrown));
  source.pipe(unzip);
  const decoder = new ChainDecoder(variant, out, m.positions);
  let unpacked = 0;
  let error: string | undefined;
  try {
    for await (const chunk of unzip as AsyncIterable<Buffer>) {
      unpacked += chunk.length;
      if (unpacked > m.unpacked) {
        error = `unzips to more than the manifest's ${m.unpacked} bytes`;
        break;
      }
      error = decoder.push(chunk, false);
      if (error !== undefined) break;
    }
    error ??= decoder.push(Buffer.alloc(0), true);
  } catch (thrown) {
    error ??= `cannot unzip: ${(thrown as Error).message}`;
  } finally {
    source.destroy();
    unzip.destroy();
  }
  if (error !== undefined) return refuse(error);
  if (unpacked !== m.unpacked) return refuse(`unzips to ${unpacked} bytes, the manifest says ${m.unpacked}`); // prettier-ignore
  if (decoder.records !== m.positions) return refuse(`${decoder.records} records, the manifest says ${m.positions}`); // prettier-ignore
  if (decoder.digest.hex() !== m.digest) return refuse("its positions' digest is not the manifest's"); // prettier-ignore
  return ok(m);
}

/** Position p of packed positions as a ShardPosition (for tests and small tools). */
export function shardPosition(positions: PackedPositions, p: number): ShardPosition {
  const state = positions.stateInto(p, new Int32Array(STATE_SIZE));
  const result = RESULTS[positions.resultCode(p)];
  const kind = positions.labelKind(p);
  const label = positions.label[p];
  return kind === LABEL_SCORE ? { state, result, score: label } : kind === LABEL_MATE ? { state, result, mate: label } : { state, result }; // prettier-ignore
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
  readonly positions: PackedPositions;
  readonly shards: number;
  readonly duplicates: number;
  /** Shards refused (each error names its file); the others' positions are all there. */
  readonly refused: string[];
}

/**
 * Every position of the shards in `dirs`, each position once (the first shard that holds
 * it gives its labels). A bad shard is refused and named; the rest are still read. Once
 * `signal` aborts (SIGINT or SIGTERM), no further shard is read: the positions read so far
 * are returned.
 */
export async function readShardFolders(
  dirs: readonly string[],
  variant: VariantName,
  onShard: (manifest: ShardManifest, kept: number) => void = () => {},
  signal?: AbortSignal,
): Promise<Result<ShardFolderRead, ShardErrorCode>> {
  const seen = new KeySet();
  const positions = new PackedPositions();
  const staged = new PackedPositions();
  const refused: string[] = [];
  let shards = 0;
  let duplicates = 0;
  for (const dir of dirs) {
    const manifests = shardManifests(dir);
    if (!manifests.ok) return manifests;
    for (const manifestPath of manifests.value) {
      if (signal?.aborted === true) break;
      const read = await readShard(manifestPath, variant, staged);
      if (!read.ok) {
        refused.push(read.error.message);
        continue;
      }
      const before = positions.count;
      for (let p = 0; p < staged.count; p++) {
        if (seen.add(staged.keys[2 * p], staged.keys[2 * p + 1])) positions.pushFrom(staged, p);
        else duplicates++;
      }
      shards++;
      onShard(read.value, positions.count - before);
    }
  }
  return ok({ positions, shards, duplicates, refused });
}

/** The keys of every position already in the shards of `dir` (none if it does not exist). */
export async function shardIdentities(
  dir: string,
  variant: VariantName,
): Promise<Result<KeySet, ShardErrorCode>> {
  const seen = new KeySet();
  if (!existsSync(dir)) return ok(seen);
  const manifests = shardManifests(dir);
  if (!manifests.ok) return manifests;
  const staged = new PackedPositions();
  for (const manifestPath of manifests.value) {
    const read = await readShard(manifestPath, variant, staged);
    if (!read.ok) return read;
    for (let p = 0; p < staged.count; p++) seen.add(staged.keys[2 * p], staged.keys[2 * p + 1]);
  }
  return ok(seen);
}
