/**
 * The engine facade: the current game (start position, moves, keys for repetition), the
 * options, the pool of search threads and the one task it runs at a time (task.ts). What
 * the searches are sent besides the game (hash table, weights, endgame tables) is kept in
 * search-data.ts, and how one search runs is planned in search-plan.ts. `go` resolves with
 * the best move and reports progress as typed events; nothing here formats protocol text.
 */
import { formatLine, legalMoves, parseMove, type LegalMove } from '../core/notation.js';
import { Game } from '../core/game.js';
import { Position } from '../core/position.js';
import { quote } from '../core/quote.js';
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { nowMs } from '../search/control.js';
import type { TermName } from '../search/eval.js';
import { hasCapture } from '../core/movegen.js';
import type { SearchInfo, SearchResult } from '../search/search.js';
import { DEFAULT_OPTION_VALUES, findOption, OPTIONS, type OptionHost, type OptionSet, type OptionValues } from './options.js'; // prettier-ignore
import { BENCH_DEPTH } from '../search/bench.js';
import type { PerftTask, SearchTask } from './search-worker.js';
import { bestMoveText, deepestResult, pickBest, type MoveAnswer } from './best-move.js';
import { benchSearches, runBench, type BenchResult } from './benchmark.js';
import { InfoChannel } from './info-channel.js';
import { splitPerft, type PerftResult } from './perft-split.js';
import { SearchData } from './search-data.js';
import { searchPlan, threadSettings, type GoLimits, type SearchPlan } from './search-plan.js';
import { TaskLife } from './task.js';
import { SEARCH_WORKER_FILE, SearchThreads } from './threads.js';

export type { GoLimits } from './search-plan.js';

/** A search's report (SearchInfo) with its principal variation as move text. */
export type EngineInfo = Omit<SearchInfo, 'pv'> & { readonly pv: readonly string[] };

export interface BestMove {
  /** Move text, or undefined when the side to move has no legal move. */
  readonly move?: string;
  readonly ponder?: string;
  /** Nodes searched by all threads together. */
  readonly nodes: number;
  /** How many search threads took part (fewer than Threads for a short search: search-plan.ts). */
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

/** Position text as the engine writes it (undefined for bad text). */
function canonicalText(fen: string, variant: VariantName): string | undefined {
  const parsed = Position.parse(fen, variant);
  return parsed.ok ? parsed.value.toString() : undefined;
}

/** The transposition table's age wraps at this mask (six bits in an entry). */
const TT_AGE_MASK = 63;

export interface EngineEvents {
  info(info: EngineInfo): void;
  /** Optional: progress reports (see SearchProgress); without it none are made. */
  progress?(progress: SearchProgress): void;
  /** Something went wrong inside (a worker died) but the engine recovered. */
  error(message: string): void;
  /**
   * Optional: a request carried out but not exactly as given (a `searchmoves` text that is
   * no legal move is left out); said before the search's first info.
   */
  warning?(message: string): void;
}

/** How long a stopped search may take to answer before its threads count as stalled. */
export const STALL_MS = 2000;

export class Engine {
  /** The options' values (options.ts); change them through setOption. */
  readonly settings: OptionValues = { ...DEFAULT_OPTION_VALUES };
  /** The hash table, the weights and the endgame tables every search is sent (search-data.ts). */
  private readonly data = new SearchData(this.settings);
  /** What the option handlers act on. */
  private readonly optionHost: OptionHost = {
    values: this.settings,
    resizeHash: (mib) => {
      const made = this.data.resizeHash(mib);
      if (!made.ok) return made;
      // A new memory, new threads: the old memory goes with the old threads rather than
      // whenever each of them next collects its garbage.
      if (made.value) this.replacePool(this.settings.threads);
      return ok(undefined);
    },
    setThreads: (threads) => {
      const made = this.data.setThreads(threads);
      if (made.ok) this.replacePool(threads);
      return made;
    },
    setVariant: (variant) => this.setVariant(variant),
    loadEndgameTables: (path) => this.data.setEndgamePath(path),
    loadEvalFile: (value) => this.data.useEvalFile(value),
    clearHash: () => this.data.clearTable(),
  };
  /** The game the next search continues: its first position, moves and keys. */
  private game: Game = Game.fromStart('armenian');
  /** How `position` named the first position: `startpos` or its position text. */
  private startText = 'startpos';

  private ttAge = 0;
  /** The pool of search threads and the control block they share. */
  private threads: SearchThreads;
  private newGamePending = true;
  /** The search, bench or perft under way, with where it is in its life (task.ts). */
  private task: { readonly life: TaskLife; readonly done: Promise<unknown> } | undefined;
  /** The table layout ("generation/threads") whose perft counts the Hash memory holds. */
  private perftLayout: string | undefined;
  /** Hashed perfts run so far: each hands out its table slices afresh (search-worker.ts). */
  private perftRuns = 0;

  /**
   * An engine reporting through `events`. Its search threads run `workerFile`, a module
   * with search-worker.ts's exports (the production worker unless a test wraps it).
   */
  constructor(
    private readonly events: EngineEvents,
    private readonly workerFile: string = SEARCH_WORKER_FILE,
  ) {
    this.threads = this.createThreads(this.settings.threads);
  }

  private createThreads(threads: number): SearchThreads {
    // A worker that dies is replaced by piscina; its task's promise rejects (see go).
    return new SearchThreads(this.workerFile, threads, (error) =>
      this.events.error(`search pool: ${String(error)}`),
    );
  }

  /**
   * Settles with the number of search threads that have loaded their code. `isready`
   * waits for it, so that starting threads (after `setoption name Threads`) is done before
   * a GUI starts a clock, not during the first move.
   */
  whenReady(): Promise<number> {
    return this.threads.ready;
  }

  /** A new pool of `threads` search threads (and their control block); the old one ends. */
  private replacePool(threads: number): void {
    this.settings.threads = threads;
    const old = this.threads;
    this.threads = this.createThreads(threads);
    void old.destroy().catch(() => {});
  }

  get searching(): boolean {
    return this.task !== undefined;
  }

  /** The position the next search starts from. */
  get position(): Position {
    return this.game.position;
  }

  /** Sets an option by name (case-insensitive); refuses bad names and values. */
  setOption(name: string, valueText: string | undefined): OptionSet {
    const option = findOption(name);
    if (option === undefined) {
      return fail('unknown-option', `unknown option ${quote(name)} (options: ${OPTIONS.map((o) => o.name).join(', ')})`); // prettier-ignore
    }
    if (this.searching) return fail('busy', `cannot set option ${option.name} while searching`);
    return option.set(this.optionHost, valueText);
  }

  /** A new game in `variant`, with its tables from the same folder (none if it has none). */
  private setVariant(variant: VariantName): void {
    this.settings.variant = variant;
    this.resetGame();
    this.data.variantChanged();
  }

  /** The database value of the current position, as words; undefined when not covered. */
  endgameValue(): { value: string; pieces: number } | undefined {
    return this.data.endgameValue(this.game.position.state);
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
    this.data.clearTable();
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

  /** Reads move text against the current position. */
  parseMove(text: string): Result<LegalMove> {
    return parseMove(this.game.position, text);
  }

  /** The legal moves of the current position. */
  legalMoves(): LegalMove[] {
    return legalMoves(this.game.position);
  }

  /** The static evaluation with its terms, or why there is none. */
  evaluate(): {
    score: number;
    terms: Record<TermName, number>;
    capturePending: boolean;
    /** The network's score when one evaluates this variant (`score` is then the linear one). */
    networkScore?: number;
  } {
    const position = this.game.position;
    const evaluators = this.data.evaluators;
    const result = evaluators.for(position.rules).evaluateWithTerms(position.state);
    const network = evaluators.networkFor(position.rules);
    return {
      ...result,
      ...(network === null ? {} : { networkScore: network.evaluate(position.state) }),
      capturePending: hasCapture(this.game.position.rules, this.game.position.state),
    };
  }

  /**
   * Searches the current position. Resolves with the best move once the search ends by
   * itself or after stop(); never rejects: a failed worker is reported through the error
   * event and the answer falls back to a legal move.
   */
  go(limits: GoLimits): Promise<BestMove> {
    return this.exclusively((life) => this.search(this.game, limits, true, life));
  }

  /**
   * Runs `work` as the one task under way (searching is true meanwhile); `work` gets the
   * task's life, which stop() moves on (task.ts).
   */
  private exclusively<T>(work: (life: TaskLife) => Promise<T>): Promise<T> {
    if (this.task) return Promise.reject(new Error('already searching'));
    // Threads that share no memory with the engine never see the stop flag: a stop ends
    // them at once and the task answers with what it knows, as after a stall.
    const stopByEnding = !this.threads.sharesMemory;
    const life = new TaskLife(
      {
        stop: () => this.threads.control.stop(),
        stalled: () => {
          if (!stopByEnding) this.events.error(`search stalled: no answer ${STALL_MS} ms after stop; its threads are replaced`); // prettier-ignore
          this.replacePool(this.settings.threads);
        },
      },
      stopByEnding ? 0 : STALL_MS,
    );
    const done = work(life).finally(() => {
      life.finish();
      this.task = undefined;
    });
    this.task = { life, done };
    return done;
  }

  /**
   * One search of `game` on the pool (see go); `reportInfo`: whether its info lines become
   * info events (the bench's do not). Answers when every thread has, or, when the task is
   * abandoned, at once with the last principal line the main thread reported.
   */
  private async search(
    game: Game,
    requested: GoLimits,
    reportInfo: boolean,
    life: TaskLife,
  ): Promise<BestMove> {
    const startTime = nowMs();
    const position = game.position;
    const threads = this.threads;
    threads.control.reset(requested.ponder === true);
    this.data.beginSearch();
    this.ttAge = (this.ttAge + 1) & TT_AGE_MASK;
    // Perft counts in the table's memory are no search entries: the search starts empty.
    if (this.perftLayout !== undefined) {
      this.data.clearTable();
      this.perftLayout = undefined;
    }
    const plan = searchPlan(position, requested, this.settings);
    for (const left of plan.ignoredSearchmoves) this.events.warning?.(`go searchmoves: ignoring ${quote(left.text)}: ${left.message}`); // prettier-ignore
    const info = new InfoChannel((message) => {
      if (reportInfo) this.events.info({ ...message, pv: formatLine(position, message.pv) });
    });
    const tasks = this.startThreads(game, plan, startTime, info, life);
    // Progress is read from the shared counters: threads that share no memory have none.
    const ticker = threads.sharesMemory ? this.startProgressTicker(position, startTime) : undefined;
    // Once the main thread has answered, its last line is said: helpers still stopping add no progress after it.
    void tasks[0]?.finally(() => clearInterval(ticker));
    // Without shared memory the threads' counters are not seen here: their answers count.
    let answeredNodes = 0;
    const answered = Promise.all([Promise.all(tasks), info.finished]).then(([results]) => {
      for (const result of results) answeredNodes += result?.nodes ?? 0;
      const main = results[0];
      if (
        threads.sharesMemory &&
        life.state !== 'abandoned' &&
        this.events.progress !== undefined &&
        main?.interrupted === true
      ) {
        this.events.progress({ ...this.progress(position, startTime, false), depth: main.depth });
      }
      // A helper that finished the last depth first ended the search: its line is the
      // answer's, so it is reported after the main thread's lines, before the move.
      const line = deepestResult(results)?.lastLine;
      if (line !== undefined && reportInfo && life.state !== 'abandoned') {
        this.events.info({ ...line, pv: formatLine(position, line.pv) });
      }
      return pickBest(results, position);
    });
    // A thread without shared memory cannot wait for stop or ponderhit: it answers when its
    // search ends (a forced result ends it early), and the answer is held here until then.
    const unbounded = plan.limits.infinite === true || plan.limits.ponder === true;
    const released = threads.sharesMemory || !unbounded ? answered : answered.then((best) => life.signalled.then(() => best)); // prettier-ignore
    // Below full strength on a clock, the answer waits for the level's pace (or stop).
    const held = plan.minThinkMs <= 0 ? released : released.then((best) => paced(best, startTime + plan.minThinkMs, life.signalled)); // prettier-ignore
    const abandoned = life.abandoned.then((): MoveAnswer => {
      const [move, ponder] = info.latest;
      return move !== undefined ? bestMoveText(position, move, ponder) : pickBest([], position);
    });
    try {
      const best = await Promise.race([held, abandoned]);
      const nodes = threads.sharesMemory ? threads.control.totalNodes() : answeredNodes;
      return { ...best, nodes, threads: plan.threads };
    } finally {
      clearInterval(ticker);
      info.close();
    }
  }

  /**
   * Sends the search task to each thread of the pool (the main thread, 0, with the info
   * channel). A failed thread is reported and counts as no result; when the main thread
   * fails the others are stopped. Once the search is abandoned, failures are expected.
   */
  private startThreads(
    game: Game,
    plan: SearchPlan,
    startTime: number,
    info: InfoChannel,
    life: TaskLife,
  ): Promise<SearchResult | undefined>[] {
    const threads = this.threads;
    const base = {
      ...this.data.forTask(),
      state: game.position.state,
      variant: this.settings.variant,
      gameKeys: game.keys,
      limits: plan.limits,
      ttAge: this.ttAge,
      controlBuffer: threads.control.buffer,
      threads: plan.threads,
      newGame: this.newGamePending,
    };
    this.newGamePending = false;
    const tasks: Promise<SearchResult | undefined>[] = [];
    for (let thread = 0; thread < plan.threads; thread++) {
      const settings = threadSettings(plan, thread, startTime);
      const task: SearchTask =
        thread === 0 ? { ...base, settings, port: info.port } : { ...base, settings };
      const started = threads.run('default', task, thread === 0 ? info.port : undefined);
      tasks.push(
        started.catch((error: unknown) => {
          if (life.state === 'abandoned') return undefined;
          this.events.error(`search thread ${thread} failed: ${error instanceof Error ? error.message : String(error)}`); // prettier-ignore
          if (thread === 0) {
            threads.control.stop();
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
   * The bench (benchmark.ts): its searches run from a new game on the pool with the
   * engine's Hash and Threads (on one thread the node total is the search's signature),
   * without info events. `onPosition` hears each position's nodes. stop() ends it after the
   * position under way; the game set by `position` stays as it was.
   */
  bench(
    depth: number = BENCH_DEPTH,
    onPosition: (index: number, fen: string, nodes: number) => void = () => {},
  ): Promise<BenchResult> {
    return this.exclusively((life) => {
      const runner = {
        get stopRequested() {
          return life.stopRequested;
        },
        newGame: () => this.clearForNewGame(),
        search: (game: Game, limits: { depth: number }) => this.search(game, limits, false, life), // prettier-ignore
      };
      return runBench(runner, benchSearches(depth, this.settings.variant), onPosition, nowMs);
    });
  }

  /**
   * Perft of the current position split by root move, its subtrees counted on the pool
   * (perft-split.ts). `hashed` counts through subtree tables in the memory of the Hash
   * table, one slice per thread; they stay there for the next hashed perft until a search,
   * a new game or another layout needs the memory. stop() ends it (the counts are then
   * incomplete and `stopped` says so); threads that do not answer a stop are abandoned as a
   * search's are. `webAssembly` false counts with the TypeScript generator only (core/perft.ts).
   */
  perft(depth: number, hashed = false, webAssembly = true): Promise<PerftResult> {
    return this.exclusively(async (life) => {
      const threads = this.threads;
      threads.control.reset(false);
      const table = hashed ? this.lendTableForPerft(threads.threads) : undefined;
      const runner = {
        get stopRequested() {
          return life.stopRequested;
        },
        count: (position: Position, remaining: number) =>
          threads.run('perft', { state: position.state, variant: position.rules.name, depth: remaining, controlBuffer: threads.control.buffer, threads: threads.threads, hashed: table, webAssembly }), // prettier-ignore
      };
      const counted = splitPerft(this.game.position, depth, this.settings.threads, runner);
      // Once abandoned, the old pool's tasks fail: that is expected, not an error.
      counted.catch(() => {});
      const abandoned = life.abandoned.then((): PerftResult => {
        // The abandoned threads may still write to the memory: the next count starts empty.
        this.perftLayout = undefined;
        return { nodes: 0, divide: [], probes: 0, hits: 0, stopped: true };
      });
      return Promise.race([counted, abandoned]);
    });
  }

  /**
   * The Hash memory lent to a hashed perft on `threads` threads, one slice each. The counts
   * left by the last hashed perft stay when the layout (table and threads) is the same;
   * otherwise the memory starts empty.
   */
  private lendTableForPerft(threads: number): PerftTask['hashed'] {
    const table = this.data.table;
    if (!table.ok) return undefined; // no search memory: perft counts without a table
    const words = table.value;
    const layout = `${this.data.ttGeneration}/${threads}`;
    if (this.perftLayout !== layout) words.fill(0);
    this.perftLayout = layout;
    return { ttBuffer: words.buffer, ttOffset: words.byteOffset, ttBytes: words.byteLength, slices: new SharedArrayBuffer(4), run: ++this.perftRuns }; // prettier-ignore
  }

  /** The running search's progress from the shared counters, with its root move if asked. */
  private progress(root: Position, startTime: number, withMove: boolean): SearchProgress {
    const control = this.threads.control;
    const time = Math.max(1, Math.round(nowMs() - startTime));
    const nodes = control.totalNodes();
    const progress = { depth: control.depth, nodes, nps: Math.round((nodes * 1000) / time), time }; // prettier-ignore
    const number = control.rootMoveNumber;
    if (!withMove || number === 0) return progress;
    const move = control.rootMove;
    const [lo, hi] = [control.rootCapturedLo, control.rootCapturedHi];
    const current = legalMoves(root).find((m) => m.move === move && m.capturedLo === lo && m.capturedHi === hi); // prettier-ignore
    return current === undefined ? progress : { ...progress, currmove: current.text, currmovenumber: number }; // prettier-ignore
  }

  /**
   * Ends the task under way (ignored when idle). A task whose threads do not answer within
   * STALL_MS is abandoned: its threads are replaced and the best move known is given.
   */
  stop(): void {
    this.task?.life.stop();
  }

  /** The opponent played the pondered move: the search goes on, now on the clock. */
  ponderhit(): void {
    if (!this.task) return;
    this.threads.control.ponderhit(nowMs());
    this.task.life.ponderhit();
  }

  /** Stops any search and ends the worker threads. */
  async close(): Promise<void> {
    this.stop();
    if (this.task) await this.task.done;
    await this.threads.destroy();
  }

  /** The game as `position` would set it: for display. */
  describeGame(): string {
    const moves = this.game.moves;
    return moves.length === 0 ? this.startText : `${this.startText} moves ${moves.join(' ')}`;
  }
}

/** `value` once the clock reads `notBefore` (epoch ms), or at once when `early` settles. */
function paced<T>(value: T, notBefore: number, early: Promise<void>): Promise<T> {
  const wait = notBefore - nowMs();
  if (wait <= 0) return Promise.resolve(value);
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(value), wait);
    void early.then(() => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
