/** The tuner: it lowers the loss on real games, and finds known weights again. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { rulesFor } from '../../src/core/variant.js';
import {
  DEFAULT_EVAL_WEIGHTS,
  Evaluator,
  parseEvalWeights,
  TUNED_WEIGHT_COUNT,
  weightsToVector,
  type EvalWeights,
} from '../../src/search/eval.js';
import { buildTrainingSet, fitScale, fitWeights, trainingLoss } from '../../src/tune/fit.js';
import { extractPositions, type TrainingPosition } from '../../src/tune/positions.js';
import { quietLeaves, seededRandom } from '../helpers.js';

const rules = rulesFor('armenian');
/** The hand-set weights: a start far from the truth below, whatever the engine ships. */
const handFile = parseEvalWeights(readFileSync(new URL('../../data/eval-weights-hand.json', import.meta.url), 'utf8')); // prettier-ignore
if (!handFile.ok) throw new Error(handFile.error.message);
const hand = handFile.value.armenian;

describe('fitting weights', () => {
  it('lowers the loss on positions of real games, and writes whole weights in range', async () => {
    const pdn = readFileSync(new URL('../fixtures/games-armenian.pdn', import.meta.url), 'utf8');
    const found = new Map<string, number>();
    const searcher = quietLeaves({ ...DEFAULT_EVAL_WEIGHTS, armenian: hand });
    const stats = { games: 0, skippedGames: 0, positions: 0, duplicates: 0, notQuiet: 0 };
    extractPositions(pdn, 'armenian', searcher, { skipPlies: 8 }, found, stats);
    const positions = [...found].map(([text, result]) => {
      const parsed = Position.parse(text, 'armenian');
      if (!parsed.ok) throw new Error(parsed.error.message);
      return { state: parsed.value.state, result };
    });
    const set = buildTrainingSet(rules, positions, hand.kingsOnlyDrawDivisor);
    const losses: number[] = [];
    const fitted = await fitWeights(set, hand, { epochs: 30, batch: 32, rate: 2, l2: 1e-6, seed: 1, onEpoch: (_, loss) => losses.push(loss) }); // prettier-ignore
    expect(losses).toHaveLength(30);
    expect(fitted.lossAfter).toBeLessThan(fitted.lossBefore - 0.01);
    expect(fitted.lossBefore).toBeCloseTo(trainingLoss(set, weightsToVector(hand), fitted.k), 12);
    const vector = weightsToVector(fitted.weights);
    expect(vector.every((x) => Number.isInteger(x) && Math.abs(x) <= 10_000)).toBe(true);
    expect(fitted.weights.kingsOnlyDrawDivisor).toBe(hand.kingsOnlyDrawDivisor);
    // The same seed, the same weights.
    const again = await fitWeights(set, hand, {
      epochs: 30,
      batch: 32,
      rate: 2,
      l2: 1e-6,
      seed: 1,
    });
    expect(again.weights).toEqual(fitted.weights);
    // Listening for a stop changes nothing; a stop at epoch 2 ends the fit there.
    const controller = new AbortController();
    const listened = await fitWeights(set, hand, { epochs: 30, batch: 32, rate: 2, l2: 1e-6, seed: 1, signal: new AbortController().signal }); // prettier-ignore
    expect(listened.weights).toEqual(fitted.weights);
    const epochs: number[] = [];
    await fitWeights(set, hand, { epochs: 30, batch: 32, rate: 2, l2: 1e-6, seed: 1, signal: controller.signal, onEpoch: (epoch) => {
      epochs.push(epoch);
      if (epoch === 2) controller.abort();
    } }); // prettier-ignore
    expect(epochs).toEqual([1, 2]);
  });

  it('recovers known weights from positions labelled by their evaluation', async () => {
    // The truth: the hand weights with other mobility, formation, tempo and king values.
    const truth: EvalWeights = {
      ...hand,
      king: 260,
      kingPerMan: -3,
      manMobility: 6,
      kingMobility: 1,
      backedMan: 9,
      manPair: -5,
      tempo: 20,
      runawayMan: 25,
      homeRowGuard: 12,
    };
    const k = 120;
    const evaluator = new Evaluator(rules, truth);
    const random = seededRandom(8);
    const positions: TrainingPosition[] = [];
    for (let game = 0; game < 60; game++) {
      const p = Position.start();
      for (let ply = 0; ply < 150; ply++) {
        const moves = legalMoves(p);
        if (moves.length === 0) break;
        if (moves[0].capturedLo === 0 && moves[0].capturedHi === 0) {
          const white = evaluator.evaluate(p.state) * (p.sideToMove === 0 ? 1 : -1);
          positions.push({ state: Int32Array.from(p.state), result: 1 / (1 + Math.exp(-white / k)) }); // prettier-ignore
        }
        const m = moves[Math.floor(random() * moves.length)];
        p.play(m.move, m.capturedLo, m.capturedHi);
      }
    }
    const set = buildTrainingSet(rules, positions, truth.kingsOnlyDrawDivisor);
    expect(fitScale(set, weightsToVector(truth))).toBeCloseTo(k, -1);
    const fitted = (await fitWeights(set, hand, { epochs: 60, batch: 64, rate: 1, l2: 0, seed: 2, k })).weights; // prettier-ignore
    for (const name of [
      'king',
      'kingPerMan',
      'manMobility',
      'kingMobility',
      'backedMan',
      'manPair',
      'tempo',
      'runawayMan',
      'homeRowGuard',
    ] as const) {
      // prettier-ignore
      expect(Math.abs(fitted[name] - truth[name]), name).toBeLessThanOrEqual(Math.max(2, Math.abs(truth[name]) / 10)); // prettier-ignore
    }
    // Scores agree where men and their squares trade off against each other.
    const fittedVector = weightsToVector(fitted);
    const truthVector = weightsToVector(truth);
    let error = 0;
    for (let p = 0; p < set.count; p++) {
      let a = 0;
      let b = 0;
      for (let e = set.start[p]; e < set.start[p + 1]; e++) {
        a += fittedVector[set.index[e]] * set.value[e];
        b += truthVector[set.index[e]] * set.value[e];
      }
      error += Math.abs(a - b);
    }
    expect(error / set.count).toBeLessThan(8);
    expect(TUNED_WEIGHT_COUNT).toBe(fittedVector.length);
  });
});
