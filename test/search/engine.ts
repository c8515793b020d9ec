/**
 * Runs the engine's search in this thread, as the bench does: one Searcher over a 16 MiB
 * table, emptied (with the move-ordering history) before every search, so that each test's
 * result depends only on its own position and limits. As in the engine's search threads, the
 * WebAssembly module searches below the root.
 */
import type { PackedMove } from '../../src/core/movegen.js';
import { formatMove, parseMove } from '../../src/core/notation.js';
import type { Position } from '../../src/core/position.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { Searcher, type SearchFeatures, type SearchResult } from '../../src/search/search.js';
import {
  createSearchMemory,
  SearchModule,
  type SearchMemory,
} from '../../src/search/search-wasm.js';
import { timeBudget, type SearchLimits } from '../../src/search/timeman.js';
import { TranspositionTable, tableBytes } from '../../src/search/tt.js';
import { moduleSearcher } from '../helpers.js';

/**
 * The node budget within which the engine must find every key move and mate. Men's endings
 * take more since the search sees repetitions through sideways steps: the Turkish crown on
 * b8 (mate 5) needs 125,090 nodes, against under 100,000 before.
 */
export const NODE_BUDGET = 150_000;

let engine: { tt: TranspositionTable; control: SearchControl; searcher: Searcher } | undefined;

export interface SearchOptions {
  /** Keys (lo, hi pairs) of the game's earlier positions, oldest first. */
  readonly gameKeys?: readonly number[];
  /** Plies without capture or man move that draw (0: never); 100 by default. */
  readonly drawPlies?: number;
  /** Search parts switched from the engine's defaults for this search only. */
  readonly features?: Partial<SearchFeatures>;
}

/** A fresh single-threaded search of `position` within `limits`. */
export function search(
  position: Position,
  limits: SearchLimits,
  options: SearchOptions = {},
): SearchResult {
  if (engine === undefined) {
    const control = SearchControl.create(1);
    const searcher = moduleSearcher(tableBytes(16), control);
    engine = { tt: searcher.table, control, searcher };
  }
  const { tt, control, searcher } = engine;
  tt.clear();
  searcher.clearHistory();
  control.reset(false);
  const settings = {
    multiPV: 1,
    drawPlies: options.drawPlies ?? 100,
    timeBudget: timeBudget(limits, position.sideToMove, 0),
    threadIndex: 0,
    startTime: nowMs(),
  };
  const saved = { ...searcher.features };
  Object.assign(searcher.features, options.features);
  try {
    return searcher.search(position, options.gameKeys ?? [], limits, settings, () => {});
  } finally {
    Object.assign(searcher.features, saved);
  }
}

/** The move `text` names in `position`, by identity; throws on text that is not legal. */
export function moveOf(position: Position, text: string): PackedMove {
  const parsed = parseMove(position, text);
  if (!parsed.ok) throw new Error(`${position.toString()}: ${parsed.error.message}`);
  return parsed.value;
}

/** The text of a search's best move (`none` when there is none), for messages. */
export function bestMoveText(position: Position, result: SearchResult): string {
  const best = result.bestMove;
  return best === undefined ? 'none' : formatMove(position, best.move, best.capturedLo, best.capturedHi); // prettier-ignore
}

/** A memory of `regions` thread regions and a 1 MiB table, shared between threads. */
export function sharedMemory(regions: number): SearchMemory {
  const made = createSearchMemory(regions, tableBytes(1), true);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

/** A searcher whose module is a new instance over `memory`, as a search thread makes it. */
export function threadOver(
  memory: SearchMemory,
  control: SearchControl,
): { searcher: Searcher; module: SearchModule } {
  const { tableOffset, tableBytes: bytes } = memory.layout;
  const module = SearchModule.create(memory);
  if (!module.ok) throw new Error(module.error.message);
  const table = new TranspositionTable(memory.memory.buffer, tableOffset, bytes);
  return { searcher: new Searcher(module.value, table, control), module: module.value };
}

/** The breadcrumbs of `memory` (search-wasm.ts SearchMemoryLayout), pairs of int32. */
export function crumbsOf(memory: SearchMemory): Int32Array {
  const { crumbsOffset, crumbsBytes } = memory.layout;
  return new Int32Array(memory.memory.buffer, crumbsOffset, crumbsBytes / 4);
}
