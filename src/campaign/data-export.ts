/**
 * A data campaign's positions written out, read from the store a page at a time in game and
 * ply order, each position once (the first game that reached it gives its result and
 * score): as the tuner's positions file (tune/positions.ts), with a header naming the
 * campaign, the engine's build and the settings that reproduce the games; or as training
 * shards added to a folder of the repository (tune/shard.ts), leaving out every position
 * the folder's shards hold already.
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { Position } from '../core/position.js';
import { KEY_HI, KEY_LO } from '../core/state.js';
import { fail, ok, type Result } from '../core/result.js';
import { positionLine, positionsHeader } from '../tune/positions.js';
import { SHARD_POSITIONS, shardIdentities, ShardWriter, type ShardManifest, type ShardSource } from '../tune/shard.js'; // prettier-ignore
import { formatBuild } from './builds.js';
import { positionsPage, type ExportedPosition } from './data-store.js';
import type { CampaignErrorCode, DataCampaignSettings } from './settings.js';
import type { Store } from './store.js';

/** Rows read from the store at a time. */
const PAGE = 20_000;

export interface ExportedCounts {
  readonly positions: number;
  /** Positions left out because an earlier game had reached them. */
  readonly duplicates: number;
  readonly variant: string;
}

/**
 * Writes the positions of data campaign `id` to `out`; `madeBy` is the command line for the
 * header; `progress` hears the count after each page.
 */
export async function exportDataPositions(
  store: Store,
  id: number,
  out: string,
  madeBy: string,
  progress: (written: number, duplicates: number) => void,
): Promise<Result<ExportedCounts, CampaignErrorCode>> {
  const found = await dataCampaign(store, id);
  if (!found.ok) return found;
  const { campaign, settings } = found.value;
  let file: number;
  try {
    file = openSync(out, 'w');
  } catch (error) {
    return fail('file', `cannot write '${out}': ${(error as Error).message}`);
  }
  try {
    writeSync(
      file,
      positionsHeader(settings.variant, [
        `made by: ${madeBy}`,
        `campaign ${id} "${campaign.name}" (${campaign.state}): self-play by ${settings.names[0]} (${formatBuild(settings.builds[0])}), ` +
          `${settings.nodes} nodes a move, openings ${settings.openingsFile} + ${settings.randomPlies} random plies, seed ${settings.seed}`,
        "each line: the game's result for White, the position (quiet for both sides), the search's score in centi-men from the side to move's view (none after a mate score)", // prettier-ignore
      ]),
    );
    const seen = new Set<string>();
    let duplicates = 0;
    for await (const page of storedPositions(store, id)) {
      const lines: string[] = [];
      for (const row of page) {
        if (seen.has(row.position)) duplicates++;
        else {
          seen.add(row.position);
          lines.push(positionLine(row.result, row.position, row.score) + '\n');
        }
      }
      writeSync(file, lines.join(''));
      progress(seen.size, duplicates);
    }
    return ok({ positions: seen.size, duplicates, variant: settings.variant });
  } finally {
    closeSync(file);
  }
}

/** A file of a project checkout named from the checkout (`data/openings-armenian.txt`), else as given. */
function projectPath(path: string): string {
  const at = path.lastIndexOf('/data/');
  return at < 0 ? path : path.slice(at + 1);
}

/** Data campaign `id` and its settings; an error when there is none or it is of another kind. */
async function dataCampaign(store: Store, id: number) {
  const campaign = await store.campaign(id);
  if (campaign === undefined) return fail('no-campaign', `no campaign ${id}`);
  if (campaign.kind !== 'data') {
    return fail('kind', `campaign ${id} is a ${campaign.kind} campaign, not a data campaign (tama campaign data)`); // prettier-ignore
  }
  return ok({ campaign, settings: campaign.settings as DataCampaignSettings });
}

/** Every stored position of campaign `id`, a page at a time, in game and ply order. */
async function* storedPositions(store: Store, id: number): AsyncGenerator<ExportedPosition[]> {
  let after = { game: -1, ply: -1 };
  for (;;) {
    const page = await positionsPage(store, id, after, PAGE);
    if (page.length === 0) return;
    yield page;
    const last = page[page.length - 1];
    after = { game: last.game, ply: last.ply };
  }
}

export interface ExportedShards {
  readonly manifests: readonly ShardManifest[];
  /** Positions left out: held by the folder's shards already, or by an earlier game. */
  readonly duplicates: number;
  readonly variant: string;
}

/**
 * Adds the positions of data campaign `id` that the shards of `dir` do not hold yet as new
 * shards of at most SHARD_POSITIONS positions each, named `STAMP-cID-NN` so that a folder
 * lists its shards in the order they were added. `madeBy` is the command line for the
 * manifests; `progress` hears the counts after each page.
 */
export async function exportDataShards(
  store: Store,
  id: number,
  dir: string,
  madeBy: string,
  progress: (written: number, duplicates: number) => void,
): Promise<Result<ExportedShards, CampaignErrorCode>> {
  const found = await dataCampaign(store, id);
  if (!found.ok) return found;
  const { campaign, settings } = found.value;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    return fail('file', `cannot make the folder '${dir}': ${(error as Error).message}`);
  }
  const seen = await shardIdentities(dir, settings.variant);
  if (!seen.ok) return fail('file', `the folder's shards cannot be read, so no shard is added: ${seen.error.message}`); // prettier-ignore
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const games = new Set<number>();
  const manifests: ShardManifest[] = [];
  let writer: ShardWriter | undefined;
  let duplicates = 0;
  const source = (): ShardSource => ({
    command: madeBy,
    origin: `campaign ${id} "${campaign.name}" (${campaign.state})`,
    engine: `${settings.names[0]} (${formatBuild(settings.builds[0])})`,
    benchSignature: settings.builds[0].signature,
    nodes: settings.nodes,
    seed: settings.seed,
    openings: projectPath(settings.openingsFile),
    randomPlies: settings.randomPlies,
    games: games.size,
  });
  const flush = async (): Promise<Result<void, CampaignErrorCode>> => {
    if (writer === undefined) return ok(undefined);
    const done = await writer.finish(source());
    writer = undefined;
    if (!done.ok) return fail('file', done.error.message);
    manifests.push(done.value);
    return ok(undefined);
  };
  const written = () => manifests.reduce((sum, m) => sum + m.positions, 0) + (writer?.count ?? 0);
  try {
    for await (const page of storedPositions(store, id)) {
      for (const row of page) {
        games.add(row.game);
        const parsed = Position.parse(row.position, settings.variant);
        if (!parsed.ok) return fail('file', `campaign ${id}, game ${row.game}, ply ${row.ply}: ${parsed.error.message}`); // prettier-ignore
        const { state } = parsed.value;
        if (seen.value.has(state[KEY_LO], state[KEY_HI])) {
          duplicates++;
          continue;
        }
        if (writer === undefined) {
          const opened = ShardWriter.open(dir, `${stamp}-c${id}-${String(manifests.length).padStart(2, '0')}`, settings.variant, seen.value); // prettier-ignore
          if (!opened.ok) return fail('file', opened.error.message);
          writer = opened.value;
        }
        const position = { state, result: row.result };
        writer.add(
          row.mate !== null ? { ...position, mate: row.mate } : row.score !== null ? { ...position, score: row.score } : position, // prettier-ignore
          { game: row.game, ply: row.ply },
        );
        if (writer.count === SHARD_POSITIONS) {
          const flushed = await flush();
          if (!flushed.ok) return flushed;
        }
      }
      await writer?.drain();
      progress(written(), duplicates);
    }
    const flushed = await flush();
    if (!flushed.ok) return flushed;
  } finally {
    await writer?.abort();
  }
  return ok({ manifests, duplicates, variant: settings.variant });
}
