/**
 * The WebAssembly search on several threads (lazy SMP): every thread instantiates the module
 * over one shared memory (search-wasm.ts createSearchMemory), whose table they share and in
 * which each searches in its own region (breadcrumbs: breadcrumbs.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { position } from '../helpers.js';
import { sharedMemory, threadOver } from './engine.js';

const settings = (threadIndex: number) => ({ multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex, startTime: nowMs() }); // prettier-ignore

/** Two search threads over one shared memory of two regions, with their control block. */
function twoThreads(): {
  first: ReturnType<typeof threadOver>;
  second: ReturnType<typeof threadOver>;
} {
  const memory = sharedMemory(2);
  expect(Object.prototype.toString.call(memory.memory.buffer)).toBe('[object SharedArrayBuffer]');
  const control = SearchControl.create(2);
  return { first: threadOver(memory, control), second: threadOver(memory, control) };
}

describe('the module on several threads', () => {
  it('shares one table: a second thread finds what the first stored', () => {
    const { first, second } = twoThreads();
    const root = position(BENCH_POSITIONS[2]);
    const alone = threadOver(sharedMemory(2), SearchControl.create(2));
    const fresh = alone.searcher.search(root, [], { depth: 7 }, settings(1), () => {});
    const one = first.searcher.search(root, [], { depth: 7 }, settings(0), () => {});
    const after = second.searcher.search(root, [], { depth: 7 }, settings(1), () => {});
    // Thread 1 after thread 0 searches far less than thread 1 over an empty table.
    expect(after.nodes).toBeLessThan(fresh.nodes / 2);
    expect(after.bestMove).toEqual(one.bestMove);
  });

  it("keeps each thread in its own region: a search on one leaves the other's stacks as they were", () => {
    const { first, second } = twoThreads();
    const rootA = position(BENCH_POSITIONS[3]);
    const rootB = position(BENCH_POSITIONS[4]);
    first.searcher.search(rootA, [], { depth: 5 }, settings(0), () => {});
    first.module.bindThread(0);
    const stackA = Array.from(first.module.position(0));
    expect(stackA).toEqual(Array.from(rootA.state.subarray(0, stackA.length)));
    second.searcher.search(rootB, [], { depth: 6 }, settings(1), () => {});
    first.module.bindThread(0);
    expect(Array.from(first.module.position(0))).toEqual(stackA);
    second.module.bindThread(1);
    expect(Array.from(second.module.position(0))).toEqual(Array.from(rootB.state.subarray(0, stackA.length))); // prettier-ignore
    // A region past the memory's is refused, not written.
    expect(() => first.module.bindThread(2)).toThrow(/2 thread regions, not region 2/);
  });
  it("a helper of odd number searches the root moves after the first from the far end, and keeps the main thread's order", () => {
    const root = Position.start();
    /** The root moves each iteration of a search by thread `threadIndex` started, in turn. */
    const iterations = (threadIndex: number, depth: number): string[][] => {
      const { searcher, module } = threadOver(sharedMemory(2), SearchControl.create(2));
      const seen: string[][] = [];
      module.connect({
        poll: () => false,
        probeTables: () => -1,
        rootMove: (number, move, capturedLo, capturedHi) => {
          if (number === 1) seen.push([]);
          seen[seen.length - 1].push(`${move}/${capturedLo}/${capturedHi}`);
        },
      });
      searcher.search(root, [], { depth }, settings(threadIndex), () => {});
      return seen;
    };
    const main = iterations(0, 4);
    const helper = iterations(1, 4);
    expect(main[0].length).toBeGreaterThan(3);
    // The helper starts a ply deeper, from the moves' own order: the first, then the rest from the end.
    expect(helper).toHaveLength(3);
    expect(helper[0]).toEqual([main[0][0], ...main[0].slice(1).reverse()]);
    // Each iteration the order read back the other way is the main thread's: the last best move first, the rest as they were.
    const natural = helper.map((moves) => [moves[0], ...moves.slice(1).reverse()]);
    for (let i = 1; i < natural.length; i++) {
      const best = natural[i][0];
      expect(natural[i]).toEqual([best, ...natural[i - 1].filter((move) => move !== best)]);
    }
    // The main thread keeps the order the same way, from the moves' own order.
    expect(main[1]).toEqual([main[1][0], ...main[0].filter((move) => move !== main[1][0])]);
  });
});
