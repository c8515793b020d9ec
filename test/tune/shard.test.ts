/**
 * Training shards: chains of positions along real games (captures, kings of both colours,
 * crowning, both variants) written and read back exactly, with the plies between them known
 * and not; duplicates left out within a shard and across a folder; shards never rewritten;
 * a truncated, altered, malformed, lying or oversized shard (a gzip bomb) refused with its
 * file named and memory bounded, while the folder's other shards are still read; files that
 * are not regular refused without being read.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEY_HI, KEY_LO, SIDE } from '../../src/core/state.js';
import type { VariantName } from '../../src/core/variant.js';
import { KeySet, PackedPositions } from '../../src/tune/packed.js';
import {
  KNOWN_GAP_PLIES,
  readShard,
  readShardFolders,
  shardIdentities,
  shardPosition,
  ShardWriter,
  type ShardPosition,
  type ShardSource,
} from '../../src/tune/shard.js';
import { describePosition, gamePositions, type GamePosition } from './shard-fixtures.js';

const SOURCE: ShardSource = {
  command: 'tama tune-data --campaign 1 --shards DIR',
  origin: 'campaign 1 "test"',
  engine: 'Tama (bench 1)',
  benchSignature: 1,
  nodes: 300,
  seed: 7,
  openings: 'data/openings-armenian.txt',
  randomPlies: 4,
  games: 10,
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tama-shard-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function writeShard(
  variant: VariantName,
  name: string,
  list: readonly GamePosition[],
  seen = new KeySet(),
  plies: 'known' | 'unknown' = 'known',
) {
  const opened = ShardWriter.open(dir, name, variant, seen);
  if (!opened.ok) throw new Error(opened.error.message);
  for (const p of list) opened.value.add(p, plies === 'known' ? p.at : undefined);
  const written = await opened.value.finish(SOURCE);
  if (!written.ok) throw new Error(written.error.message);
  return written.value;
}

async function readBack(variant: VariantName, name: string): Promise<ShardPosition[]> {
  const out = new PackedPositions();
  const read = await readShard(join(dir, `${name}.json`), variant, out);
  if (!read.ok) throw new Error(read.error.message);
  return Array.from({ length: out.count }, (_, p) => shardPosition(out, p));
}

describe('a chained shard written and read back', () => {
  it.each([
    ['armenian', 'known'],
    ['turkish', 'known'],
    ['armenian', 'unknown'],
    ['turkish', 'unknown'],
  ] as const)(
    '%s, plies between positions %s: every position, side, key and label as written, most of them links',
    async (variant, plies) => {
      // prettier-ignore
      const list = gamePositions(variant, 2000, variant === 'armenian' ? 1 : 2);
      // The games reach kings of both colours, captures and crowning between stored positions.
      expect(list.some((p) => p.state[4] | p.state[5])).toBe(true);
      expect(list.some((p) => p.state[6] | p.state[7])).toBe(true);
      expect(list.some((p) => p.state[SIDE] === 1)).toBe(true);
      const pieces = (s: Int32Array) => s.slice(0, 8).reduce((n, w) => n + (w.toString(2).match(/1/g)?.length ?? 0), 0); // prettier-ignore
      const captured = list.filter((p, i) => i > 0 && list[i - 1].at.game === p.at.game && pieces(p.state) < pieces(list[i - 1].state)); // prettier-ignore
      expect(captured.length).toBeGreaterThan(50);
      const manifest = await writeShard(variant, 'a', list, new KeySet(), plies);
      const back = await readBack(variant, 'a');
      expect(back.map((p) => describePosition(variant, p))).toEqual(list.map((p) => describePosition(variant, p))); // prettier-ignore
      for (let i = 0; i < list.length; i++) {
        expect([back[i].state[KEY_LO], back[i].state[KEY_HI]]).toEqual([list[i].state[KEY_LO], list[i].state[KEY_HI]]); // prettier-ignore
      }
      const games = new Set(list.map((p) => p.at.game)).size;
      if (plies === 'known') {
        // A position up to KNOWN_GAP_PLIES after the one before in its game is a link (the plies
        // between are searched exactly), but for the few whose search runs out of nodes (random
        // games wander with flying kings as no engine's do).
        const near = list.filter((p, i) => i > 0 && list[i - 1].at.game === p.at.game && p.at.ply - list[i - 1].at.ply <= KNOWN_GAP_PLIES); // prettier-ignore
        expect(manifest.links).toBeLessThanOrEqual(near.length);
        expect(manifest.links).toBeGreaterThanOrEqual(0.99 * near.length);
      } else expect(manifest.links).toBeGreaterThan(0.8 * (list.length - games));
      const bytes = readFileSync(join(dir, 'a.bin.gz'));
      expect(manifest).toMatchObject({ version: 2, variant, file: 'a.bin.gz', positions: 2000, distinct: 2000, bytes: bytes.length, nodes: 300, seed: 7, benchSignature: 1 }); // prettier-ignore
      expect(manifest.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))).toEqual(manifest);
    },
  );
});

describe('duplicates', () => {
  it('are left out of a shard, and of the next shard of the folder', async () => {
    const list = gamePositions('armenian', 200, 3);
    const seen = new KeySet();
    const opened = ShardWriter.open(dir, 'a', 'armenian', seen);
    if (!opened.ok) throw new Error(opened.error.message);
    const writer = opened.value;
    expect(list.map((p) => writer.add(p, p.at)).every(Boolean)).toBe(true);
    // The same position with other labels is the same position.
    expect(writer.add({ ...list[5], result: 1 - list[5].result, score: 12 })).toBe(false);
    expect(writer.count).toBe(200);
    await writer.finish(SOURCE);
    const known = await shardIdentities(dir, 'armenian');
    if (!known.ok) throw new Error(known.error.message);
    expect(known.value.size).toBe(200);
    const second = ShardWriter.open(dir, 'b', 'armenian', known.value);
    if (!second.ok) throw new Error(second.error.message);
    expect(list.slice(0, 50).some((p) => second.value.add(p))).toBe(false);
    await second.value.abort();
  });

  it('across shards written apart are skipped by the reader, the first shard giving the labels', async () => {
    const list = gamePositions('turkish', 300, 5);
    await writeShard('turkish', '1', list.slice(0, 200));
    await writeShard(
      'turkish',
      '2',
      list.slice(100).map((p) => ({ ...p, result: 0.5 })),
    );
    const read = await readShardFolders([dir], 'turkish');
    if (!read.ok) throw new Error(read.error.message);
    const { positions } = read.value;
    expect(read.value.shards).toBe(2);
    expect(read.value.duplicates).toBe(100);
    expect(positions.count).toBe(300);
    const results = Array.from({ length: 100 }, (_, i) => shardPosition(positions, 100 + i).result);
    expect(results).toEqual(list.slice(100, 200).map((p) => p.result));
  });
});

describe('shards are only added', () => {
  it('refuses to write a shard or a manifest whose name exists, and leaves both as they were', async () => {
    await writeShard('armenian', 'a', gamePositions('armenian', 10, 6));
    const before = readFileSync(join(dir, 'a.bin.gz'));
    const again = ShardWriter.open(dir, 'a', 'armenian', new KeySet());
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/a\.bin\.gz exists: shards are only added, never rewritten/); // prettier-ignore
    writeFileSync(join(dir, 'b.json'), '{}');
    const manifestThere = ShardWriter.open(dir, 'b', 'armenian', new KeySet());
    expect(!manifestThere.ok && manifestThere.error.message).toMatch(/b\.json exists/);
    expect(readFileSync(join(dir, 'a.bin.gz'))).toEqual(before);
  });
});

/** The manifest of shard 2 with `raw` as its unzipped content, every count made to agree. */
function replaceContent(
  raw: Buffer,
  zipped = gzipSync(raw),
  changes: Record<string, unknown> = {},
): void {
  // prettier-ignore
  writeFileSync(join(dir, '2.bin.gz'), zipped);
  const manifest = JSON.parse(readFileSync(join(dir, '2.json'), 'utf8')) as Record<string, unknown>; // prettier-ignore
  writeFileSync(join(dir, '2.json'), JSON.stringify({ ...manifest, bytes: zipped.length, sha256: createHash('sha256').update(zipped).digest('hex'), unpacked: raw.length, ...changes })); // prettier-ignore
}

const header = (variant = 0) => [...Buffer.from('TAMATRN2'), variant];

describe('a bad shard', () => {
  /** Writes shards 1-3 and returns how many positions shards 1 and 3 hold. */
  async function three(): Promise<number> {
    await writeShard('armenian', '1', gamePositions('armenian', 100, 8));
    await writeShard('armenian', '2', gamePositions('armenian', 100, 9));
    await writeShard('armenian', '3', gamePositions('armenian', 100, 10));
    const read = await readShardFolders([dir], 'armenian');
    if (!read.ok) throw new Error(read.error.message);
    return read.value.positions.count - 100 + read.value.duplicates;
  }

  async function refusedWith(message: RegExp, expectedKept: number): Promise<void> {
    const read = await readShardFolders([dir], 'armenian');
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.refused).toHaveLength(1);
    expect(read.value.refused[0]).toMatch(message);
    expect(read.value.shards).toBe(2);
    expect(read.value.positions.count + read.value.duplicates).toBe(expectedKept);
  }

  it('truncated: refused with its file named, the other shards all read', async () => {
    const kept = await three();
    const path = join(dir, '2.bin.gz');
    writeFileSync(path, readFileSync(path).subarray(0, 100));
    await refusedWith(/2\.bin\.gz: 100 bytes, the manifest says \d+ \(truncated or replaced\)/, kept); // prettier-ignore
  });

  it('truncated inside its chain, the manifest made to agree: refused', async () => {
    const kept = await three();
    const path = join(dir, '2.bin.gz');
    const { gunzipSync } = await import('node:zlib');
    const raw = gunzipSync(readFileSync(path));
    replaceContent(raw.subarray(0, raw.length - 3));
    await refusedWith(/2\.bin\.gz: (record \d+: the file ends inside|99 records, the manifest says 100)/, kept); // prettier-ignore
  });

  it('altered: refused by its SHA-256', async () => {
    const kept = await three();
    const path = join(dir, '2.bin.gz');
    const bytes = readFileSync(path);
    bytes[bytes.length - 20] ^= 0xff;
    writeFileSync(path, bytes);
    await refusedWith(/2\.bin\.gz: its SHA-256 is not the manifest's \(the file was altered\)/, kept); // prettier-ignore
  });

  it.each([
    ['no header', Buffer.from('not a shard at all'), /not a chained training shard \(no TAMATRN2 header\)/], // prettier-ignore
    ['another variant in its header', Buffer.from(header(1)), /its header names another variant than armenian/], // prettier-ignore
    ['a full record cut short', Buffer.from([...header(), 0x00, 1, 0, 0]), /record 1: the file ends inside it/], // prettier-ignore
    ['a White man on rank 8', Buffer.from([...header(), 0x00, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0]), /record 1: a man on its crowning row \(square 63\)/], // prettier-ignore
    ['a board with no piece', Buffer.from([...header(), 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0]), /record 1: a board with no piece/], // prettier-ignore
    ['a link first', Buffer.from([...header(), 0x10, 0]), /record 1: a link with no position before it/], // prettier-ignore
    ['a tag of no record', Buffer.from([...header(), 0x03]), /record 1: its tag 3 is not a record's/], // prettier-ignore
    ['an illegal move', Buffer.from([...header(), 0x00, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10, 200]), /record 2: its move 1 is move 201 of a position with \d+ legal moves/], // prettier-ignore
  ])(
    'whose content is malformed (%s) though its manifest matches: refused, naming the record',
    async (_name, raw, message) => {
      const kept = await three();
      replaceContent(raw);
      await refusedWith(message, kept);
    },
  );

  it('a gzip bomb whose manifest is right in size and SHA-256: refused as soon as it unzips past the manifest, memory bounded', async () => {
    const kept = await three();
    // 4,000 gzip members of a megabyte of zeros: 4 MB on disk... of each member, a kilobyte.
    const member = gzipSync(Buffer.alloc(1 << 20));
    const bomb = Buffer.concat(Array.from({ length: 4000 }, () => member));
    replaceContent(Buffer.alloc(0), bomb, { unpacked: 2000 });
    const before = process.memoryUsage().rss;
    await refusedWith(/2\.bin\.gz: unzips to more than the manifest's 2000 bytes/, kept);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 << 20);
  });

  it('a bomb of sound records whose manifest gives room for more bytes than records: refused at the first record past its count', async () => {
    const kept = await three();
    // A White man on a1, again and again: 11 bytes a record, where the manifest's unpacked
    // size leaves room for 25 a record, so that only the count stops it.
    const record = [0x00, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const raw = Buffer.from([...header(), ...Array.from({ length: 10_000 }, () => record).flat()]);
    replaceContent(raw, gzipSync(raw), { positions: 1000, distinct: 1000, unpacked: 9 + 1000 * 25 }); // prettier-ignore
    await refusedWith(/2\.bin\.gz: record 1001: more records than the manifest's 1000/, kept);
  });

  it.each([
    ['not JSON', '{', /2\.json: not JSON/],
    ['another format', '{"format":"x"}', /2\.json: not a shard manifest/],
    ['a count that is no number', { positions: 'many' }, /2\.json: positions must be a whole number/], // prettier-ignore
    ['version 1', { version: 1 }, /2\.json: a version 1 shard, from before chained shards/],
    ['an unpacked size no records can take', { unpacked: 1e9 }, /2\.json: 1000000000 bytes unpacked is more than 100 records can take/], // prettier-ignore
    ['too many positions', { positions: 1e8 }, /2\.json: 100000000 positions, more than/],
    ['a file in another folder', { file: '../x.bin.gz' }, /2\.json: file must name a \.bin\.gz file beside it/], // prettier-ignore
  ])('whose manifest is bad (%s): refused, naming the manifest', async (_name, change, message) => {
    const kept = await three();
    const manifest = JSON.parse(readFileSync(join(dir, '2.json'), 'utf8')) as Record<string, unknown>; // prettier-ignore
    writeFileSync(join(dir, '2.json'), typeof change === 'string' ? change : JSON.stringify({ ...manifest, ...change })); // prettier-ignore
    await refusedWith(message, kept);
  });

  it.each([
    ['counts fewer records than it holds', { positions: 99, distinct: 99 }, /2\.bin\.gz: record 100: more records than the manifest's 99/], // prettier-ignore
    ['counts more records than it holds', { positions: 101 }, /2\.bin\.gz: 100 records, the manifest says 101/], // prettier-ignore
    ['gives another unpacked size', { unpacked: 5 }, /2\.bin\.gz: unzips to more than the manifest's 5 bytes/], // prettier-ignore
    ['gives another digest', { digest: '0'.repeat(64) }, /2\.bin\.gz: its positions' digest is not the manifest's/], // prettier-ignore
  ])('whose manifest %s: refused', async (_name, change, message) => {
    const kept = await three();
    const manifest = JSON.parse(readFileSync(join(dir, '2.json'), 'utf8')) as Record<string, unknown>; // prettier-ignore
    writeFileSync(join(dir, '2.json'), JSON.stringify({ ...manifest, ...change }));
    await refusedWith(message, kept);
  });

  it.each([
    ['a folder', () => mkdirSync(join(dir, '2.bin.gz')), /2\.bin\.gz is not a regular file \(a folder\)/], // prettier-ignore
    ['a FIFO', () => execFileSync('mkfifo', [join(dir, '2.bin.gz')]), /2\.bin\.gz is not a regular file \(a FIFO\)/], // prettier-ignore
    ['a link to a device', () => symlinkSync('/dev/zero', join(dir, '2.bin.gz')), /2\.bin\.gz is not a regular file \(a device\)/], // prettier-ignore
  ])('whose file is %s: refused without reading it', async (_name, make, message) => {
    const kept = await three();
    rmSync(join(dir, '2.bin.gz'));
    make();
    await refusedWith(message, kept);
  });

  it('of the other variant: refused', async () => {
    await writeShard('turkish', 't', gamePositions('turkish', 10, 11));
    const read = await readShardFolders([dir], 'armenian');
    expect(read.ok && read.value.refused[0]).toMatch(/t\.bin\.gz: a turkish shard, not armenian/);
  });

  it('a folder that cannot be read is an error naming it', async () => {
    const read = await readShardFolders([join(dir, 'missing')], 'armenian');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(/cannot read the folder .*missing/);
  });
});
