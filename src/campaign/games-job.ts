/**
 * A games campaign's job: a range of slots (game pairs) of the schedule, each played with a
 * process of each engine from the worker's pools and stored whole once both games are over.
 */
import { BLACK, WHITE, type Color } from '../core/variant.js';
import { EnginePool } from '../engine-client/engine-pool.js';
import type { EngineProcess } from '../engine-client/engine-process.js';
import { forfeitBeforeStart, playGame, type GamePlayer, type GameRecord } from '../match/game.js';
import { OpeningSequence } from '../match/openings.js';
import { outcomeFor } from '../match/results.js';
import type { ScheduledGame } from '../match/schedule.js';
import { formatPdnGame } from '../pdn/pdn.js';
import { gamePoints } from '../stats/stats.js';
import { formatLimits } from '../clock/time-control.js';
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
import { campaignSlots, type GamesCampaignSettings } from './settings.js';
import type { GameRow } from './store.js';

/** What a worker keeps of a games campaign between its jobs: a pool per engine. */
export interface GamesContext {
  readonly kind: 'games';
  readonly settings: GamesCampaignSettings;
  readonly pools: readonly EnginePool[];
  readonly slots: readonly (readonly ScheduledGame[])[];
  readonly openings: OpeningSequence;
  readonly controls: readonly string[];
}

/** A games campaign's context once its engines were checked. */
export function gamesContext(
  settings: GamesCampaignSettings,
  warn: (line: string) => void,
): GamesContext {
  return {
    kind: 'games',
    settings,
    pools: settings.engines.map(
      (engine, i) => new EnginePool(engine, settings.variant, settings.names[i], undefined, warn),
    ),
    slots: campaignSlots(settings),
    openings: new OpeningSequence(settings.openings),
    controls: settings.engines.map((engine) => formatLimits(engine.limits)),
  };
}

/**
 * Plays a job's slots to their end (or the campaign's). A slot whose every game was lost to
 * an engine failure (a crash, a stall, an engine that left or would not start) is not
 * stored: the job's try fails with the first game's reason.
 */
export async function playGamesJob(run: JobRun, context: GamesContext): Promise<JobEnd> {
  const { store, campaign, job, io } = run;
  const stored = await whenReachable(
    () => store.storedSlots(campaign.id),
    `read the stored games of campaign ${campaign.id}`,
    io,
  );
  if (stored === undefined) return STOPPED;
  const finished = (decision: string) => `Campaign ${campaign.id} finished: ${decision}`;
  for (let slot = job.range.from; slot < job.range.to; slot++) {
    if (stored.has(slot)) continue;
    if (io.giveBack.aborted) return STOPPED;
    // A server away for now does not stop the play: the games wait to be stored.
    if (!(await stillRunning(run))) return DONE;
    const rows: GameRow[] = [];
    const records: GameRecord[] = [];
    for (const game of context.slots[slot]) {
      const date = new Date();
      const record = await playScheduled(context, game, io.giveBack);
      if (record.result === 'none') return STOPPED;
      records.push(record);
      rows.push(gameRow(context, game, slot, record, date, run.worker));
    }
    if (records.every(lostToEngineFailure)) {
      const games = `game${rows.length > 1 ? 's' : ''} ${rows.map((row) => row.number).join(' and ')}`;
      return { kind: 'failed', why: `${games} lost to engine failures: ${records[0].reason}` };
    }
    const games = `games ${rows.map((row) => row.number).join(' and ')} of campaign ${campaign.id}`;
    const inserted = await storeWhenPossible(() => store.insertSlot(campaign.id, rows), games, io);
    if (inserted === undefined) return STOPPED;
    if (inserted) {
      run.done.games += rows.length;
      await settle(run, finished);
    }
  }
  await settle(run, finished);
  return DONE;
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
