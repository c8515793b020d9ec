/**
 * The network evaluation (network-weights.ts has the shape): integer arithmetic over typed
 * arrays allocated once, kept up to date as the search moves.
 *
 * The search keeps one state a ply along its current line (copy-make). The evaluator keeps
 * one pair of accumulators (both sides' hidden layers before the clipped ReLU) a ply beside
 * them, each marked valid or not. Making a move marks the child's stale (`invalidate`);
 * evaluating at a ply walks back to the nearest valid ply and brings each ply after it up
 * to date from its parent by the squares that changed between the two states (a move, a
 * crowning, the captured pieces): lazily, so that interior nodes that are never evaluated
 * cost one store. Unmaking a move is returning to the parent ply, whose accumulators are
 * still there.
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

/** Plies of accumulators: deeper than the search's deepest line. */
export const NETWORK_STACK_PLIES = 160;

/** One variant's network with its accumulator stack; each search thread owns its own. */
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
  /**
   * Accumulators by slot: slot s holds White's hidden layer at `s * 2 * hidden` and
   * Black's right after. Slots 0 to NETWORK_STACK_PLIES - 1 follow the search's plies; the last is
   * scratch for evaluations off the stack.
   */
  private readonly accumulators: Int16Array;
  private readonly valid: Uint8Array;
  private readonly scratchSlot: number;
  /** The pieces that came and went in the update under way (at most every piece on the board). */
  private readonly added = new Int32Array(64);
  private readonly removed = new Int32Array(64);

  constructor(
    readonly rules: Rules,
    readonly weights: NetworkWeights,
  ) {
    const plies = NETWORK_STACK_PLIES;
    this.hidden = weights.hidden;
    this.inputWeights = weights.inputWeights;
    this.inputBias = weights.inputBias;
    this.outputWeights = weights.outputWeights;
    this.outputBias = weights.outputBias;
    this.centiMenPerUnit = weights.scale / (ACTIVATION_ONE * OUTPUT_ONE);
    this.accumulators = new Int16Array((plies + 1) * 2 * weights.hidden);
    this.valid = new Uint8Array(plies + 1);
    this.scratchSlot = plies;
  }

  /** The state at `ply` changed: its accumulators are out of date. */
  invalidate(ply: number): void {
    this.valid[ply] = 0;
  }

  /**
   * The evaluation of `states[ply]` for its side to move, in centi-men, where `states[0]`
   * to `states[ply]` is the line from the root (each the child of the one before).
   */
  evaluateAt(states: readonly Int32Array[], ply: number): number {
    const valid = this.valid;
    let from = ply;
    while (from > 0 && valid[from] === 0) from--;
    if (valid[from] === 0) {
      this.refresh(from, states[from]);
      valid[from] = 1;
    }
    for (let p = from + 1; p <= ply; p++) {
      this.update(p, states[p - 1], states[p]);
      valid[p] = 1;
    }
    return this.output(ply, states[ply]);
  }

  /** The evaluation of one state, from scratch (for display and tools, not the search). */
  evaluate(state: Int32Array): number {
    this.refresh(this.scratchSlot, state);
    return this.output(this.scratchSlot, state);
  }

  /** Sets slot's accumulators from the pieces of `state`. */
  private refresh(slot: number, state: Int32Array): void {
    const hidden = this.hidden;
    const accumulators = this.accumulators;
    const base = slot * 2 * hidden;
    for (let side = 0; side < 2; side++) {
      const at = base + side * hidden;
      for (let h = 0; h < hidden; h++) accumulators[at + h] = this.inputBias[h];
    }
    for (let word = 0; word < PIECE_WORDS; word++) {
      let bits = state[word];
      while (bits !== 0) {
        const square = ((word & 1) << 5) + (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
        this.addPiece(base, (word >> 1) * 64 + square, 1);
      }
    }
  }

  /** Sets slot's accumulators to the previous slot's plus the pieces that differ from `parent` to `child`. */
  private update(slot: number, parent: Int32Array, child: Int32Array): void {
    const size = 2 * this.hidden;
    const base = slot * size;
    // The pieces that came and went, as (set, square) codes: a quiet move is one of each.
    const added = this.added;
    const removed = this.removed;
    let adds = 0;
    let removes = 0;
    for (let word = 0; word < PIECE_WORDS; word++) {
      const before = parent[word];
      const after = child[word];
      let changed = before ^ after;
      while (changed !== 0) {
        const bit = changed & -changed;
        changed ^= bit;
        const code = (word >> 1) * 64 + ((word & 1) << 5) + (31 - Math.clz32(bit));
        if ((after & bit) !== 0) added[adds++] = code;
        else removed[removes++] = code;
      }
    }
    if (adds === 1 && removes === 1) {
      this.moveOne(base, added[0], removed[0]);
      return;
    }
    this.accumulators.copyWithin(base, base - size, base);
    for (let i = 0; i < adds; i++) this.addPiece(base, added[i], 1);
    for (let i = 0; i < removes; i++) this.addPiece(base, removed[i], -1);
  }

  /** The previous slot's accumulators with the piece `from` (a set-square code) become `to`: a quiet move, one pass. */
  private moveOne(base: number, to: number, from: number): void {
    const hidden = this.hidden;
    const accumulators = this.accumulators;
    const weights = this.inputWeights;
    const whiteAdd = INPUT_OF[to] * hidden;
    const whiteRemove = INPUT_OF[from] * hidden;
    const blackAdd = INPUT_OF[NETWORK_INPUTS + to] * hidden;
    const blackRemove = INPUT_OF[NETWORK_INPUTS + from] * hidden;
    const parent = base - 2 * hidden;
    for (let h = 0; h < hidden; h++) {
      accumulators[base + h] = accumulators[parent + h] + weights[whiteAdd + h] - weights[whiteRemove + h]; // prettier-ignore
      accumulators[base + hidden + h] = accumulators[parent + hidden + h] + weights[blackAdd + h] - weights[blackRemove + h]; // prettier-ignore
    }
  }

  /** Adds (sign 1) or takes away (sign -1) the input weights of one piece (a set-square code) on both sides. */
  private addPiece(base: number, code: number, sign: number): void {
    const hidden = this.hidden;
    const accumulators = this.accumulators;
    const weights = this.inputWeights;
    const white = INPUT_OF[code] * hidden;
    const black = INPUT_OF[NETWORK_INPUTS + code] * hidden;
    const blackBase = base + hidden;
    if (sign > 0) {
      for (let h = 0; h < hidden; h++) {
        accumulators[base + h] += weights[white + h];
        accumulators[blackBase + h] += weights[black + h];
      }
    } else {
      for (let h = 0; h < hidden; h++) {
        accumulators[base + h] -= weights[white + h];
        accumulators[blackBase + h] -= weights[black + h];
      }
    }
  }

  /** The output for the side to move of `state` from slot's accumulators; sets the mobility. */
  private output(slot: number, state: Int32Array): number {
    const hidden = this.hidden;
    const accumulators = this.accumulators;
    const weights = this.outputWeights;
    const color = state[SIDE];
    const own = slot * 2 * hidden + color * hidden;
    const other = slot * 2 * hidden + (color ^ 1) * hidden;
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

  /** The accumulators of `ply` as they stand (for tests: the incremental against a refresh). */
  accumulatorsAt(ply: number): Int16Array {
    const size = 2 * this.hidden;
    return this.accumulators.slice(ply * size, (ply + 1) * size);
  }

  /** The accumulators of `state` worked out from scratch (for tests). */
  freshAccumulators(state: Int32Array): Int16Array {
    this.refresh(this.scratchSlot, state);
    return this.accumulatorsAt(this.scratchSlot);
  }
}
