/** The tuner's features against the evaluator: the same score, position by position. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';
import {
  DEFAULT_EVAL_WEIGHTS,
  Evaluator,
  TUNED_WEIGHT_COUNT,
  TUNED_WEIGHTS,
  vectorToWeights,
  weightsToVector,
  type EvalWeights,
} from '../../src/search/eval.js';
import { evalFeatures } from '../../src/tune/features.js';
import { seededRandom } from '../helpers.js';

/** Weights with every tuned weight drawn at random (material kept sensible). */
function randomWeights(random: () => number, base: EvalWeights): EvalWeights {
  const vector = weightsToVector(base);
  for (const { name, offset, length } of TUNED_WEIGHTS) {
    for (let i = 0; i < length; i++) {
      vector[offset + i] =
        name === 'man' || name === 'king' ? 100 + 300 * random() : Math.round(80 * random() - 40);
    }
  }
  return { ...vectorToWeights(vector, base), kingsOnlyDrawDivisor: 3 };
}

/** Positions along random games of a variant, kings and endings included. */
function* randomPositions(variant: VariantName, seed: number, games: number): Generator<Position> {
  const random = seededRandom(seed);
  for (let game = 0; game < games; game++) {
    const p = Position.start(variant);
    for (let ply = 0; ply < 200; ply++) {
      yield p;
      const moves = legalMoves(p);
      if (moves.length === 0) break;
      const m = moves[Math.floor(random() * moves.length)];
      p.play(m.move, m.capturedLo, m.capturedHi);
    }
  }
}

describe('evaluation features', () => {
  it.each(['armenian', 'turkish'] as const)(
    'give the evaluator’s score as their dot product with the weights (%s)',
    (variant) => {
      const random = seededRandom(variant === 'armenian' ? 3 : 4);
      const weights = randomWeights(random, DEFAULT_EVAL_WEIGHTS[variant]);
      const vector = weightsToVector(weights);
      const features = new Float64Array(TUNED_WEIGHT_COUNT);
      let kingsSeen = 0;
      let kingsOnly = 0;
      for (const p of randomPositions(variant, 11, 25)) {
        const evaluator = new Evaluator(p.rules, weights);
        const scaled = evalFeatures(p.rules, p.state, features);
        let white = 0;
        for (let i = 0; i < TUNED_WEIGHT_COUNT; i++) white += vector[i] * features[i];
        if (scaled) {
          white = Math.trunc(white / weights.kingsOnlyDrawDivisor);
          kingsOnly++;
        }
        const expected = (p.sideToMove === 0 ? white : -white) + 0; // + 0: no negative zero
        expect(evaluator.evaluate(p.state), p.toString()).toBe(expected);
        if (p.squares(2).length + p.squares(3).length > 0) kingsSeen++;
      }
      expect(kingsSeen).toBeGreaterThan(100);
      expect(kingsOnly).toBeGreaterThan(0);
    },
  );
});
