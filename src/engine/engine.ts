/**
 * The engine facade: the current game (start position, moves, keys for repetition), the
 * options, the transposition table and the pool of search threads. `go` resolves with the
 * best move and reports progress as typed events; nothing here formats protocol text.
 */
import { existsSync } from 'node:fs';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { formatLine, legalMoves, parseMove, type LegalMove } from '../core/notation.js';
import { Game } from '../core/game.js';
import { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { SearchControl, nowMs } from '../search/control.js';
import { MAX_SKILL_LEVEL, SKILL_LINES, skillSettings } from '../search/skill.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluators, type TermName } from '../search/eval.js';
import { loadEvalFile } from './eval-file.js';
import { hasCapture, type PackedMove } from '../core/movegen.js';
import type { SearchInfo, SearchResult } from '../search/search.js';
import { timeBudget, type SearchLimits } from '../search/timeman.js';
import { tableBytes } from '../search/tt.js';
import {
  DEFAULT_OPTION_VALUES,
  EMPTY_STRING,
  findOption,
  OPTIONS,
  type OptionHost,
  type OptionValues,
} from './options.js';
import { BENCH_DEPTH, BENCH_POSITIONS } from '../search/bench.js';
import {
  DONE,
  type PerftCount,
  type PerftTask,
  type ReadyTask,
  type SearchTask,
} from './search-worker.js';
import { splitPerft } from './perft-split.js';
import { loadTables } from '../egdb/load.js';
import type { EndgameTables, TableData } from '../egdb/tables.js';
import { describeCode } from '../egdb/value.js';

/** What `go` asks for: the search's limits, with `searchmoves` as move text. */
export type GoLimits = Omit<SearchLimits, 'searchmoves'> & {
  /** Root moves to consider, as move text (text that is no legal move is left out). */
  readonly searchmoves?: readonly string[];
};

/** A search's report (SearchInfo) with its principal variation as move text. */
export type EngineInfo = Omit<SearchInfo, 'pv'> & { readonly pv: readonly string[] };

export interface BestMove {
  /** Move text, or undefined when the side to move has no legal move. */
  readonly move?: string;
  readonly ponder?: string;
  /** Nodes searched by all threads together. */
  readonly nodes: number;
  /** How many search threads took part (see HELPERS_MIN_MS). */
  readonly threads: number;
}

/**
 * Where a search is: sent about once a second while it runs (with the root move being
 * searched), and once when it ends inside an iteration (stop, node or time limit) with the
 * nodes of all threads and the time used.
 */
export interface SearchProgress {
  /** The iteration under way; in the last report, the deepest completed one. */
  readonly depth: number;
  readonly nodes: number;
  readonly nps: number;
  /** Milliseconds since `go`. */
  readonly time: number;
  readonly currmove?: string;
  readonly currmovenumber?: number;
}

/** How often a running search reports its progress. */
export const PROGRESS_INTERVAL_MS = 1000;

/** How one search runs (Engine.searchPlan). */
interface SearchPlan {
  readonly limits: SearchLimits;
  readonly threads: number;
  /** Lines the main thread searches. */
  readonly multiPV: number;
  /** The skill level when below full strength. */
  readonly skillLevel: number | undefined;
}

/**
 * A search whose time budget allows it less than this many milliseconds runs on the main
 * thread alone, whatever `Threads` says: waking the helper threads and waiting for them to
 * stop costs about a millisecond each, more than such a search has to spare, and on a busy
 * machine one helper waiting for a core holds up the answer. It only happens on a nearly
 * empty clock or with a tiny `movetime`.
 */
export const HELPERS_MIN_MS = 20;

/** Position text as the engine writes it (undefined for bad text). */
function canonicalText(fen: string, variant: VariantName): string | undefined {
  const parsed = Position.parse(fen, variant);
  return parsed.ok ? parsed.value.toString() : undefined;
}

/** The transposition table's age wraps at this mask (six bits in an entry). */
const TT_AGE_MASK = 63;

/**
 * The main search thread's channel for its info lines: each is handed to `onInfo`, the
 * latest principal line's first two moves are kept (the answer if the threads stall), and
 * `finished` resolves after the thread's last message, or at end() when the thread failed.
 */
class InfoChannel {
  private readonly channel = new MessageChannel();
  latest: readonly PackedMove[] = [];
  readonly finished: Promise<void>;
  private resolveFinished: () => void = () => {};

  constructor(onInfo: (info: SearchInfo) => void) {
    this.finished = new Promise<void>((resolve) => (this.resolveFinished = resolve));
    this.channel.port1.on('message', (message: SearchInfo | typeof DONE) => {
      if (message === DONE) return this.resolveFinished();
      if (message.multipv === 1 && message.pv.length > 0) this.latest = message.pv.slice(0, 2);
      onInfo(message);
    });
  }

  /** The end the search thread writes to. */
  get port(): MessagePort {
    return this.channel.port2;
  }

  end(): void {
    this.resolveFinished();
  }

  close(): void {
    this.channel.port1.close();
  }
}

export interface BenchResult {
  readonly nodes: number;
  readonly milliseconds: number;
  readonly nps: number;
  /** Positions searched: all of them unless stopped. */
  readonly positions: number;
  readonly stopped: boolean;
}

export interface PerftResult {
  /** Leaves at the depth (1 at depth 0). */
  readonly nodes: number;
  /** Leaves below each root move, in move generation order. */
  readonly divide: readonly { readonly move: string; readonly nodes: number }[];
  /** Hashed perft: the subtree table's lookups and those that found their count. */
  readonly probes: number;
  readonly hits: number;
  /** True when stop() ended the count: the numbers are then incomplete. */
  readonly stopped: boolean;
}

export interface EngineEvents {
  info(info: EngineInfo): void;
  /** Optional: progress reports (see SearchProgress); without it none are made. */
  progress?(progress: SearchProgress): void;
  /** Something went wrong inside (a worker died) but the engine recovered. */
  error(message: string): void;
}

/** The module the search threads run (search-worker.ts). */
export const SEARCH_WORKER_FILE = new URL('./search-worker.js', import.meta.url).href;

/** How long a stopped search may take to answer before its threads count as stalled. */
export const STALL_MS = 2000;

/** A transposition table of `mib` MiB, or why the machine cannot give one. */
function allocateTable(mib: number): Result<SharedArrayBuffer> {
  try {
    return ok(new SharedArrayBuffer(tableBytes(mib)));
  } catch (error) {
    return fail('out-of-memory', `cannot allocate ${mib} MiB for the hash table (${error instanceof Error ? error.message : String(error)})`); // prettier-ignore
  }
}

/** How long a starting thread waits for the others before it answers anyway. */
const START_WAIT_MS = 5000;

/**
 * Runs one `ready` task on each of the pool's threads at once: each task holds its thread
 * until all have arrived (or START_WAIT_MS passes), so no thread takes two and every thread
 * loads the search code. Settles with the number of distinct threads that answered; a
 * failing thread is reported by the pool's error event, not here.
 */
function startThreads(pool: Piscina<SearchTask, SearchResult>, threads: number): Promise<number> {
  const starter = pool as unknown as Piscina<ReadyTask, number>;
  const task: ReadyTask = { arrived: new SharedArrayBuffer(4), threads, waitMs: START_WAIT_MS };
  const tasks = Array.from({ length: threads }, () =>
    starter.run(task, { name: 'ready' }).then(
      (threadId) => threadId,
      () => -1,
    ),
  );
  return Promise.all(tasks).then((ids) => new Set(ids.filter((id) => id >= 0)).size);
}

export class Engine {
  /** The options' values (options.ts); change them through setOption. */
  readonly settings: OptionValues = { ...DEFAULT_OPTION_VALUES };
  /** What the option handlers act on. */
  private readonly optionHost: OptionHost = {
    values: this.settings,
    resizeHash: (mib) => this.resizeHash(mib),
    setThreads: (threads) => this.replacePool(threads),
    setVariant: (variant) => this.setVariant(variant),
    loadEndgameTables: (path) => this.setEndgamePath(path),
    loadEvalFile: (path) => this.useEvalFile(path),
    clearHash: () => new Int32Array(this.ttBuffer).fill(0),
  };
  /** The endgame tables of the current variant, or none. */
  private egdb: EndgameTables | undefined;
  private tablesGeneration = 0;
  /** The evaluation weights (EvalFile), sent to the workers with every search. */
  private evaluators = new Evaluators(DEFAULT_EVAL_WEIGHTS);
  /** Changes whenever other weights are loaded: workers then rebuild their evaluators. */
  private evalGeneration = 0;
  /** The game the next search continues: its first position, moves and keys. */
  private game: Game = Game.fromStart('armenian');
  /** How `position` named the first position: `startpos` or its position text. */
  private startText = 'startpos';

  private ttBuffer: SharedArrayBuffer;
  private ttGeneration = 0;
  private ttAge = 0;
  private control: SearchControl;
  private pool: Piscina<SearchTask, SearchResult>;
  /** Settles once every thread of the current pool has loaded the search code. */
  private poolReady: Promise<number> = Promise.resolve(0);
  private newGamePending = true;
  /** The search, bench or perft under way. */
  private running: Promise<unknown> | undefined;
  /** Gives up on the running search (a stalled thread): answers with what is known. */
  private abandon: (() => void) | undefined;
  private stallTimer: NodeJS.Timeout | undefined;
  /** The table layout ("generation/threads") whose perft counts the Hash memory holds. */
  private perftLayout: string | undefined;
  private perftRuns = 0;
  /** Set by stop(): a bench or perft ends at its next step. */
  private stopRequested = false;
  /** While the bench runs, its searches report no info events. */
  private benchRunning = false;

  /**
   * An engine reporting through `events`. Its search threads run `workerFile`, a module
   * with search-worker.ts's exports (the production worker unless a test wraps it).
   */
  constructor(
    private readonly events: EngineEvents,
    private readonly workerFile: string = SEARCH_WORKER_FILE,
  ) {
    this.ttBuffer = new SharedArrayBuffer(tableBytes(this.settings.hash));
    this.control = SearchControl.create(this.settings.threads);
    this.pool = this.createPool(this.settings.threads);
  }

  private createPool(threads: number): Piscina<SearchTask, SearchResult> {
    const pool = new Piscina<SearchTask, SearchResult>({
      filename: this.workerFile,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 2 ** 31 - 1,
      atomics: 'disabled',
    });
    // A worker that dies is replaced by piscina; its task's promise rejects (see go).
    pool.on('error', (error: unknown) => this.events.error(`search pool: ${String(error)}`));
    this.poolReady = startThreads(pool, threads);
    return pool;
  }

  /**
   * Settles with the number of search threads that have loaded their code. `isready`
   * waits for it, so that starting threads (after `setoption name Threads`) is done before
   * a GUI starts a clock, not during the first move.
   */
  whenReady(): Promise<number> {
    return this.poolReady;
  }

  /** A new pool of `threads` search threads (and their control block); the old one ends. */
  private replacePool(threads: number): void {
    this.settings.threads = threads;
    const old = this.pool;
    this.pool = this.createPool(threads);
    this.control = SearchControl.create(threads);
    void old.destroy().catch(() => {});
  }

  get searching(): boolean {
    return this.running !== undefined;
  }

  /** The position the next search starts from. */
  get position(): Position {
    return this.game.position;
  }

  get moves(): readonly string[] {
    return this.game.moves;
  }

  /** Sets an option by name (case-insensitive); refuses bad names and values. */
  setOption(name: string, valueText: string | undefined): Result<void> {
    const option = findOption(name);
    if (option === undefined) {
      return fail('unknown-option', `unknown option '${name}' (options: ${OPTIONS.map((o) => o.name).join(', ')})`); // prettier-ignore
    }
    if (this.searching) return fail('busy', `cannot set option ${option.name} while searching`);
    return option.set(this.optionHost, valueText);
  }

  /** A new table of `mib` MiB; when the machine cannot give it, the old table stays. */
  private resizeHash(mib: number): Result<void> {
    const table = allocateTable(mib);
    if (!table.ok) return fail(table.error.code, `${table.error.message}; the table stays at ${this.settings.hash} MiB`); // prettier-ignore
    this.settings.hash = mib;
    this.ttBuffer = table.value;
    this.ttGeneration++;
    return ok(undefined);
  }

  /** A new game in `variant`, with its tables from the same folder (none if it has none). */
  private setVariant(variant: VariantName): void {
    this.settings.variant = variant;
    this.resetGame();
    if (!this.loadEndgameTables(this.settings.egdbPath).ok) {
      this.egdb = undefined;
      this.tablesGeneration++;
    }
  }

  /** The EGDB Path option: the tables under `path`, or an error and the old tables. */
  private setEndgamePath(path: string): Result<void> {
    const loaded = this.loadEndgameTables(path);
    if (loaded.ok) this.settings.egdbPath = path;
    return loaded;
  }

  /** The EvalFile option: the weights in `path`, or an error and the old weights. */
  private useEvalFile(path: string): Result<void> {
    const loaded = loadEvalFile(path);
    if (!loaded.ok) return loaded;
    this.settings.evalFile = path;
    this.evaluators = new Evaluators(loaded.value);
    this.evalGeneration++;
    return ok(undefined);
  }

  /**
   * Loads the current variant's tables from `path` (EMPTY_STRING: none). A folder that does
   * not exist, holds no table of the variant or holds a damaged one is refused.
   */
  private loadEndgameTables(path: string): Result<void> {
    if (path === EMPTY_STRING) {
      this.egdb = undefined;
      this.tablesGeneration++;
      return ok(undefined);
    }
    if (!existsSync(path)) return fail('egdb-missing', `EGDB Path: no folder ${path}`);
    const { tables, errors } = loadTables(path, this.settings.variant);
    if (errors.length > 0) return fail('egdb-damaged', `EGDB Path: ${errors[0]}`);
    if (tables.maxPieces === 0) {
      return fail('egdb-empty', `EGDB Path: no ${this.settings.variant} tables under ${path} (build them with tama egdb build)`); // prettier-ignore
    }
    this.egdb = tables;
    this.tablesGeneration++;
    return ok(undefined);
  }

  /** The database value of the current position, as words; undefined when not covered. */
  endgameValue(): { value: string; pieces: number } | undefined {
    if (this.egdb === undefined) return undefined;
    const code = this.egdb.probe(this.game.position.state);
    return code < 0 ? undefined : { value: describeCode(code), pieces: this.egdb.maxPieces };
  }

  /** Entries of the loaded tables (0: none), for display. */
  get endgameEntries(): number {
    return this.egdb?.entries ?? 0;
  }

  /** A new game: the table and the move-ordering history are forgotten. */
  newGame(): Result<void> {
    if (this.searching) return fail('busy', 'cannot start a new game while searching');
    this.clearForNewGame();
    this.resetGame();
    return ok(undefined);
  }

  /** Forgets the table and (at the next search) the move-ordering history. */
  private clearForNewGame(): void {
    new Int32Array(this.ttBuffer).fill(0);
    this.perftLayout = undefined;
    this.ttAge = 0;
    this.newGamePending = true;
  }

  private resetGame(): void {
    this.game = Game.fromStart(this.settings.variant);
    this.startText = 'startpos';
  }

  /**
   * Sets the game: `fen` (or undefined for the start position) then `moves` in move text.
   * All or nothing: on an error the previous game stays. The same start with the moves so
   * far and some more, as a GUI sends it before each search, only plays the new moves.
   */
  setPosition(fen: string | undefined, moves: readonly string[]): Result<void> {
    if (this.searching) return fail('busy', 'cannot change the position while searching');
    const sameStart = this.startText === (fen === undefined ? 'startpos' : canonicalText(fen, this.settings.variant)); // prettier-ignore
    const parsed =
      (sameStart ? this.game.continuedTo(moves) : undefined) ??
      Game.parse(fen, moves, this.settings.variant);
    if (!parsed.ok) return parsed;
    this.game = parsed.value;
    this.startText = fen === undefined ? 'startpos' : this.game.start.toString();
    return ok(undefined);
  }

  /** The legal ones among `texts` as packed moves (undefined when none is legal). */
  private packedMoves(texts: readonly string[]): PackedMove[] | undefined {
    const moves: PackedMove[] = [];
    for (const text of texts) {
      const parsed = parseMove(this.game.position, text);
      if (parsed.ok) moves.push({ move: parsed.value.move, capturedLo: parsed.value.capturedLo, capturedHi: parsed.value.capturedHi }); // prettier-ignore
    }
    return moves.length > 0 ? moves : undefined;
  }

  /** Reads move text against the current position. */
  parseMove(text: string): Result<LegalMove> {
    return parseMove(this.game.position, text);
  }

  /** The legal moves of the current position. */
  legalMoves(): LegalMove[] {
    return legalMoves(this.game.position);
  }

  /** The static evaluation with its terms, or why there is none. */
  evaluate(): { score: number; terms: Record<TermName, number>; capturePending: boolean } {
    const position = this.game.position;
    const result = this.evaluators.for(position.rules).evaluateWithTerms(position.state);
    return {
      ...result,
      capturePending: hasCapture(this.game.position.rules, this.game.position.state),
    };
  }

  /**
   * Searches the current position. Resolves with the best move once the search ends by
   * itself or after stop(); never rejects: a failed worker is reported through the error
   * event and the answer falls back to a legal move.
   */
  go(limits: GoLimits): Promise<BestMove> {
    return this.exclusively(() => this.search(limits));
  }

  /** Runs `work` as the one task under way (searching is true meanwhile). */
  private exclusively<T>(work: () => Promise<T>): Promise<T> {
    if (this.running) return Promise.reject(new Error('already searching'));
    this.stopRequested = false;
    const running = work().finally(() => {
      this.running = undefined;
    });
    this.running = running;
    return running;
  }

  /** One search of the current position on the pool (see go). */
  private search(requested: GoLimits): Promise<BestMove> {
    const startTime = nowMs();
    const position = this.game.position;
    const control = this.control;
    control.reset(requested.ponder === true);
    this.ttAge = (this.ttAge + 1) & TT_AGE_MASK;
    // Perft counts in the table's memory are no search entries: the search starts empty.
    if (this.perftLayout !== undefined) {
      new Int32Array(this.ttBuffer).fill(0);
      this.perftLayout = undefined;
    }
    const plan = this.searchPlan(requested);
    const info = new InfoChannel((message) => {
      if (!this.benchRunning) this.events.info({ ...message, pv: formatLine(position, message.pv) }); // prettier-ignore
    });
    const run = { abandoned: false };
    const tasks = this.startThreads(plan, startTime, info, run);
    const ticker = this.startProgressTicker(position, startTime);
    let answer: (best: { move?: string; ponder?: string }) => void = () => {};
    const answered = new Promise<{ move?: string; ponder?: string }>((r) => (answer = r));
    void Promise.all([...tasks, info.finished]).then((all) => {
      if (run.abandoned) return;
      const results = all.slice(0, plan.threads) as (SearchResult | undefined)[];
      const main = results[0];
      if (this.events.progress !== undefined && main?.interrupted === true) {
        this.events.progress({ ...this.progress(position, startTime, false), depth: main.depth });
      }
      answer(pickBest(results, position));
    });
    this.abandon = () => {
      run.abandoned = true;
      this.events.error(`search stalled: no answer ${STALL_MS} ms after stop; its threads are replaced`); // prettier-ignore
      this.replacePool(this.settings.threads);
      const [move, ponder] = info.latest;
      answer(move !== undefined ? bestMoveText(position, move, ponder) : pickBest([], position));
    };
    return answered.then((best) => {
      clearInterval(ticker);
      info.close();
      clearTimeout(this.stallTimer);
      this.stallTimer = undefined;
      this.abandon = undefined;
      return { ...best, nodes: control.totalNodes(), threads: plan.threads };
    });
  }

  /**
   * What a search runs with: the go limits (searchmoves as packed moves), one thread when
   * its time is very short (HELPERS_MIN_MS) and, below full strength, one thread, a few
   * lines to choose from, the level's depth cap and node budget (the go limits can only make
   * them smaller).
   */
  private searchPlan(requested: GoLimits): SearchPlan {
    const skill = this.settings.skillLevel;
    const weakened = skill < MAX_SKILL_LEVEL;
    const capped = skillSettings(skill);
    const limits: SearchLimits = {
      ...requested,
      searchmoves: requested.searchmoves && this.packedMoves(requested.searchmoves),
      ...(weakened && {
        depth: Math.min(requested.depth ?? Infinity, capped.depth),
        nodes: Math.min(requested.nodes ?? Infinity, capped.nodes),
      }),
    };
    const budget = timeBudget(limits, this.game.position.sideToMove, this.settings.moveOverhead);
    return {
      limits,
      threads: weakened || budget.maximum < HELPERS_MIN_MS ? 1 : this.settings.threads,
      multiPV: weakened ? Math.max(this.settings.multiPV, SKILL_LINES) : this.settings.multiPV,
      skillLevel: weakened ? skill : undefined,
    };
  }

  /**
   * Sends the search task to each thread of the pool (the main thread, 0, with the info
   * channel). A failed thread is reported and counts as no result; when the main thread
   * fails the others are stopped. Once the search is abandoned, failures are expected.
   */
  private startThreads(
    plan: SearchPlan,
    startTime: number,
    info: InfoChannel,
    run: { readonly abandoned: boolean },
  ): Promise<SearchResult | undefined>[] {
    const base = {
      state: this.game.position.state,
      variant: this.settings.variant,
      gameKeys: this.game.keys,
      limits: plan.limits,
      ttBuffer: this.ttBuffer,
      ttGeneration: this.ttGeneration,
      ttAge: this.ttAge,
      controlBuffer: this.control.buffer,
      evalWeights: this.evaluators.weights,
      evalGeneration: this.evalGeneration,
      threads: plan.threads,
      tables: (this.egdb?.tables ?? []) as TableData[],
      tablesGeneration: this.tablesGeneration,
      newGame: this.newGamePending,
    };
    this.newGamePending = false;
    const tasks: Promise<SearchResult | undefined>[] = [];
    for (let thread = 0; thread < plan.threads; thread++) {
      const settings = {
        multiPV: thread > 0 ? 1 : plan.multiPV,
        drawPlies: this.settings.drawPlies,
        moveOverhead: this.settings.moveOverhead,
        threadIndex: thread,
        startTime,
        skillLevel: plan.skillLevel,
      };
      const task: SearchTask =
        thread === 0 ? { ...base, settings, port: info.port } : { ...base, settings };
      const started = this.pool.run(task, thread === 0 ? { transferList: [info.port] } : {});
      tasks.push(
        started.catch((error: unknown) => {
          if (run.abandoned) return undefined;
          this.events.error(`search thread ${thread} failed: ${error instanceof Error ? error.message : String(error)}`); // prettier-ignore
          if (thread === 0) {
            this.control.stop();
            info.end();
          }
          return undefined;
        }),
      );
    }
    return tasks;
  }

  /** Reports the search's progress every PROGRESS_INTERVAL_MS, if anyone listens. */
  private startProgressTicker(position: Position, startTime: number): NodeJS.Timeout | undefined {
    if (this.events.progress === undefined) return undefined;
    return setInterval(
      () => this.events.progress?.(this.progress(position, startTime, true)),
      PROGRESS_INTERVAL_MS,
    );
  }

  /**
   * The bench: a new game, then every bench position searched to `depth` on the pool with
   * the engine's Hash and Threads (on one thread the node total is the search's signature).
   * `onPosition` hears each position's nodes. stop() ends it after the position under way;
   * the game is restored afterwards.
   */
  bench(
    depth: number = BENCH_DEPTH,
    onPosition: (index: number, fen: string, nodes: number) => void = () => {},
  ): Promise<BenchResult> {
    return this.exclusively(async () => {
      const saved = { game: this.game, startText: this.startText };
      this.clearForNewGame();
      this.benchRunning = true;
      let nodes = 0;
      let positions = 0;
      const started = nowMs();
      try {
        for (const [index, fen] of BENCH_POSITIONS.entries()) {
          if (this.stopRequested) break;
          const game = Game.parse(fen, [], this.settings.variant);
          if (!game.ok) throw new Error(`bench position ${index + 1}: ${game.error.message}`);
          this.game = game.value;
          const searched = (await this.search({ depth })).nodes;
          nodes += searched;
          positions++;
          onPosition(index, fen, searched);
        }
      } finally {
        this.game = saved.game;
        this.startText = saved.startText;
        this.benchRunning = false;
      }
      const milliseconds = Math.max(1, nowMs() - started);
      const nps = Math.round((nodes * 1000) / milliseconds);
      return { nodes, milliseconds, nps, positions, stopped: this.stopRequested };
    });
  }

  /**
   * Perft of the current position split by root move, counted on the pool (see
   * perft-split.ts). `hashed` counts through subtree tables in the memory of the Hash table,
   * one slice per thread; they stay there for the next hashed perft until a search, a new
   * game or another layout needs the memory. stop() ends it (the counts are then incomplete
   * and `stopped` says so).
   */
  perft(depth: number, hashed = false): Promise<PerftResult> {
    return this.exclusively(async () => {
      this.control.reset(false);
      const threads = this.settings.threads;
      let lent: PerftTask['hashed'];
      if (hashed) {
        const layout = `${this.ttGeneration}/${threads}`;
        if (this.perftLayout !== layout) new Int32Array(this.ttBuffer).fill(0);
        this.perftLayout = layout;
        const slices = new SharedArrayBuffer(4);
        lent = { ttBuffer: this.ttBuffer, slices, run: ++this.perftRuns };
      }
      const split = await splitPerft(
        this.game.position,
        depth,
        threads,
        (position, remaining) => {
          const task: PerftTask = { state: position.state, variant: position.rules.name, depth: remaining, controlBuffer: this.control.buffer, threads, hashed: lent }; // prettier-ignore
          return this.perftPool.run(task, { name: 'perft' });
        },
        () => this.stopRequested,
      );
      return { ...split, stopped: this.stopRequested };
    });
  }

  /** The pool as perft tasks see it (the same threads as the search). */
  private get perftPool(): Piscina<PerftTask, PerftCount> {
    return this.pool as unknown as Piscina<PerftTask, PerftCount>;
  }

  /** The running search's progress from the shared counters, with its root move if asked. */
  private progress(root: Position, startTime: number, withMove: boolean): SearchProgress {
    const time = Math.max(1, Math.round(nowMs() - startTime));
    const nodes = this.control.totalNodes();
    const progress = { depth: this.control.depth, nodes, nps: Math.round((nodes * 1000) / time), time }; // prettier-ignore
    const number = this.control.rootMoveNumber;
    if (!withMove || number === 0) return progress;
    const move = this.control.rootMove;
    const [lo, hi] = [this.control.rootCapturedLo, this.control.rootCapturedHi];
    const current = legalMoves(root).find((m) => m.move === move && m.capturedLo === lo && m.capturedHi === hi); // prettier-ignore
    return current === undefined ? progress : { ...progress, currmove: current.text, currmovenumber: number }; // prettier-ignore
  }

  /**
   * Ends the search under way (ignored when idle). A search whose threads do not answer
   * within STALL_MS is abandoned: its threads are replaced and the best move known is given.
   */
  stop(): void {
    if (!this.running) return;
    this.stopRequested = true;
    this.control.stop();
    this.stallTimer ??= setTimeout(() => {
      this.stallTimer = undefined;
      this.abandon?.();
    }, STALL_MS);
  }

  /** The opponent played the pondered move: the search goes on, now on the clock. */
  ponderhit(): void {
    if (this.running) this.control.ponderhit(nowMs());
  }

  /** Stops any search and ends the worker threads. */
  async close(): Promise<void> {
    this.stop();
    if (this.running) await this.running;
    await this.pool.destroy();
  }

  /** The game as `position` would set it: for display. */
  describeGame(): string {
    const moves = this.game.moves;
    return moves.length === 0 ? this.startText : `${this.startText} moves ${moves.join(' ')}`;
  }

  /** Bytes in the transposition table (for display and tests). */
  get hashBytes(): number {
    return this.ttBuffer.byteLength;
  }
}

/**
 * The best move of the deepest completed iteration over all threads (main thread on ties),
 * with the reply that thread expects; a legal move when no thread answered.
 */
export function pickBest(
  results: (SearchResult | undefined)[],
  position: Position,
): { move?: string; ponder?: string } {
  let best: SearchResult | undefined;
  for (const result of results) {
    if (result?.bestMove === undefined) continue;
    if (best === undefined || result.depth > best.depth) best = result;
  }
  if (best !== undefined) return bestMoveText(position, best.bestMove, best.ponderMove);
  const moves = legalMoves(position);
  return moves.length > 0 ? { move: moves[0].text } : {};
}

/** A best move of `position` and the reply expected after it, as text. */
function bestMoveText(
  position: Position,
  best: PackedMove | undefined,
  ponder: PackedMove | undefined,
): { move?: string; ponder?: string } {
  if (best === undefined) return {};
  const [move, reply] = formatLine(position, ponder === undefined ? [best] : [best, ponder]);
  return { move, ponder: reply };
}
