/**
 * The raw state of a position: one small Int32Array that hot code copies and updates in
 * place. `Position` (position.ts) wraps it for everyone else.
 *
 * Piece sets are numbered so that set p lives in two words, squares 0-31 in the low one
 * and 32-63 in the high one: 0 White men, 1 Black men, 2 White kings, 3 Black kings. So
 * the men of colour c are set c and its kings set 2 + c. Code names the words through the
 * constants and the small index functions below (V8 inlines them), never by number.
 */
import { BLACK, type Color, type Rules } from './variant.js';

/** Piece set numbers. */
export const WHITE_MEN = 0;
export const BLACK_MEN = 1;
export const WHITE_KINGS = 2;
export const BLACK_KINGS = 3;

/** The state words of the piece sets: LO holds squares 0-31, HI squares 32-63. */
export const WHITE_MEN_LO = 0;
export const WHITE_MEN_HI = 1;
export const BLACK_MEN_LO = 2;
export const BLACK_MEN_HI = 3;
export const WHITE_KINGS_LO = 4;
export const WHITE_KINGS_HI = 5;
export const BLACK_KINGS_LO = 6;
export const BLACK_KINGS_HI = 7;

/** The set number of the men of `color`. */
export function menSet(color: number): number {
  return color;
}
/** The set number of the kings of `color`. */
export function kingsSet(color: number): number {
  return 2 + color;
}
/** The word holding half `half` (0 for squares 0-31, 1 for 32-63) of piece set `set`. */
export function setWord(set: number, half: number): number {
  return 2 * set + half;
}
/** The low word of the men of `color`. */
export function menLoWord(color: number): number {
  return 2 * color;
}
/** The high word of the men of `color`. */
export function menHiWord(color: number): number {
  return 2 * color + 1;
}
/** The low word of the kings of `color`. */
export function kingsLoWord(color: number): number {
  return 4 + 2 * color;
}
/** The high word of the kings of `color`. */
export function kingsHiWord(color: number): number {
  return 5 + 2 * color;
}
/** The low word of all pieces (men and kings) of `color` in `state`. */
export function piecesLo(state: Int32Array, color: number): number {
  return state[2 * color] | state[4 + 2 * color];
}
/** The high word of all pieces of `color` in `state`. */
export function piecesHi(state: Int32Array, color: number): number {
  return state[2 * color + 1] | state[5 + 2 * color];
}
/** The low word of every occupied square of `state`. */
export function occupancyLo(state: Int32Array): number {
  return state[0] | state[2] | state[4] | state[6]; // the four sets' low words
}
/** The high word of every occupied square of `state`. */
export function occupancyHi(state: Int32Array): number {
  return state[1] | state[3] | state[5] | state[7]; // and their high words
}
/** The word holding `square` of piece set `set`. */
export function squareWord(set: number, square: number): number {
  return 2 * set + (square >> 5);
}

/** How many words the piece sets take (they come first in a state). */
export const PIECE_WORDS = 8;

/** Offsets into a state array. */
export const SIDE = 8;
export const KEY_LO = 9;
export const KEY_HI = 10;
/** Plies since the last capture or man move (the no-progress rule counts these). */
export const QUIET_PLIES = 11;
/**
 * Plies since the last move that cannot be undone: a capture, or a man going forward (or
 * crowning). A man's sideways step can be stepped back, so it does not count: positions
 * before it can occur again, and repetition looks back this far.
 */
export const REVERSIBLE_PLIES = 12;
export const STATE_SIZE = 13;

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
  state[squareWord(set, square)] ^= 1 << square;
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
      if ((state[squareWord(set, square)] >>> square) & 1) {
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
  applyMoveInto(rules, state, state, from, to, capturedLo, capturedHi);
}

/**
 * applyMove with the position after the move written into `child` (which may be `parent`
 * itself) and `parent` left as it was: the search's step to the next ply, without first
 * copying the whole state over.
 */
export function applyMoveInto(
  rules: Rules,
  parent: Int32Array,
  child: Int32Array,
  from: number,
  to: number,
  capturedLo: number,
  capturedHi: number,
): void {
  const color = parent[SIDE] as Color;
  const enemy = color ^ 1;
  for (let k = 0; k < PIECE_WORDS; k++) child[k] = parent[k];
  const kingSet = kingsSet(color);
  const isKing = (child[squareWord(kingSet, from)] >>> from) & 1;
  const fromSet = isKing ? kingSet : menSet(color);
  const toSet = !isKing && to >> 3 === rules.crownRank[color] ? kingSet : fromSet;
  // toggleSquare's work, with the key kept in locals and written once.
  child[squareWord(fromSet, from)] ^= 1 << from;
  child[squareWord(toSet, to)] ^= 1 << to;
  const fromKey = (fromSet * 64 + from) * 2;
  const toKey = (toSet * 64 + to) * 2;
  let keyLo = parent[KEY_LO] ^ ZOBRIST[fromKey] ^ ZOBRIST[toKey] ^ ZOBRIST[SIDE_KEY_INDEX];
  let keyHi = parent[KEY_HI] ^ ZOBRIST[fromKey + 1] ^ ZOBRIST[toKey + 1] ^ ZOBRIST[SIDE_KEY_INDEX + 1]; // prettier-ignore
  const captures = (capturedLo | capturedHi) !== 0;
  if (captures) {
    const enemyKings = kingsSet(enemy);
    for (let half = 0; half < 2; half++) {
      let bits = half === 0 ? capturedLo : capturedHi;
      if (bits === 0) continue;
      const kingsWord = setWord(enemyKings, half);
      const menWord = setWord(menSet(enemy), half);
      const kings = child[kingsWord];
      child[kingsWord] = kings & ~bits;
      child[menWord] &= ~(bits & ~kings);
      while (bits !== 0) {
        const square = half * 32 + (31 - Math.clz32(bits & -bits));
        bits &= bits - 1;
        const set = (kings >>> square) & 1 ? enemyKings : menSet(enemy);
        const z = (set * 64 + square) * 2;
        keyLo ^= ZOBRIST[z];
        keyHi ^= ZOBRIST[z + 1];
      }
    }
  }
  // Irreversible: a capture, or a man leaving its rank (men never go back).
  const irreversible = captures || (isKing === 0 && from >> 3 !== to >> 3);
  child[QUIET_PLIES] = captures || isKing === 0 ? 0 : parent[QUIET_PLIES] + 1;
  child[REVERSIBLE_PLIES] = irreversible ? 0 : parent[REVERSIBLE_PLIES] + 1;
  child[KEY_LO] = keyLo;
  child[KEY_HI] = keyHi;
  child[SIDE] = enemy;
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
  // Hot in perft: the word arithmetic of the layout above, written out.
  const kingWord = 4 + 2 * color + (from >> 5);
  const fromBit = 1 << from;
  const toBit = 1 << to;
  if ((state[kingWord] & fromBit) !== 0) {
    state[kingWord] ^= fromBit;
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
