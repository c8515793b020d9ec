/**
 * The search module's entry: what the host (src/search/search-wasm.ts) calls. Positions go
 * in and out as core's state words at positionAddress(ply) in the exported memory; everything
 * else is a call with numbers. The rules over 64-bit sets (bitboard, movegen, position,
 * zobrist) are the perft counter's too.
 */
import { initBitboards } from './bitboard';
import { evaluate as evaluateAt, prepareEvaluation, setWeight, sideToMoveMobility } from './eval';
import {
  capturedAt,
  clearOverflow,
  MAX_MOVES,
  MAX_PLY,
  movesAt,
  overflow,
  positionAt,
  STATE_WORDS,
} from './memory';
import { generateMoves as generate, setVariant } from './movegen';
import { computeKey, makeMove as make } from './position';
import { initZobrist } from './zobrist';

initBitboards();
initZobrist();

export { prepareEvaluation, setVariant, setWeight };

/** The module's limits: plies of the stacks, room in a move list, words of a position. */
export function maxPly(): i32 {
  return MAX_PLY;
}
export function maxMoves(): i32 {
  return MAX_MOVES;
}
export function stateWords(): i32 {
  return STATE_WORDS;
}

/** Where the position of `ply` lies: core's state words, as int32s. */
export function positionAddress(ply: i32): usize {
  return positionAt(ply);
}

/** Writes the key of `ply`'s position worked out from its pieces (its key words). */
export function refreshKey(ply: i32): void {
  store<u64>(positionAt(ply), computeKey(positionAt(ply)), 36);
}

/** Lists the legal moves of `ply`'s position; returns how many, or -1 when a list overflowed. */
export function generateMoves(ply: i32): i32 {
  clearOverflow();
  const n = generate(ply);
  return overflow ? -1 : n;
}

/** Move `index` of `ply`'s list, packed as core packs it. */
export function listedMove(ply: i32, index: i32): i32 {
  return load<i32>(movesAt(ply) + (<usize>index << 2));
}
/** The captured set of move `index` of `ply`'s list: its low word (squares 0-31) ... */
export function listedCapturedLo(ply: i32, index: i32): i32 {
  return load<i32>(capturedAt(ply) + (<usize>index << 3));
}
/** ... and its high word (squares 32-63). */
export function listedCapturedHi(ply: i32, index: i32): i32 {
  return load<i32>(capturedAt(ply) + (<usize>index << 3), 4);
}

/** Plays move `index` of `ply`'s list into the position of `ply + 1`. */
export function makeMove(ply: i32, index: i32): void {
  make(ply, index);
}

/** The linear evaluation of `ply`'s position for its side to move. */
export function evaluate(ply: i32): i32 {
  return evaluateAt(positionAt(ply));
}
/** The side to move's steps and slides counted by the last evaluate. */
export function mobility(): i32 {
  return sideToMoveMobility;
}
