/**
 * What the three job kinds of a worker share (games-job.ts, data-job.ts, perft-job.ts): the
 * job in play with what it needs, how its play ends, and the database calls that wait for
 * a server that is away (restarting) instead of failing the job.
 */
import type { VariantName } from '../core/variant.js';
import type { GameRecord } from '../match/game.js';
import { finishIfDecided, type Decision } from './aggregate.js';
import type { HeldJob, JobQueue } from './queue.js';
import type { CampaignRow, Store } from './store.js';

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

/** A job in play: where it is stored, which campaign it belongs to, who plays it. */
export interface JobRun {
  readonly store: Store;
  readonly queue: JobQueue;
  readonly campaign: CampaignRow;
  readonly job: HeldJob;
  /** The worker's id, stored with what it hands back. */
  readonly worker: string;
  readonly io: WorkerIo;
  /** Games stored by this worker, for its status. */
  readonly done: { games: number };
}

/** How a job's play ended: played to its end, stopped by the worker, or a failed try. */
export type JobEnd =
  | { readonly kind: 'done' }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly why: string };
export const DONE: JobEnd = { kind: 'done' };
export const STOPPED: JobEnd = { kind: 'stopped' };

const PROCESS_FAILURES = new Set(['stall', 'crash', 'disconnect']);

/** Whether a game ended because an engine process failed (not by a move or a clock). */
export const lostToEngineFailure = (record: GameRecord) =>
  record.forfeitedBy !== undefined && PROCESS_FAILURES.has(record.termination);

/** Waits `ms`, or less when `signal` is aborted. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/** SQLSTATE classes of a server that is away or going: the statement may work later. */
const TRANSIENT_SQLSTATE = /^(08|53|57P)/;

/**
 * Whether a database error says the server cannot be reached for now (a refused or dropped
 * connection, a server shutting down or starting up), not that the statement or the code
 * is wrong.
 */
export function transient(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    return /^[0-9A-Z]{5}$/.test(code) ? TRANSIENT_SQLSTATE.test(code) : code.startsWith('E');
  }
  return typeof message === 'string' && /connection|terminat|timeout/i.test(message);
}

/** How often a worker tries a database call again while the server is away. */
const RETRY_MS = 1000;

/**
 * Runs the database call `work`; while the server is away it is tried again every second
 * until the server answers, so that a restart costs the job nothing. `doing` names it in
 * the warning ("store games 1 and 2 of campaign 3"), `again` is printed once it worked
 * after a wait. Undefined when the worker gave its jobs back first; an error that is not
 * the server's absence is thrown.
 */
export async function whenReachable<T>(
  work: () => Promise<T>,
  doing: string,
  io: WorkerIo,
  again?: string,
): Promise<T | undefined> {
  for (let tries = 0; ; tries++) {
    try {
      const value = await work();
      if (tries > 0 && again !== undefined) io.print(again);
      return value;
    } catch (error) {
      if (!transient(error)) throw error;
      if (io.giveBack.aborted) return undefined;
      if (tries === 0) io.warn(`warning: cannot ${doing} yet (${(error as Error).message}); trying again every second`); // prettier-ignore
      await sleep(RETRY_MS, io.giveBack);
    }
  }
}

/**
 * Stores what a job played (`insert`: a slot's games, a data game and its positions),
 * waiting for a server that is away. False when it had been stored already, undefined
 * when the worker gave its jobs back first.
 */
export const storeWhenPossible = (insert: () => Promise<boolean>, games: string, io: WorkerIo) =>
  whenReachable(insert, `store ${games}`, io, `Stored ${games} now that the database answers again`); // prettier-ignore

/**
 * Asks the aggregator whether the job's campaign is over, waiting for a server that is
 * away, and prints `finished(decision)` when this call ended it. A job asks after each
 * result it stored and once more at its end, so a campaign whose last result was stored
 * while the server went away (the answer lost) still finishes.
 */
export async function settle(run: JobRun, finished: (decision: Decision) => string) {
  const { store, queue, campaign, io } = run;
  const doing = `check whether campaign ${campaign.id} is over`;
  const decision = await whenReachable(() => finishIfDecided(store, campaign), doing, io);
  if (decision === undefined) return;
  const drop = `drop the waiting jobs of finished campaign ${campaign.id}`;
  await whenReachable(() => queue.dropWaiting(campaign.id), drop, io);
  io.print(finished(decision));
}

/** The campaign's state, read again before each slot or game; a server away counts as running. */
export const stillRunning = async ({ store, campaign }: JobRun) =>
  (await store.campaignState(campaign.id).catch(() => 'running')) === 'running';
