/** Static evaluation of every bench position, under each variant's rules, by the search's module. */
import { rulesFor, type VariantName } from '../../src/core/variant.js';
import { DEFAULT_EVAL_WEIGHTS } from '../../src/search/eval.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { BENCH_POSITIONS } from '../positions.js';
import type { BenchTask, Suite } from '../suite.js';
import { statesOf } from './states.js';

export function evalSuite(): Suite {
  const tasks: BenchTask[] = (
    ['armenian', 'turkish'] as const satisfies readonly VariantName[]
  ).map((variant) => {
    const created = SearchModule.create();
    if (!created.ok) throw new Error(created.error.message);
    const module = created.value;
    const states = statesOf(BENCH_POSITIONS, variant);
    return {
      name: `evaluate, ${variant}`,
      unit: 'positions/s',
      work: states.length,
      run: () => {
        let sum = 0;
        // Each task sets its variant and weights first: the module is one per task.
        module.setRules(rulesFor(variant));
        module.setWeights(DEFAULT_EVAL_WEIGHTS[variant]);
        for (let i = 0; i < states.length; i++) {
          module.setPosition(0, states[i]);
          sum += module.evaluate(0);
        }
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
