/**
 * Playing and unplaying a move. Make is copy-make: a move is played on a copy of its
 * parent's state array (12 int32 words) by applyMove, and unplayed by going back to the
 * parent, which was never touched. So playing and unplaying one move costs one copy and one
 * applyMove, measured here over every legal move of every bench position (Armenian). The
 * copy alone is measured too: the difference is what applyMove costs.
 */
import { generateMoves, moveFrom, MoveList, moveTo } from '../../src/core/movegen.js';
import { applyMove, STATE_SIZE } from '../../src/core/state.js';
import { rulesFor } from '../../src/core/variant.js';
import { BENCH_POSITIONS } from '../positions.js';
import type { Suite } from '../suite.js';
import { statesOf } from './states.js';

export function playSuite(): Suite {
  const rules = rulesFor('armenian');
  const states = statesOf(BENCH_POSITIONS, 'armenian');
  // Every move with the offset of its parent's state in one flat array.
  const parents = new Int32Array(states.length * STATE_SIZE);
  const parentOf: number[] = [];
  const moves: number[] = [];
  const capturedLo: number[] = [];
  const capturedHi: number[] = [];
  const list = new MoveList();
  states.forEach((state, index) => {
    parents.set(state, index * STATE_SIZE);
    const count = generateMoves(rules, state, list);
    for (let i = 0; i < count; i++) {
      parentOf.push(index * STATE_SIZE);
      moves.push(list.moves[i]);
      capturedLo.push(list.capturedLo[i]);
      capturedHi.push(list.capturedHi[i]);
    }
  });
  const parent = Int32Array.from(parentOf);
  const move = Int32Array.from(moves);
  const lo = Int32Array.from(capturedLo);
  const hi = Int32Array.from(capturedHi);
  const child = new Int32Array(STATE_SIZE);
  const count = move.length;
  return {
    name: 'play',
    about: `one call: each of the ${count} legal moves of the bench positions played on a copy of its parent and unplayed by dropping the copy; result: moves`,
    budget: { time: 1000, iterations: 64, warmupIterations: 16, warmupTime: 250 },
    tasks: [
      {
        name: 'copy + applyMove (play and unplay)',
        unit: 'moves/s',
        work: count,
        run: () => {
          for (let i = 0; i < count; i++) {
            const from = parent[i];
            for (let k = 0; k < STATE_SIZE; k++) child[k] = parents[from + k];
            const m = move[i];
            applyMove(rules, child, moveFrom(m), moveTo(m), lo[i], hi[i]);
          }
          return count;
        },
      },
      {
        name: 'copy only',
        unit: 'moves/s',
        work: count,
        run: () => {
          for (let i = 0; i < count; i++) {
            const from = parent[i];
            for (let k = 0; k < STATE_SIZE; k++) child[k] = parents[from + k];
          }
          return count;
        },
      },
    ],
  };
}
