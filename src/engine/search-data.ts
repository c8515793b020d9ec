/**
 * What the engine hands every search besides the game: the hash table's memory, the
 * evaluation weights (EvalFile) and the endgame tables of the variant (EGDB Path), each
 * with a generation that changes when it is replaced, so that the search threads know to
 * take the new one. The options behind them (Hash, EvalFile, EGDB Path, and Variant for
 * its tables) are applied here; a replacement that fails leaves the old one and the
 * option's value as they were.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { EndgameTables } from '../egdb/tables.js';
import { describeCode } from '../egdb/value.js';
import { Evaluators } from '../search/eval.js';
import { tableBytes } from '../search/tt.js';
import { DEFAULT_EVAL_SOURCE } from './default-eval.js';
import { loadEndgameFolder } from './endgame-folder.js';
import { loadEvalFile } from './eval-file.js';
import { EMPTY_STRING, type OptionValues } from './options.js';
import type { SearchTask } from './search-worker.js';

/** The part of a search task that SearchData provides. */
type SharedData = Pick<SearchTask, 'ttBuffer' | 'ttGeneration' | 'evalWeights' | 'evalNetworks' | 'evalGeneration' | 'tables' | 'tablesGeneration'>; // prettier-ignore

/** A transposition table of `mib` MiB, or why the machine cannot give one. */
function allocateTable(mib: number): Result<SharedArrayBuffer> {
  try {
    return ok(new SharedArrayBuffer(tableBytes(mib)));
  } catch (error) {
    return fail('out-of-memory', `cannot allocate ${mib} MiB for the hash table (${error instanceof Error ? error.message : String(error)})`); // prettier-ignore
  }
}

export class SearchData {
  private table: SharedArrayBuffer;
  private tableGeneration = 0;
  /** The evaluation (linear weights and networks), sent to the workers with every search. */
  private weights = new Evaluators(DEFAULT_EVAL_SOURCE.weights, DEFAULT_EVAL_SOURCE.networks);
  /** Changes whenever another evaluation is loaded: workers then rebuild their evaluators. */
  private evalGeneration = 0;
  /** The endgame tables of the current variant, or none. */
  private egdb: EndgameTables | undefined;
  private tablesGeneration = 0;

  /** The data of the options in `values` (a table of `values.hash` MiB, the default evaluation, no tables). */
  constructor(private readonly values: OptionValues) {
    this.table = new SharedArrayBuffer(tableBytes(values.hash));
  }

  /** The hash table's memory (also lent to hashed perfts). */
  get ttBuffer(): SharedArrayBuffer {
    return this.table;
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
    return {
      ttBuffer: this.table,
      ttGeneration: this.tableGeneration,
      evalWeights: this.weights.weights,
      evalNetworks: this.weights.networks,
      evalGeneration: this.evalGeneration,
      tables: this.egdb?.tables ?? [],
      tablesGeneration: this.tablesGeneration,
    };
  }

  /** The Hash option: a new table of `mib` MiB; when the machine cannot give it, the old table stays. */
  resizeHash(mib: number): Result<void> {
    const table = allocateTable(mib);
    if (!table.ok) return fail(table.error.code, `${table.error.message}; the table stays at ${this.values.hash} MiB`); // prettier-ignore
    this.values.hash = mib;
    this.table = table.value;
    this.tableGeneration++;
    return ok(undefined);
  }

  /**
   * Empties the table. A new generation tells threads that hold a copy of it rather than
   * share it (a browser without shared memory) to take the emptied table.
   */
  clearTable(): void {
    new Int32Array(this.table).fill(0);
    this.tableGeneration++;
  }

  /** The EvalFile option: the evaluation the files of `value` give, or an error and the old one. */
  useEvalFile(value: string): Result<void> {
    const loaded = loadEvalFile(value);
    if (!loaded.ok) return loaded;
    this.values.evalFile = value;
    this.weights = new Evaluators(loaded.value.weights, loaded.value.networks);
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
