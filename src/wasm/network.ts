/**
 * The network evaluation in the module, the mirror of src/search/network.ts: the same
 * integer accumulators (i16, wrapping as Int16Array does), the same clipped ReLU and output
 * sum and the same rounding to centi-men. The host copies one variant's quantised weights
 * into the network's areas of memory.ts (at a stride of `hidden` rounded up to 8, the units
 * past it zero) and calls setNetwork; the search then evaluates quiet positions with it
 * while `networkActive`, after asking whether the side to move has a move at all (none: it
 * has lost, and the network is not asked). The host's calls also count the side to move's
 * moves, as network.ts does.
 *
 * Accumulators a ply, lazily: making a move marks the child's stale (invalidate), and
 * evaluating at a ply walks back to the nearest valid ply and brings each ply after it up to
 * date from its parent, in one pass over the units a ply: the parent's layers plus the
 * mover's new square, less its old one and less every piece it captured. Every pass is
 * WebAssembly SIMD: eight i16 units a v128 for the updates, and for the output the clamp to
 * 0..127 and i32x4.dot_i16x8_s against the output weights.
 */
import { countMobility } from './eval';
import {
  ACC_VALID,
  ACCUMULATORS,
  MAX_HIDDEN,
  NET_BIAS,
  NET_INPUT,
  NET_OUTPUT,
  PLIES,
  positionAt,
} from './memory';
import { pieces, sideToMove } from './position';

/** Whether the search evaluates with the network (the host loaded one for this variant). */
export let networkActive: bool = false;
/** The units a side, rounded up to 8; bytes of one side's layer; bytes of a slot (both sides). */
let stride: i32 = 8;
let sideBytes: usize = 16;
let slotBytes: usize = 32;
let outputBias: i32 = 0;
/** Centi-men per unit of the integer output (network.ts centiMenPerUnit, worked out by the host). */
let centiMenPerUnit: f64 = 0;
/** The slot past the ply stack, for evaluations off it. */
const SCRATCH_SLOT = PLIES;
/** The clipped ReLU's ceiling (network-weights.ts ACTIVATION_ONE). */
const ACTIVATION_ONE: i16 = 127;

/** The network's shape and output from now on; its weights are already in memory. */
export function setNetwork(hidden: i32, bias: i32, unitScale: f64): void {
  stride = min((hidden + 7) & ~7, MAX_HIDDEN);
  sideBytes = <usize>stride << 1;
  slotBytes = sideBytes << 1;
  outputBias = bias;
  centiMenPerUnit = unitScale;
  memory.fill(ACC_VALID, 0, PLIES + 1);
}

/** Whether the search evaluates with the network (true) or the linear evaluation. */
export function useNetwork(on: bool): void {
  networkActive = on;
  memory.fill(ACC_VALID, 0, PLIES + 1);
}

/** The accumulators of `ply` are out of date (its position changed). */
// @ts-ignore: decorator
@inline export function invalidate(ply: i32): void {
  store<u8>(ACC_VALID + <usize>ply, 0);
}

// @ts-ignore: decorator
@inline function slotAt(slot: i32): usize {
  return ACCUMULATORS + <usize>slot * slotBytes;
}

/** Where the input weights of piece set `set` on square 0 start, as `side` sees it (its kind's first input). */
// @ts-ignore: decorator
@inline function rowsOf(side: i32, set: i32): usize {
  const kind = (((set & 1) ^ side) << 1) | (set >> 1);
  return NET_INPUT + <usize>(kind * 64) * sideBytes;
}

/** Where the input weights of piece set `set` on `square` start, as `side` sees it (network-weights.ts inputIndex). */
// @ts-ignore: decorator
@inline function weightsOf(side: i32, set: i32, square: i32): usize {
  return rowsOf(side, set) + <usize>(side == 0 ? square : square ^ 56) * sideBytes;
}

/** Adds one piece's weights to the slot at `acc`, both sides. */
function addPiece(acc: usize, set: i32, square: i32): void {
  const white = weightsOf(0, set, square);
  const black = weightsOf(1, set, square);
  const blackAcc = acc + sideBytes;
  for (let i: usize = 0; i < sideBytes; i += 16) {
    v128.store(acc + i, i16x8.add(v128.load(acc + i), v128.load(white + i)));
    v128.store(blackAcc + i, i16x8.add(v128.load(blackAcc + i), v128.load(black + i)));
  }
}

/** Sets the slot's accumulators from the pieces of the position at `at`. */
function refresh(slot: i32, at: usize): void {
  const acc = slotAt(slot);
  memory.copy(acc, NET_BIAS, sideBytes);
  memory.copy(acc + sideBytes, NET_BIAS, sideBytes);
  for (let set = 0; set < 4; set++) {
    let rest = pieces(at, set);
    while (rest != 0) {
      addPiece(acc, set, <i32>ctz<u64>(rest));
      rest &= rest - 1;
    }
  }
}

/**
 * Sets the slot of `ply` from the slot before it and the pieces that changed between their
 * positions, in one pass over the units: the parent's layers, plus the mover's piece where it
 * landed (its kings' row when crowned), less where it stood, less every piece it captured.
 */
function update(ply: i32): void {
  const parent = positionAt(ply - 1);
  const child = positionAt(ply);
  const mover = sideToMove(parent);
  const enemy = mover ^ 1;
  // A king that captures round back to its own square changes no set of the mover's: then
  // the same row (any) is added and taken away, which cancels.
  let whiteAdd = NET_INPUT;
  let blackAdd = NET_INPUT;
  let whiteRemove = NET_INPUT;
  let blackRemove = NET_INPUT;
  for (let set = mover; set < 4; set += 2) {
    const before = pieces(parent, set);
    const after = pieces(child, set);
    const came = after & ~before;
    const went = before & ~after;
    if (came != 0) {
      whiteAdd = weightsOf(0, set, <i32>ctz<u64>(came));
      blackAdd = weightsOf(1, set, <i32>ctz<u64>(came));
    }
    if (went != 0) {
      whiteRemove = weightsOf(0, set, <i32>ctz<u64>(went));
      blackRemove = weightsOf(1, set, <i32>ctz<u64>(went));
    }
  }
  const capturedMen = pieces(parent, enemy) & ~pieces(child, enemy);
  const capturedKings = pieces(parent, 2 + enemy) & ~pieces(child, 2 + enemy);
  const bytes = sideBytes;
  const acc = slotAt(ply);
  const from = acc - slotBytes;
  const blackAcc = acc + bytes;
  const blackFrom = from + bytes;
  if ((capturedMen | capturedKings) == 0) {
    // Two v128s a turn (the loop's own work is a good part of so short a pass), one first when the units are an odd number of eights.
    let i: usize = 0;
    if ((bytes & 16) != 0) {
      movePiece(acc, from, whiteAdd, whiteRemove, 0);
      movePiece(blackAcc, blackFrom, blackAdd, blackRemove, 0);
      i = 16;
    }
    for (; i < bytes; i += 32) {
      movePiece(acc, from, whiteAdd, whiteRemove, i);
      movePiece(blackAcc, blackFrom, blackAdd, blackRemove, i);
      movePiece(acc, from, whiteAdd, whiteRemove, i + 16);
      movePiece(blackAcc, blackFrom, blackAdd, blackRemove, i + 16);
    }
    return;
  }
  // The captured pieces' rows: each set's first, as each side sees it (weightsOf).
  const whiteMen = rowsOf(0, enemy);
  const blackMen = rowsOf(1, enemy);
  const whiteKings = rowsOf(0, 2 + enemy);
  const blackKings = rowsOf(1, 2 + enemy);
  for (let i: usize = 0; i < bytes; i += 16) {
    let white = i16x8.sub(i16x8.add(v128.load(from + i), v128.load(whiteAdd + i)), v128.load(whiteRemove + i)); // prettier-ignore
    let black = i16x8.sub(i16x8.add(v128.load(blackFrom + i), v128.load(blackAdd + i)), v128.load(blackRemove + i)); // prettier-ignore
    let rest = capturedMen;
    while (rest != 0) {
      const square = <usize>ctz<u64>(rest);
      rest &= rest - 1;
      white = i16x8.sub(white, v128.load(whiteMen + square * bytes + i));
      black = i16x8.sub(black, v128.load(blackMen + (square ^ 56) * bytes + i));
    }
    rest = capturedKings;
    while (rest != 0) {
      const square = <usize>ctz<u64>(rest);
      rest &= rest - 1;
      white = i16x8.sub(white, v128.load(whiteKings + square * bytes + i));
      black = i16x8.sub(black, v128.load(blackKings + (square ^ 56) * bytes + i));
    }
    v128.store(acc + i, white);
    v128.store(blackAcc + i, black);
  }
}

/** Eight units at byte `i` of one side's layer: the parent's (`from`), plus row `add`, less row `remove`. */
// @ts-ignore: decorator
@inline function movePiece(to: usize, from: usize, add: usize, remove: usize, i: usize): void {
  v128.store(to + i, i16x8.sub(i16x8.add(v128.load(from + i), v128.load(add + i)), v128.load(remove + i)));
}

/**
 * JavaScript's Math.round: halves go up. Without a branch: whether the fraction is below a
 * half is as likely as not, so a branch on it would be mispredicted half the time.
 */
// @ts-ignore: decorator
@inline function roundHalfUp(x: f64): i32 {
  const up = Math.ceil(x);
  return <i32>up - <i32>(up - 0.5 > x);
}

/** The clipped ReLU of eight units at `units` against their output weights at `weights`: four sums of two. */
// @ts-ignore: decorator
@inline function activated(units: usize, weights: usize): v128 {
  const clipped = i16x8.min_s(i16x8.max_s(v128.load(units), i16x8.splat(0)), i16x8.splat(ACTIVATION_ONE)); // prettier-ignore
  return i32x4.dot_i16x8_s(clipped, v128.load(weights));
}

/** The output for the side to move of the position at `at` from the slot's layers. */
function output(slot: i32, at: usize): i32 {
  const bytes = sideBytes;
  const colour = sideToMove(at);
  const acc = slotAt(slot);
  const own = acc + (colour == 0 ? 0 : bytes);
  const other = acc + (colour == 0 ? bytes : 0);
  const ownWeights = NET_OUTPUT;
  const otherWeights = NET_OUTPUT + bytes;
  // Two v128s a side a turn, one first when the units are an odd number of eights (as update).
  let sums = i32x4.splat(0);
  let i: usize = 0;
  if ((bytes & 16) != 0) {
    sums = i32x4.add(activated(own, ownWeights), activated(other, otherWeights));
    i = 16;
  }
  for (; i < bytes; i += 32) {
    const first = i32x4.add(activated(own + i, ownWeights + i), activated(other + i, otherWeights + i)); // prettier-ignore
    const second = i32x4.add(activated(own + i + 16, ownWeights + i + 16), activated(other + i + 16, otherWeights + i + 16)); // prettier-ignore
    sums = i32x4.add(sums, i32x4.add(first, second));
  }
  const sum = outputBias + i32x4.extract_lane(sums, 0) + i32x4.extract_lane(sums, 1) + i32x4.extract_lane(sums, 2) + i32x4.extract_lane(sums, 3); // prettier-ignore
  return roundHalfUp(<f64>sum * centiMenPerUnit);
}

/**
 * The network's evaluation of `ply`'s position for its side to move, in centi-men, where
 * the positions of plies 0 to `ply` are the line from the root: the search's, which asks
 * whether the side to move has a move (eval.ts hasQuietMove) before it asks this.
 */
export function networkScore(ply: i32): i32 {
  let from = ply;
  while (from > 0 && load<u8>(ACC_VALID + <usize>from) == 0) from--;
  if (load<u8>(ACC_VALID + <usize>from) == 0) {
    refresh(from, positionAt(from));
    store<u8>(ACC_VALID + <usize>from, 1);
  }
  for (let p = from + 1; p <= ply; p++) {
    update(p);
    store<u8>(ACC_VALID + <usize>p, 1);
  }
  return output(ply, positionAt(ply));
}

/** networkScore for the host, which reads the side to move's steps and slides after it (sideToMoveMobility). */
export function evaluateNetworkAt(ply: i32): i32 {
  const score = networkScore(ply);
  countMobility(positionAt(ply));
  return score;
}

/** The network's evaluation of the position at `at` from scratch (the scratch slot; not the search's); counts its moves. */
export function evaluateNetwork(at: usize): i32 {
  refresh(SCRATCH_SLOT, at);
  const score = output(SCRATCH_SLOT, at);
  countMobility(at);
  return score;
}

/** Where a slot's accumulators lie (for tests: the incremental against a refresh). */
export function accumulatorAddress(ply: i32): usize {
  return slotAt(ply);
}
