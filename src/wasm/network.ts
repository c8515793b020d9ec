/**
 * The network evaluation in the module, the mirror of src/search/network.ts: the same
 * integer accumulators (i16, wrapping as Int16Array does), the same clipped ReLU and output
 * sum, the same rounding to centi-men, and the same count of the side to move's moves (none:
 * it has lost). The host copies one variant's quantised weights into the network's areas of
 * memory.ts (at a stride of `hidden` rounded up to 8, the units past it zero) and calls
 * setNetwork; the search then evaluates quiet positions with it while `networkActive`.
 *
 * Accumulators a ply, lazily: making a move marks the child's stale (invalidate), and
 * evaluating at a ply walks back to the nearest valid ply and brings each ply after it up to
 * date from its parent by the pieces that changed between the two positions. A quiet move
 * (one piece gone, one come) is one fused pass. Every pass is WebAssembly SIMD: eight i16
 * units a v128 for the updates, and for the output the clamp to 0..127 and
 * i32x4.dot_i16x8_s against the output weights.
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

/** Where the input weights of piece set `set` on `square` start, as `side` sees it (network-weights.ts inputIndex). */
// @ts-ignore: decorator
@inline function weightsOf(side: i32, set: i32, square: i32): usize {
  const kind = (((set & 1) ^ side) << 1) | (set >> 1);
  const input = kind * 64 + (side == 0 ? square : square ^ 56);
  return NET_INPUT + <usize>input * sideBytes;
}

/** Adds (or with `remove`, takes away) one piece's weights to the slot at `acc`, both sides. */
function addPiece(acc: usize, set: i32, square: i32, remove: bool): void {
  const white = weightsOf(0, set, square);
  const black = weightsOf(1, set, square);
  const blackAcc = acc + sideBytes;
  for (let i: usize = 0; i < sideBytes; i += 16) {
    const w = v128.load(acc + i);
    const b = v128.load(blackAcc + i);
    if (remove) {
      v128.store(acc + i, i16x8.sub(w, v128.load(white + i)));
      v128.store(blackAcc + i, i16x8.sub(b, v128.load(black + i)));
    } else {
      v128.store(acc + i, i16x8.add(w, v128.load(white + i)));
      v128.store(blackAcc + i, i16x8.add(b, v128.load(black + i)));
    }
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
      addPiece(acc, set, <i32>ctz<u64>(rest), false);
      rest &= rest - 1;
    }
  }
}

/** Sets the slot of `ply` from the slot before it and the pieces that differ between their positions. */
function update(ply: i32): void {
  const parent = positionAt(ply - 1);
  const child = positionAt(ply);
  const acc = slotAt(ply);
  const from = acc - slotBytes;
  let adds = 0;
  let removes = 0;
  let addSet = 0;
  let addSquare = 0;
  let removeSet = 0;
  let removeSquare = 0;
  for (let set = 0; set < 4; set++) {
    const before = pieces(parent, set);
    const after = pieces(child, set);
    const came = after & ~before;
    const went = before & ~after;
    if (came != 0) {
      adds += <i32>popcnt<u64>(came);
      addSet = set;
      addSquare = <i32>ctz<u64>(came);
    }
    if (went != 0) {
      removes += <i32>popcnt<u64>(went);
      removeSet = set;
      removeSquare = <i32>ctz<u64>(went);
    }
  }
  if (adds == 1 && removes == 1) {
    // A quiet move: the parent's layers, one piece come and one gone, in one pass.
    const whiteAdd = weightsOf(0, addSet, addSquare);
    const whiteRemove = weightsOf(0, removeSet, removeSquare);
    const blackAdd = weightsOf(1, addSet, addSquare);
    const blackRemove = weightsOf(1, removeSet, removeSquare);
    const blackAcc = acc + sideBytes;
    const blackFrom = from + sideBytes;
    for (let i: usize = 0; i < sideBytes; i += 16) {
      v128.store(acc + i, i16x8.sub(i16x8.add(v128.load(from + i), v128.load(whiteAdd + i)), v128.load(whiteRemove + i))); // prettier-ignore
      v128.store(blackAcc + i, i16x8.sub(i16x8.add(v128.load(blackFrom + i), v128.load(blackAdd + i)), v128.load(blackRemove + i))); // prettier-ignore
    }
    return;
  }
  memory.copy(acc, from, slotBytes);
  for (let set = 0; set < 4; set++) {
    const before = pieces(parent, set);
    const after = pieces(child, set);
    let came = after & ~before;
    while (came != 0) {
      addPiece(acc, set, <i32>ctz<u64>(came), false);
      came &= came - 1;
    }
    let went = before & ~after;
    while (went != 0) {
      addPiece(acc, set, <i32>ctz<u64>(went), true);
      went &= went - 1;
    }
  }
}

/** JavaScript's Math.round: halves go up. */
// @ts-ignore: decorator
@inline function roundHalfUp(x: f64): i32 {
  const up = Math.ceil(x);
  return <i32>(up - 0.5 > x ? up - 1 : up);
}

/** The output for the side to move of the position at `at` from the slot's layers; counts its moves. */
function output(slot: i32, at: usize): i32 {
  const colour = sideToMove(at);
  const acc = slotAt(slot);
  const own = acc + (colour == 0 ? 0 : sideBytes);
  const other = acc + (colour == 0 ? sideBytes : 0);
  const zero = i16x8.splat(0);
  const ceiling = i16x8.splat(ACTIVATION_ONE);
  let sums = i32x4.splat(0);
  for (let i: usize = 0; i < sideBytes; i += 16) {
    const a = i16x8.min_s(i16x8.max_s(v128.load(own + i), zero), ceiling);
    const b = i16x8.min_s(i16x8.max_s(v128.load(other + i), zero), ceiling);
    sums = i32x4.add(sums, i32x4.dot_i16x8_s(a, v128.load(NET_OUTPUT + i)));
    sums = i32x4.add(sums, i32x4.dot_i16x8_s(b, v128.load(NET_OUTPUT + sideBytes + i)));
  }
  const sum = outputBias + i32x4.extract_lane(sums, 0) + i32x4.extract_lane(sums, 1) + i32x4.extract_lane(sums, 2) + i32x4.extract_lane(sums, 3); // prettier-ignore
  countMobility(at);
  return roundHalfUp(<f64>sum * centiMenPerUnit);
}

/**
 * The network's evaluation of `ply`'s position for its side to move, in centi-men, where
 * the positions of plies 0 to `ply` are the line from the root; sets sideToMoveMobility.
 */
export function evaluateNetworkAt(ply: i32): i32 {
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

/** The network's evaluation of the position at `at` from scratch (the scratch slot; not the search's). */
export function evaluateNetwork(at: usize): i32 {
  refresh(SCRATCH_SLOT, at);
  return output(SCRATCH_SLOT, at);
}

/** Where a slot's accumulators lie (for tests: the incremental against a refresh). */
export function accumulatorAddress(ply: i32): usize {
  return slotAt(ply);
}
