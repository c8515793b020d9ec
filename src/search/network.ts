/**
 * The network evaluation in TypeScript (network-weights.ts has the shape): one position at a
 * time, its accumulators worked out from its pieces, in the same integer arithmetic as the
 * search's module (src/wasm/network.ts, which keeps its accumulators up to date along the
 * search's line and is held to this file by differential tests). The search does not use
 * it; the trainer (src/tune/network-train.ts), `tama tune` and the tests do.
 */
import { countQuietMoves } from '../core/movegen.js';
import { PIECE_WORDS, SIDE } from '../core/state.js';
import type { Rules } from '../core/variant.js';
import { ACTIVATION_ONE, inputIndex, NETWORK_INPUTS, OUTPUT_ONE, type NetworkWeights } from './network-weights.js'; // prettier-ignore

/** `INPUT_OF[side * 256 + set * 64 + square]`: the input that piece feeds on that side. */
const INPUT_OF: Int32Array = (() => {
  const table = new Int32Array(2 * NETWORK_INPUTS);
  for (let side = 0; side < 2; side++) {
    for (let set = 0; set < 4; set++) {
      for (let square = 0; square < 64; square++) {
        table[side * NETWORK_INPUTS + set * 64 + square] = inputIndex(side, set, square);
      }
    }
  }
  return table;
})();

/** One variant's network, with the accumulators of the position it evaluates. */
export class NetworkEvaluator {
  /** How many steps and slides the side to move had in the last evaluation (0: it has lost). */
  sideToMoveMobility = 0;
  private readonly hidden: number;
  private readonly inputWeights: Int16Array;
  private readonly inputBias: Int16Array;
  private readonly outputWeights: Int8Array;
  private readonly outputBias: number;
  /** Centi-men per unit of the integer output. */
  private readonly centiMenPerUnit: number;
  /** White's hidden layer, then Black's, of the position evaluated last. */
  private readonly accumulators: Int16Array;

  constructor(
    readonly rules: Rules,
    readonly weights: NetworkWeights,
  ) {
    this.hidden = weights.hidden;
    this.inputWeights = weights.inputWeights;
    this.inputBias = weights.inputBias;
    this.outputWeights = weights.outputWeights;
    this.outputBias = weights.outputBias;
    this.centiMenPerUnit = weights.scale / (ACTIVATION_ONE * OUTPUT_ONE);
    this.accumulators = new Int16Array(2 * weights.hidden);
  }

  /** The evaluation of `state` for its side to move, in centi-men, from scratch. */
  evaluate(state: Int32Array): number {
    this.refresh(state);
    return this.output(state);
  }

  /** Sets the accumulators from the pieces of `state`. */
  private refresh(state: Int32Array): void {
    const hidden = this.hidden;
    const accumulators = this.accumulators;
    for (let side = 0; side < 2; side++) {
      const at = side * hidden;
      for (let h = 0; h < hidden; h++) accumulators[at + h] = this.inputBias[h];
    }
    for (let word = 0; word < PIECE_WORDS; word++) {
      let bits = state[word];
      while (bits !== 0) {
        const square = ((word & 1) << 5) + (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
        this.addPiece((word >> 1) * 64 + square);
      }
    }
  }

  /** Adds the input weights of one piece (a set-square code) on both sides. */
  private addPiece(code: number): void {
    const hidden = this.hidden;
    const accumulators = this.accumulators;
    const weights = this.inputWeights;
    const white = INPUT_OF[code] * hidden;
    const black = INPUT_OF[NETWORK_INPUTS + code] * hidden;
    for (let h = 0; h < hidden; h++) {
      accumulators[h] += weights[white + h];
      accumulators[hidden + h] += weights[black + h];
    }
  }

  /** The output for the side to move of `state` from the accumulators; sets the mobility. */
  private output(state: Int32Array): number {
    const hidden = this.hidden;
    const accumulators = this.accumulators;
    const weights = this.outputWeights;
    const color = state[SIDE];
    const own = color * hidden;
    const other = (color ^ 1) * hidden;
    let sum = this.outputBias;
    for (let h = 0; h < hidden; h++) {
      let a = accumulators[own + h];
      a = a < 0 ? 0 : a > ACTIVATION_ONE ? ACTIVATION_ONE : a;
      let b = accumulators[other + h];
      b = b < 0 ? 0 : b > ACTIVATION_ONE ? ACTIVATION_ONE : b;
      sum += a * weights[h] + b * weights[hidden + h];
    }
    const empty0 = ~(state[0] | state[2] | state[4] | state[6]);
    const empty1 = ~(state[1] | state[3] | state[5] | state[7]);
    this.sideToMoveMobility = countQuietMoves(this.rules, color, state[2 * color], state[2 * color + 1], state[4 + 2 * color], state[5 + 2 * color], empty0, empty1); // prettier-ignore
    return Math.round(sum * this.centiMenPerUnit);
  }
}
