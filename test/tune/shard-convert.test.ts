/**
 * The conversion of version 1 shards to chained version 2, proven on version 1 shards made
 * here (kings, captures, both variants, every kind of label): every position and label
 * read back from the new files is the old file's, the new manifest keeps the old file's
 * digest, and a bad old shard stops the conversion with nothing replaced.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SIDE, squareWord } from '../../src/core/state.js';
import type { VariantName } from '../../src/core/variant.js';
import { PackedPositions } from '../../src/tune/packed.js';
import { readShard, shardPosition, type ShardManifest, type ShardPosition } from '../../src/tune/shard.js'; // prettier-ignore
import { convertShardFolder } from '../../src/tune/shard-convert.js';
import { describePosition, gamePositions } from './shard-fixtures.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-convert-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A version 1 shard's unzipped bytes, as version 1's writer laid them out. */
function v1Bytes(variant: VariantName, list: readonly ShardPosition[]): Buffer {
  const bytes: number[] = [...Buffer.from('TAMATRN1'), variant === 'armenian' ? 0 : 1];
  const u32 = (x: number) => bytes.push(x & 255, (x >>> 8) & 255, (x >>> 16) & 255, (x >>> 24) & 255); // prettier-ignore
  u32(list.length);
  for (const p of list) {
    let lo = 0;
    let hi = 0;
    for (let set = 0; set < 4; set++) {
      lo |= p.state[2 * set];
      hi |= p.state[2 * set + 1];
    }
    u32(lo);
    u32(hi);
    let code = 0;
    let filled = 0;
    for (let square = 0; square < 64; square++) {
      if ((((square < 32 ? lo : hi) >>> (square & 31)) & 1) === 0) continue;
      let set = 0;
      while (((p.state[squareWord(set, square)] >>> (square & 31)) & 1) === 0) set++;
      code |= set << (2 * filled);
      if (++filled === 4) {
        bytes.push(code);
        code = filled = 0;
      }
    }
    if (filled > 0) bytes.push(code);
    const label = p.mate ?? p.score;
    bytes.push(p.state[SIDE] | ({ 0: 0, 0.5: 1, 1: 2 }[p.result] ?? 0) << 1 | (label !== undefined ? 8 : 0) | (p.mate !== undefined ? 16 : 0)); // prettier-ignore
    if (label !== undefined) {
      let zigzag = label >= 0 ? label * 2 : -label * 2 - 1;
      while (zigzag >= 0x80) {
        bytes.push((zigzag % 0x80) | 0x80);
        zigzag = Math.floor(zigzag / 0x80);
      }
      bytes.push(zigzag);
    }
  }
  return Buffer.from(bytes);
}

/** Writes a version 1 shard and its manifest into `folder`. */
function writeV1(
  folder: string,
  variant: VariantName,
  name: string,
  list: readonly ShardPosition[],
): void {
  // prettier-ignore
  const zipped = gzipSync(v1Bytes(variant, list));
  writeFileSync(join(folder, `${name}.bin.gz`), zipped);
  const manifest = {
    format: 'tama-train-shard',
    version: 1,
    variant,
    file: `${name}.bin.gz`,
    bytes: zipped.length,
    sha256: createHash('sha256').update(zipped).digest('hex'),
    positions: list.length,
    distinct: list.length,
    created: '2026-12-05T07:39:15.200Z',
    command: 'tama tune-data --campaign 2 --shards data/train/x',
    origin: 'campaign 2 "test"',
    engine: 'Tama (bench 1)',
    benchSignature: 1,
    nodes: 3000,
    seed: 5,
    openings: 'data/openings-armenian.txt',
    randomPlies: 4,
    games: 40,
  };
  writeFileSync(join(folder, `${name}.json`), JSON.stringify(manifest, null, 2));
}

describe.each(['armenian', 'turkish'] as const)('%s version 1 shards converted', (variant) => {
  it('read back the same positions and labels, in order, the old digest kept and recomputed', async () => {
    const folder = join(dir, variant);
    mkdirSync(folder);
    const list = gamePositions(variant, 1500, 21);
    writeV1(folder, variant, 'a', list.slice(0, 1000));
    writeV1(folder, variant, 'b', list.slice(1000));
    const done = await convertShardFolder(folder, variant, 'node scripts/convert-shards.mjs x');
    if (!done.ok) throw new Error(done.error.message);
    expect(done.value.map((shard) => shard.from)).toEqual(['a.bin.gz', 'b.bin.gz']);
    expect(readdirSync(folder).sort()).toEqual(['a.bin.gz', 'a.json', 'b.bin.gz', 'b.json']);
    const back: ShardPosition[] = [];
    const staged = new PackedPositions();
    for (const name of ['a', 'b']) {
      const read = await readShard(join(folder, `${name}.json`), variant, staged);
      if (!read.ok) throw new Error(read.error.message);
      const m: ShardManifest = read.value;
      expect(m).toMatchObject({ version: 2, nodes: 3000, seed: 5, created: '2026-12-05T07:39:15.200Z', command: 'tama tune-data --campaign 2 --shards data/train/x' }); // prettier-ignore
      expect(m.converted).toMatchObject({ file: `${name}.bin.gz`, version: 1, positions: staged.count, command: 'node scripts/convert-shards.mjs x' }); // prettier-ignore
      // The reader recomputed the digest of what it read: it is the old file's.
      expect(m.digest).toBe(m.converted?.digest);
      expect(m.links).toBeGreaterThan(0.8 * m.positions);
      for (let p = 0; p < staged.count; p++) back.push(shardPosition(staged, p));
    }
    expect(back.map((p) => describePosition(variant, p))).toEqual(list.map((p) => describePosition(variant, p))); // prettier-ignore
    // Converted once: a second run finds nothing of version 1.
    const again = await convertShardFolder(folder, variant, 'x');
    expect(again.ok && again.value).toEqual([]);
  });
});

describe('a bad version 1 shard', () => {
  it('stops the conversion, naming it, with no shard of the folder replaced', async () => {
    const list = gamePositions('armenian', 300, 22);
    writeV1(dir, 'armenian', 'a', list.slice(0, 150));
    writeV1(dir, 'armenian', 'b', list.slice(150));
    const bytes = readFileSync(join(dir, 'b.bin.gz'));
    bytes[bytes.length - 12] ^= 0xff;
    writeFileSync(join(dir, 'b.bin.gz'), bytes);
    const before = readFileSync(join(dir, 'a.bin.gz'));
    const done = await convertShardFolder(dir, 'armenian', 'x');
    expect(done.ok).toBe(false);
    if (!done.ok) expect(done.error.message).toMatch(/b\.bin\.gz: its SHA-256 is not the manifest's/); // prettier-ignore
    expect(readFileSync(join(dir, 'a.bin.gz'))).toEqual(before);
    expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))).toMatchObject({ version: 1 });
  });
});
