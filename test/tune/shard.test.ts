/**
 * Training shards: written and read back exactly (pieces, side to move, result, score or
 * mate) for positions of both variants with kings of both colours; duplicates left out
 * within a shard and across a folder; shards never rewritten; a truncated, altered or
 * malformed shard refused with its file named while the folder's other shards are still
 * read; the manifest agreeing with its shard.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { KEY_HI, KEY_LO, SIDE } from '../../src/core/state.js';
import type { VariantName } from '../../src/core/variant.js';
import { seededRandom } from '../../src/stats/random.js';
import {
  readShard,
  readShardFolders,
  shardIdentities,
  ShardWriter,
  type ShardPosition,
  type ShardSource,
} from '../../src/tune/shard.js';
import { playRandomly } from '../helpers.js';

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

/** Labelled positions along seeded random games (long ones reach kings of both colours), each distinct. */
function positions(variant: VariantName, count: number, seed: number): ShardPosition[] {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const out: ShardPosition[] = [];
  while (out.length < count) {
    const plies = Math.floor(random() * 120);
    const position = playRandomly(Position.start(variant), plies, random);
    const text = position.toString();
    if (seen.has(text)) continue;
    seen.add(text);
    const result = [0, 0.5, 1][out.length % 3];
    const kind = out.length % 4;
    const label =
      kind === 0
        ? { score: Math.floor(random() * 4000) - 2000 }
        : kind === 1
          ? { mate: Math.floor(random() * 40) - 20 }
          : kind === 2
            ? { score: Math.floor(random() * 2e6) - 1e6 }
            : {};
    out.push({ state: position.state, result, ...label });
  }
  return out;
}

/** What a position is, as text, with its labels. */
function describePosition(variant: VariantName, p: ShardPosition): string {
  const text = new Position(Position.start(variant).rules, p.state).toString();
  return `${text} ${p.result} ${p.score ?? '-'} ${p.mate ?? '-'}`;
}

function writeShard(
  variant: VariantName,
  name: string,
  list: readonly ShardPosition[],
  seen = new Set<string>(),
) {
  const writer = new ShardWriter(variant, seen);
  for (const p of list) writer.add(p);
  const written = writer.write(dir, name, SOURCE);
  if (!written.ok) throw new Error(written.error.message);
  return written.value;
}

describe('a shard written and read back', () => {
  it.each(['armenian', 'turkish'] as const)(
    '%s: every position, side and label as written',
    (variant) => {
      const list = positions(variant, 3000, variant === 'armenian' ? 1 : 2);
      const kings = list.filter((p) => p.state[4] | p.state[5]).length;
      const blackKings = list.filter((p) => p.state[6] | p.state[7]).length;
      expect(kings).toBeGreaterThan(0);
      expect(blackKings).toBeGreaterThan(0);
      expect(list.some((p) => p.state[SIDE] === 1)).toBe(true);
      const manifest = writeShard(variant, 'a', list);
      const back: ShardPosition[] = [];
      const read = readShard(join(dir, 'a.json'), variant, (_key, p) => back.push(p));
      expect(read.ok).toBe(true);
      expect(back.map((p) => describePosition(variant, p))).toEqual(list.map((p) => describePosition(variant, p))); // prettier-ignore
      // The keys are the positions' own Zobrist keys.
      for (let i = 0; i < list.length; i++) {
        expect([back[i].state[KEY_LO], back[i].state[KEY_HI]]).toEqual([list[i].state[KEY_LO], list[i].state[KEY_HI]]); // prettier-ignore
      }
      // The manifest agrees with the shard it describes.
      const bytes = readFileSync(join(dir, 'a.bin.gz'));
      expect(manifest).toMatchObject({ variant, file: 'a.bin.gz', positions: 3000, distinct: 3000, bytes: bytes.length, nodes: 300, seed: 7, benchSignature: 1 }); // prettier-ignore
      expect(manifest.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8'))).toEqual(manifest);
    },
  );
});

describe('duplicates', () => {
  it('are left out of a shard, and of the next shard of the folder', () => {
    const list = positions('armenian', 200, 3);
    const seen = new Set<string>();
    const writer = new ShardWriter('armenian', seen);
    expect(list.map((p) => writer.add(p)).every(Boolean)).toBe(true);
    // The same position with other labels is the same position.
    expect(writer.add({ ...list[5], result: 1 - list[5].result, score: 12 })).toBe(false);
    expect(writer.count).toBe(200);
    writer.write(dir, 'a', SOURCE);
    const known = shardIdentities(dir, 'armenian');
    expect(known.ok).toBe(true);
    if (!known.ok) return;
    expect(known.value.size).toBe(200);
    const second = new ShardWriter('armenian', known.value);
    expect(list.slice(0, 50).some((p) => second.add(p))).toBe(false);
    const fresh = positions('armenian', 100, 4);
    const texts = new Set(list.map((p) => describePosition('armenian', p).split(' ')[0]));
    const unseen = fresh.filter((p) => !texts.has(describePosition('armenian', p).split(' ')[0]));
    expect(fresh.filter((p) => second.add(p)).length).toBe(unseen.length);
    expect(second.count).toBe(unseen.length);
  });

  it('across shards written apart are skipped by the reader, the first shard giving the labels', () => {
    const list = positions('turkish', 300, 5);
    writeShard('turkish', '1', list.slice(0, 200));
    writeShard(
      'turkish',
      '2',
      list.slice(100).map((p) => ({ ...p, result: 0.5 })),
    );
    const read = readShardFolders([dir], 'turkish');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.shards).toBe(2);
    expect(read.value.duplicates).toBe(100);
    expect(read.value.positions.length).toBe(300);
    expect(read.value.positions.slice(100, 200).map((p) => p.result)).toEqual(list.slice(100, 200).map((p) => p.result)); // prettier-ignore
    // A mate label is not a score in centi-men: such positions keep none.
    expect(read.value.positions.filter((p) => p.score === undefined).length).toBe(list.filter((p) => p.score === undefined).length); // prettier-ignore
  });
});

describe('shards are only added', () => {
  it('refuses to write a shard or a manifest whose name exists, and leaves both as they were', () => {
    writeShard('armenian', 'a', positions('armenian', 10, 6));
    const before = readFileSync(join(dir, 'a.bin.gz'));
    const writer = new ShardWriter('armenian', new Set());
    writer.add(positions('armenian', 1, 7)[0]);
    const again = writer.write(dir, 'a', SOURCE);
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.message).toMatch(/a\.bin\.gz exists: shards are only added, never rewritten/); // prettier-ignore
    expect(readFileSync(join(dir, 'a.bin.gz'))).toEqual(before);
  });
});

describe('a bad shard', () => {
  /** Writes shards 1-3 and returns how many positions shards 1 and 3 hold. */
  function three(): number {
    writeShard('armenian', '1', positions('armenian', 100, 8));
    writeShard('armenian', '2', positions('armenian', 100, 9));
    writeShard('armenian', '3', positions('armenian', 100, 10));
    const read = readShardFolders([dir], 'armenian');
    if (!read.ok) throw new Error(read.error.message);
    return read.value.positions.length - 100 + read.value.duplicates;
  }

  function refusedWith(message: RegExp, expectedKept: number): void {
    const read = readShardFolders([dir], 'armenian');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.refused).toHaveLength(1);
    expect(read.value.refused[0]).toMatch(message);
    expect(read.value.shards).toBe(2);
    expect(read.value.positions.length + read.value.duplicates).toBe(expectedKept);
  }

  it('truncated: refused with its file named, the other shards all read', () => {
    const kept = three();
    const path = join(dir, '2.bin.gz');
    writeFileSync(path, readFileSync(path).subarray(0, 100));
    refusedWith(/2\.bin\.gz: 100 bytes, the manifest says \d+ \(truncated or replaced\)/, kept);
  });

  it('altered: refused by its SHA-256', () => {
    const kept = three();
    const path = join(dir, '2.bin.gz');
    const bytes = readFileSync(path);
    bytes[bytes.length - 20] ^= 0xff;
    writeFileSync(path, bytes);
    refusedWith(/2\.bin\.gz: its SHA-256 is not the manifest's/, kept);
  });

  it.each([
    ['no header', Buffer.from('not a shard at all'), /not a training shard \(no TAMATRN1 header\)/],
    ['another variant in its header', Buffer.from([...Buffer.from('TAMATRN1'), 1, 0, 0, 0, 0]), /its header names another variant than armenian/], // prettier-ignore
    ['a record cut short', Buffer.from([...Buffer.from('TAMATRN1'), 0, 1, 0, 0, 0, 1, 0, 0]), /record 1: the file ends inside it/], // prettier-ignore
    ['a White man on rank 8', Buffer.from([...Buffer.from('TAMATRN1'), 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0]), /record 1: a man on its crowning row \(square 63\)/], // prettier-ignore
    ['bytes after the last record', Buffer.from([...Buffer.from('TAMATRN1'), 0, 0, 0, 0, 0, 9]), /1 bytes after the last of its 0 records/], // prettier-ignore
  ])(
    'whose content is malformed (%s) though its manifest matches: refused, naming the record',
    (_name, raw, message) => {
      const kept = three();
      const zipped = gzipSync(raw);
      writeFileSync(join(dir, '2.bin.gz'), zipped);
      const manifest = JSON.parse(readFileSync(join(dir, '2.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      writeFileSync(join(dir, '2.json'), JSON.stringify({ ...manifest, bytes: zipped.length, sha256: createHash('sha256').update(zipped).digest('hex') })); // prettier-ignore
      refusedWith(message, kept);
    },
  );

  it.each([
    ['not JSON', '{', /2\.json: not JSON/],
    ['another format', '{"format":"x"}', /2\.json: not a shard manifest/],
    ['a count that is no number', null, /2\.json: positions must be a whole number/],
  ])('whose manifest is bad (%s): refused, naming the manifest', (_name, text, message) => {
    const kept = three();
    const manifest = JSON.parse(readFileSync(join(dir, '2.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(join(dir, '2.json'), text ?? JSON.stringify({ ...manifest, positions: 'many' }));
    refusedWith(message, kept);
  });

  it('whose manifest counts other records than it holds: refused', () => {
    const kept = three();
    const manifest = JSON.parse(readFileSync(join(dir, '2.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    writeFileSync(join(dir, '2.json'), JSON.stringify({ ...manifest, positions: 99 }));
    refusedWith(/2\.bin\.gz: 100 records, the manifest says 99/, kept);
  });

  it('of the other variant: refused', () => {
    writeShard('turkish', 't', positions('turkish', 10, 11));
    const read = readShardFolders([dir], 'armenian');
    expect(read.ok && read.value.refused[0]).toMatch(/t\.bin\.gz: a turkish shard, not armenian/);
  });

  it('a folder that cannot be read is an error naming it', () => {
    const read = readShardFolders([join(dir, 'missing')], 'armenian');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(/cannot read the folder .*missing/);
  });
});
