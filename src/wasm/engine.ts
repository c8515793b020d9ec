/**
 * The search module's entry: what the host (src/search/search-wasm.ts) calls. Positions go
 * in and out as core's state words at positionAddress(ply) in the imported memory; everything
 * else is a call with numbers. The rules over 64-bit sets (bitboard, movegen, position,
 * zobrist) are the perft counter's too.
 *
 * The memory is the host's (memory.ts draws its layout): one for every search thread where
 * memory is shared. The host instantiates the module over it, calls `_start` (which lays the
 * areas out and fills the shared tables), then, for each search, binds the instance to its
 * thread's region (`bindThread`) and to the table (`attachTable`).
 */
import { initBitboards } from './bitboard';
import { evaluate as evaluateAt, hasQuietMove as hasQuietMoveAt, prepareEvaluation, setWeight, sideToMoveMobility } from './eval'; // prettier-ignore
import {
  capturedAt,
  clearOverflow,
  CRUMBS,
  KEYS,
  layOutShared,
  layOutThread,
  movesAt,
  NET_BIAS,
  NET_INPUT,
  NET_OUTPUT,
  overflow,
  positionAt,
  PV_CAPTURED,
  PV_LENGTHS,
  PV_MOVES,
  REDUCTIONS,
  ROOT_STATUS,
  RULES,
  STATE_WORDS,
} from './memory';
import { generateMoves as generate } from './movegen';
import { accumulatorAddress, evaluateNetwork as evaluateFresh, evaluateNetworkAt, invalidate, setNetwork, useNetwork } from './network'; // prettier-ignore
import { computeKey, makeMove as make } from './position';
import { setRules as readRules } from './rules';
import { aborted, nodes, seldepth } from './search';
import { initZobrist } from './zobrist';

/** Where the thread regions start (after the static data and the shared areas), and each one's bytes. */
let regionsStart: usize = 0;
let regionBytes: usize = 0;

/** Works out regionsStart and regionBytes and binds the areas to region 0; writes no memory. */
function measure(): void {
  regionsStart = layOutShared((__heap_base + 63) & ~(<usize>63));
  regionBytes = layOutThread(regionsStart) - regionsStart;
}

measure();
initBitboards();
initZobrist();

/**
 * Where the table starts in a memory of `regions` thread regions: the bytes the memory needs
 * besides the table. Pure arithmetic, so the host may ask it of an instance it never starts.
 */
export function tableAddress(regions: i32): usize {
  measure();
  return regionsStart + <usize>regions * regionBytes;
}

/** Binds the areas of a thread (memory.ts) to thread region `region`. */
export function bindThread(region: i32): void {
  layOutThread(regionsStart + <usize>region * regionBytes);
}

/** Where the breadcrumbs lie (CRUMB_SLOTS pairs of int32: thread number + 1, key's low word). */
export function crumbsAddress(): usize {
  return CRUMBS;
}

export { accumulatorAddress, prepareEvaluation, setNetwork, setWeight, useNetwork };

/** Where the host writes core's rule record (src/core/rule-record.ts) before setRules. */
export function rulesAddress(): usize {
  return RULES;
}
/**
 * Plays the rules of the record at rulesAddress() from now on: true, or false (the rules
 * before kept) when they ask for a way of moving the module does not have.
 */
export function setRules(): bool {
  return readRules(RULES);
}

/** Words of a position: core's state words (core/state.ts STATE_SIZE), checked by the host. */
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

/** Plays move `index` of `ply`'s list into the position of `ply + 1` (its accumulators stale). */
export function makeMove(ply: i32, index: i32): void {
  make(ply, index);
  invalidate(ply + 1);
}

/** Where the network's weights go (memory.ts): `part` 0 the input weights, 1 the input bias, 2 the output weights. */
export function networkAddress(part: i32): usize {
  return part == 0 ? NET_INPUT : part == 1 ? NET_BIAS : NET_OUTPUT;
}
/** `ply`'s position's accumulators are out of date (the host wrote a position there). */
export function invalidateAccumulators(ply: i32): void {
  invalidate(ply);
}
/** The network's evaluation of `ply`'s position, its accumulators brought up to date along the line from ply 0. */
export function evaluateNetwork(ply: i32): i32 {
  return evaluateNetworkAt(ply);
}
/** The network's evaluation of `ply`'s position from scratch. */
export function evaluateNetworkFresh(ply: i32): i32 {
  return evaluateFresh(positionAt(ply));
}

/** The linear evaluation of `ply`'s position for its side to move. */
export function evaluate(ply: i32): i32 {
  return evaluateAt(positionAt(ply));
}
/** The side to move's steps and slides counted by the last evaluate. */
export function mobility(): i32 {
  return sideToMoveMobility;
}
/** Whether the side to move of `ply`'s position has a step or a slide (the search's test with the network). */
export function hasQuietMove(ply: i32): bool {
  return hasQuietMoveAt(positionAt(ply));
}

export { attachTable, clearTable, hashfull, setTableAge } from './tt';
export { beginSearch, clearHistory, quietLeaf, quietLeafPly, searchRoot } from './search';

/** The nodes, the deepest ply and whether a limit cut the search, of the search under way. */
export function searchedNodes(): f64 {
  return nodes;
}
export function selectiveDepth(): i32 {
  return seldepth;
}
export function wasAborted(): bool {
  return aborted;
}

/** Whether a move list ran out of room since the last ask (the search's result is then no good). */
export function takeOverflow(): bool {
  const was = overflow;
  clearOverflow();
  return was;
}

/** Sets the late move reduction for depth and move number `index` (depth * 64 + number). */
export function setReduction(index: i32, value: i32): void {
  store<i8>(REDUCTIONS + <usize>index, <i8>value);
}

/** Where the keys of the game before the root go (u64 each, its low word first). */
export function keysAddress(): usize {
  return KEYS;
}
/** Where the root moves' status goes (one byte a move: 0 searched, else left out). */
export function rootStatusAddress(): usize {
  return ROOT_STATUS;
}

/** The principal variation of the last root search: its length, and its moves. */
export function pvLength(): i32 {
  return load<i32>(PV_LENGTHS);
}
export function pvMove(index: i32): i32 {
  return load<i32>(PV_MOVES + (<usize>index << 2));
}
export function pvCapturedLo(index: i32): i32 {
  return load<i32>(PV_CAPTURED + (<usize>index << 3));
}
export function pvCapturedHi(index: i32): i32 {
  return load<i32>(PV_CAPTURED + (<usize>index << 3), 4);
}
