/**
 * A data campaign's job: a range of its self-play games, each played by one engine process
 * on both sides and stored with its training positions (data-store.ts).
 */
import { EnginePool } from '../engine-client/engine-pool.js';
import { playGame, type GamePlayer } from '../match/game.js';
import { dataOpening, trainingPositions } from './data.js';
import { insertDataGame, storedDataGames } from './data-store.js';
import {
  DONE,
  STOPPED,
  lostToEngineFailure,
  settle,
  stillRunning,
  storeWhenPossible,
  whenReachable,
  type JobEnd,
  type JobRun,
} from './jobs.js';
import type { DataCampaignSettings } from './settings.js';

/** A data campaign's engine: one pool whose processes play both sides of a game. */
export interface DataContext {
  readonly kind: 'data';
  readonly settings: DataCampaignSettings;
  readonly pools: readonly [EnginePool];
}

/** A data campaign's context once its engine was checked. */
export function dataContext(
  settings: DataCampaignSettings,
  warn: (line: string) => void,
): DataContext {
  const pool = new EnginePool(
    settings.engines[0],
    settings.variant,
    settings.names[0],
    undefined,
    warn,
  );
  return { kind: 'data', settings, pools: [pool] };
}

/**
 * Plays a data job's games not stored yet, each by one engine process on both sides, and
 * stores each game with its training positions. A game lost to an engine failure fails
 * the job's try, as in a games campaign; a game another forfeit ended (an illegal move) is
 * stored without positions, its result being no verdict on the position.
 */
export async function playDataJob(run: JobRun, context: DataContext): Promise<JobEnd> {
  const { store, campaign, job, io } = run;
  const { settings } = context;
  const [pool] = context.pools;
  const stored = await whenReachable(
    () => storedDataGames(store, campaign.id),
    `read the stored games of campaign ${campaign.id}`,
    io,
  );
  if (stored === undefined) return STOPPED;
  const finished = () => `Campaign ${campaign.id} finished: every game played`;
  for (let number = job.range.from; number < job.range.to; number++) {
    if (stored.has(number)) continue;
    if (io.giveBack.aborted) return STOPPED;
    if (!(await stillRunning(run))) return DONE;
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
      worker: run.worker,
    };
    const inserted = await storeWhenPossible(
      () => insertDataGame(store, campaign.id, row, positions),
      `game ${number + 1} of campaign ${campaign.id}`,
      io,
    );
    if (inserted === undefined) return STOPPED;
    if (inserted) {
      run.done.games++;
      await settle(run, finished);
    }
  }
  await settle(run, finished);
  return DONE;
}
