/**
 * The repository's training data (data/train/VARIANT): every shard is whole and agrees with
 * its manifest (size, SHA-256, record count, variant), and each manifest names the build,
 * node budget and seed that made it, so a shard can be traced and never silently damaged.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readShard, shardManifests } from '../../src/tune/shard.js';

const TRAIN = fileURLToPath(new URL('../../data/train/', import.meta.url));

describe.each(['armenian', 'turkish'] as const)('the %s training shards', (variant) => {
  it('are whole, each as its manifest says, with where it came from', () => {
    const manifests = shardManifests(`${TRAIN}${variant}`);
    if (!manifests.ok) throw new Error(manifests.error.message);
    expect(manifests.value.length).toBeGreaterThan(0);
    for (const path of manifests.value) {
      let records = 0;
      const read = readShard(path, variant, () => records++);
      if (!read.ok) throw new Error(read.error.message);
      const manifest = read.value;
      expect(records).toBe(manifest.positions);
      expect(manifest.distinct).toBeLessThanOrEqual(manifest.positions);
      expect(manifest.variant).toBe(variant);
      expect(manifest.command).toMatch(/^tama tune-data --campaign \d+ --shards data\/train\//);
      expect(manifest.benchSignature).toBeGreaterThan(0);
      expect(manifest.nodes).toBeGreaterThan(0);
      expect(Number.isInteger(manifest.seed)).toBe(true);
    }
  }, 120_000);
});
