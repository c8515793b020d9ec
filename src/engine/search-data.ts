/**
 * What the engine hands every search besides the game: the search's memory (the hash table
 * and one region a search thread, search-wasm.ts), the
 * evaluation weights (EvalFile) and the endgame tables of the variant (EGDB Path), each
 * with a generation that changes when it is replaced, so that the search threads know to
 * take the new one. The options behind them (Hash, Threads, EvalFile, EGDB Path, and Variant
 * for its tables) are applied here; a replacement that fails leaves the old one and the
 * option's value as they were.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { EndgameTables } from '../egdb/tables.js';
import { describeCode } from '../egdb/value.js';
import { VARIANT_NAMES, type VariantName } from '../core/variant.js';
import { Evaluators, type EvalSource, type NetworkSet } from '../search/eval.js';
import type { NetworkWeights } from '../search/network-weights.js';
import { createSearchMemory, searchMemoryLayout, type SearchMemoryLayout, type WasmMemory } from '../search/search-wasm.js'; // prettier-ignore
import { tableBytes } from '../search/tt.js';
import { DEFAULT_EVAL_SOURCE } from './default-eval.js';
import { loadEndgameFolder } from './endgame-folder.js';
import { loadEvalFile } from './eval-file.js';
import { EMPTY_STRING, type OptionValues } from './options.js';
import type { SearchTask } from './search-worker.js';

/** The part of a search task that SearchData provides. */
type SharedData = Pick<SearchTask, 'memory' | 'memoryGeneration' | 'ttGeneration' | 'evaluation' | 'evalGeneration' | 'tables' | 'tablesGeneration'>; // prettier-ignore

/**
 * Whether threads can share memory here: in Node always; in a browser only where the page is
 * cross-origin isolated (elsewhere web/shared-memory.ts makes SharedArrayBuffer a plain
 * ArrayBuffer).
 */
function memoryShareable(): boolean {
  return Object.prototype.toString.call(new SharedArrayBuffer(0)) === '[object SharedArrayBuffer]';
}

/**
 * `networks` with their weights over shared memory where threads can share it, so that a
 * search task carries them to a thread without a copy; as they are elsewhere (a page that is
 * not cross-origin isolated sends them to its one thread only when they change, web/threads.ts).
 */
function shareNetworks(networks: NetworkSet): NetworkSet {
  if (!memoryShareable()) return networks;
  const shared: Partial<Record<VariantName, NetworkWeights>> = {};
  for (const variant of VARIANT_NAMES) {
    const network = networks[variant];
    if (network === undefined) continue;
    shared[variant] = {
      ...network,
      inputWeights: new Int16Array(shareCopy(network.inputWeights)),
      inputBias: new Int16Array(shareCopy(network.inputBias)),
      outputWeights: new Int8Array(shareCopy(network.outputWeights)),
    };
  }
  return shared;
}

/** The bytes of `array` copied into a new SharedArrayBuffer. */
function shareCopy(array: Int8Array | Int16Array): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(array.byteLength);
  new Uint8Array(buffer).set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
  return buffer;
}

/** The evaluation of `source` as the engine keeps it: its networks shared (shareNetworks). */
function evaluatorsOf(source: EvalSource): Evaluators {
  return new Evaluators(source.weights, shareNetworks(source.networks));
}

/**
 * The engine's side of the search's memory: where memory is shared, the memory itself, which
 * every search thread instantiates the module over; where it is not, only its layout (the one
 * search thread makes a memory of its own) and a plain buffer for hashed perft's counts.
 */
interface EngineMemory {
  /** The memory every thread searches over, or null where memory is not shared. */
  readonly memory: WasmMemory | null;
  readonly layout: SearchMemoryLayout;
  /** The table's words, as the engine empties them and lends them to hashed perft. */
  readonly table: Int32Array;
}

/**
 * A search memory of `regions` thread regions and a table of `mib` MiB, or why the machine
 * cannot give one; where WebAssembly cannot start at all, that, as the module says it.
 */
function allocateMemory(regions: number, mib: number): Result<EngineMemory> {
  const bytes = tableBytes(mib);
  const described = `${mib} MiB for the hash table`;
  if (!memoryShareable()) {
    const layout = searchMemoryLayout(1, bytes);
    if (!layout.ok) return layout.error.code === 'out-of-memory' ? fail(layout.error.code, `cannot allocate ${described} (${layout.error.message})`) : layout; // prettier-ignore
    try {
      return ok({ memory: null, layout: layout.value, table: new Int32Array(new ArrayBuffer(bytes)) }); // prettier-ignore
    } catch (error) {
      return fail('out-of-memory', `cannot allocate ${described} (${error instanceof Error ? error.message : String(error)})`); // prettier-ignore
    }
  }
  const made = createSearchMemory(regions, bytes, true);
  if (!made.ok) return made.error.code === 'out-of-memory' ? fail(made.error.code, `cannot allocate ${described} (${made.error.message})`) : made; // prettier-ignore
  return ok(overMemory(made.value.memory, made.value.layout));
}

/** A shared search memory as the engine holds it: the memory, its layout and the table's words. */
function overMemory(memory: WasmMemory, layout: SearchMemoryLayout): EngineMemory {
  return { memory, layout, table: new Int32Array(memory.buffer, layout.tableOffset, layout.tableBytes / 4) }; // prettier-ignore
}

/** The most room a reused search memory may leave unused beyond half of it (reuseOrAllocate). */
const SPARE_ROOM_BYTES = 64 * 2 ** 20;

export class SearchData {
  /** The search's memory, or why it could not be made (then every search fails with that). */
  private current: Result<EngineMemory>;
  /** Changes whenever a new memory is made (Hash, Threads): threads then instantiate the module over it. */
  private memoryGeneration = 0;
  /** Changes whenever the table is replaced or emptied. */
  private tableGeneration = 0;
  /**
   * The evaluation (linear weights and networks), which a thread takes when its generation
   * changes; its networks over shared memory where there is one (shareNetworks).
   */
  private weights = evaluatorsOf(DEFAULT_EVAL_SOURCE);
  /** Changes whenever another evaluation is loaded: workers then rebuild their evaluators. */
  private evalGeneration = 0;
  /** The endgame tables of the current variant, or none. */
  private egdb: EndgameTables | undefined;
  private tablesGeneration = 0;

  /**
   * The data of the options in `values` (a memory for `values.threads` threads and a table of
   * `values.hash` MiB, the default evaluation, no tables).
   */
  constructor(private readonly values: OptionValues) {
    this.current = allocateMemory(values.threads, values.hash);
  }

  /** The hash table's words (also lent to hashed perfts), or why there is no memory. */
  get table(): Result<Int32Array> {
    return this.current.ok ? ok(this.current.value.table) : this.current;
  }

  /** Changes whenever the table is replaced or emptied. */
  get ttGeneration(): number {
    return this.tableGeneration;
  }

  /** The evaluation weights and network. */
  get evaluators(): Evaluators {
    return this.weights;
  }

  /** What every thread of a search is sent of it. */
  forTask(): SharedData {
    const current = this.current;
    return {
      memory: current.ok ? { memory: current.value.memory, layout: current.value.layout } : { error: current.error.message }, // prettier-ignore
      memoryGeneration: this.memoryGeneration,
      ttGeneration: this.tableGeneration,
      evaluation: { weights: this.weights.weights, networks: this.weights.networks },
      evalGeneration: this.evalGeneration,
      tables: this.egdb?.tables ?? [],
      tablesGeneration: this.tablesGeneration,
    };
  }

  /**
   * The Hash option: a table of `mib` MiB, empty; when the machine cannot give it, the old
   * table stays. True when that took a new memory (the threads then bind to it afresh).
   */
  resizeHash(mib: number): Result<boolean> {
    const made = this.reuseOrAllocate(this.values.threads, mib);
    if (!made.ok) return made.error.code !== 'out-of-memory' ? made : fail(made.error.code, `${made.error.message}; the table stays at ${this.values.hash} MiB`); // prettier-ignore
    const fresh = !this.current.ok || made.value.memory !== this.current.value.memory;
    this.values.hash = mib;
    this.current = made;
    this.memoryGeneration++;
    this.tableGeneration++;
    return ok(fresh);
  }

  /**
   * A memory for `regions` threads and a table of `mib` MiB: the current one, emptied, where
   * it holds that layout with at most half of it, or SPARE_ROOM_BYTES, to spare; else a new
   * one. A GUI sets Hash before every game, often to the size it has, or toggles between
   * two: a new memory each time would leave the old ones to the threads' garbage
   * collectors, which collect them late.
   */
  private reuseOrAllocate(regions: number, mib: number): Result<EngineMemory> {
    const current = this.current;
    if (current.ok && current.value.memory !== null && current.value.layout.regions === regions) {
      const { memory } = current.value;
      const layout = searchMemoryLayout(regions, tableBytes(mib));
      const room = memory.buffer.byteLength;
      const need = layout.ok ? layout.value.bytes : room + 1;
      if (layout.ok && need <= room && (need * 2 > room || room - need <= SPARE_ROOM_BYTES)) {
        new Uint8Array(memory.buffer).fill(0);
        return ok(overMemory(memory, layout.value));
      }
    }
    return allocateMemory(regions, mib);
  }

  /**
   * The Threads option: a memory with a region for each of `threads` threads (the table
   * starts empty); when the machine cannot give it, the old memory and thread count stay.
   */
  setThreads(threads: number): Result<void> {
    const made = allocateMemory(threads, this.values.hash);
    if (!made.ok) return made.error.code !== 'out-of-memory' ? made : fail(made.error.code, `${made.error.message} with ${threads} search threads; the threads stay at ${this.values.threads}`); // prettier-ignore
    this.values.threads = threads;
    this.current = made;
    this.memoryGeneration++;
    this.tableGeneration++;
    return ok(undefined);
  }

  /**
   * Empties the table. A new generation tells threads that hold a table of their own rather
   * than share it (a browser without shared memory) to empty theirs.
   */
  clearTable(): void {
    if (this.current.ok) this.current.value.table.fill(0);
    this.tableGeneration++;
  }

  /** Before each search: the threads' breadcrumbs in the shared memory are wiped. */
  beginSearch(): void {
    const current = this.current;
    if (!current.ok || current.value.memory === null) return;
    const { crumbsOffset, crumbsBytes } = current.value.layout;
    new Int32Array(current.value.memory.buffer, crumbsOffset, crumbsBytes / 4).fill(0);
  }

  /** The EvalFile option: the evaluation the files of `value` give, or an error and the old one. */
  useEvalFile(value: string): Result<void> {
    const loaded = loadEvalFile(value);
    if (!loaded.ok) return loaded;
    this.values.evalFile = value;
    this.weights = evaluatorsOf(loaded.value);
    this.evalGeneration++;
    return ok(undefined);
  }

  /** The EGDB Path option: the tables under `path`, or an error and the old tables. */
  setEndgamePath(path: string): Result<void> {
    const loaded = this.loadEndgameTables(path);
    if (loaded.ok) this.values.egdbPath = path;
    return loaded;
  }

  /** Another variant was set: its tables from the same folder, or none if it has none. */
  variantChanged(): void {
    if (!this.loadEndgameTables(this.values.egdbPath).ok) {
      this.egdb = undefined;
      this.tablesGeneration++;
    }
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
    const loaded = loadEndgameFolder(path, this.values.variant);
    if (!loaded.ok) return loaded;
    this.egdb = loaded.value;
    this.tablesGeneration++;
    return ok(undefined);
  }

  /** The database value of the position `state`, as words; undefined when not covered. */
  endgameValue(state: Int32Array): { value: string; pieces: number } | undefined {
    if (this.egdb === undefined) return undefined;
    const code = this.egdb.probe(state);
    return code < 0 ? undefined : { value: describeCode(code), pieces: this.egdb.maxPieces };
  }
}
