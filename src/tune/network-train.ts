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
import { Worker } from 'node:worker_threads';
import { PIECE_WORDS, SIDE, STATE_SIZE } from '../core/state.js';
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
import { EventTurns } from './turns.js';
import { LABEL_NONE, LABEL_SCORE, PackedPositions, RESULTS } from './packed.js';
import type { TrainingPosition } from './positions.js';

/**
 * Positions as the network learns from them: the packed positions' piece sets (a view, not
 * a copy), whose inputs are worked out as each is used, and per position the side to move
 * and the target. With `mirror`, sample 2p is position p and sample 2p + 1 its mirror image
 * (files a-h reversed: the rules are the same on a mirrored board, so the mirror has the
 * same result and score), which costs no memory: a mirrored input is the input with its
 * file reversed.
 */
export interface NetworkSet {
  /** Positions in the set. */
  readonly count: number;
  /** Samples: count, or twice it with mirrors. */
  readonly samples: number;
  readonly mirror: boolean;
  /** Position p's piece sets are words[8p .. 8p + 7] (state.ts's layout). */
  readonly words: Int32Array;
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

/** Which positions of a packed list a set takes, and whether with their mirror images. */
export interface SetRange {
  readonly from?: number;
  readonly to?: number;
  readonly mirror?: boolean;
}

/** TrainingPositions packed (for a positions file, and tests). */
export function packPositions(positions: readonly TrainingPosition[]): PackedPositions {
  const packed = new PackedPositions();
  for (const p of positions) {
    const code = p.result === 1 ? 2 : p.result === 0.5 ? 1 : 0;
    packed.push(p.state, code, p.score === undefined ? LABEL_NONE : LABEL_SCORE, p.score ?? 0);
  }
  return packed;
}

/**
 * The set of positions `range` of `positions`; `linear` scores them for the target's
 * second part (every position with `linear`, those without a search score with `search`).
 */
export function buildNetworkSet(
  positions: readonly TrainingPosition[] | PackedPositions,
  linear: Evaluator,
  k: number,
  lambda: number,
  targetScore: TargetScore = 'linear',
  range: SetRange = {},
): NetworkSet {
  const packed = positions instanceof PackedPositions ? positions : packPositions(positions);
  const from = range.from ?? 0;
  const to = range.to ?? packed.count;
  const count = to - from;
  const side = new Uint8Array(new SharedArrayBuffer(count));
  const target = new Float32Array(new SharedArrayBuffer(4 * count));
  const result = new Float32Array(count);
  const state = new Int32Array(STATE_SIZE);
  for (let p = 0; p < count; p++) {
    packed.stateInto(from + p, state);
    side[p] = state[SIDE];
    const searched = targetScore === 'search' && packed.labelKind(from + p) === LABEL_SCORE;
    const own = searched ? packed.label[from + p] : linear.evaluate(state);
    const score = own * (state[SIDE] === 0 ? 1 : -1);
    result[p] = RESULTS[packed.resultCode(from + p)];
    target[p] = lambda * result[p] + (1 - lambda) * sigmoid(score / k);
  }
  const words = packed.words.subarray(from * PIECE_WORDS, to * PIECE_WORDS);
  const mirror = range.mirror ?? false;
  return { count, samples: mirror ? 2 * count : count, mirror, words, side, target, result };
}

/** The input base of each piece set (0-3) from White's view and from Black's (inputIndex's). */
const WHITE_BASE = Int32Array.from({ length: 4 }, (_, set) => inputIndex(0, set, 0));
const BLACK_BASE = Int32Array.from({ length: 4 }, (_, set) => inputIndex(1, set, 56));

/**
 * Writes sample `sample`'s inputs from White's view into `white` and Black's into `black`;
 * returns how many pieces. The order is the pieces' (set by set, squares up), as the
 * accumulators add them.
 */
export function sampleInputs(
  set: NetworkSet,
  sample: number,
  white: Int32Array,
  black: Int32Array,
): number {
  // prettier-ignore
  const p = set.mirror ? sample >> 1 : sample;
  const flip = set.mirror ? (sample & 1) * 7 : 0;
  const words = set.words;
  let n = 0;
  for (let word = 0; word < PIECE_WORDS; word++) {
    let bits = words[p * PIECE_WORDS + word];
    const piece = word >> 1;
    const offset = (word & 1) * 32;
    while (bits !== 0) {
      const square = (offset + 31 - Math.clz32(bits & -bits)) ^ flip;
      bits &= bits - 1;
      white[n] = WHITE_BASE[piece] + square;
      black[n] = BLACK_BASE[piece] + (square ^ 56);
      n++;
    }
  }
  return n;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** A network in floating point: the trainer's. Shapes as NetworkWeights, 1.0 for one. */
export class FloatNetwork {
  /** Every parameter in one array (over shared memory, so that worker threads read it), laid out as the gradient. */
  readonly parameters: Float32Array;
  readonly inputWeights: Float32Array;
  readonly inputBias: Float32Array;
  readonly outputWeights: Float32Array;
  /** Scratch: the side to move's and the other side's accumulators of the last forward pass. */
  private readonly own: Float32Array;
  private readonly other: Float32Array;
  /** Scratch: the last forward pass's inputs from each side's view, and how many. */
  private readonly whiteInputs = new Int32Array(64);
  private readonly blackInputs = new Int32Array(64);
  private pieces = 0;

  /** A network of `hidden` units with first weights from `seed`, or over `parameters` as they are (a worker's view). */
  constructor(
    readonly hidden: number,
    seed: number,
    parameters?: Float32Array,
  ) {
    const inputs = NETWORK_INPUTS * hidden;
    this.parameters = parameters ?? new Float32Array(new SharedArrayBuffer(4 * (inputs + 3 * hidden + 1))); // prettier-ignore
    this.inputWeights = this.parameters.subarray(0, inputs);
    this.inputBias = this.parameters.subarray(inputs, inputs + hidden);
    this.outputWeights = this.parameters.subarray(inputs + hidden, inputs + 3 * hidden);
    if (parameters === undefined) {
      const random = seededRandom(seed);
      for (let i = 0; i < inputs; i++) this.inputWeights[i] = (random() * 2 - 1) * 0.1;
      this.inputBias.fill(0.5);
      for (let i = 0; i < 2 * hidden; i++) this.outputWeights[i] = (random() * 2 - 1) * 0.1;
    }
    this.own = new Float32Array(hidden);
    this.other = new Float32Array(hidden);
  }

  get outputBias(): number {
    return this.parameters[this.parameters.length - 1];
  }
  set outputBias(value: number) {
    this.parameters[this.parameters.length - 1] = value;
  }

  /** The side to move's logit for sample `sample` of `set`; leaves both accumulators and the inputs in scratch. */
  forward(set: NetworkSet, sample: number): number {
    const hidden = this.hidden;
    const own = this.own;
    const other = this.other;
    own.set(this.inputBias);
    other.set(this.inputBias);
    const black = set.side[set.mirror ? sample >> 1 : sample] === 1;
    const ownInputs = black ? this.blackInputs : this.whiteInputs;
    const otherInputs = black ? this.whiteInputs : this.blackInputs;
    const pieces = (this.pieces = sampleInputs(set, sample, this.whiteInputs, this.blackInputs));
    const w = this.inputWeights;
    for (let e = 0; e < pieces; e++) {
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
   * Adds the gradient of the loss at sample `sample` (whose forward pass just ran) times
   * `d` (dLoss/dOutput) into `gradient`, laid out as `parameters()`.
   */
  backward(set: NetworkSet, sample: number, d: number, gradient: Float32Array): void {
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
    const black = set.side[set.mirror ? sample >> 1 : sample] === 1;
    const ownInputs = black ? this.blackInputs : this.whiteInputs;
    const otherInputs = black ? this.whiteInputs : this.blackInputs;
    for (let e = 0; e < this.pieces; e++) {
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

/** The mean cross-entropy of sigmoid(output) against `targets` (side to move's view) over the set's samples. */
export function networkLoss(
  set: NetworkSet,
  logit: (sample: number) => number,
  targets: Float32Array = set.target,
): number {
  let sum = 0;
  for (let sample = 0; sample < set.samples; sample++) {
    const p = set.mirror ? sample >> 1 : sample;
    const t = set.side[p] === 0 ? targets[p] : 1 - targets[p];
    const q = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(logit(sample))));
    sum -= t * Math.log(q) + (1 - t) * Math.log(1 - q);
  }
  return sum / Math.max(1, set.samples);
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
  /** Threads that share each step's samples (1: this one alone). */
  readonly threads?: number;
  /** Called after each epoch with the training and held-out losses. */
  readonly onEpoch?: (epoch: number, trainLoss: number, heldOutLoss: number) => void;
  /** Called about PROGRESS_CALLS times an epoch with the epoch and the samples done in it. */
  readonly onProgress?: (epoch: number, done: number) => void;
  /** Aborted: training ends after the step under way (the network as it then is returned). */
  readonly signal?: AbortSignal;
}

/** Progress calls an epoch, about; none more often than every PROGRESS_MIN samples. */
const PROGRESS_CALLS = 20;
const PROGRESS_MIN = 1024;

/**
 * Adds the gradient of samples order[from .. to) of `set` into `gradient` (emptied first);
 * returns the sum of their losses. The work of one thread for one step.
 */
export function gradientSlice(
  network: FloatNetwork,
  set: NetworkSet,
  order: Uint32Array,
  from: number,
  to: number,
  gradient: Float32Array,
): number {
  // prettier-ignore
  gradient.fill(0);
  let loss = 0;
  for (let o = from; o < to; o++) {
    const sample = order[o];
    const p = set.mirror ? sample >> 1 : sample;
    const target = set.side[p] === 0 ? set.target[p] : 1 - set.target[p];
    const q = sigmoid(network.forward(set, sample));
    const clamped = Math.min(1 - 1e-12, Math.max(1e-12, q));
    loss -= target * Math.log(clamped) + (1 - target) * Math.log(1 - clamped);
    network.backward(set, sample, q - target, gradient);
  }
  return loss;
}

/** The words of a thread pool's control block (an Int32Array over shared memory). */
export const CONTROL_STEP = 0;
export const CONTROL_FROM = 1;
export const CONTROL_TO = 2;
export const CONTROL_DONE = 3;
export const CONTROL_STOP = 4;
export const CONTROL_FAILED = 5;

/** What a training thread is given (train-worker.ts). */
export interface TrainThreadData {
  readonly index: number;
  readonly threads: number;
  readonly hidden: number;
  readonly parameters: Float32Array;
  readonly set: NetworkSet;
  readonly order: Uint32Array;
  readonly gradients: Float32Array;
  readonly losses: Float64Array;
  readonly control: Int32Array;
}

/** The samples order[from .. to) that thread `index` of `threads` takes of a step. */
export function threadSlice(
  from: number,
  to: number,
  index: number,
  threads: number,
): [number, number] {
  // prettier-ignore
  const chunk = Math.ceil((to - from) / threads);
  return [Math.min(to, from + index * chunk), Math.min(to, from + (index + 1) * chunk)];
}

/**
 * Trains a network on `train`, reporting the loss on `heldOut` after each epoch. With
 * `threads` above 1, each step's samples are split among that many threads (this one and
 * worker threads over shared memory), whose gradients are added in thread order: the same
 * seed and thread count give the same network. With a signal, the event loop gets a turn
 * now and then (turns.ts), and an abort ends the training after the step under way.
 */
export async function trainNetwork(
  train: NetworkSet,
  heldOut: NetworkSet,
  options: NetworkTrainOptions,
): Promise<FloatNetwork> {
  const network = new FloatNetwork(options.hidden, options.seed);
  const random = seededRandom(options.seed ^ 0x5bd1e995);
  const size = network.parameterCount;
  const threads = Math.max(1, options.threads ?? 1);
  const gradients = new Float32Array(new SharedArrayBuffer(4 * size * threads));
  const losses = new Float64Array(new SharedArrayBuffer(8 * threads));
  const control = new Int32Array(new SharedArrayBuffer(4 * 8));
  const gradient = gradients.subarray(0, size);
  const m = new Float32Array(size);
  const v = new Float32Array(size);
  const step = new Float32Array(size);
  const order = new Uint32Array(new SharedArrayBuffer(4 * train.samples));
  for (let i = 0; i < train.samples; i++) order[i] = i;
  // The results stay here: a thread needs only what is shared.
  const shared = { ...train, result: new Float32Array(0) };
  const pool = startThreads(threads, { hidden: options.hidden, parameters: network.parameters, set: shared, order, gradients, losses, control }); // prettier-ignore
  const beta1 = 0.9;
  const beta2 = 0.999;
  const progressEvery = Math.max(PROGRESS_MIN, Math.ceil(train.samples / PROGRESS_CALLS));
  const turns = new EventTurns(options.signal);
  let t = 0;
  try {
    epochs: for (let epoch = 1; epoch <= options.epochs && !turns.stopped; epoch++) {
      shuffleOrder(order, random);
      const rate = epochRate(options.rate, epoch, options.epochs);
      let reported = 0;
      let epochLoss = 0;
      for (let from = 0; from < train.samples; from += options.batch) {
        const to = Math.min(train.samples, from + options.batch);
        if (threads > 1) {
          control[CONTROL_FROM] = from;
          control[CONTROL_TO] = to;
          Atomics.store(control, CONTROL_DONE, 0);
          Atomics.add(control, CONTROL_STEP, 1);
          Atomics.notify(control, CONTROL_STEP);
        }
        const [start, end] = threadSlice(from, to, 0, threads);
        epochLoss += gradientSlice(network, train, order, start, end, gradient);
        if (threads > 1) {
          for (
            let done = Atomics.load(control, CONTROL_DONE);
            done < threads - 1;
            done = Atomics.load(control, CONTROL_DONE)
          ) {
            // prettier-ignore
            if (Atomics.load(control, CONTROL_FAILED) !== 0) throw new Error('a training thread failed');
            Atomics.wait(control, CONTROL_DONE, done, 1000);
          }
          for (let thread = 1; thread < threads; thread++) {
            epochLoss += losses[thread];
            const at = thread * size;
            for (let i = 0; i < size; i++) gradient[i] += gradients[at + i];
          }
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
        if (options.onProgress !== undefined && to - reported >= progressEvery) {
          reported = to;
          options.onProgress(epoch, to);
        }
        if (turns.due && (await turns.take())) break epochs;
      }
      if (options.onEpoch !== undefined) {
        // The training loss is the mean over the epoch's steps, as they were taken: no second pass.
        const heldOutLoss = networkLoss(heldOut, (p) => network.forward(heldOut, p));
        options.onEpoch(epoch, epochLoss / Math.max(1, train.samples), heldOutLoss);
      }
    }
  } finally {
    pool.stop();
  }
  return network;
}

/** Worker threads 1 .. threads - 1 of a training run, and how to end them. */
function startThreads(
  threads: number,
  data: Omit<TrainThreadData, 'index' | 'threads'>,
): { stop: () => void } {
  // prettier-ignore
  const workers: Worker[] = [];
  for (let index = 1; index < threads; index++) {
    const workerData: TrainThreadData = { ...data, index, threads };
    workers.push(new Worker(new URL('./train-worker.js', import.meta.url), { workerData }));
  }
  return {
    stop: () => {
      Atomics.store(data.control, CONTROL_STOP, 1);
      Atomics.add(data.control, CONTROL_STEP, 1);
      Atomics.notify(data.control, CONTROL_STEP);
      for (const worker of workers) worker.unref();
    },
  };
}
