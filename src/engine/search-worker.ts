/**
 * A search worker thread of the engine's piscina pool (and, through web/search-thread-worker.ts,
 * of the page's Web Workers): every search the engine runs (the protocol's, bench, matches,
 * analysis, data jobs, the library's Engine) runs here. It keeps one Searcher between
 * searches (its arrays are allocated once), whose WebAssembly module (search-wasm.ts)
 * searches below the root, and takes the engine's memory anew when the engine replaces it or
 * empties its table.
 */
import type { MessagePort } from 'node:worker_threads';
import { hashedPerft, perft as countLeaves } from '../core/perft.js';
import { usePerftWebAssembly } from '../search/perft-wasm.js';
import { PerftTable } from '../core/perft-table.js';
import { Position } from '../core/position.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import { SearchControl } from '../search/control.js';
import { Evaluators, type EvalSource } from '../search/eval.js';
import { Searcher, type SearchResult, type SearchSettings } from '../search/search.js';
import { createSearchMemory, SearchModule, type SearchMemory, type SearchMemoryLayout, type WasmMemory } from '../search/search-wasm.js'; // prettier-ignore
import type { SearchLimits } from '../search/timeman.js';
import { TranspositionTable } from '../search/tt.js';
import { EndgameTables, type TableData } from '../egdb/tables.js';

export interface SearchTask {
  /** The root position's state words (core/state.ts), no-progress count included. */
  readonly state: Int32Array;
  readonly variant: VariantName;
  /** Keys of the game's positions before the root, lo and hi in turn, oldest first. */
  readonly gameKeys: readonly number[];
  readonly limits: SearchLimits;
  readonly settings: SearchSettings;
  /**
   * The search's memory (search-wasm.ts): where memory is shared, the one every thread
   * searches over; where it is not (`memory` null), its layout, for a memory of the thread's
   * own; or why the engine has none.
   */
  readonly memory: { readonly memory: WasmMemory | null; readonly layout: SearchMemoryLayout } | { readonly error: string }; // prettier-ignore
  /**
   * Changes whenever the engine makes a new memory (Hash, Threads): only then does the worker
   * instantiate the module anew (over it, or over a memory of its own of its layout).
   */
  readonly memoryGeneration: number;
  /**
   * Changes whenever the engine makes a new memory or empties the table (a new game, Clear
   * Hash): a worker with a memory of its own then empties its own table.
   */
  readonly ttGeneration: number;
  readonly ttAge: number;
  readonly controlBuffer: SharedArrayBuffer;
  /**
   * The evaluation (the engine's EvalFile: linear weights of every variant, a network a
   * variant at most), which the worker takes only when `evalGeneration` is not the one it
   * holds; left out of a task for a thread known to hold it (web/threads.ts).
   */
  readonly evaluation?: EvalSource;
  /** Changes whenever the engine loads other weights: the worker then rebuilds its evaluators. */
  readonly evalGeneration: number;
  readonly threads: number;
  /** Endgame tables over SharedArrayBuffers (none: an empty list). */
  readonly tables: readonly TableData[];
  /** Changes whenever the engine loads other tables: the worker then wraps them anew. */
  readonly tablesGeneration: number;
  /** True for the first search after a new game: forget the move-ordering history. */
  readonly newGame: boolean;
  /** Where the main thread sends its info lines. */
  readonly port?: MessagePort;
}

/** Sent once to each thread of a new pool (Engine.whenReady). */
export interface ReadyTask {
  /** Counts the threads that have arrived. */
  readonly arrived: SharedArrayBuffer;
  readonly threads: number;
  readonly waitMs: number;
}

/** Tells this thread from the others in the pool's start-up count (any value unique to it). */
const THREAD_TOKEN = Math.random();

/**
 * Answers the pool's start-up call once every thread has arrived, so that each thread
 * takes exactly one and has loaded this module when the engine says it is ready.
 */
export function ready(task: ReadyTask): number {
  const arrived = new Int32Array(task.arrived);
  const count = Atomics.add(arrived, 0, 1) + 1;
  if (count >= task.threads) Atomics.notify(arrived, 0);
  const deadline = Date.now() + task.waitMs;
  for (let seen = count; seen < task.threads; seen = Atomics.load(arrived, 0)) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    Atomics.wait(arrived, 0, seen, left);
  }
  return THREAD_TOKEN;
}

/** One subtree of a perft split over the pool (Engine.perft). */
export interface PerftTask {
  readonly state: Int32Array;
  readonly variant: VariantName;
  readonly depth: number;
  /** The engine's control buffer: a stopped count answers 0 at once. */
  readonly controlBuffer: SharedArrayBuffer;
  readonly threads: number;
  /**
   * Hashed perft: the transposition table's memory, lent for subtree counts; each thread
   * takes one of `threads` equal slices (claimed through `slices`, one per perft run).
   */
  readonly hashed?: { readonly ttBuffer: ArrayBufferLike; readonly ttOffset: number; readonly ttBytes: number; readonly slices: SharedArrayBuffer; readonly run: number }; // prettier-ignore
  /** False: count with the TypeScript generator only, not its WebAssembly build (core/perft.ts). */
  readonly webAssembly: boolean;
}

/** A perft subtree's count, with its table lookups (none when not hashed). */
export interface PerftCount {
  readonly nodes: number;
  readonly probes: number;
  readonly hits: number;
}

/** This thread's slice of the lent table, and the perft run that handed it out. */
let perftTable: PerftTable | undefined;
let perftRun = -1;

/** Counts the leaves `depth` plies below a position, ending early when the engine stops. */
export function perft(task: PerftTask): PerftCount {
  const control = new SearchControl(task.controlBuffer, task.threads);
  const stopped = () => control.stopped;
  if (stopped()) return { nodes: 0, probes: 0, hits: 0 };
  usePerftWebAssembly(task.webAssembly);
  const position = new Position(rulesFor(task.variant), task.state);
  const table = task.hashed === undefined ? undefined : perftSlice(task.hashed, task.threads);
  if (table === undefined) return { nodes: countLeaves(position, task.depth, stopped), probes: 0, hits: 0 }; // prettier-ignore
  table.resetStats();
  const nodes = hashedPerft(position, task.depth, table, stopped);
  return { nodes, probes: table.probes, hits: table.hits };
}

/** This thread's slice of the table for the run (claimed at its first task of the run). */
function perftSlice(
  hashed: NonNullable<PerftTask['hashed']>,
  threads: number,
): PerftTable | undefined {
  // prettier-ignore
  if (perftRun !== hashed.run) {
    perftRun = hashed.run;
    const slice = Atomics.add(new Int32Array(hashed.slices), 0, 1);
    // A thread that replaced a dead one finds every slice taken: it counts without a table.
    const bytes = Math.floor(hashed.ttBytes / threads / 8) * 8;
    perftTable = slice < threads && bytes >= 72 ? new PerftTable(new Int32Array(hashed.ttBuffer, hashed.ttOffset + slice * bytes, bytes / 4)) : undefined; // prettier-ignore
  }
  return perftTable;
}

/** The message that ends a search's stream of info lines. */
export const DONE = 'done';

/**
 * The memory this thread searches over: the engine's, or, where memory is not shared, one of
 * its own of the same layout (one thread), made with each new memory of the engine's (its
 * table emptied in place when the engine empties its own). Throws the engine's reason when
 * it has none.
 */
function memoryOf(task: SearchTask): SearchMemory {
  const given = task.memory;
  if ('error' in given) throw new Error(given.error);
  if (given.memory !== null) return { memory: given.memory, shared: true, layout: given.layout };
  const own = createSearchMemory(1, given.layout.tableBytes, false);
  if (!own.ok) throw new Error(own.error.message);
  return own.value;
}

/**
 * The transposition table in `memory`, and the search's module over it: the search below
 * the root. Throws, in one line saying why, where WebAssembly cannot start.
 */
function takeMemory(memory: SearchMemory): { table: TranspositionTable; module: SearchModule } {
  const { tableOffset, tableBytes } = memory.layout;
  const table = new TranspositionTable(memory.memory.buffer, tableOffset, tableBytes);
  const module = SearchModule.create(memory);
  if (!module.ok) throw new Error(module.error.message);
  return { table, module: module.value };
}

let searcher: Searcher | undefined;
/** The engine's memory generation the module was instantiated for, and its table generation. */
let memoryGeneration = -1;
let tableGeneration = -1;
/** Whether the table is this thread's own (the engine's memory is not shared here). */
let ownTable = false;
let table: TranspositionTable | undefined;
let endgame: EndgameTables | null = null;
let endgameGeneration = -1;
/** The evaluation of generation evalGeneration, taken from the task that brought it. */
let evaluators = new Evaluators();
let evalGeneration = -1;

export default function search(task: SearchTask): SearchResult {
  // First, so that a thread told it has this evaluation has it even if the search fails.
  if (evalGeneration !== task.evalGeneration) {
    const evaluation = task.evaluation;
    if (evaluation === undefined) throw new Error(`the search thread was sent no evaluation for generation ${task.evalGeneration}`); // prettier-ignore
    evaluators = new Evaluators(evaluation.weights, evaluation.networks);
    evalGeneration = task.evalGeneration;
  }
  const control = new SearchControl(task.controlBuffer, task.threads);
  if (searcher === undefined || table === undefined || memoryGeneration !== task.memoryGeneration) {
    const memory = memoryOf(task);
    const taken = takeMemory(memory);
    table = taken.table;
    ownTable = !memory.shared;
    if (searcher === undefined) searcher = new Searcher(taken.module, table, control);
    else searcher.useModule(taken.module);
    memoryGeneration = task.memoryGeneration;
  } else if (tableGeneration !== task.ttGeneration && ownTable) {
    // The engine emptied its table (a new game, Clear Hash): this thread's own table too.
    table.clear();
  }
  tableGeneration = task.ttGeneration;
  searcher.attach(table, control);
  table.age = task.ttAge;
  if (endgameGeneration !== task.tablesGeneration) {
    endgameGeneration = task.tablesGeneration;
    endgame = null;
    if (task.tables.length > 0) {
      endgame = new EndgameTables(rulesFor(task.variant));
      for (const data of task.tables) endgame.add(data);
    }
  }
  searcher.attachTables(endgame);
  searcher.useEvaluators(evaluators);
  if (task.newGame) searcher.clearHistory();
  const position = new Position(rulesFor(task.variant), task.state);
  try {
    return searcher.search(position, task.gameKeys, task.limits, task.settings, (info) =>
      task.port?.postMessage(info),
    );
  } finally {
    // The main thread's end is every helper's signal to stop.
    if (task.settings.threadIndex === 0) control.stop();
    // Info lines travel on this port, the result on piscina's: this last message tells the
    // engine that every info line has arrived, so none can follow the best move.
    task.port?.postMessage(DONE);
    task.port?.close();
  }
}
