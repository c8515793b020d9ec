/**
 * The linear evaluation of the search's WebAssembly module (src/wasm/eval.ts) held to
 * src/search/eval.ts: the same integer score and the same count of the side to move's steps
 * and slides, over thousands of seeded positions of both variants (random games, pieces
 * placed at random with kings of both colours, kings-only endings), with the shipped weights
 * and with the hand-set ones.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { squareName } from '../../src/core/square.js';
import type { VariantName } from '../../src/core/variant.js';
import {
  DEFAULT_EVAL_WEIGHTS,
  Evaluator,
  parseEvalWeights,
  type EvalWeightSet,
} from '../../src/search/eval.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { gamePositions, placedPositions, position, ROOT, seededRandom } from '../helpers.js';

const VARIANTS: readonly VariantName[] = ['armenian', 'turkish'];
/** Positions of each kind, variant and weight set. */
const POSITIONS = 1500;

const HAND_WEIGHTS: EvalWeightSet = (() => {
  const parsed = parseEvalWeights(readFileSync(`${ROOT}data/eval-weights-hand.json`, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
})();

let module: SearchModule;
beforeAll(() => {
  const created = SearchModule.create();
  if (!created.ok) throw new Error(created.error.message);
  module = created.value;
});

/** Kings alone: 1-4 a side at random squares, where the kings-only division applies. */
function kingEndings(variant: VariantName, seed: number, count: number): Position[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const squares = new Set<number>();
    while (squares.size < 2 + Math.floor(random() * 7)) squares.add(Math.floor(random() * 64));
    const names = [...squares].map((square) => 'K' + squareName(square));
    const split = 1 + Math.floor(random() * (names.length - 1));
    const side = random() < 0.5 ? 'W' : 'B';
    return position(`${side}:W${names.slice(0, split).join(',')}:B${names.slice(split).join(',')}`, variant); // prettier-ignore
  });
}

describe.each([
  ['shipped', DEFAULT_EVAL_WEIGHTS],
  ['hand-set', HAND_WEIGHTS],
] as const)('with the %s weights', (_, weights) => {
  describe.each(VARIANTS)('%s', (variant) => {
    it.each([
      ['along random games', (seed: number) => gamePositions(variant, seed, POSITIONS)],
      ['of pieces placed at random', (seed: number) => placedPositions(variant, seed, POSITIONS)],
      ['of kings alone', (seed: number) => kingEndings(variant, seed, POSITIONS / 3)],
    ])('scores positions %s as eval.ts does', (_kind, positions) => {
      const evaluator = new Evaluator(Position.start(variant).rules, weights[variant]);
      module.setRules(evaluator.rules);
      module.setWeights(weights[variant]);
      const seed = variant.length * 100 + weights.armenian.man;
      for (const p of positions(seed)) {
        module.setPosition(0, p.state);
        const expected = evaluator.evaluate(p.state);
        expect(module.evaluate(0), p.toString()).toBe(expected);
        expect(module.mobility(), `${p.toString()}: mobility`).toBe(evaluator.sideToMoveMobility);
      }
    });
  });
});
