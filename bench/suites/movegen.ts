/**
 * Move generation over the bench positions: every position's legal moves listed
 * (generateMoves, what search and perft's inner plies call) and only counted (countMoves,
 * what perft's last ply calls). One call visits every position once.
 */
import { countMoves, generateMoves, MoveList } from '../../src/core/movegen.js';
import { rulesFor, type VariantName } from '../../src/core/variant.js';
import { BENCH_POSITIONS } from '../positions.js';
import type { BenchTask, Suite } from '../suite.js';
import { statesOf } from './states.js';

export function movegenSuite(): Suite {
  const list = new MoveList();
  const tasks: BenchTask[] = [];
  for (const variant of ['armenian', 'turkish'] as const satisfies readonly VariantName[]) {
    const rules = rulesFor(variant);
    const states = statesOf(BENCH_POSITIONS, variant);
    tasks.push({
      name: `generateMoves, ${variant}`,
      unit: 'positions/s',
      work: states.length,
      run: () => {
        let moves = 0;
        for (let i = 0; i < states.length; i++) moves += generateMoves(rules, states[i], list);
        return moves;
      },
    });
    tasks.push({
      name: `countMoves, ${variant}`,
      unit: 'positions/s',
      work: states.length,
      run: () => {
        let moves = 0;
        for (let i = 0; i < states.length; i++) moves += countMoves(rules, states[i]);
        return moves;
      },
    });
  }
  return {
    name: 'movegen',
    about: `one call: the legal moves of each of the ${BENCH_POSITIONS.length} bench positions; result: moves found`,
    budget: { time: 1000, iterations: 64, warmupIterations: 16, warmupTime: 250 },
    tasks,
  };
}
