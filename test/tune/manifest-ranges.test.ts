/**
 * Every number of a shard's manifest has a range: a manifest with one out of it is refused
 * with one line naming the file and the field (a shipped manifest is the sound one); and a
 * folder read stops between shards once its signal aborts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseManifest, readShardFolders } from '../../src/tune/shard.js';

const DIR = new URL('../../data/train/armenian/', import.meta.url);
const NAME = readdirSync(DIR).find((name) => name.endsWith('.json')) ?? '';
const SOUND = JSON.parse(readFileSync(new URL(NAME, DIR), 'utf8')) as Record<string, unknown>;

describe("a shard manifest's numbers", () => {
  it('a shipped manifest is read', () => {
    expect(parseManifest(JSON.stringify(SOUND), NAME).ok).toBe(true);
  });

  it.each([
    ['distinct', (SOUND.positions as number) + 1, /distinct must be from 0 to the \d+ positions/],
    ['links', (SOUND.positions as number) + 1, /links must be from 0 to the \d+ positions/],
    ['nodes', 1e15, /nodes must be a whole number from 0 to 100000000, got 1000000000000000/],
    ['nodes', 2.5, /nodes must be a whole number from 0 to 100000000, got 2\.5/],
    ['seed', 2 ** 32, /seed must be a whole number from 0 to 4294967295/],
    ['randomPlies', -1, /randomPlies must be a whole number from 0 to 40, got -1/],
    ['games', 'many', /games must be a whole number from 0 to \d+, got "many"/],
    ['benchSignature', -5, /benchSignature must be null or a whole number from 0 to \d+, got -5/],
  ])('%s %j is refused, the file and the field named', (field, value, why) => {
    const read = parseManifest(JSON.stringify({ ...SOUND, [field]: value }), `d/${NAME}`);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error.message.startsWith(`d/${NAME}: `)).toBe(true);
      expect(read.error.message).toMatch(why);
    }
  });
});

describe('reading shard folders, stopped', () => {
  it('reads no further shard once its signal aborts', async () => {
    const none = await readShardFolders([DIR.pathname], 'armenian', undefined, AbortSignal.abort());
    expect(none.ok && [none.value.shards, none.value.positions.count]).toEqual([0, 0]);
    const controller = new AbortController();
    const one = await readShardFolders([DIR.pathname], 'armenian', () => controller.abort(), controller.signal); // prettier-ignore
    expect(one.ok && one.value.shards).toBe(1);
  });
});
