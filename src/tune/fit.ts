/**
 * Fitting the evaluation's weights to training positions (Texel style): the loss is the
 * cross-entropy between each game's result and sigmoid(score / K), K fitted first to the
 * starting weights, plus L2 regularisation of how far each weight but the material ones
 * moves from its start (little data then moves weights little); Adam minimises it over
 * mini-batches. Each position's features are worked out once, sparse (index and value
 * arrays), so that an epoch is one pass over typed arrays.
 */
import type { Rules } from '../core/variant.js';
import { seededRandom } from '../stats/random.js';
import {
  TUNED_WEIGHT_COUNT,
  TUNED_WEIGHTS,
  vectorToWeights,
  weightsToVector,
  type EvalWeights,
} from '../search/eval.js';
import { evalFeatures } from './features.js';
import type { TrainingPosition } from './positions.js';
import { EventTurns } from './turns.js';

/** Training positions as sparse features: position p's are entries start[p] to start[p + 1]. */
export interface TrainingSet {
  readonly count: number;
  readonly start: Uint32Array;
  readonly index: Uint16Array;
  readonly value: Float32Array;
  /** The result for White: 1, 0.5 or 0. */
  readonly result: Float32Array;
  /** 1, or 1 / the kings-only divisor where that scaling applies. */
  readonly scale: Float32Array;
}

/** Works out the features of every position once. */
export function buildTrainingSet(
  rules: Rules,
  positions: readonly TrainingPosition[],
  kingsOnlyDrawDivisor: number,
): TrainingSet {
  const dense = new Float64Array(TUNED_WEIGHT_COUNT);
  const start = new Uint32Array(positions.length + 1);
  const indexes: number[] = [];
  const values: number[] = [];
  const result = new Float32Array(positions.length);
  const scale = new Float32Array(positions.length);
  positions.forEach((position, p) => {
    const kingsOnly = evalFeatures(rules, position.state, dense);
    for (let i = 0; i < TUNED_WEIGHT_COUNT; i++) {
      if (dense[i] !== 0) {
        indexes.push(i);
        values.push(dense[i]);
      }
    }
    start[p + 1] = indexes.length;
    result[p] = position.result;
    scale[p] = kingsOnly ? 1 / kingsOnlyDrawDivisor : 1;
  });
  return {
    count: positions.length,
    start,
    index: Uint16Array.from(indexes),
    value: Float32Array.from(values),
    result,
    scale,
  };
}

/** The score from White's side of position p under weights `w`. */
function scoreOf(set: TrainingSet, w: Float64Array, p: number): number {
  let s = 0;
  for (let e = set.start[p]; e < set.start[p + 1]; e++) s += w[set.index[e]] * set.value[e];
  return s * set.scale[p];
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Mean cross-entropy of the results against sigmoid(score / k), without regularisation. */
export function trainingLoss(set: TrainingSet, w: Float64Array, k: number): number {
  let sum = 0;
  for (let p = 0; p < set.count; p++) {
    const q = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(scoreOf(set, w, p) / k)));
    const r = set.result[p];
    sum -= r * Math.log(q) + (1 - r) * Math.log(1 - q);
  }
  return sum / Math.max(1, set.count);
}

/** The K (in centi-men) that best fits the results to the scores of `w`: a golden-section search over log K. */
export function fitScale(set: TrainingSet, w: Float64Array): number {
  let low = Math.log(10);
  let high = Math.log(5000);
  const ratio = (Math.sqrt(5) - 1) / 2;
  let a = high - ratio * (high - low);
  let b = low + ratio * (high - low);
  let la = trainingLoss(set, w, Math.exp(a));
  let lb = trainingLoss(set, w, Math.exp(b));
  for (let i = 0; i < 40; i++) {
    if (la < lb) {
      high = b;
      b = a;
      lb = la;
      a = high - ratio * (high - low);
      la = trainingLoss(set, w, Math.exp(a));
    } else {
      low = a;
      a = b;
      la = lb;
      b = low + ratio * (high - low);
      lb = trainingLoss(set, w, Math.exp(b));
    }
  }
  return Math.exp((low + high) / 2);
}

export interface FitOptions {
  /** Passes over the positions. */
  readonly epochs: number;
  /** Positions per Adam step. */
  readonly batch: number;
  /** Adam's step size (centi-men), falling linearly to a tenth of it by the last epoch. */
  readonly rate: number;
  /** L2 strength: per squared centi-man that a non-material weight moves from its start. */
  readonly l2: number;
  /** Seed of the order of the positions. */
  readonly seed: number;
  /** The scale K; fitted to the starting weights when not given. */
  readonly k?: number;
  /** Called after each epoch. */
  readonly onEpoch?: (epoch: number, loss: number) => void;
  /** Aborted: the fit ends after the step under way (the weights as they then are returned). */
  readonly signal?: AbortSignal;
}

export interface FitResult {
  readonly weights: EvalWeights;
  readonly k: number;
  /** The loss (cross-entropy, without regularisation) of the starting and the fitted weights. */
  readonly lossBefore: number;
  readonly lossAfter: number;
}

/** Shuffles a training order in place (Fisher-Yates) from a seeded generator. */
export function shuffleOrder(order: Uint32Array, random: () => number): void {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = order[i];
    order[i] = order[j];
    order[j] = swap;
  }
}

/** The step size of an epoch: `rate` at the first, falling linearly to a tenth at the last. */
export function epochRate(rate: number, epoch: number, epochs: number): number {
  return rate * (1 - (0.9 * (epoch - 1)) / Math.max(1, epochs - 1));
}

/** The weights that are not regularised: the material values. */
const MATERIAL = new Set<keyof EvalWeights>(['man', 'king']);

/**
 * Fits `initial`'s tuned weights to the training set; the other weights are kept. With a
 * signal, the event loop gets a turn now and then (turns.ts), and an abort ends the fit
 * after the step under way.
 */
export async function fitWeights(
  set: TrainingSet,
  initial: EvalWeights,
  options: FitOptions,
): Promise<FitResult> {
  const w = weightsToVector(initial);
  const k = options.k ?? fitScale(set, w);
  const start = Float64Array.from(w);
  const lossBefore = trainingLoss(set, w, k);
  const regularised = new Float64Array(TUNED_WEIGHT_COUNT);
  for (const { name, offset, length } of TUNED_WEIGHTS) {
    if (!MATERIAL.has(name)) regularised.fill(1, offset, offset + length);
  }
  const m = new Float64Array(TUNED_WEIGHT_COUNT);
  const v = new Float64Array(TUNED_WEIGHT_COUNT);
  const gradient = new Float64Array(TUNED_WEIGHT_COUNT);
  const order = Uint32Array.from({ length: set.count }, (_, i) => i);
  const random = seededRandom(options.seed);
  const beta1 = 0.9;
  const beta2 = 0.999;
  const turns = new EventTurns(options.signal);
  let step = 0;
  epochs: for (let epoch = 1; epoch <= options.epochs && !turns.stopped; epoch++) {
    shuffleOrder(order, random);
    const rate = epochRate(options.rate, epoch, options.epochs);
    for (let from = 0; from < set.count; from += options.batch) {
      const to = Math.min(set.count, from + options.batch);
      gradient.fill(0);
      for (let o = from; o < to; o++) {
        const p = order[o];
        // d(cross-entropy)/d(score) = (sigmoid(score / K) - result) / K
        const d = ((sigmoid(scoreOf(set, w, p) / k) - set.result[p]) / k) * set.scale[p];
        for (let e = set.start[p]; e < set.start[p + 1]; e++) {
          gradient[set.index[e]] += d * set.value[e];
        }
      }
      step++;
      const n = to - from;
      for (let i = 0; i < TUNED_WEIGHT_COUNT; i++) {
        const g = gradient[i] / n + 2 * options.l2 * regularised[i] * (w[i] - start[i]);
        m[i] = beta1 * m[i] + (1 - beta1) * g;
        v[i] = beta2 * v[i] + (1 - beta2) * g * g;
        const mHat = m[i] / (1 - beta1 ** step);
        const vHat = v[i] / (1 - beta2 ** step);
        w[i] -= (rate * mHat) / (Math.sqrt(vHat) + 1e-8);
      }
      if (turns.due && (await turns.take())) break epochs;
    }
    options.onEpoch?.(epoch, trainingLoss(set, w, k));
  }
  const weights = vectorToWeights(w, initial);
  return { weights, k, lossBefore, lossAfter: trainingLoss(set, weightsToVector(weights), k) };
}
