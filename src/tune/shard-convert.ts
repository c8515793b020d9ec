/**
 * The one conversion of version 1 shards (a record a position: occupied squares, piece
 * codes, flags and score, about 7.7 bytes a position) to the chained version 2 of shard.ts.
 * A version 1 file holds no game or ply, but its records were written in game and ply
 * order, so each is linked to the one before where a few legal moves lead there.
 *
 * Version 1, once unzipped: "TAMATRN1", variant (u8), records (u32), then each record:
 * occupied 0-31 (u32), occupied 32-63 (u32), piece codes (2 bits each, as version 2),
 * flags (u8: bit 0 side to move, bits 1-2 result for White, bit 3 a score follows, bit 4
 * it is a `mate N`), the score zigzag-encoded in 7-bit groups.
 *
 * Each new manifest keeps, under `converted`, the old file's name, SHA-256, count and the
 * digest of its positions and labels in canonical form (shard.ts canonicalRecord), taken
 * from the old file as it was read: whoever reads the new file recomputes that digest, so
 * the conversion stays proven after the old files are gone.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, readSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fail, ok, type Result } from '../core/result.js';
import { computeKey, KEY_HI, KEY_LO, SIDE, STATE_SIZE } from '../core/state.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import { KeySet, LABEL_MATE, LABEL_NONE, LABEL_SCORE, PackedPositions, RESULTS } from './packed.js';
import {
  MANIFEST_FORMAT,
  MANIFEST_SUFFIX,
  MAX_SHARD_POSITIONS,
  openRegular,
  PositionDigest,
  readBoundedText,
  readPieces,
  readShard,
  SHARD_SUFFIX,
  shardManifests,
  ShardWriter,
  VARIANT_CODES,
  type ShardErrorCode,
  type ShardManifest,
  type ShardSource,
} from './shard.js';

const V1_MAGIC = 'TAMATRN1';
const V1_HEADER_BYTES = 13;
/** A version 1 record's most bytes: 8, 8 of codes, flags, a 7-group score. */
const V1_MAX_RECORD_BYTES = 8 + 8 + 1 + 7;

/** A version 1 manifest: the fields version 2 keeps, and its counts. */
interface V1Manifest extends ShardSource {
  readonly version: 1;
  readonly variant: VariantName;
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly positions: number;
  readonly created: string;
}

/** A version 1 shard's positions and labels, checked as version 1's reader checked them, and their digest. */
export function readShardV1(
  manifestPath: string,
  variant: VariantName,
  out: PackedPositions,
): Result<{ manifest: V1Manifest; digest: string }, ShardErrorCode> {
  out.truncate(0);
  const text = readBoundedText(manifestPath, 64 << 10);
  if (!text.ok) return text;
  let m: V1Manifest;
  try {
    m = JSON.parse(text.value) as V1Manifest;
  } catch (error) {
    return fail('bad-manifest', `${manifestPath}: not JSON: ${(error as Error).message}`);
  }
  if ((m as { format?: string }).format !== MANIFEST_FORMAT || m.version !== 1 || m.variant !== variant) return fail('bad-manifest', `${manifestPath}: not a version 1 ${variant} shard manifest`); // prettier-ignore
  if (!Number.isSafeInteger(m.positions) || m.positions < 0 || m.positions > MAX_SHARD_POSITIONS) return fail('bad-manifest', `${manifestPath}: positions must be a whole number up to ${MAX_SHARD_POSITIONS}`); // prettier-ignore
  const path = join(manifestPath, '..', m.file);
  const bad = (why: string) => {
    out.truncate(0);
    return fail('bad-shard' as const, `${path}: ${why}`);
  };
  const opened = openRegular(path, 64 << 20);
  if (!opened.ok) return opened;
  const { fd, size } = opened.value;
  const zipped = Buffer.alloc(size);
  try {
    let got = 0;
    while (got < size) {
      const n = readSync(fd, zipped, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
  } finally {
    closeSync(fd);
  }
  if (size !== m.bytes) return bad(`${size} bytes, the manifest says ${m.bytes}`);
  if (createHash('sha256').update(zipped).digest('hex') !== m.sha256) return bad("its SHA-256 is not the manifest's"); // prettier-ignore
  let bytes: Buffer;
  try {
    bytes = gunzipSync(zipped, { maxOutputLength: V1_HEADER_BYTES + m.positions * V1_MAX_RECORD_BYTES }); // prettier-ignore
  } catch (error) {
    return bad(`cannot unzip within its manifest's bounds: ${(error as Error).message}`);
  }
  if (bytes.length < V1_HEADER_BYTES || bytes.toString('latin1', 0, 8) !== V1_MAGIC) return bad(`not a version 1 shard (no ${V1_MAGIC} header)`); // prettier-ignore
  if (bytes[8] !== VARIANT_CODES[variant]) return bad(`its header names another variant than ${variant}`); // prettier-ignore
  const count = bytes.readUInt32LE(9);
  if (count !== m.positions) return bad(`${count} records, the manifest says ${m.positions}`);
  const rules = rulesFor(variant);
  const digest = new PositionDigest();
  const state = new Int32Array(STATE_SIZE);
  let at = V1_HEADER_BYTES;
  for (let index = 0; index < count; index++) {
    const ends = () => bad(`record ${index + 1}: the file ends inside it`);
    const end = readPieces(bytes, at, rules, state);
    if (typeof end === 'string') return bad(`record ${index + 1}: ${end}`);
    at = end;
    if (at >= bytes.length) return ends();
    const flags = bytes[at++];
    const resultCode = (flags >> 1) & 3;
    if (resultCode > 2 || flags > 31 || (flags & 24) === 16) return bad(`record ${index + 1}: flags ${flags} are not a record's`); // prettier-ignore
    state[SIDE] = flags & 1;
    const [keyLo, keyHi] = computeKey(state);
    state[KEY_LO] = keyLo;
    state[KEY_HI] = keyHi;
    let labelKind = LABEL_NONE;
    let label = 0;
    if (flags & 8) {
      let value = 0;
      let scale = 1;
      for (;;) {
        if (at >= bytes.length) return ends();
        const byte = bytes[at++];
        value += (byte & 0x7f) * scale;
        scale *= 0x80;
        if ((byte & 0x80) === 0) break;
        if (scale > 2 ** 42) return bad(`record ${index + 1}: its score is too long`);
      }
      label = value % 2 === 0 ? value / 2 : -(value + 1) / 2;
      labelKind = flags & 16 ? LABEL_MATE : LABEL_SCORE;
    }
    out.push(state, resultCode, labelKind, label);
    digest.add(state, state[SIDE], resultCode, labelKind, label);
  }
  if (at !== bytes.length) return bad(`${bytes.length - at} bytes after the last of its ${count} records`); // prettier-ignore
  return ok({ manifest: m, digest: digest.hex() });
}

export interface ConvertedShard {
  readonly from: string;
  readonly manifest: ShardManifest;
}

/**
 * Converts every version 1 shard of `dir` to version 2, in place: the new shards are
 * written to `dir/.converting/`, each read back and its digest checked against the old
 * file's, and only when all are sound do they replace the old files (same names). A shard
 * of `dir` already of version 2 is left as it is. `command` is recorded in each manifest.
 */
export async function convertShardFolder(
  dir: string,
  variant: VariantName,
  command: string,
  onShard: (shard: ConvertedShard) => void = () => {},
): Promise<Result<ConvertedShard[], ShardErrorCode>> {
  const manifests = shardManifests(dir);
  if (!manifests.ok) return manifests;
  const work = join(dir, '.converting');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work);
  try {
    return await convertInto(manifests.value, work, dir, variant, command, onShard);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** convertShardFolder's work, the new shards made in `work`. */
async function convertInto(
  manifestPaths: readonly string[],
  work: string,
  dir: string,
  variant: VariantName,
  command: string,
  onShard: (shard: ConvertedShard) => void,
): Promise<Result<ConvertedShard[], ShardErrorCode>> {
  const seen = new KeySet();
  const old = new PackedPositions();
  const back = new PackedPositions();
  const done: ConvertedShard[] = [];
  const position = new Int32Array(STATE_SIZE);
  for (const manifestPath of manifestPaths) {
    const text = readBoundedText(manifestPath, 64 << 10);
    if (text.ok && (JSON.parse(text.value) as { version?: number }).version !== 1) continue;
    const read = readShardV1(manifestPath, variant, old);
    if (!read.ok) return read;
    const { manifest: v1, digest } = read.value;
    const name = v1.file.slice(0, -SHARD_SUFFIX.length);
    const opened = ShardWriter.open(work, name, variant, seen);
    if (!opened.ok) return opened;
    const writer = opened.value;
    for (let p = 0; p < old.count; p++) {
      const kind = old.labelKind(p);
      const label = old.label[p];
      const state = old.stateInto(p, position);
      const result = RESULTS[old.resultCode(p)];
      const labels = kind === LABEL_SCORE ? { score: label } : kind === LABEL_MATE ? { mate: label } : {}; // prettier-ignore
      if (!writer.add({ state, result, ...labels })) {
        await writer.abort();
        return fail('bad-shard', `${join(dir, v1.file)}: record ${p + 1} repeats a position before it`); // prettier-ignore
      }
      if ((p & 0x3fff) === 0) await writer.drain();
    }
    const { command: made, origin, engine, benchSignature, nodes, seed, openings, randomPlies, games } = v1; // prettier-ignore
    const source: ShardSource = {
      command: made,
      origin,
      engine,
      benchSignature,
      nodes,
      seed,
      openings,
      randomPlies,
      games,
      converted: { file: v1.file, version: 1, sha256: v1.sha256, positions: v1.positions, digest, command }, // prettier-ignore
    };
    const written = await writer.finish(source, v1.created);
    if (!written.ok) return written;
    const check = await readShard(join(work, name + MANIFEST_SUFFIX), variant, back);
    if (!check.ok) return check;
    if (check.value.digest !== digest || back.count !== old.count) return fail('bad-shard', `${join(work, v1.file)}: its positions are not those of ${v1.file}`); // prettier-ignore
    const shard = { from: v1.file, manifest: written.value };
    done.push(shard);
    onShard(shard);
  }
  for (const { manifest } of done) {
    const name = manifest.file.slice(0, -SHARD_SUFFIX.length);
    for (const suffix of [SHARD_SUFFIX, MANIFEST_SUFFIX]) renameSync(join(work, name + suffix), join(dir, name + suffix)); // prettier-ignore
  }
  return ok(done);
}
