/**
 * The raw state of a position: one small Int32Array that hot code copies and updates in
 * place. `Position` (position.ts) wraps it for everyone else.
 *
 * Piece sets are numbered so that set p lives at state[2p] (low half) and state[2p + 1]
 * (high half): 0 White men, 1 Black men, 2 White kings, 3 Black kings. So the men of
 * colour c are set c and its kings set 2 + c.
 */
import { BLACK, type Color, type Rules } from './variant.js';

export const WHITE_MEN = 0;
export const BLACK_MEN = 1;
export const WHITE_KINGS = 2;
export const BLACK_KINGS = 3;

/** Offsets into a state array. */
export const SIDE = 8;
export const KEY_LO = 9;
export const KEY_HI = 10;
/** Plies since the last capture or man move (the no-progress rule counts these). */
export const QUIET_PLIES = 11;
export const STATE_SIZE = 12;

/**
 * Zobrist keys: `ZOBRIST[(set * 64 + square) * 2 + half]`, plus the side key for Black to
 * move. Made by a fixed generator so keys are the same in every process and thread.
 */
export const ZOBRIST: Int32Array = (() => {
  const table = new Int32Array(4 * 64 * 2 + 2);
  let seed = 0x2545f491;
  for (let i = 0; i < table.length; i++) {
    // splitmix32
    seed = (seed + 0x9e3779b9) | 0;
    let z = seed;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    table[i] = z ^ (z >>> 16);
  }
  return table;
})();
const SIDE_KEY_INDEX = 4 * 64 * 2;

/** Flips one square of piece set `set` and updates the key to match. */
export function toggleSquare(state: Int32Array, set: number, square: number): void {
  state[2 * set + (square >> 5)] ^= 1 << square;
  const z = (set * 64 + square) * 2;
  state[KEY_LO] ^= ZOBRIST[z];
  state[KEY_HI] ^= ZOBRIST[z + 1];
}

/** The key of a state computed from scratch (the incremental key must always equal it). */
export function computeKey(state: Int32Array): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let set = 0; set < 4; set++) {
    for (let square = 0; square < 64; square++) {
      if (((square < 32 ? state[2 * set] : state[2 * set + 1]) >>> square) & 1) {
        lo ^= ZOBRIST[(set * 64 + square) * 2];
        hi ^= ZOBRIST[(set * 64 + square) * 2 + 1];
      }
    }
  }
  if (state[SIDE] === BLACK) {
    lo ^= ZOBRIST[SIDE_KEY_INDEX];
    hi ^= ZOBRIST[SIDE_KEY_INDEX + 1];
  }
  return [lo, hi];
}

/**
 * Plays a move on a state in place: the mover leaves `from`, lands on `to` (crowned when a
 * man ends on its last rank), every piece in the captured set is removed, the side to move
 * flips and the key follows. The move must be legal in this state.
 */
export function applyMove(
  rules: Rules,
  state: Int32Array,
  from: number,
  to: number,
  capturedLo: number,
  capturedHi: number,
): void {
  const color = state[SIDE] as Color;
  const enemy = color ^ 1;
  const kingSet = 2 + color;
  const isKing = ((from < 32 ? state[2 * kingSet] : state[2 * kingSet + 1]) >>> from) & 1;
  const fromSet = isKing ? kingSet : color;
  const toSet = !isKing && to >> 3 === rules.crownRank[color] ? kingSet : fromSet;
  toggleSquare(state, fromSet, from);
  toggleSquare(state, toSet, to);
  let progress = isKing === 0;
  if ((capturedLo | capturedHi) !== 0) {
    progress = true;
    const enemyKings = 2 + enemy;
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? capturedLo : capturedHi;
      while (bits !== 0) {
        const square = half * 32 + (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
        const isEnemyKing = (state[2 * enemyKings + half] >>> square) & 1;
        toggleSquare(state, isEnemyKing ? enemyKings : enemy, square);
      }
    }
  }
  state[QUIET_PLIES] = progress ? 0 : state[QUIET_PLIES] + 1;
  state[SIDE] = enemy;
  state[KEY_LO] ^= ZOBRIST[SIDE_KEY_INDEX];
  state[KEY_HI] ^= ZOBRIST[SIDE_KEY_INDEX + 1];
}

/**
 * applyMove for perft: the same piece sets and side to move, but the key and the
 * no-progress counter are left stale (perft reads neither), and no per-square key work.
 */
export function applyMoveToSets(
  rules: Rules,
  state: Int32Array,
  from: number,
  to: number,
  capturedLo: number,
  capturedHi: number,
): void {
  const color = state[SIDE];
  const enemy = color ^ 1;
  const kingIndex = 4 + 2 * color + (from >> 5);
  const fromBit = 1 << from;
  const toBit = 1 << to;
  if ((state[kingIndex] & fromBit) !== 0) {
    state[kingIndex] ^= fromBit;
    state[4 + 2 * color + (to >> 5)] |= toBit;
  } else {
    state[2 * color + (from >> 5)] ^= fromBit;
    const crowned = to >> 3 === rules.crownRank[color];
    state[(crowned ? 4 : 0) + 2 * color + (to >> 5)] |= toBit;
  }
  if ((capturedLo | capturedHi) !== 0) {
    state[2 * enemy] &= ~capturedLo;
    state[2 * enemy + 1] &= ~capturedHi;
    state[4 + 2 * enemy] &= ~capturedLo;
    state[5 + 2 * enemy] &= ~capturedHi;
  }
  state[SIDE] = enemy;
}
