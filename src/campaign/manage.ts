/**
 * What `tama campaign` and `tama perft --db` do with the store and the queue: create a
 * campaign and queue its jobs, stop it (its waiting jobs are dropped), resume it (jobs for
 * what is missing are queued again), export its games and results, and create a perft
 * campaign whose subtrees workers count.
 */
import { writeFileSync } from 'node:fs';
import { legalMoves } from '../core/notation.js';
import type { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import { distinctNames } from '../match/tournament.js';
import { missingIndexes, resultsJson } from './aggregate.js';
import { probeEngine } from './builds.js';
import { insertSubtrees, perftTally, unfinishedSubtreeIndexes } from './perft-store.js';
import { DEFAULT_TRIES, jobRanges, type JobQueue } from './queue.js';
import {
  campaignSlots,
  type CampaignErrorCode,
  type CampaignRequest,
  type DataCampaignSettings,
  type GamesCampaignSettings,
  type PerftCampaignSettings,
} from './settings.js';
import type { CampaignRow, Store } from './store.js';

/** Asks every engine who it is, stores the campaign and queues its jobs; returns its id. */
export async function createGamesCampaign(
  store: Store,
  queue: JobQueue,
  request: CampaignRequest,
  print: (line: string) => void,
): Promise<Result<number, CampaignErrorCode>> {
  const probed = [];
  for (let i = 0; i < request.engines.length; i++) {
    print(`Checking engine ${i + 1}: its name and bench signature...`);
    const found = await probeEngine(
      request.engines[i],
      request.variant,
      request.benchDepth,
      `engine ${i + 1}`,
    );
    if (!found.ok) return fail('engine', found.error.message);
    probed.push(found.value);
  }
  const names = distinctNames(probed.map((engine) => engine.displayName));
  const settings: GamesCampaignSettings = {
    engines: request.engines,
    names,
    builds: probed.map((engine) => engine.build),
    benchDepth: request.benchDepth,
    variant: request.variant,
    tournament: request.tournament,
    gamesPerPairing: request.gamesPerPairing,
    rules: request.rules,
    sprt: request.sprt,
    event: request.event ?? `tama campaign: ${names.join(' vs ')}`,
    openings: request.openings,
    slotsPerJob: request.slotsPerJob,
    tries: request.tries,
  };
  const name = request.name ?? names.join(' vs ');
  const id = await store.createCampaign('games', name, settings);
  const slots = campaignSlots(settings);
  const ranges = jobRanges(id, slots.length, settings.slotsPerJob);
  await queue.enqueue(id, ranges, settings.tries);
  const games = slots.reduce((sum, slot) => sum + slot.length, 0);
  print(
    `Campaign ${id} "${name}": ${games} games in ${slots.length} pairs, ${ranges.length} jobs queued`,
  );
  return ok(id);
}

/** The campaign, which must be in state `needed` when one is given. */
async function findCampaign(
  store: Store,
  id: number,
  needed?: CampaignRow['state'],
): Promise<Result<CampaignRow, CampaignErrorCode>> {
  const campaign = await store.campaign(id);
  if (campaign === undefined) return fail('no-campaign', `no campaign ${id}`);
  if (needed !== undefined && campaign.state !== needed) {
    return fail('state', `campaign ${id} is ${campaign.state}, not ${needed}`);
  }
  return ok(campaign);
}

/** Stops handing out the campaign's jobs; jobs in play end at their next slot. */
export async function stopCampaign(
  store: Store,
  queue: JobQueue,
  id: number,
): Promise<Result<void, CampaignErrorCode>> {
  const found = await findCampaign(store, id, 'running');
  if (!found.ok) return found;
  if (!(await store.setState(id, 'running', 'stopped'))) {
    return fail('state', `campaign ${id} ended while being stopped`);
  }
  await queue.dropWaiting(id);
  return ok(undefined);
}

/** Runs a stopped campaign again: queues jobs for the slots or subtrees not stored yet. */
export async function resumeCampaign(
  store: Store,
  queue: JobQueue,
  id: number,
): Promise<Result<number, CampaignErrorCode>> {
  const found = await findCampaign(store, id, 'stopped');
  if (!found.ok) return found;
  const campaign = found.value;
  let ranges;
  let tries = DEFAULT_TRIES;
  if (campaign.kind === 'perft') {
    const settings = campaign.settings as PerftCampaignSettings;
    const open = new Set(await unfinishedSubtreeIndexes(store, id));
    ranges = jobRanges(id, settings.subtrees, settings.subtreesPerJob, open);
  } else if (campaign.kind === 'data') {
    const settings = campaign.settings as DataCampaignSettings;
    tries = settings.tries;
    ranges = jobRanges(id, settings.games, settings.gamesPerJob, await missingIndexes(store, campaign)); // prettier-ignore
  } else {
    const settings = campaign.settings as GamesCampaignSettings;
    tries = settings.tries ?? DEFAULT_TRIES;
    const count = campaignSlots(settings).length;
    const stored = await store.storedSlots(id);
    const open = new Set(Array.from({ length: count }, (_, slot) => slot));
    for (const slot of stored) open.delete(slot);
    ranges = jobRanges(id, count, settings.slotsPerJob, open);
  }
  await queue.dropWaiting(id);
  await queue.forgetFailed(id);
  await store.setState(id, 'stopped', 'running');
  await queue.enqueue(id, ranges, tries);
  return ok(ranges.length);
}

/** Writes all games as one PDN file and/or the results as JSON; PDN to `print` when neither. */
export async function exportCampaign(
  store: Store,
  id: number,
  files: { readonly pdn?: string; readonly json?: string },
  print: (text: string) => void,
): Promise<Result<number, CampaignErrorCode>> {
  const found = await findCampaign(store, id);
  if (!found.ok) return found;
  if (found.value.kind === 'data') {
    return fail('kind', `campaign ${id} is a data campaign: tama tune-data --campaign ${id} --out FILE writes its positions`); // prettier-ignore
  }
  if (found.value.kind !== 'games') return fail('kind', `campaign ${id} is a perft campaign`);
  const games = await store.games(id);
  const pdn = games.map((game) => game.pdn).join('');
  try {
    if (files.pdn !== undefined) writeFileSync(files.pdn, pdn);
    if (files.json !== undefined) {
      writeFileSync(files.json, JSON.stringify(resultsJson(found.value, games), null, 2) + '\n');
    }
  } catch (error) {
    return fail('file', `cannot write the export: ${(error as Error).message}`);
  }
  if (files.pdn === undefined && files.json === undefined) print(pdn);
  return ok(games.length);
}

/** Subtrees a perft campaign aims for: enough to keep many workers busy. */
const TARGET_SUBTREES = 400;
const JOBS_PER_CAMPAIGN = 64;

/** The move paths from `position` down `plies` plies (dead ends dropped: they have no leaves). */
export function subtreePaths(position: Position, plies: number): string[] {
  if (plies === 0) return [''];
  const paths: string[] = [];
  for (const move of legalMoves(position)) {
    const child = position.clone();
    child.play(move.move, move.capturedLo, move.capturedHi);
    for (const rest of subtreePaths(child, plies - 1)) {
      paths.push(rest === '' ? move.text : `${move.text} ${rest}`);
    }
  }
  return paths;
}

/** Move text with the files reversed (a <-> h): the mirror image of the move. */
function mirrorMoveText(text: string): string {
  return text.replace(/[a-h]/g, (file) => 'hgfedcba'['abcdefgh'.indexOf(file)]);
}

/**
 * The paths in order, each followed by its mirror image (files reversed) where the tree has
 * one: both then fall in one job, and that worker's table counts the pair once (on Armenian
 * perft 8 over 50 workers this took the CPU from 7.0 to 4.0 times that of one table).
 */
export function pairMirrorPaths(paths: readonly string[]): string[] {
  const present = new Set(paths);
  const placed = new Set<string>();
  const paired: string[] = [];
  for (const path of paths) {
    if (placed.has(path)) continue;
    placed.add(path);
    paired.push(path);
    const mirror = path.split(' ').map(mirrorMoveText).join(' ');
    if (present.has(mirror) && !placed.has(mirror)) {
      placed.add(mirror);
      paired.push(mirror);
    }
  }
  return paired;
}

/** Cuts the tree into subtrees, stores them and queues their jobs; returns the campaign id. */
export async function createPerftCampaign(
  store: Store,
  queue: JobQueue,
  position: Position,
  depth: number,
): Promise<{ id: number; subtrees: number; jobs: number }> {
  let split = 0;
  let paths = [''];
  while (split < depth - 1 && paths.length < TARGET_SUBTREES) {
    split++;
    paths = subtreePaths(position, split);
  }
  paths = pairMirrorPaths(paths);
  const subtreesPerJob = Math.max(1, Math.ceil(paths.length / JOBS_PER_CAMPAIGN));
  const settings: PerftCampaignSettings = {
    fen: position.toString(),
    variant: position.rules.name,
    depth,
    split,
    subtrees: paths.length,
    subtreesPerJob,
  };
  const id = await store.createCampaign('perft', `perft ${depth}`, settings);
  await insertSubtrees(store, id, paths);
  const ranges = jobRanges(id, paths.length, subtreesPerJob);
  await queue.enqueue(id, ranges);
  if (paths.length === 0) await store.setState(id, 'running', 'finished', 'complete');
  return { id, subtrees: paths.length, jobs: ranges.length };
}

/** Waits until every subtree of a perft campaign is counted; returns the exact total as text. */
export async function waitForPerft(
  store: Store,
  id: number,
  progress: (done: number, total: number) => void,
  signal?: AbortSignal,
  pollMs = 1000,
): Promise<Result<string, CampaignErrorCode>> {
  let reported = -1;
  for (;;) {
    const tally = await perftTally(store, id);
    if (tally.done !== reported) progress(tally.done, tally.total);
    reported = tally.done;
    if (tally.done === tally.total) return ok(tally.nodes);
    const state = await store.campaignState(id);
    if (state !== 'running') return fail('state', `perft campaign ${id} is ${state}`);
    if (signal?.aborted)
      return fail('state', `interrupted; resume later: tama campaign resume ${id}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
