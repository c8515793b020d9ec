/**
 * Runs a whole match: loads the openings, starts every engine once to check it and learn
 * its name, then plays the schedule with up to `concurrency` games at once (runSchedule),
 * each game borrowing one process of each of its engines (playScheduledGame). Every
 * finished game is counted, appended to the PDN file and reported (MatchTally); the SPRT,
 * when set, stops the match once it decides, and the caller's abort signal (Ctrl-C) stops
 * it at once. Unfinished games are neither counted nor written. The final report is
 * printed in every case.
 */
import { appendFileSync } from 'node:fs';
import { fail, ok, type Result } from '../core/result.js';
import { BLACK, WHITE, type Color, type VariantName } from '../core/variant.js';
import { EnginePool, type EngineSettings } from '../engine-client/engine-pool.js';
import type { EngineProcess, TrafficLog } from '../engine-client/engine-process.js';
import {
  forfeitBeforeStart,
  playGame,
  type GamePlayer,
  type GameRecord,
  type GameRules,
} from './game.js';
import {
  loadOpenings,
  OpeningSequence,
  START_OPENING,
  type Opening,
  type OpeningOrder,
} from './openings.js';
import { formatPdnGame } from '../pdn/pdn.js';
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
import { formatLimits } from '../clock/time-control.js';

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
  /**
   * False: the summary lists no games (its results still count them all), so that a long
   * match does not hold every game's moves until it ends; `tama match` writes its games
   * to the PDN file as they finish and keeps none. Default true.
   */
  readonly keepGames?: boolean;
}

export interface FinishedGame {
  readonly game: ScheduledGame;
  readonly record: GameRecord;
}

export interface MatchSummary {
  readonly names: readonly string[];
  readonly results: MatchResults;
  /** Finished games in the order they finished (none when the io's keepGames is false). */
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
  const sequence = openingSequence(config, io);
  if (!sequence.ok) return sequence;
  if (config.pdnOut !== undefined) {
    try {
      appendFileSync(config.pdnOut, '');
    } catch (error) {
      return fail('pdn', `cannot write '${config.pdnOut}': ${(error as Error).message}`);
    }
  }
  const started = await startEngines(config, io);
  if (!started.ok) return started;
  const pools = started.value;

  const names = distinctNames(pools.map((pool) => pool.displayName));
  const schedule = buildSchedule(names.length, config.tournament, config.gamesPerPairing);
  const tally = new MatchTally(config, names, io);
  io.print(
    `Match: ${names.join(', ')}; ${config.tournament}, ${schedule.length} games, ` +
      `variant ${config.variant}, ${sequence.value.size} opening(s), concurrency ${config.concurrency}`,
  );
  io.print(`Time control: ${tally.describeControls()}`);

  const stop = new AbortController();
  let stopped: 'interrupted' | 'sprt' | undefined;
  const onAbort = () => {
    stopped ??= 'interrupted';
    stop.abort();
  };
  if (io.signal?.aborted) onAbort();
  io.signal?.addEventListener('abort', onAbort);
  await runSchedule(schedule, config.concurrency, stop.signal, async (game) => {
    const date = new Date();
    const opening = sequence.value.at(game.pairNumber);
    const record = await playScheduledGame(config, pools, game, opening, stop.signal);
    if (record.result === 'none') return; // unfinished: neither counted nor written
    if (tally.record(game, record, date) && !stop.signal.aborted) {
      stopped = 'sprt';
      stop.abort();
    }
  });
  io.signal?.removeEventListener('abort', onAbort);
  await Promise.all(pools.map((pool) => pool.close()));

  const sprt = tally.sprt;
  const why = stopped === 'sprt' ? `SPRT decided ${sprt?.decision}` : stopped;
  for (const line of finalReport(tally.results, config.sprt, why)) io.print(line);
  return ok({
    names,
    results: tally.results,
    games: tally.finished,
    stopped,
    sprt,
    processesStarted: pools.map((pool) => pool.started),
  });
}

/** The openings of the match (the start position when none are given), with a warning when they repeat. */
function openingSequence(
  config: MatchConfig,
  io: MatchIo,
): Result<OpeningSequence, MatchErrorCode> {
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
  return ok(sequence);
}

/**
 * A pool per engine, each engine started once to check it and learn its name; when one
 * cannot start (or refuses its settings), every pool is closed and the error says which.
 */
async function startEngines(
  config: MatchConfig,
  io: MatchIo,
): Promise<Result<EnginePool[], MatchErrorCode>> {
  const pools = config.engines.map(
    (settings, i) =>
      new EnginePool(settings, config.variant, settings.name ?? `engine${i + 1}`, io.log, io.warn),
  );
  const firsts = await Promise.all(pools.map((pool) => pool.acquire()));
  firsts.forEach((acquired, i) => {
    if (acquired.ok) pools[i].release(acquired.value, true);
  });
  const broken = firsts.findIndex((acquired) => !acquired.ok);
  if (broken < 0) return ok(pools);
  await Promise.all(pools.map((pool) => pool.close()));
  const acquired = firsts[broken];
  const command = config.engines[broken].command;
  const engine = `engine ${broken + 1} (${[command.program, ...command.args].join(' ')})`;
  if (!acquired.ok && acquired.refused !== undefined) {
    return fail('engine-start', `${engine} refused its settings: ${acquired.refused}`);
  }
  const reason = acquired.ok ? '' : `${acquired.error.code}: ${acquired.error.message}`;
  return fail('engine-start', `${engine} did not start: ${reason}`);
}

/** Runs `play` over the schedule in order, `concurrency` games at a time, until `signal` aborts. */
async function runSchedule(
  schedule: readonly ScheduledGame[],
  concurrency: number,
  signal: AbortSignal,
  play: (game: ScheduledGame) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!signal.aborted && next < schedule.length) await play(schedule[next++]);
  };
  const workers = Math.max(1, Math.min(concurrency, schedule.length));
  await Promise.all(Array.from({ length: workers }, worker));
}

/**
 * Plays one scheduled game with a process borrowed from each engine's pool; a side whose
 * engine cannot start forfeits. A process that crashed, stalled or left is dropped (the
 * next game starts a new one); the others go back to their pools.
 */
async function playScheduledGame(
  config: MatchConfig,
  pools: readonly EnginePool[],
  game: ScheduledGame,
  opening: Opening,
  signal: AbortSignal,
): Promise<GameRecord> {
  const sides = [pools[game.white], pools[game.black]] as const;
  const [white, black] = await Promise.all(sides.map((pool) => pool.acquire()));
  if (!white.ok) {
    if (black.ok) sides[BLACK].release(black.value, true);
    return forfeitBeforeStart(opening, config.variant, WHITE, white.error);
  }
  if (!black.ok) {
    sides[WHITE].release(white.value, true);
    return forfeitBeforeStart(opening, config.variant, BLACK, black.error);
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
    signal,
  });
  const keep = (color: Color) =>
    !(record.forfeitedBy === color && PROCESS_FAILURES.has(record.termination));
  sides[WHITE].release(white.value, keep(WHITE));
  sides[BLACK].release(black.value, keep(BLACK));
  return record;
}

/**
 * The match's results as games finish: counted, appended to the PDN file, reported (score,
 * Elo every so many games), and weighed by the SPRT when one is set.
 */
class MatchTally {
  readonly results: MatchResults;
  /** Finished games in the order they finished. */
  readonly finished: FinishedGame[] = [];
  sprt: SprtState | undefined;
  private readonly controls: string[];
  private pdnWarned = false;

  constructor(
    private readonly config: MatchConfig,
    private readonly names: readonly string[],
    private readonly io: MatchIo,
  ) {
    this.results = new MatchResults(names, pairingsOf(names.length, config.tournament));
    this.controls = config.engines.map((engine) => formatLimits(engine.limits));
  }

  /** The time control line's text: one control for all, or each engine's. */
  describeControls(): string {
    const controls = this.controls;
    if (controls.every((control) => control === controls[0])) return controls[0];
    return this.names.map((name, i) => `${name} ${controls[i]}`).join(', ');
  }

  /** Counts a finished game; true when the SPRT has now decided. */
  record(game: ScheduledGame, record: GameRecord, date: Date): boolean {
    const { config, io, results } = this;
    results.add(game, record);
    if (io.keepGames !== false) this.finished.push({ game, record });
    if (config.pdnOut !== undefined) this.writePdn(config.pdnOut, game, record, date);
    io.print(finishedLine(game, this.names, record));
    io.print(scoreLine(results, game.pairing));
    const due = config.ratingInterval > 0 && results.games % config.ratingInterval === 0;
    if (due) for (const line of eloLines(results, game.pairing)) io.print(line);
    if (!config.sprt) return false;
    this.sprt = sprtState(results, config.sprt);
    const decided = this.sprt.decision !== 'continue';
    if (due || decided) io.print(sprtLine(this.sprt, config.sprt));
    return decided;
  }

  /** Appends a game to the PDN file; a failed write is warned about once. */
  private writePdn(file: string, game: ScheduledGame, record: GameRecord, date: Date): void {
    const header = {
      event: this.config.event,
      date,
      round: String(game.number),
      white: this.names[game.white],
      black: this.names[game.black],
      variant: this.config.variant,
      whiteTimeControl: this.controls[game.white],
      blackTimeControl: this.controls[game.black],
    };
    try {
      appendFileSync(file, formatPdnGame(header, record));
    } catch (error) {
      if (!this.pdnWarned) this.io.warn(`warning: cannot write the PDN file: ${(error as Error).message}`); // prettier-ignore
      this.pdnWarned = true;
    }
  }
}
