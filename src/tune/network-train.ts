/**
 * Training the evaluation network (docs/network.md) in floating point, then quantising it
 * to the integer network the engine runs (search/network-weights.ts).
 *
 * Each position's target is a winning chance for White: `lambda` times the game's result
 * plus (1 - lambda) times sigmoid(score / K), where score is the linear evaluation of the
 * (quiet) position or the search's score the data carries for it, White's side, and K the
 * scale fitted to the results (fit.ts). The
 * network's output is a logit for the side to move; the loss is the cross-entropy between
 * sigmoid(output) and the target; Adam minimises it over mini-batches, weights clipped to
 * what the quantised network holds. Everything random (the first weights, the order of the
 * positions) comes from one seed, so a run is reproducible.
 */
import { SIDE } from '../core/state.js';
import { seededRandom } from '../stats/random.js';
import type { Evaluator } from '../search/eval.js';
import {
  ACTIVATION_ONE,
  inputIndex,
  MAX_INPUT_WEIGHT,
  MAX_OUTPUT_WEIGHT,
  NETWORK_INPUTS,
  OUTPUT_ONE,
  type NetworkWeights,
} from '../search/network-weights.js';
import { epochRate, shuffleOrder } from './fit.js';
import type { TrainingPosition } from './positions.js';

/** Positions as the network's inputs: position p's are entries start[p] to start[p + 1]. */
export interface NetworkSet {
  readonly count: number;
  readonly start: Uint32Array;
  /** White's and Black's input indices of each piece, entry for entry. */
  readonly whiteInputs: Uint16Array;
  readonly blackInputs: Uint16Array;
  readonly side: Uint8Array;
  /** The winning chance for White to learn (see the file comment). */
  readonly target: Float32Array;
  /** The game result for White (1, 0.5, 0), for reporting. */
  readonly result: Float32Array;
}

/**
 * Where the score in a target comes from: the linear evaluation of the position, or the
 * search's score that the data carries (a data campaign's, at its node budget), the linear
 * evaluation standing in where a position has none.
 */
export type TargetScore = 'linear' | 'search';

/**
 * The positions' inputs and targets; `linear` scores them for the target's second part
 * (every position with `linear`, those without a search score with `search`).
 */
export function buildNetworkSet(
  positions: readonly TrainingPosition[],
  linear: Evaluator,
  k: number,
  lambda: number,
  targetScore: TargetScore = 'linear',
): NetworkSet {
  const start = new Uint32Array(positions.length + 1);
  const white: number[] = [];
  const black: number[] = [];
  const side = new Uint8Array(positions.length);
  const target = new Float32Array(positions.length);
  const result = new Float32Array(positions.length);
  positions.forEach((position, p) => {
    const state = position.state;
    for (let word = 0; word < 8; word++) {
      for (let square = (word & 1) * 32; square < (word & 1) * 32 + 32; square++) {
        if ((state[word] >>> square) & 1) {
          white.push(inputIndex(0, word >> 1, square));
          black.push(inputIndex(1, word >> 1, square));
        }
      }
    }
    start[p + 1] = white.length;
    side[p] = state[SIDE];
    const own = targetScore === 'search' && position.score !== undefined ? position.score : linear.evaluate(state); // prettier-ignore
    const score = own * (state[SIDE] === 0 ? 1 : -1);
    target[p] = lambda * position.result + (1 - lambda) * sigmoid(score / k);
    result[p] = position.result;
  });
  const whiteInputs = Uint16Array.from(white);
  const blackInputs = Uint16Array.from(black);
  return { count: positions.length, start, whiteInputs, blackInputs, side, target, result };
}

/** Reverses the bits of each byte (each rank) of a word: files a-h become h-a. */
function mirrorRanks(word: number): number {
  let x = word;
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  return x | 0;
}

/**
 * The positions with each one's mirror image (files a-h reversed) after them: the rules
 * are the same on a mirrored board, so the mirror has the same result and score.
 */
export function withMirrors(positions: readonly TrainingPosition[]): TrainingPosition[] {
  const out: TrainingPosition[] = [];
  for (const position of positions) {
    const mirror = Int32Array.from(position.state);
    for (let word = 0; word < 8; word++) mirror[word] = mirrorRanks(mirror[word]);
    out.push(position, { ...position, state: mirror });
  }
  return out;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A network in floating point: the trainer's. Shapes as NetworkWeights, 1.0 for one. */
export class FloatNetwork {
  readonly inputWeights: Float32Array;
  readonly inputBias: Float32Array;
  readonly outputWeights: Float32Array;
  outputBias = 0;
  /** Scratch: the side to move's and the other side's accumulators of the last forward pass. */
  private readonly own: Float32Array;
  private readonly other: Float32Array;

  constructor(
    readonly hidden: number,
    seed: number,
  ) {
    const random = seededRandom(seed);
    const uniform = (size: number, spread: number) => Float32Array.from({ length: size }, () => (random() * 2 - 1) * spread); // prettier-ignore
    this.inputWeights = uniform(NETWORK_INPUTS * hidden, 0.1);
    this.inputBias = new Float32Array(hidden).fill(0.5);
    this.outputWeights = uniform(2 * hidden, 0.1);
    this.own = new Float32Array(hidden);
    this.other = new Float32Array(hidden);
  }

  /** The side to move's logit for position p of `set`; leaves both accumulators in scratch. */
  forward(set: NetworkSet, p: number): number {
    const hidden = this.hidden;
    const own = this.own;
    const other = this.other;
    own.set(this.inputBias);
    other.set(this.inputBias);
    const ownInputs = set.side[p] === 0 ? set.whiteInputs : set.blackInputs;
    const otherInputs = set.side[p] === 0 ? set.blackInputs : set.whiteInputs;
    const w = this.inputWeights;
    for (let e = set.start[p]; e < set.start[p + 1]; e++) {
      const a = ownInputs[e] * hidden;
      const b = otherInputs[e] * hidden;
      for (let h = 0; h < hidden; h++) {
        own[h] += w[a + h];
        other[h] += w[b + h];
      }
    }
    let out = this.outputBias;
    const v = this.outputWeights;
    for (let h = 0; h < hidden; h++) {
      out += v[h] * Math.min(1, Math.max(0, own[h])) + v[hidden + h] * Math.min(1, Math.max(0, other[h])); // prettier-ignore
    }
    return out;
  }

  /**
   * Adds the gradient of the loss at position p (whose forward pass just ran) times `d`
   * (dLoss/dOutput) into `gradient`, laid out as `parameters()`.
   */
  backward(set: NetworkSet, p: number, d: number, gradient: Float32Array): void {
    const hidden = this.hidden;
    const own = this.own;
    const other = this.other;
    const v = this.outputWeights;
    const biasAt = NETWORK_INPUTS * hidden;
    const outputAt = biasAt + hidden;
    gradient[outputAt + 2 * hidden] += d;
    for (let h = 0; h < hidden; h++) {
      const a = own[h];
      const b = other[h];
      gradient[outputAt + h] += d * Math.min(1, Math.max(0, a));
      gradient[outputAt + hidden + h] += d * Math.min(1, Math.max(0, b));
      // The accumulators' gradients, kept in place of the accumulators.
      own[h] = a > 0 && a < 1 ? d * v[h] : 0;
      other[h] = b > 0 && b < 1 ? d * v[hidden + h] : 0;
      gradient[biasAt + h] += own[h] + other[h];
    }
    const ownInputs = set.side[p] === 0 ? set.whiteInputs : set.blackInputs;
    const otherInputs = set.side[p] === 0 ? set.blackInputs : set.whiteInputs;
    for (let e = set.start[p]; e < set.start[p + 1]; e++) {
      const a = ownInputs[e] * hidden;
      const b = otherInputs[e] * hidden;
      for (let h = 0; h < hidden; h++) {
        gradient[a + h] += own[h];
        gradient[b + h] += other[h];
      }
    }
  }

  /** How many numbers the network has: input weights, input biases, output weights, output bias. */
  get parameterCount(): number {
    return NETWORK_INPUTS * this.hidden + this.hidden + 2 * this.hidden + 1;
  }

  /** Adds `step[i]` to parameter i (laid out as in `backward`), then clips to what quantises. */
  applyStep(step: Float32Array): void {
    const hidden = this.hidden;
    const clip = (x: number, limit: number) => Math.min(limit, Math.max(-limit, x));
    const w = this.inputWeights;
    for (let i = 0; i < w.length; i++) w[i] = clip(w[i] + step[i], MAX_INPUT_WEIGHT);
    const biasAt = NETWORK_INPUTS * hidden;
    for (let h = 0; h < hidden; h++) {
      this.inputBias[h] = clip(this.inputBias[h] + step[biasAt + h], MAX_INPUT_WEIGHT);
    }
    const outputAt = biasAt + hidden;
    for (let i = 0; i < 2 * hidden; i++) {
      this.outputWeights[i] = clip(this.outputWeights[i] + step[outputAt + i], MAX_OUTPUT_WEIGHT);
    }
    this.outputBias += step[outputAt + 2 * hidden];
  }

  /** The integer network of these weights, its output turned into centi-men by `scale`. */
  quantise(variant: NetworkWeights['variant'], scale: number): NetworkWeights {
    const round = (values: Float32Array, one: number) => values.map((x) => Math.round(x * one));
    return {
      variant,
      hidden: this.hidden,
      scale,
      inputWeights: Int16Array.from(round(this.inputWeights, ACTIVATION_ONE)),
      inputBias: Int16Array.from(round(this.inputBias, ACTIVATION_ONE)),
      outputWeights: Int8Array.from(round(this.outputWeights, OUTPUT_ONE)),
      outputBias: Math.round(this.outputBias * ACTIVATION_ONE * OUTPUT_ONE),
    };
  }
}

/** The mean cross-entropy of sigmoid(output) against `targets` (side to move's view) over the set. */
export function networkLoss(
  set: NetworkSet,
  logit: (p: number) => number,
  targets: Float32Array = set.target,
): number {
  let sum = 0;
  for (let p = 0; p < set.count; p++) {
    const t = set.side[p] === 0 ? targets[p] : 1 - targets[p];
    const q = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(logit(p))));
    sum -= t * Math.log(q) + (1 - t) * Math.log(1 - q);
  }
  return sum / Math.max(1, set.count);
}

export interface NetworkTrainOptions {
  readonly hidden: number;
  readonly epochs: number;
  /** Positions per Adam step. */
  readonly batch: number;
  /** Adam's step size, falling linearly to a tenth of it by the last epoch. */
  readonly rate: number;
  /** Seed of the first weights and of the order of the positions. */
  readonly seed: number;
  /** Called after each epoch with the training and held-out losses. */
  readonly onEpoch?: (epoch: number, trainLoss: number, heldOutLoss: number) => void;
}

/** Trains a network on `train`, reporting the loss on `heldOut` after each epoch. */
export function trainNetwork(
  train: NetworkSet,
  heldOut: NetworkSet,
  options: NetworkTrainOptions,
): FloatNetwork {
  const network = new FloatNetwork(options.hidden, options.seed);
  const random = seededRandom(options.seed ^ 0x5bd1e995);
  const size = network.parameterCount;
  const gradient = new Float32Array(size);
  const m = new Float32Array(size);
  const v = new Float32Array(size);
  const step = new Float32Array(size);
  const order = Uint32Array.from({ length: train.count }, (_, i) => i);
  const beta1 = 0.9;
  const beta2 = 0.999;
  let t = 0;
  for (let epoch = 1; epoch <= options.epochs; epoch++) {
    shuffleOrder(order, random);
    const rate = epochRate(options.rate, epoch, options.epochs);
    for (let from = 0; from < train.count; from += options.batch) {
      const to = Math.min(train.count, from + options.batch);
      gradient.fill(0);
      for (let o = from; o < to; o++) {
        const p = order[o];
        const target = train.side[p] === 0 ? train.target[p] : 1 - train.target[p];
        network.backward(train, p, sigmoid(network.forward(train, p)) - target, gradient);
      }
      t++;
      const n = to - from;
      const correction1 = 1 - beta1 ** t;
      const correction2 = 1 - beta2 ** t;
      for (let i = 0; i < size; i++) {
        const g = gradient[i] / n;
        m[i] = beta1 * m[i] + (1 - beta1) * g;
        v[i] = beta2 * v[i] + (1 - beta2) * g * g;
        step[i] = (-rate * (m[i] / correction1)) / (Math.sqrt(v[i] / correction2) + 1e-8);
      }
      network.applyStep(step);
    }
    if (options.onEpoch !== undefined) {
      const trainLoss = networkLoss(train, (p) => network.forward(train, p));
      const heldOutLoss = networkLoss(heldOut, (p) => network.forward(heldOut, p));
      options.onEpoch(epoch, trainLoss, heldOutLoss);
    }
  }
  return network;
}
