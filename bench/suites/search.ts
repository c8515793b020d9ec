/**
 * Search speed: the bench (every bench position searched to the bench depth on one thread
 * with a fresh 16 MiB table), as `tama bench` runs it. Its node count is the signature.
 */
import { BENCH_DEPTH, BENCH_POSITIONS, runBench } from '../../src/search/bench.js';
import type { Suite, SuiteOptions } from '../suite.js';

/** The depth of a quick run: enough to go through every part of the search. */
export const QUICK_SEARCH_DEPTH = 3;

export function searchSuite(options: SuiteOptions): Suite {
  const depth = options.quick ? QUICK_SEARCH_DEPTH : BENCH_DEPTH;
  return {
    name: 'search',
    about: `one call: the ${BENCH_POSITIONS.length} bench positions searched to depth ${depth} (tama bench); result: nodes, the signature`,
    budget: { time: 0, iterations: 3, warmupIterations: 1, warmupTime: 0 },
    tasks: [
      {
        name: `bench, depth ${depth}, 1 thread`,
        unit: 'nodes/s',
        run: () => runBench({ depth }).nodes,
      },
    ],
  };
}
