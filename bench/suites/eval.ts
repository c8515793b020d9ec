/** Static evaluation of every bench position, under each variant's rules. */
import { rulesFor, type VariantName } from '../../src/core/variant.js';
import { Evaluators } from '../../src/search/eval.js';
import { BENCH_POSITIONS } from '../positions.js';
import type { BenchTask, Suite } from '../suite.js';
import { statesOf } from './states.js';

export function evalSuite(): Suite {
  const tasks: BenchTask[] = (
    ['armenian', 'turkish'] as const satisfies readonly VariantName[]
  ).map((variant) => {
    const evaluator = new Evaluators().for(rulesFor(variant));
    const states = statesOf(BENCH_POSITIONS, variant);
    return {
      name: `evaluate, ${variant}`,
      unit: 'positions/s',
      work: states.length,
      run: () => {
        let sum = 0;
        for (let i = 0; i < states.length; i++) sum += evaluator.evaluate(states[i]);
        return sum;
      },
    };
  });
  return {
    name: 'eval',
    about: `one call: the evaluation of each of the ${BENCH_POSITIONS.length} bench positions; result: sum of the scores`,
    budget: { time: 1000, iterations: 64, warmupIterations: 16, warmupTime: 250 },
    tasks,
  };
}
