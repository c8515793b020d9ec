/**
 * The aggregator: the only place that turns stored games into counts. It decides when a
 * campaign is over (its SPRT decided, or every game or subtree is stored) and drops its
 * waiting jobs then, and it builds the status and the exported results from the store.
 * Workers never count; they hand back records.
 */
import type { GameRecord, Termination } from '../match/game.js';
import { eloLines, scoreLine, sprtLine, sprtState, terminationLine } from '../match/report.js';
import { MatchResults } from '../match/results.js';
import { pairingsOf } from '../match/schedule.js';
import {
  pentanomialElo,
  sprtBounds,
  sprtDecision,
  sprtLlr,
  type PairCounts,
  type SprtDecision,
} from '../stats/stats.js';
import { formatBuild } from './builds.js';
import { dataTally, storedDataGames } from './data-store.js';
import { estimateLine, formatMinutes } from './estimate.js';
import { perftTally, unfinishedSubtreeIndexes } from './perft-store.js';
import { DEFAULT_TRIES, type JobQueue } from './queue.js';
import {
  campaignSlots,
  type DataCampaignSettings,
  type GamesCampaignSettings,
  type PerftCampaignSettings,
} from './settings.js';
import { WORKER_ALIVE_SECONDS, type CampaignRow, type GameRow, type Store } from './store.js';

/** How a finished campaign ended. */
export type Decision = 'H0' | 'H1' | 'complete';

/** The number of games a games campaign plays at most. */
export function totalGames(settings: GamesCampaignSettings): number {
  return campaignSlots(settings).reduce((sum, slot) => sum + slot.length, 0);
}

/**
 * Looks at the stored results of a running campaign and ends it when it is decided; returns
 * the decision when this call ended it. Safe to call from every worker at once: only one
 * of them moves the campaign from running to finished.
 */
export async function settleCampaign(
  store: Store,
  queue: JobQueue,
  campaign: CampaignRow,
): Promise<Decision | undefined> {
  const decision = await finishIfDecided(store, campaign);
  if (decision !== undefined) await queue.dropWaiting(campaign.id);
  return decision;
}

/**
 * The first half of `settleCampaign`: marks the campaign finished when it is decided, and
 * returns the decision when this call did. Its waiting jobs are the caller's to drop, so
 * that a caller who waits out a server that went away between the two steps retries only
 * the second, instead of finding the campaign finished already and leaving them queued.
 */
export async function finishIfDecided(
  store: Store,
  campaign: CampaignRow,
): Promise<Decision | undefined> {
  let decision: Decision | undefined;
  if (campaign.kind === 'perft') {
    const tally = await perftTally(store, campaign.id);
    if (tally.done === tally.total) decision = 'complete';
  } else if (campaign.kind === 'data') {
    const { games } = await dataTally(store, campaign.id);
    if (games >= (campaign.settings as DataCampaignSettings).games) decision = 'complete';
  } else {
    const settings = campaign.settings as GamesCampaignSettings;
    const tally = await store.tally(campaign.id);
    if (settings.sprt) {
      const { elo0, elo1, alpha, beta } = settings.sprt;
      const llr = sprtLlr(tally.pairs as unknown as PairCounts, elo0, elo1);
      const verdict: SprtDecision = sprtDecision(llr, sprtBounds(alpha, beta));
      if (verdict !== 'continue') decision = verdict;
    }
    if (decision === undefined && tally.games >= totalGames(settings)) decision = 'complete';
  }
  if (decision === undefined) return undefined;
  return (await store.setState(campaign.id, 'running', 'finished', decision)) ? decision : undefined; // prettier-ignore
}

/**
 * Stops a running campaign that can no longer end by itself: it is not decided, and every
 * slot or subtree still missing belongs to a job that used up its tries (so no job waiting
 * or in play can store it). Returns how many jobs failed when this call stopped it;
 * `tama campaign resume` queues what is missing again.
 */
export async function stopIfStuck(
  store: Store,
  queue: JobQueue,
  campaign: CampaignRow,
): Promise<number | undefined> {
  const failed = await queue.failed(campaign.id);
  if (failed.length === 0) return undefined;
  if ((await settleCampaign(store, queue, campaign)) !== undefined) return undefined;
  const missing = await missingIndexes(store, campaign);
  const lost = (index: number) =>
    failed.some(({ range }) => index >= range.from && index < range.to);
  if (![...missing].every(lost)) return undefined;
  return (await store.setState(campaign.id, 'running', 'stopped')) ? failed.length : undefined;
}

/** The slots (games campaign), games (data campaign) or subtrees (perft campaign) not stored yet. */
export async function missingIndexes(store: Store, campaign: CampaignRow): Promise<Set<number>> {
  if (campaign.kind === 'perft') return new Set(await unfinishedSubtreeIndexes(store, campaign.id));
  const data = campaign.kind === 'data';
  const stored = data
    ? await storedDataGames(store, campaign.id)
    : await store.storedSlots(campaign.id);
  const count = data
    ? (campaign.settings as DataCampaignSettings).games
    : campaignSlots(campaign.settings as GamesCampaignSettings).length;
  return new Set(
    Array.from({ length: count }, (_, slot) => slot).filter((slot) => !stored.has(slot)),
  );
}

/** The match tally of a games campaign's stored games, as `tama match` keeps it. */
export function resultsOf(settings: GamesCampaignSettings, games: readonly GameRow[]) {
  const results = new MatchResults(
    settings.names,
    pairingsOf(settings.names.length, settings.tournament),
  );
  for (const game of games) {
    const record: GameRecord = {
      moves: [],
      result: game.result,
      termination: game.termination as Termination,
      reason: game.reason,
      finalPosition: '',
      forfeitedBy: game.forfeitedBy === null ? undefined : (game.forfeitedBy as 0 | 1),
    };
    results.add(
      {
        number: game.number,
        pairing: game.pairing,
        white: game.white,
        black: game.black,
        pairNumber: game.pairNumber,
        gameInPair: game.gameInPair,
      },
      record,
    );
  }
  return results;
}

const DECISION_TEXT: Record<Decision, string> = {
  H0: 'SPRT accepted H0',
  H1: 'SPRT accepted H1',
  complete: 'every game played',
};

function stateText(campaign: CampaignRow): string {
  if (campaign.state !== 'finished') return campaign.state;
  const decision = campaign.decision as Decision | null;
  const why =
    campaign.kind === 'perft'
      ? 'every subtree counted'
      : campaign.kind === 'data'
        ? 'every game played'
        : DECISION_TEXT[decision ?? 'complete'];
  return `finished (${why})`;
}

/** The lines of `tama campaign status ID`. */
export async function statusLines(
  store: Store,
  queue: JobQueue,
  campaign: CampaignRow,
): Promise<string[]> {
  const lines = [`Campaign ${campaign.id} "${campaign.name}": ${stateText(campaign)}`];
  const jobs = await queue.counts(campaign.id);
  const workers = await store.workersAlive(campaign.id);
  const activity =
    `jobs waiting ${jobs.waiting}, in play ${jobs.active}; ` +
    `workers alive ${workers.all} (${workers.campaign} on this campaign)`;
  if (campaign.kind === 'perft') {
    const settings = campaign.settings as PerftCampaignSettings;
    const tally = await perftTally(store, campaign.id);
    lines.push(
      `Perft depth ${settings.depth} of ${settings.fen} (${settings.variant}), cut at ${settings.split} plies`,
      `Subtrees counted: ${tally.done} of ${tally.total}; nodes so far ${tally.nodes}`,
      activity,
    );
    if (tally.done === tally.total) lines.push(`Nodes searched: ${tally.nodes}`);
    lines.push(...(await crewLines(store, queue, campaign)));
    return lines;
  }
  if (campaign.kind === 'data') {
    lines.push(...(await dataLines(store, campaign)), activity);
    lines.push(...(await crewLines(store, queue, campaign)));
    return lines;
  }
  const settings = campaign.settings as GamesCampaignSettings;
  const games = await store.games(campaign.id);
  const results = resultsOf(settings, games);
  const gamesPerMinute = await store.gamesPerMinute(campaign.id);
  lines.push(
    `Engines: ${settings.names.map((name, i) => `${name} (${formatBuild(settings.builds[i])})`).join(' vs ')}`,
    `Games: ${games.length} of ${totalGames(settings)}, ` +
      `${gamesPerMinute.toFixed(1)} games/min; ${activity}`,
  );
  const sprt = settings.sprt ? sprtState(results, settings.sprt) : undefined;
  if (campaign.state === 'running') {
    const pairs = results.pairCounts(0).reduce((sum, count) => sum + count, 0);
    lines.push(
      estimateLine({
        games: games.length,
        total: totalGames(settings),
        gamesPerMinute,
        sprt: sprt && { llr: sprt.llr, lower: sprt.lower, upper: sprt.upper, pairs },
      }),
    );
  }
  results.pairings.forEach((_, pairing) => {
    lines.push(scoreLine(results, pairing), ...eloLines(results, pairing));
  });
  if (settings.sprt && sprt) lines.push(sprtLine(sprt, settings.sprt));
  lines.push(terminationLine(results));
  lines.push(...(await crewLines(store, queue, campaign)));
  return lines;
}

/** What a data campaign has stored, how fast, and the time left at that pace. */
async function dataLines(store: Store, campaign: CampaignRow): Promise<string[]> {
  const settings = campaign.settings as DataCampaignSettings;
  const tally = await dataTally(store, campaign.id);
  const perGame = tally.games > 0 ? tally.positions / tally.games : 0;
  const lines = [
    `Self-play: ${settings.names[0]} (${formatBuild(settings.builds[0])}), ${settings.variant}, ` +
      `${settings.nodes} nodes a move, openings ${settings.openingsFile} + ${settings.randomPlies} random plies, seed ${settings.seed}`,
    `Games: ${tally.games} of ${settings.games}; positions ${tally.positions} ` +
      `(${perGame.toFixed(1)} a game, ${tally.plies} plies played), ${tally.positionsPerSecond.toFixed(2)} positions/s lately`,
  ];
  if (campaign.state === 'running' && tally.positionsPerSecond > 0 && perGame > 0) {
    const left = ((settings.games - tally.games) * perGame) / tally.positionsPerSecond / 60;
    lines.push(`Time left at this pace: about ${formatMinutes(left)}`);
  }
  return lines;
}

/** Failed jobs shown at most; the rest are counted. */
const FAILED_SHOWN = 10;

/**
 * The jobs that used up their tries and still miss games or counts (a job whose lease
 * lapsed in an outage may have been finished by its worker all the same), with why, and
 * one line per worker.
 */
async function crewLines(store: Store, queue: JobQueue, campaign: CampaignRow): Promise<string[]> {
  const lines: string[] = [];
  const missing = await missingIndexes(store, campaign);
  const failed = (await queue.failed(campaign.id)).filter(({ range }) => {
    for (let index = range.from; index < range.to; index++) if (missing.has(index)) return true;
    return false;
  });
  if (failed.length > 0) {
    const tries =
      campaign.kind === 'perft'
        ? DEFAULT_TRIES
        : ((campaign.settings as GamesCampaignSettings | DataCampaignSettings).tries ?? DEFAULT_TRIES); // prettier-ignore
    const what = { perft: 'subtrees', games: 'game pairs', data: 'games' }[campaign.kind];
    lines.push(
      `Failed jobs: ${failed.length}, each after ${tries} ${tries === 1 ? 'try' : 'tries'} ` +
        `(tama campaign resume ${campaign.id} queues them again once stopped):`,
    );
    for (const job of failed.slice(0, FAILED_SHOWN)) {
      const { from, to } = job.range;
      const range = to - from === 1 ? `${from + 1}` : `${from + 1}-${to}`;
      lines.push(`  ${what} ${range}: ${job.why}`);
    }
    if (failed.length > FAILED_SHOWN) lines.push(`  ... and ${failed.length - FAILED_SHOWN} more`);
  }
  const refusals = await store.refusals(campaign.id);
  if (refusals.length > 0) {
    lines.push(`Refused by ${refusals.length} worker${refusals.length > 1 ? 's' : ''}:`);
    for (const refusal of refusals.slice(0, FAILED_SHOWN)) {
      lines.push(`  ${refusal.worker}: ${refusal.reason}`);
    }
    if (refusals.length > FAILED_SHOWN) lines.push(`  ... and ${refusals.length - FAILED_SHOWN} more`); // prettier-ignore
  }
  const workers = await store.workers(campaign.id);
  if (workers.length === 0) return [...lines, 'Workers: none'];
  lines.push('Workers:');
  for (const worker of workers) {
    const doing = worker.playingHere ? 'playing this campaign' : 'not on this campaign now';
    const silent = worker.lastSeenSeconds > WORKER_ALIVE_SECONDS ? ' (silent: lost?)' : '';
    const seen =
      worker.lastSeenSeconds < 60
        ? `${Math.max(0, Math.round(worker.lastSeenSeconds))} s ago`
        : `${formatMinutes(worker.lastSeenSeconds / 60)} ago`;
    lines.push(
      `  ${worker.host} pid ${worker.pid} (${worker.concurrency} lane${worker.concurrency > 1 ? 's' : ''}): ` +
        `${doing}; ${worker.jobs} jobs and ${worker.games} games done, ` +
        `${worker.gamesHere} of them here; last seen ${seen}${silent}`,
    );
  }
  return lines;
}

/** The results of a games campaign as one JSON-ready object (`tama campaign export --json`). */
export function resultsJson(campaign: CampaignRow, games: readonly GameRow[]): unknown {
  const settings = campaign.settings as GamesCampaignSettings;
  const results = resultsOf(settings, games);
  const number = (value: number) => (Number.isFinite(value) ? value : null);
  return {
    id: campaign.id,
    name: campaign.name,
    state: campaign.state,
    decision: campaign.decision,
    createdAt: campaign.createdAt,
    finishedAt: campaign.finishedAt,
    engines: settings.names.map((name, i) => ({
      name,
      command: [settings.engines[i].command.program, ...settings.engines[i].command.args],
      idName: settings.builds[i].name,
      benchSignature: settings.builds[i].signature,
    })),
    games: games.length,
    pairings: results.pairings.map(([first, second], pairing) => {
      const pairs = results.pairCounts(pairing);
      const estimate = pentanomialElo(pairs);
      return {
        first: settings.names[first],
        second: settings.names[second],
        ...results.pairingCounts(pairing),
        pentanomial: pairs,
        elo: number(estimate.elo),
        eloLow: number(estimate.eloLow),
        eloHigh: number(estimate.eloHigh),
        los: estimate.los,
      };
    }),
    sprt: settings.sprt ? { ...settings.sprt, ...sprtState(results, settings.sprt) } : undefined,
    results: games.map((game) => ({
      number: game.number,
      white: settings.names[game.white],
      black: settings.names[game.black],
      result: game.result,
      termination: game.termination,
      reason: game.reason,
      worker: game.worker,
    })),
  };
}
