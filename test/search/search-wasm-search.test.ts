/**
 * The search below the root in the WebAssembly module (src/wasm/search.ts), beyond what the
 * bench signature pins: the draws the game has (a position of the game before the root come
 * back, the no-progress rule), and its table, emptied with the table it stands for.
 */
import { describe, expect, it } from 'vitest';
import { sameMove } from '../../src/core/movegen.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { MATE_BOUND } from '../../src/search/search.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { TranspositionTable, tableBytes } from '../../src/search/tt.js';
import { moduleSearcher, position } from '../helpers.js';
import { moveOf, search } from './engine.js';

/** Centi-men of a score, a won or lost mate counted as beyond any of them. */
function centiMen(score: { kind: 'cp' | 'mate'; value: number }): number {
  return score.kind === 'cp' ? score.value : Math.sign(score.value) * MATE_BOUND;
}

describe('the module knows the draws the game has', () => {
  it('a position of the game before the root that the side to move can bring back', () => {
    // Three kings against one: lost for Black, unless the game repeats. From the first
    // position the kings go a1-a2, h8-h7, a2-a1; Black's h7-h8 then brings it back.
    const walk = position('W:WKa1,Kc3,Kd4:BKh8');
    const gameKeys: number[] = [];
    for (const text of ['a1-a2', 'h8-h7', 'a2-a1']) {
      gameKeys.push(walk.keyLo, walk.keyHi);
      const move = moveOf(walk, text);
      walk.play(move.move, move.capturedLo, move.capturedHi);
    }
    expect(walk.toString()).toBe('B:WKa1,Kc3,Kd4:BKh7');
    const alone = search(walk, { depth: 6 });
    expect(centiMen(alone.score)).toBeLessThan(-300);
    const inGame = search(walk, { depth: 6 }, { gameKeys });
    expect(inGame.score).toEqual({ kind: 'cp', value: 0 });
    expect(inGame.bestMove !== undefined && sameMove(inGame.bestMove, moveOf(walk, 'h7-h8'))).toBe(true); // prettier-ignore
  });

  it('the no-progress rule: kings alone that may not move without a draw', () => {
    const root = position('W:WKa1,Kc3,Kd4:BKh8');
    expect(centiMen(search(root, { depth: 6 }).score)).toBeGreaterThan(300);
    // A king's move counts one quiet ply: with a limit of one, every line draws at once.
    expect(search(root, { depth: 6 }, { drawPlies: 1 }).score).toEqual({ kind: 'cp', value: 0 });
  });
});

describe("the module's table", () => {
  it('is emptied with the table it stands for, so that a search from a new game repeats itself', () => {
    const tt = new TranspositionTable(new SharedArrayBuffer(tableBytes(4)));
    const searcher = moduleSearcher(tt, SearchControl.create(1));
    const root = position(BENCH_POSITIONS[1]);
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    const run = () => {
      const { score, bestMove, ponderMove, depth, nodes } = searcher.search(root, [], { depth: 6 }, settings, () => {}); // prettier-ignore
      return { score, bestMove, ponderMove, depth, nodes };
    };
    const first = run();
    // Kept, the table makes the same search cheaper; emptied, it is the first search again.
    expect(run().nodes).toBeLessThan(first.nodes);
    tt.clear();
    searcher.clearHistory();
    expect(run()).toEqual(first);
  });
});
