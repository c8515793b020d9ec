/**
 * `tama train` on chained shards with worker threads: the same seed and thread count write
 * the same network, the held-out loss is printed each epoch, and progress lines give the
 * positions done, the rate and the time left. Runs the built command (dist/).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KeySet } from '../../src/tune/packed.js';
import { ShardWriter, type ShardSource } from '../../src/tune/shard.js';
import { requireBuild, runTama } from '../helpers.js';
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
  games: 10,
};

let dir: string;
beforeAll(async () => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), 'tama-train-'));
  mkdirSync(join(dir, 'shards'));
  const opened = ShardWriter.open(join(dir, 'shards'), 'a', 'armenian', new KeySet());
  if (!opened.ok) throw new Error(opened.error.message);
  for (const p of gamePositions('armenian', 3000, 31)) opened.value.add(p, p.at);
  const written = await opened.value.finish(SOURCE);
  if (!written.ok) throw new Error(written.error.message);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const train = (out: string, threads: number) =>
  runTama(['train', '--variant', 'armenian', '--data', join(dir, 'shards'), '--out', join(dir, out), '--epochs', '2', '--hidden', '8', '--batch', '64', '--seed', '5', '--threads', String(threads)]); // prettier-ignore

describe('tama train --threads', () => {
  it('writes the same network for the same seed and threads, reporting the held-out loss and its progress', async () => {
    const first = await train('a.json', 2);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/^epoch 1\/2: \d+\/5400 positions, \d+ a second, \d+:\d\d left$/m);
    expect(first.stderr).toMatch(/^epoch 2\/2: loss \d\.\d+, held-out \d\.\d+ /m);
    const once = readFileSync(join(dir, 'a.json'), 'utf8');
    const again = await train('a.json', 2);
    expect(again.code).toBe(0);
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(once);
    // One thread alone learns from the same steps; its sums are added in another order.
    const alone = await train('c.json', 1);
    expect(alone.code).toBe(0);
    const weights = (name: string) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { inputWeights: number[] }).inputWeights; // prettier-ignore
    const differ = weights('a.json').filter(
      (w, i) => Math.abs(w - weights('c.json')[i]) > 2,
    ).length;
    expect(differ).toBeLessThan(weights('a.json').length / 100);
  }, 120_000);
});
