/**
 * `tama worker`: takes jobs of the running campaigns, plays them and hands back plain
 * records. It owns its engine processes (one pool per engine of each campaign, shared by
 * its lanes) and checks, before its first job of a campaign, that its engines are the
 * builds the campaign recorded; it refuses the jobs of a campaign whose builds differ.
 * `concurrency` lanes each play one job at a time, one game at a time. A slot's games are
 * stored together once both are over (a data campaign's game with its training positions);
 * the aggregator then decides whether the campaign is done. A first Ctrl-C lets the jobs in play finish; a second (or SIGTERM) gives them back.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { parseMove } from '../core/notation.js';
import { Position } from '../core/position.js';
import { BLACK, WHITE, type Color, type VariantName } from '../core/variant.js';
import { EnginePool } from '../engine-client/engine-pool.js';
import type { EngineProcess } from '../engine-client/engine-process.js';
import { forfeitBeforeStart, playGame, type GamePlayer, type GameRecord } from '../match/game.js';
import { OpeningSequence } from '../match/openings.js';
import { formatPdnGame } from '../pdn/pdn.js';
import { outcomeFor } from '../match/results.js';
import type { ScheduledGame } from '../match/schedule.js';
import { gamePoints } from '../stats/stats.js';
import { formatLimits } from '../clock/time-control.js';
import { settleCampaign, stopIfStuck } from './aggregate.js';
import { engineRefusal, type AllowList } from './allow.js';
import { buildDifference, probeEngine } from './builds.js';
import { dataOpening, trainingPositions } from './data.js';
import { insertDataGame, storedDataGames } from './data-store.js';
import { LEASE_REFRESH_MS, type HeldJob, type JobQueue } from './queue.js';
import {
  campaignSlots,
  type DataCampaignSettings,
  type GamesCampaignSettings,
  type PerftCampaignSettings,
} from './settings.js';
import type { CampaignRow, GameRow, Store } from './store.js';

export interface WorkerOptions {
  readonly concurrency: number;
  /** The engines this worker may run (allow.ts); a campaign with any other is refused. */
  readonly allow: AllowList;
  /** The folder engine commands run in (the worker's own). */
  readonly folder: string;
  /** Seconds between looks for new jobs when there are none. */
  readonly pollSeconds: number;
}

export interface WorkerIo {
  print(line: string): void;
  warn(line: string): void;
  /** Aborted: take no new job (first Ctrl-C). */
  readonly finish: AbortSignal;
  /** Aborted: give the jobs in play back at once (second Ctrl-C, SIGTERM). */
  readonly giveBack: AbortSignal;
  /** Counts perft leaves off the main thread, so that leases keep being renewed. */
  countPerft(fen: string, variant: VariantName, depth: number): Promise<number>;
}

const PROCESS_FAILURES = new Set(['stall', 'crash', 'disconnect']);
const REPORT_MS = 5000;

/** How a job's play ended: played to its end, stopped by the worker, or a failed try. */
type JobEnd =
  | { readonly kind: 'done' }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly why: string };
const DONE: JobEnd = { kind: 'done' };
const STOPPED: JobEnd = { kind: 'stopped' };

interface GamesContext {
  readonly kind: 'games';
  readonly settings: GamesCampaignSettings;
  readonly pools: readonly EnginePool[];
  readonly slots: readonly (readonly ScheduledGame[])[];
  readonly openings: OpeningSequence;
  readonly controls: readonly string[];
}

/** A data campaign's engine: one pool whose processes play both sides of a game. */
interface DataContext {
  readonly kind: 'data';
  readonly settings: DataCampaignSettings;
  readonly pools: readonly [EnginePool];
}

type Context =
  GamesContext | DataContext | { readonly kind: 'perft' } | { readonly kind: 'refused' };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** Runs the worker until Ctrl-C; returns the number of jobs it completed. */
export async function runWorker(
  store: Store,
  queue: JobQueue,
  options: WorkerOptions,
  io: WorkerIo,
): Promise<number> {
  const id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const contexts = new Map<number, Promise<Context>>();
  const playing = new Map<string, number>();
  /** Jobs completed and games stored, for the status. */
  const done = { jobs: 0, games: 0 };

  // A report that fails is said once, not every few seconds while the server is away.
  let reportFailing = false;
  const report = async () => {
    try {
      const campaigns = [...new Set(playing.values())];
      await store.reportWorker(id, hostname(), process.pid, options.concurrency, campaigns, done);
      reportFailing = false;
    } catch (error) {
      if (!reportFailing) io.warn(`warning: cannot report to the database: ${(error as Error).message}`); // prettier-ignore
      reportFailing = true;
    }
  };
  await report();
  const reporter = setInterval(() => void report(), REPORT_MS);
  io.print(`Worker ${id}: ${options.concurrency} lane(s), waiting for jobs`);

  const contextOf = (campaign: CampaignRow): Promise<Context> => {
    let context = contexts.get(campaign.id);
    if (context === undefined) {
      context = prepare(campaign, options, io, (reason) =>
        store.recordRefusal(campaign.id, id, hostname(), reason).catch((error: Error) => {
          io.warn(`warning: cannot record the refusal of campaign ${campaign.id}: ${error.message}`); // prettier-ignore
        }),
      );
      contexts.set(campaign.id, context);
    }
    return context;
  };

  const take = async (): Promise<{ job: HeldJob; campaign: CampaignRow } | undefined> => {
    for (const campaign of await store.runningCampaigns()) {
      if ((await contextOf(campaign)).kind === 'refused') continue;
      const job = await queue.take(campaign.id);
      if (job !== undefined) return { job, campaign };
    }
    return undefined;
  };

  const lane = async () => {
    while (!io.finish.aborted) {
      let taken;
      try {
        taken = await take();
      } catch (error) {
        io.warn(`warning: cannot take a job: ${(error as Error).message}`);
      }
      if (taken === undefined) {
        await sleep(options.pollSeconds * 1000, io.finish);
        continue;
      }
      const { job, campaign } = taken;
      playing.set(job.id, campaign.id);
      void report();
      const lease = setInterval(() => {
        queue.renew(job).catch(() => {});
      }, LEASE_REFRESH_MS);
      try {
        const context = await contextOf(campaign);
        const end =
          context.kind === 'games'
            ? await playGamesJob(store, queue, campaign, context, job, id, io, done)
            : context.kind === 'data'
              ? await playDataJob(store, queue, campaign, context, job, id, io, done)
              : (await countPerftJob(store, queue, campaign, job, id, io))
                ? DONE
                : STOPPED;
        if (end.kind === 'done') {
          await queue.complete(job);
          done.jobs++;
        } else if (end.kind === 'stopped') await queue.giveBack(job);
        else {
          const left = job.triesLeft === 0 ? 'no tries left' : `${job.triesLeft} ${job.triesLeft === 1 ? 'try' : 'tries'} left`; // prettier-ignore
          io.warn(`warning: campaign ${campaign.id}, ${rangeText(campaign, job)}: a try failed (${left}): ${end.why}`); // prettier-ignore
          await queue.fail(job, end.why);
        }
      } catch (error) {
        io.warn(`warning: job ${job.id} failed: ${(error as Error).message}`);
        await queue.fail(job, (error as Error).message).catch(() => {});
      } finally {
        clearInterval(lease);
        playing.delete(job.id);
        void report();
      }
      await stopIfOver(campaign);
      await retireIfOver(campaign.id);
    }
  };

  // A campaign whose last jobs failed for good stops, instead of waiting for nothing.
  const stopIfOver = async (campaign: CampaignRow) => {
    try {
      if ((await store.campaignState(campaign.id)) !== 'running') return;
      const failed = await stopIfStuck(store, queue, campaign);
      if (failed !== undefined) {
        io.print(
          `Campaign ${campaign.id} stopped: ${failed} job(s) used up their tries ` +
            `(tama campaign status ${campaign.id} says why; tama campaign resume ${campaign.id} queues them again)`,
        );
      }
    } catch (error) {
      io.warn(`warning: cannot check campaign ${campaign.id}: ${(error as Error).message}`);
    }
  };

  // A campaign that no longer runs gives its engine processes back once no lane plays it.
  const retireIfOver = async (campaign: number) => {
    if ([...playing.values()].includes(campaign)) return;
    const state = await store.campaignState(campaign).catch(() => 'running');
    const context = contexts.get(campaign);
    if (state === 'running' || context === undefined) return;
    contexts.delete(campaign);
    const ready = await context;
    if ('pools' in ready) await Promise.all(ready.pools.map((pool) => pool.close()));
  };

  await Promise.all(Array.from({ length: options.concurrency }, lane));
  clearInterval(reporter);
  for (const context of contexts.values()) {
    const ready = await context;
    if ('pools' in ready) await Promise.all(ready.pools.map((pool) => pool.close()));
  }
  await store.removeWorker(id).catch(() => {});
  return done.jobs;
}

/**
 * Checks the engines of a campaign the first time a lane meets it: first that this worker
 * may run their commands at all (before anything is started), then that they are the
 * builds the campaign recorded. A refusal is printed and handed to `refuse` to be stored.
 */
async function prepare(
  campaign: CampaignRow,
  options: WorkerOptions,
  io: WorkerIo,
  refuse: (reason: string) => Promise<void>,
): Promise<Context> {
  if (campaign.kind === 'perft') return { kind: 'perft' };
  // A data campaign records its one engine as a match does, so both are checked alike.
  const settings = campaign.settings as GamesCampaignSettings | DataCampaignSettings;
  const refused = async (reason: string): Promise<Context> => {
    io.warn(`error: campaign ${campaign.id}: refusing its jobs: ${reason}`);
    await refuse(reason);
    return { kind: 'refused' };
  };
  for (let i = 0; i < settings.engines.length; i++) {
    const label = `engine ${i + 1} (${settings.names[i]})`;
    const why = engineRefusal(settings.engines[i].command, options.allow, options.folder);
    if (why !== undefined) return refused(`${label}: ${why}`);
  }
  for (let i = 0; i < settings.engines.length; i++) {
    const label = `engine ${i + 1} (${settings.names[i]})`;
    const probed = await probeEngine(
      settings.engines[i],
      settings.variant,
      settings.benchDepth,
      label,
    );
    const difference = probed.ok
      ? buildDifference(settings.builds[i], probed.value.build)
      : probed.error.message;
    if (difference !== undefined) {
      return refused(`${label} here has ${difference}`);
    }
  }
  io.print(`Campaign ${campaign.id} "${campaign.name}": engines checked, same builds`);
  const warn = (line: string) => io.warn(line);
  if (campaign.kind === 'data') {
    const data = campaign.settings as DataCampaignSettings;
    const pool = new EnginePool(data.engines[0], data.variant, data.names[0], undefined, warn);
    return { kind: 'data', settings: data, pools: [pool] };
  }
  const games = settings as GamesCampaignSettings;
  return {
    kind: 'games',
    settings: games,
    pools: games.engines.map(
      (engine, i) => new EnginePool(engine, games.variant, games.names[i], undefined, warn),
    ),
    slots: campaignSlots(games),
    openings: new OpeningSequence(games.openings),
    controls: settings.engines.map((engine) => formatLimits(engine.limits)),
  };
}

/**
 * Plays a job's slots to their end (or the campaign's). A slot whose every game was lost to
 * an engine failure (a crash, a stall, an engine that left or would not start) is not
 * stored: the job's try fails with the first game's reason.
 */
async function playGamesJob(
  store: Store,
  queue: JobQueue,
  campaign: CampaignRow,
  context: GamesContext,
  job: HeldJob,
  worker: string,
  io: WorkerIo,
  done: { games: number },
): Promise<JobEnd> {
  const stored = await store.storedSlots(campaign.id);
  for (let slot = job.range.from; slot < job.range.to; slot++) {
    if (stored.has(slot)) continue;
    if (io.giveBack.aborted) return STOPPED;
    // A server away for now does not stop the play: the games wait to be stored.
    const state = await store.campaignState(campaign.id).catch(() => 'running');
    if (state !== 'running') return DONE;
    const rows: GameRow[] = [];
    const records: GameRecord[] = [];
    for (const game of context.slots[slot]) {
      const date = new Date();
      const record = await playScheduled(context, game, io.giveBack);
      if (record.result === 'none') return STOPPED;
      records.push(record);
      rows.push(gameRow(context, game, slot, record, date, worker));
    }
    if (records.every(lostToEngineFailure)) {
      const games = `game${rows.length > 1 ? 's' : ''} ${rows.map((row) => row.number).join(' and ')}`;
      return { kind: 'failed', why: `${games} lost to engine failures: ${records[0].reason}` };
    }
    const games = `games ${rows.map((row) => row.number).join(' and ')} of campaign ${campaign.id}`;
    const inserted = await storeWhenPossible(() => store.insertSlot(campaign.id, rows), games, io);
    if (inserted === undefined) return STOPPED;
    if (inserted) {
      done.games += rows.length;
      const decision = await settleCampaign(store, queue, campaign);
      if (decision !== undefined) io.print(`Campaign ${campaign.id} finished: ${decision}`);
    }
  }
  return DONE;
}

/** SQLSTATE classes of a server that is away or going: the statement may work later. */
const TRANSIENT_SQLSTATE = /^(08|53|57P)/;

/**
 * Whether a database error says the server cannot be reached for now (a refused or dropped
 * connection, a server shutting down), not that the statement or the code is wrong.
 */
function transient(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    return /^[0-9A-Z]{5}$/.test(code) ? TRANSIENT_SQLSTATE.test(code) : code.startsWith('E');
  }
  return typeof message === 'string' && /connection|terminat|timeout/i.test(message);
}

/** How often a worker tries again to store games while the server is away. */
const STORE_RETRY_MS = 1000;

/**
 * Stores what a worker played (`insert`: a slot's games, a data game and its positions);
 * while the server is away it is kept and the insert is tried again every second until it
 * is back. False when it had been stored already, undefined when the worker gave its jobs
 * back first.
 */
async function storeWhenPossible(
  insert: () => Promise<boolean>,
  games: string,
  io: WorkerIo,
): Promise<boolean | undefined> {
  for (let tries = 0; ; tries++) {
    try {
      const stored = await insert();
      if (tries > 0) io.print(`Stored ${games} now that the database answers again`);
      return stored;
    } catch (error) {
      if (!transient(error)) throw error;
      if (io.giveBack.aborted) return undefined;
      if (tries === 0) io.warn(`warning: cannot store ${games} yet (${(error as Error).message}); trying again every second`); // prettier-ignore
      await sleep(STORE_RETRY_MS, io.giveBack);
    }
  }
}

/** Whether a game ended because an engine process failed (not by a move or a clock). */
const lostToEngineFailure = (record: GameRecord) =>
  record.forfeitedBy !== undefined && PROCESS_FAILURES.has(record.termination);

/** `game pairs 3-4` or `subtrees 10-19` (1-based, as people count). */
function rangeText(campaign: CampaignRow, job: HeldJob): string {
  const what = { perft: 'subtrees', games: 'game pairs', data: 'games' }[campaign.kind];
  const { from, to } = job.range;
  return to - from === 1 ? `${what} ${from + 1}` : `${what} ${from + 1}-${to}`;
}

function gameRow(
  context: GamesContext,
  game: ScheduledGame,
  slot: number,
  record: GameRecord,
  date: Date,
  worker: string,
): GameRow {
  const { settings, controls } = context;
  const first: Color = game.gameInPair === 0 ? WHITE : BLACK;
  const pdn = formatPdnGame(
    {
      event: settings.event,
      date,
      round: String(game.number),
      white: settings.names[game.white],
      black: settings.names[game.black],
      variant: settings.variant,
      whiteTimeControl: controls[game.white],
      blackTimeControl: controls[game.black],
    },
    record,
  );
  return {
    number: game.number,
    slot,
    pairing: game.pairing,
    pairNumber: game.pairNumber,
    gameInPair: game.gameInPair,
    white: game.white,
    black: game.black,
    result: record.result as GameRow['result'],
    termination: record.termination,
    forfeitedBy: record.forfeitedBy ?? null,
    reason: record.reason,
    firstPoints: gamePoints(outcomeFor(record, first)),
    pdn,
    worker,
  };
}

/** One game of the schedule with a process of each engine from the worker's pools. */
async function playScheduled(
  context: GamesContext,
  game: ScheduledGame,
  signal: AbortSignal,
): Promise<GameRecord> {
  const { settings, pools } = context;
  const opening = context.openings.at(game.pairNumber);
  const sides = [pools[game.white], pools[game.black]] as const;
  const acquired = await Promise.all(sides.map((pool) => pool.acquire()));
  for (const color of [WHITE, BLACK] as const) {
    const mine = acquired[color];
    if (mine.ok) continue;
    const other = acquired[1 - color];
    if (other.ok) sides[1 - color].release(other.value, true);
    return forfeitBeforeStart(opening, settings.variant, color, mine.error);
  }
  const processes = acquired.map((entry) => (entry.ok ? entry.value : undefined)) as [
    EngineProcess,
    EngineProcess,
  ];
  const player = (color: Color): GamePlayer => ({
    process: processes[color],
    limits: sides[color].settings.limits,
    timeMarginMs: sides[color].settings.timeMarginMs,
    stallMs: sides[color].settings.stallMs,
  });
  const record = await playGame({
    variant: settings.variant,
    opening,
    white: player(WHITE),
    black: player(BLACK),
    rules: settings.rules,
    signal,
  });
  for (const color of [WHITE, BLACK] as const) {
    const failed = record.forfeitedBy === color && lostToEngineFailure(record);
    sides[color].release(processes[color], !failed);
  }
  return record;
}

/**
 * Plays a data job's games not stored yet, each by one engine process on both sides, and
 * stores each game with its training positions. A game lost to an engine failure fails
 * the job's try, as in a games campaign; a game another forfeit ended (an illegal move) is
 * stored without positions, its result being no verdict on the position.
 */
async function playDataJob(
  store: Store,
  queue: JobQueue,
  campaign: CampaignRow,
  context: DataContext,
  job: HeldJob,
  worker: string,
  io: WorkerIo,
  done: { games: number },
): Promise<JobEnd> {
  const { settings } = context;
  const [pool] = context.pools;
  const stored = await storedDataGames(store, campaign.id);
  for (let number = job.range.from; number < job.range.to; number++) {
    if (stored.has(number)) continue;
    if (io.giveBack.aborted) return STOPPED;
    const state = await store.campaignState(campaign.id).catch(() => 'running');
    if (state !== 'running') return DONE;
    const opening = dataOpening(settings, number);
    const acquired = await pool.acquire();
    if (!acquired.ok) return { kind: 'failed', why: `game ${number + 1}: ${acquired.error.message}` }; // prettier-ignore
    const player: GamePlayer = {
      process: acquired.value,
      limits: pool.settings.limits,
      timeMarginMs: pool.settings.timeMarginMs,
      stallMs: pool.settings.stallMs,
    };
    const record = await playGame({
      variant: settings.variant,
      opening,
      white: player,
      black: player,
      rules: settings.rules,
      signal: io.giveBack,
    });
    pool.release(acquired.value, !lostToEngineFailure(record));
    if (record.result === 'none') return STOPPED;
    if (lostToEngineFailure(record)) return { kind: 'failed', why: `game ${number + 1} lost to an engine failure: ${record.reason}` }; // prettier-ignore
    const positions = record.forfeitedBy === undefined ? trainingPositions(record, settings.variant) : []; // prettier-ignore
    const row = {
      number,
      result: record.result,
      termination: record.termination,
      plies: record.moves.length,
      worker,
    };
    const inserted = await storeWhenPossible(
      () => insertDataGame(store, campaign.id, row, positions),
      `game ${number + 1} of campaign ${campaign.id}`,
      io,
    );
    if (inserted === undefined) return STOPPED;
    if (inserted) {
      done.games++;
      const decision = await settleCampaign(store, queue, campaign);
      if (decision !== undefined) io.print(`Campaign ${campaign.id} finished: every game played`);
    }
  }
  return DONE;
}

/** Counts a job's open subtrees; true when all were counted. */
async function countPerftJob(
  store: Store,
  queue: JobQueue,
  campaign: CampaignRow,
  job: HeldJob,
  worker: string,
  io: WorkerIo,
): Promise<boolean> {
  const settings = campaign.settings as PerftCampaignSettings;
  const open = await store.openSubtrees(campaign.id, job.range.from, job.range.to);
  for (const subtree of open) {
    if (io.giveBack.aborted) return false;
    const position = subtreeRoot(settings, subtree.moves);
    const nodes = await io.countPerft(
      position.toString(),
      settings.variant,
      settings.depth - settings.split,
    );
    await store.recordSubtree(campaign.id, subtree.index, nodes, worker);
  }
  const decision = await settleCampaign(store, queue, campaign);
  if (decision !== undefined) io.print(`Perft campaign ${campaign.id}: every subtree counted`);
  return true;
}

/** The position at the root of a subtree: the campaign's root after the subtree's moves. */
export function subtreeRoot(settings: PerftCampaignSettings, moves: string): Position {
  const parsed = Position.parse(settings.fen, settings.variant);
  if (!parsed.ok) throw new Error(`perft campaign position: ${parsed.error.message}`);
  const position = parsed.value;
  for (const text of moves === '' ? [] : moves.split(' ')) {
    const move = parseMove(position, text);
    if (!move.ok) throw new Error(`perft subtree move '${text}': ${move.error.message}`);
    position.play(move.value.move, move.value.capturedLo, move.value.capturedHi);
  }
  return position;
}
