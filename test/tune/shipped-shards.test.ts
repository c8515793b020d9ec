/**
 * The repository's training data (data/train/VARIANT): every shard is whole and agrees with
 * its manifest (size, SHA-256, unpacked size, record count, the digest of its positions,
 * variant), each manifest names the build, node budget and seed that made it, so a shard
 * can be traced and never silently damaged; and a shard converted from version 1 reads
 * back exactly the positions and labels of the file it replaced (the digest that file's
 * reading gave, kept in the manifest, recomputed here from the new file).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PackedPositions } from '../../src/tune/packed.js';
import { readShard, shardManifests } from '../../src/tune/shard.js';

const TRAIN = fileURLToPath(new URL('../../data/train/', import.meta.url));

describe.each(['armenian', 'turkish'] as const)('the %s training shards', (variant) => {
  it('are whole, each as its manifest says, with where it came from', async () => {
    const manifests = shardManifests(`${TRAIN}${variant}`);
    if (!manifests.ok) throw new Error(manifests.error.message);
    expect(manifests.value.length).toBeGreaterThan(0);
    const staged = new PackedPositions();
    let positions = 0;
    let bytes = 0;
    for (const path of manifests.value) {
      const read = await readShard(path, variant, staged);
      if (!read.ok) throw new Error(read.error.message);
      const manifest = read.value;
      expect(staged.count).toBe(manifest.positions);
      expect(manifest.distinct).toBeLessThanOrEqual(manifest.positions);
      expect(manifest.variant).toBe(variant);
      expect(manifest.command).toMatch(/^tama tune-data --campaign \d+ --shards data\/train\//);
      expect(manifest.benchSignature).toBeGreaterThan(0);
      expect(manifest.nodes).toBeGreaterThan(0);
      expect(Number.isInteger(manifest.seed)).toBe(true);
      if (manifest.converted !== undefined) {
        expect(manifest.converted).toMatchObject({ version: 1, file: manifest.file, positions: manifest.positions }); // prettier-ignore
        expect(manifest.digest).toBe(manifest.converted.digest);
      }
      positions += manifest.positions;
      bytes += manifest.bytes;
    }
    // The chained format's promise: at most 3 bytes a position over the folder.
    expect(bytes / positions).toBeLessThanOrEqual(3);
  }, 300_000);
});
