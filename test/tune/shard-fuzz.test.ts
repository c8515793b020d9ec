/**
 * The shard reader against random damage (fast-check, shrinking to the smallest case): a
 * chained shard's unzipped bytes changed, cut or lengthened, zipped again under a manifest
 * that agrees in size, SHA-256 and unpacked size, is read whole or refused with one error
 * that names the file; it never throws, and a shard read whole holds the manifest's count.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeySet, PackedPositions } from '../../src/tune/packed.js';
import { readShard, ShardWriter, type ShardSource } from '../../src/tune/shard.js';
import { gamePositions } from './shard-fixtures.js';

const SOURCE: ShardSource = {
  command: 'tama tune-data --campaign 1 --shards DIR',
  origin: 'test',
  engine: 'Tama (bench 1)',
  benchSignature: 1,
  nodes: 300,
  seed: 7,
  openings: 'data/openings-armenian.txt',
  randomPlies: 4,
  games: 3,
};

let dir: string;
let raw: Buffer;
let manifest: Record<string, unknown>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tama-shard-fuzz-'));
  const opened = ShardWriter.open(dir, 'a', 'armenian', new KeySet());
  if (!opened.ok) throw new Error(opened.error.message);
  for (const p of gamePositions('armenian', 120, 41)) opened.value.add(p, p.at);
  const written = await opened.value.finish(SOURCE);
  if (!written.ok) throw new Error(written.error.message);
  raw = gunzipSync(readFileSync(join(dir, 'a.bin.gz')));
  manifest = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as Record<string, unknown>;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const damage = fc.record({
  changes: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }),
  cut: fc.nat(),
  extra: fc.uint8Array({ maxLength: 8 }),
});

describe('a damaged chained shard', () => {
  it('is read whole or refused with its file named, never thrown', async () => {
    await fc.assert(
      fc.asyncProperty(damage, async ({ changes, cut, extra }) => {
        const bytes = Buffer.from(raw);
        for (const [at, value] of changes) bytes[at % bytes.length] = value;
        const content = Buffer.concat([bytes.subarray(0, bytes.length - (cut % 16)), extra]);
        const zipped = gzipSync(content);
        writeFileSync(join(dir, 'b.bin.gz'), zipped);
        writeFileSync(join(dir, 'b.json'), JSON.stringify({ ...manifest, file: 'b.bin.gz', bytes: zipped.length, sha256: createHash('sha256').update(zipped).digest('hex'), unpacked: content.length })); // prettier-ignore
        const out = new PackedPositions();
        const read = await readShard(join(dir, 'b.json'), 'armenian', out);
        if (read.ok) expect(out.count).toBe(read.value.positions);
        else {
          expect(read.error.message.startsWith(join(dir, 'b.'))).toBe(true);
          expect(read.error.message).not.toContain('\n');
          expect(out.count).toBe(0);
        }
      }),
      { seed: 20261207, numRuns: 200 },
    );
  }, 120_000);
});
