/**
 * Runs a whole match: loads the openings, starts every engine once to check it and learn
 * its name, then plays the schedule with up to `concurrency` games at once, each game
 * borrowing one process of each of its engines. Every finished game is counted, appended to
 * the PDN file and reported; the SPRT, when set, stops the match once it decides, and the
 * caller's abort signal (Ctrl-C) stops it at once. Unfinished games are neither counted nor
 * written. The final report is printed in every case.
 */
import { appendFileSync } from 'node:fs';
import { fail, ok, type Result } from '../core/result.js';
import { BLACK, WHITE, type Color, type VariantName } from '../core/variant.js';
import { EnginePool, type EngineSettings } from './engine-pool.js';
import type { EngineProcess, TrafficLog } from './engine-process.js';
import {
  forfeitBeforeStart,
  playGame,
  type GamePlayer,
  type GameRecord,
  type GameRules,
} from './game.js';
import { loadOpenings, OpeningSequence, START_OPENING, type OpeningOrder } from './openings.js';
import { formatPdnGame } from './pdn.js';
import {
  eloLines,
  finalReport,
  finishedLine,
  scoreLine,
  sprtLine,
  sprtState,
  type SprtSettings,
  type SprtState,
} from './report.js';
import { MatchResults } from './results.js';
import { buildSchedule, pairingsOf, type ScheduledGame, type TournamentKind } from './schedule.js';
import { formatLimits } from './time-control.js';

export interface OpeningsSettings {
  readonly file: string;
  readonly order: OpeningOrder;
  readonly seed: number;
  /** Keep only this many moves of move-sequence openings. */
  readonly plies?: number;
  /** The 1-based opening to begin with. */
  readonly start: number;
}

export interface MatchConfig {
  readonly engines: readonly EngineSettings[];
  readonly variant: VariantName;
  readonly tournament: TournamentKind;
  readonly gamesPerPairing: number;
  readonly concurrency: number;
  readonly openings?: OpeningsSettings;
  readonly pdnOut?: string;
  readonly rules: GameRules;
  readonly sprt?: SprtSettings;
  readonly event: string;
  /** Print the Elo block every this many games (0: only at the end). */
  readonly ratingInterval: number;
}

export interface MatchIo {
  print: (line: string) => void;
  warn: (line: string) => void;
  /** Receives all engine traffic (for --debug). */
  readonly log?: TrafficLog;
  /** Aborting stops the match (Ctrl-C). */
  readonly signal?: AbortSignal;
}

export interface FinishedGame {
  readonly game: ScheduledGame;
  readonly record: GameRecord;
}

export interface MatchSummary {
  readonly names: readonly string[];
  readonly results: MatchResults;
  /** Finished games in the order they finished. */
  readonly games: readonly FinishedGame[];
  /** Why the match ended early, if it did. */
  readonly stopped?: 'interrupted' | 'sprt';
  readonly sprt?: SprtState;
  /** Engine processes started per engine (1 + restarts, more with concurrency). */
  readonly processesStarted: readonly number[];
}

export type MatchErrorCode = 'openings' | 'engine-start' | 'pdn';

const PROCESS_FAILURES = new Set(['stall', 'crash', 'disconnect']);

/** Gives every name a distinct spelling by numbering repeats: A, A-2, A-3. */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name}-${count}`;
  });
}

/** Plays the match described by `config`; fails only when it cannot begin. */
export async function runMatch(
  config: MatchConfig,
  io: MatchIo,
): Promise<Result<MatchSummary, MatchErrorCode>> {
  let sequence = new OpeningSequence([START_OPENING]);
  if (config.openings) {
    const { file, order, seed, plies, start } = config.openings;
    const loaded = loadOpenings(file, config.variant, plies);
    if (!loaded.ok) return fail('openings', loaded.error.message);
    sequence = new OpeningSequence(loaded.value, order, seed, start);
  }
  const pairsPerPairing = Math.ceil(config.gamesPerPairing / 2);
  if (pairsPerPairing > sequence.size) {
    io.warn(
      `warning: ${config.gamesPerPairing} games per pairing from ${sequence.size} opening(s): ` +
        'openings repeat with the same colours, and engines limited by depth or nodes will ' +
        'play identical games (give more openings with --openings file=...)',
    );
  }
  if (config.pdnOut !== undefined) {
    try {
      appendFileSync(config.pdnOut, '');
    } catch (error) {
      return fail('pdn', `cannot write '${config.pdnOut}': ${(error as Error).message}`);
    }
  }

  const pools = config.engines.map(
    (settings, i) =>
      new EnginePool(settings, config.variant, settings.name ?? `engine${i + 1}`, io.log, io.warn),
  );
  const closeAll = () => Promise.all(pools.map((pool) => pool.close()));
  const firsts = await Promise.all(pools.map((pool) => pool.acquire()));
  const broken = firsts.findIndex((acquired) => !acquired.ok);
  if (broken >= 0) {
    firsts.forEach((acquired, i) => {
      if (acquired.ok) pools[i].release(acquired.value, true);
    });
    await closeAll();
    const acquired = firsts[broken];
    const command = config.engines[broken].command;
    const engine = `engine ${broken + 1} (${[command.program, ...command.args].join(' ')})`;
    if (!acquired.ok && acquired.refused !== undefined) {
      return fail('engine-start', `${engine} refused its settings: ${acquired.refused}`);
    }
    const reason = acquired.ok ? '' : `${acquired.failure.kind}: ${acquired.failure.message}`;
    return fail('engine-start', `${engine} did not start: ${reason}`);
  }
  firsts.forEach((acquired, i) => {
    if (acquired.ok) pools[i].release(acquired.value, true);
  });

  const names = distinctNames(pools.map((pool) => pool.displayName));
  const pairings = pairingsOf(names.length, config.tournament);
  const schedule = buildSchedule(names.length, config.tournament, config.gamesPerPairing);
  const results = new MatchResults(names, pairings);
  const finished: FinishedGame[] = [];
  const controls = config.engines.map((engine) => formatLimits(engine.limits));
  io.print(
    `Match: ${names.join(', ')}; ${config.tournament}, ${schedule.length} games, ` +
      `variant ${config.variant}, ${sequence.size} opening(s), concurrency ${config.concurrency}`,
  );
  const sameControl = controls.every((control) => control === controls[0]);
  io.print(
    `Time control: ${sameControl ? controls[0] : names.map((name, i) => `${name} ${controls[i]}`).join(', ')}`,
  );

  const stop = new AbortController();
  let stopped: 'interrupted' | 'sprt' | undefined;
  let sprt: SprtState | undefined;
  const onAbort = () => {
    stopped ??= 'interrupted';
    stop.abort();
  };
  if (io.signal?.aborted) onAbort();
  io.signal?.addEventListener('abort', onAbort);

  const playScheduled = async (game: ScheduledGame): Promise<GameRecord> => {
    const opening = sequence.at(game.pairNumber);
    const sides = [pools[game.white], pools[game.black]] as const;
    const [white, black] = await Promise.all(sides.map((pool) => pool.acquire()));
    if (!white.ok) {
      if (black.ok) sides[BLACK].release(black.value, true);
      return forfeitBeforeStart(opening, config.variant, WHITE, white.failure);
    }
    if (!black.ok) {
      sides[WHITE].release(white.value, true);
      return forfeitBeforeStart(opening, config.variant, BLACK, black.failure);
    }
    const player = (pool: EnginePool, process: EngineProcess): GamePlayer => ({
      process,
      limits: pool.settings.limits,
      timeMarginMs: pool.settings.timeMarginMs,
      stallMs: pool.settings.stallMs,
    });
    const record = await playGame({
      variant: config.variant,
      opening,
      white: player(sides[WHITE], white.value),
      black: player(sides[BLACK], black.value),
      rules: config.rules,
      signal: stop.signal,
    });
    // A process that crashed, stalled or left is dropped; the next game starts a new one.
    const keep = (color: Color) =>
      !(record.forfeitedBy === color && PROCESS_FAILURES.has(record.termination));
    sides[WHITE].release(white.value, keep(WHITE));
    sides[BLACK].release(black.value, keep(BLACK));
    return record;
  };

  let pdnWarned = false;
  const recordGame = (game: ScheduledGame, record: GameRecord, date: Date) => {
    results.add(game, record);
    finished.push({ game, record });
    if (config.pdnOut !== undefined) {
      const header = {
        event: config.event,
        date,
        round: String(game.number),
        white: names[game.white],
        black: names[game.black],
        variant: config.variant,
        whiteTimeControl: controls[game.white],
        blackTimeControl: controls[game.black],
      };
      try {
        appendFileSync(config.pdnOut, formatPdnGame(header, record));
      } catch (error) {
        if (!pdnWarned) io.warn(`warning: cannot write the PDN file: ${(error as Error).message}`);
        pdnWarned = true;
      }
    }
    io.print(finishedLine(game, names, record));
    io.print(scoreLine(results, game.pairing));
    const due = config.ratingInterval > 0 && results.games % config.ratingInterval === 0;
    if (due) for (const line of eloLines(results, game.pairing)) io.print(line);
    if (config.sprt) {
      sprt = sprtState(results, config.sprt);
      if (due || sprt.decision !== 'continue') io.print(sprtLine(sprt, config.sprt));
      if (sprt.decision !== 'continue' && !stop.signal.aborted) {
        stopped = 'sprt';
        stop.abort();
      }
    }
  };

  let next = 0;
  const worker = async () => {
    while (!stop.signal.aborted && next < schedule.length) {
      const game = schedule[next++];
      const date = new Date();
      const record = await playScheduled(game);
      if (record.result !== 'none') recordGame(game, record, date);
    }
  };
  const workers = Math.max(1, Math.min(config.concurrency, schedule.length));
  await Promise.all(Array.from({ length: workers }, worker));
  io.signal?.removeEventListener('abort', onAbort);
  await closeAll();

  const why =
    stopped === 'sprt'
      ? `SPRT decided ${sprt?.decision}`
      : stopped === 'interrupted'
        ? 'interrupted'
        : undefined;
  for (const line of finalReport(results, config.sprt, why)) io.print(line);
  return ok({
    names,
    results,
    games: finished,
    stopped,
    sprt,
    processesStarted: pools.map((pool) => pool.started),
  });
}
