/**
 * Perft on the start and a middlegame position of each variant, on one thread (perft in
 * this thread) and on N worker threads (the engine's pool, as `go perft` and `tama perft
 * --threads` count). A call counts one tree; its rate is in leaves counted per second, as
 * `tama perft` gives it; in this thread as `tama perft` counts it, the subtrees by the
 * WebAssembly module (search/perft-wasm.ts). The pool's workers load dist/src/engine/search-worker.js, so thread
 * counts above one need the built bench.
 */
import { perft } from '../../src/core/perft.js';
import { Engine } from '../../src/engine/engine.js';
import { usePerftWebAssembly } from '../../src/search/perft-wasm.js';
import { PERFT_CASES } from '../positions.js';
import type { BenchTask, Suite, SuiteOptions } from '../suite.js';
import { positionOf } from './states.js';

export function perftSuite(options: SuiteOptions): Suite {
  usePerftWebAssembly(true);
  const pools = new Map<number, Engine>();
  for (const threads of options.perftThreads) {
    if (threads > 1 && !pools.has(threads)) {
      const engine = new Engine({ info: () => {}, error: () => {} });
      engine.setOption('Threads', String(threads));
      pools.set(threads, engine);
    }
  }
  const tasks: BenchTask[] = [];
  for (const entry of PERFT_CASES) {
    const position = positionOf(entry.fen, entry.variant);
    const depth = options.quick ? entry.quickDepth : entry.depth;
    const expected = options.quick ? entry.quickLeaves : entry.leaves;
    const checked = (leaves: number): number => {
      if (leaves !== expected) {
        throw new Error(
          `perft ${depth} of ${entry.name} counted ${leaves} leaves, not ${expected}`,
        );
      }
      return leaves;
    };
    for (const threads of options.perftThreads) {
      const name = `${entry.name}, perft ${depth}, ${threads} thread${threads === 1 ? '' : 's'}`;
      const pool = pools.get(threads);
      tasks.push(
        pool === undefined
          ? { name, unit: 'nodes/s', run: () => checked(perft(position, depth)) }
          : {
              name,
              unit: 'nodes/s',
              async: true,
              run: async () => {
                pool.setOption('Variant', entry.variant);
                pool.setPosition(entry.fen, []);
                return checked((await pool.perft(depth)).nodes);
              },
            },
      );
    }
  }
  return {
    name: 'perft',
    about:
      'one call: the leaves of one position to the given depth; nodes/s counts leaves; result: leaves',
    budget: { time: 2000, iterations: 5, warmupIterations: 1, warmupTime: 0 },
    tasks,
    close: async () => {
      await Promise.all([...pools.values()].map((pool) => pool.close()));
    },
  };
}
