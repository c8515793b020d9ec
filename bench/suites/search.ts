/**
 * Search speed in this thread: every bench position searched to the bench depth by one
 * Searcher (the WebAssembly module below the root) with a table of its own of the bench's
 * size, the work `tama bench` gives a single worker thread (the command runs it through
 * the engine's pool). Its node count is the signature.
 */
import { Position } from '../../src/core/position.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { BENCH_DEPTH, BENCH_HASH_MB, BENCH_POSITIONS } from '../../src/search/bench.js';
import { Searcher } from '../../src/search/search.js';
import { tableBytes } from '../../src/search/tt.js';
import type { Suite, SuiteOptions } from '../suite.js';

/** The depth of a quick run: enough to go through every part of the search. */
export const QUICK_SEARCH_DEPTH = 3;

/** Total nodes of the bench positions searched to `depth` by one searcher. */
function searchBenchPositions(depth: number): number {
  const control = SearchControl.create(1);
  const made = Searcher.create(tableBytes(BENCH_HASH_MB), control);
  if (!made.ok) throw new Error(made.error.message);
  const searcher = made.value;
  const tt = searcher.table;
  let nodes = 0;
  for (const fen of BENCH_POSITIONS) {
    const parsed = Position.parse(fen);
    if (!parsed.ok) throw new Error(parsed.error.message);
    control.reset(false);
    tt.age = (tt.age + 1) & 63;
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    nodes += searcher.search(parsed.value, [], { depth }, settings, () => {}).nodes;
  }
  return nodes;
}

export function searchSuite(options: SuiteOptions): Suite {
  const depth = options.quick ? QUICK_SEARCH_DEPTH : BENCH_DEPTH;
  return {
    name: 'search',
    about: `one call: the ${BENCH_POSITIONS.length} bench positions searched to depth ${depth} in this thread (the work of tama bench); result: nodes, the signature`,
    budget: { time: 0, iterations: 3, warmupIterations: 1, warmupTime: 0 },
    tasks: [
      {
        name: `bench, depth ${depth}, 1 thread`,
        unit: 'nodes/s',
        run: () => searchBenchPositions(depth),
      },
    ],
  };
}
