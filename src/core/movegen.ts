/**
 * Legal move generation: steps, flying kings, capture sequences with immediate removal, no
 * 180-degree turn, the maximum-capture rule, crowning at the end of a move, and merging of
 * sequences with the same start, end and captured set.
 *
 * A move is a packed integer (from, to, number captured) plus the captured set as two int32
 * halves, stored side by side in a MoveList. Everything here reads the variant's tables and
 * a state array (state.ts); nothing allocates per call.
 */
import {
  byteCounts,
  byteTotal,
  FILES_A_TO_F,
  FILES_C_TO_H,
  NOT_FILE_A,
  NOT_FILE_H,
} from './bitboard.js';
import {
  kingsHiWord,
  kingsLoWord,
  menHiWord,
  menLoWord,
  occupancyHi,
  occupancyLo,
  piecesHi,
  piecesLo,
  SIDE,
} from './state.js';
import {
  DIRECTION_COUNT,
  DIRECTION_MASK,
  DIRECTION_DELTA,
  NEIGHBOUR,
  NO_DIRECTION,
  type Rules,
} from './variant.js';

/** Room in one move list. Real positions stay far below it; extra sequences are dropped. */
export const MAX_MOVES = 4096;

/**
 * A packed move's fields: bits 0-5 the start square, 6-11 the final square, 12 and up how
 * many pieces it captures. Only the functions below read and write them; they spell the
 * field positions as literals, which hot loops pay nothing for once V8 inlines them.
 */
/** A move's start square. */
export function moveFrom(move: number): number {
  return move & 63;
}
/** A move's final square. */
export function moveTo(move: number): number {
  return (move >>> 6) & 63;
}
/** A move's start and final squares together, without its capture count (0-4095). */
export function moveSquares(move: number): number {
  return move & 0xfff;
}
/** How many pieces a move captures (0 for a step). */
export function moveCaptureCount(move: number): number {
  return move >>> 12;
}
/** Whether a move captures. */
export function isCapture(move: number): boolean {
  return move >>> 12 !== 0;
}
/** Packs a move's squares and capture count. */
export function encodeMove(from: number, to: number, captureCount: number): number {
  return from | (to << 6) | (captureCount << 12);
}

/** One move outside a MoveList: packed squares and count (encodeMove) and the captured set. */
export interface PackedMove {
  readonly move: number;
  readonly capturedLo: number;
  readonly capturedHi: number;
}

/** Whether two packed moves are the same move. */
export function sameMove(a: PackedMove, b: PackedMove): boolean {
  return a.move === b.move && a.capturedLo === b.capturedLo && a.capturedHi === b.capturedHi;
}

/** The moves of one position; allocate one per ply and reuse it. */
export class MoveList {
  count = 0;
  readonly moves = new Int32Array(MAX_MOVES);
  readonly capturedLo = new Int32Array(MAX_MOVES);
  readonly capturedHi = new Int32Array(MAX_MOVES);
}

const DELTA = Int8Array.from(DIRECTION_DELTA);
const MASK = Int32Array.from(DIRECTION_MASK);

/**
 * `RAY_LO[square * 8 + direction]`, `RAY_HI[...]`: the squares from `square` (not included)
 * to the edge of the board that way; `RAY_LENGTH[...]` how many. A king's slides that way
 * end before the first occupied square on its ray: its ray is as long as the king's less
 * the blocker's and the blocker itself, so no square is walked.
 */
const RAY_LO = new Int32Array(64 * DIRECTION_COUNT);
const RAY_HI = new Int32Array(64 * DIRECTION_COUNT);
const RAY_LENGTH = new Int8Array(64 * DIRECTION_COUNT);
for (let square = 0; square < 64; square++) {
  for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
    const at = square * DIRECTION_COUNT + direction;
    for (let to = NEIGHBOUR[at]; to >= 0; to = NEIGHBOUR[to * DIRECTION_COUNT + direction]) {
      if (to < 32) RAY_LO[at] |= 1 << to;
      else RAY_HI[at] |= 1 << to;
      RAY_LENGTH[at]++;
    }
  }
}

/**
 * The first occupied square (of occupiedLo, occupiedHi) from `square` towards `direction`,
 * or -1 when the way is clear to the edge: the nearest is the lowest square of the ray's
 * occupied part when the direction raises the square number, else the highest.
 */
function firstOccupied(
  square: number,
  direction: number,
  occupiedLo: number,
  occupiedHi: number,
): number {
  const at = square * DIRECTION_COUNT + direction;
  const lo = RAY_LO[at] & occupiedLo;
  const hi = RAY_HI[at] & occupiedHi;
  if ((lo | hi) === 0) return -1;
  if (DELTA[direction] > 0) return lo !== 0 ? 31 - Math.clz32(lo & -lo) : 63 - Math.clz32(hi & -hi); // prettier-ignore
  return hi !== 0 ? 63 - Math.clz32(hi) : 31 - Math.clz32(lo);
}

/** Low half of the set (lo, hi) moved one step in `direction`. */
function shiftLo(lo: number, hi: number, direction: number): number {
  const s = DELTA[direction];
  return (s > 0 ? lo << s : (lo >>> -s) | (hi << (32 + s))) & MASK[direction];
}
/** High half of the set (lo, hi) moved one step in `direction`. */
function shiftHi(lo: number, hi: number, direction: number): number {
  const s = DELTA[direction];
  return (s > 0 ? (hi << s) | (lo >>> (32 - s)) : hi >>> -s) & MASK[direction];
}

// ---------------------------------------------------------------------------------------
// Capture sequences. A depth-first search per piece; the pieces it has captured are taken
// off the occupied and enemy sets at once, so their squares can be crossed later.

/** Receives every complete capture path when paths are being listed (notation.ts). */
export type PathSink = (
  from: number,
  landings: Int8Array,
  count: number,
  capturedLo: number,
  capturedHi: number,
) => void;

/** The one capture search under way (move generation never re-enters itself). */
interface CaptureSearch {
  list: MoveList;
  rules: Rules;
  /** The square the current sequence starts from. */
  from: number;
  /** The most pieces any complete sequence found so far captures. */
  best: number;
  manDirections: Int8Array;
  sink: PathSink | null;
}

const search: CaptureSearch = {
  list: new MoveList(),
  rules: undefined as unknown as Rules,
  from: 0,
  best: 0,
  manDirections: new Int8Array(0),
  sink: null,
};
/** `landings[k]`: where the mover stands after its k-th capture (k >= 1). */
const landings = new Int8Array(32);

function recordCapture(to: number, count: number, capturedLo: number, capturedHi: number): void {
  if (search.sink !== null) {
    search.sink(search.from, landings, count, capturedLo, capturedHi);
    return;
  }
  if (count < search.best) return;
  const list = search.list;
  if (count > search.best) {
    search.best = count;
    list.count = 0;
  }
  const move = encodeMove(search.from, to, count);
  const n = list.count;
  for (let i = 0; i < n; i++) {
    if (
      list.moves[i] === move &&
      list.capturedLo[i] === capturedLo &&
      list.capturedHi[i] === capturedHi
    ) {
      return; // the same move by another path
    }
  }
  if (n < MAX_MOVES) {
    list.moves[n] = move;
    list.capturedLo[n] = capturedLo;
    list.capturedHi[n] = capturedHi;
    list.count = n + 1;
  }
}

/**
 * A man's capture sequences from `square`, depth first. The man's and the king's searches
 * (below) stay two functions on purpose: this is the hot path of move generation, and each
 * reads only its own piece's rule (one jump, or a flight with the 180-degree rule).
 */
function manCaptureSearch(
  square: number,
  count: number,
  capturedLo: number,
  capturedHi: number,
  occupiedLo: number,
  occupiedHi: number,
  enemyLo: number,
  enemyHi: number,
): void {
  const directions = search.manDirections;
  let extended = false;
  for (let i = 0; i < directions.length; i++) {
    const direction = directions[i];
    const over = NEIGHBOUR[square * DIRECTION_COUNT + direction];
    if (over < 0 || (((over < 32 ? enemyLo : enemyHi) >>> over) & 1) === 0) continue;
    const land = NEIGHBOUR[over * DIRECTION_COUNT + direction];
    if (land < 0 || (((land < 32 ? occupiedLo : occupiedHi) >>> land) & 1) !== 0) continue;
    extended = true;
    landings[count + 1] = land;
    const bit = 1 << over;
    if (over < 32) {
      manCaptureSearch(land, count + 1, capturedLo | bit, capturedHi, occupiedLo & ~bit, occupiedHi, enemyLo & ~bit, enemyHi); // prettier-ignore
    } else {
      manCaptureSearch(land, count + 1, capturedLo, capturedHi | bit, occupiedLo, occupiedHi & ~bit, enemyLo, enemyHi & ~bit); // prettier-ignore
    }
  }
  if (!extended && count > 0) recordCapture(square, count, capturedLo, capturedHi);
}

/** A king's capture sequences from `square`, depth first (see manCaptureSearch). */
function kingCaptureSearch(
  square: number,
  lastDirection: number,
  count: number,
  capturedLo: number,
  capturedHi: number,
  occupiedLo: number,
  occupiedHi: number,
  enemyLo: number,
  enemyHi: number,
): void {
  const directions = search.rules.kingCaptures;
  const forbidden = search.rules.forbiddenAfter[lastDirection];
  let extended = false;
  for (let i = 0; i < directions.length; i++) {
    const direction = directions[i];
    if (direction === forbidden) continue;
    const over = firstOccupied(square, direction, occupiedLo, occupiedHi);
    if (over < 0 || (((over < 32 ? enemyLo : enemyHi) >>> over) & 1) === 0) continue;
    const bit = 1 << over;
    const low = over < 32;
    let land = NEIGHBOUR[over * DIRECTION_COUNT + direction];
    while (land >= 0 && (((land < 32 ? occupiedLo : occupiedHi) >>> land) & 1) === 0) {
      extended = true;
      landings[count + 1] = land;
      if (low) {
        kingCaptureSearch(land, direction, count + 1, capturedLo | bit, capturedHi, occupiedLo & ~bit, occupiedHi, enemyLo & ~bit, enemyHi); // prettier-ignore
      } else {
        kingCaptureSearch(land, direction, count + 1, capturedLo, capturedHi | bit, occupiedLo, occupiedHi & ~bit, enemyLo, enemyHi & ~bit); // prettier-ignore
      }
      land = NEIGHBOUR[land * DIRECTION_COUNT + direction];
    }
  }
  if (!extended && count > 0) recordCapture(square, count, capturedLo, capturedHi);
}

/** Whether the king on `square` can capture at least once. */
function kingCanCapture(
  rules: Rules,
  square: number,
  occupiedLo: number,
  occupiedHi: number,
  enemyLo: number,
  enemyHi: number,
): boolean {
  const directions = rules.kingCaptures;
  for (let i = 0; i < directions.length; i++) {
    const direction = directions[i];
    const over = firstOccupied(square, direction, occupiedLo, occupiedHi);
    if (over < 0 || (((over < 32 ? enemyLo : enemyHi) >>> over) & 1) === 0) continue;
    const land = NEIGHBOUR[over * DIRECTION_COUNT + direction];
    if (land >= 0 && (((land < 32 ? occupiedLo : occupiedHi) >>> land) & 1) === 0) return true;
  }
  return false;
}

/**
 * Runs the capture search for every piece of `color` (own men, own kings, all enemy
 * pieces as sets), filling `list` with the maximal sequences, merged, or calling `sink`
 * with every complete path when given. Returns the most pieces a sequence captures (0: no
 * capture).
 */
function searchCaptures(
  rules: Rules,
  color: number,
  menLo: number,
  menHi: number,
  kingsLo: number,
  kingsHi: number,
  enemyLo: number,
  enemyHi: number,
  list: MoveList,
  sink: PathSink | null,
): number {
  const occupiedLo = menLo | kingsLo | enemyLo;
  const occupiedHi = menHi | kingsHi | enemyHi;
  search.list = list;
  search.rules = rules;
  search.best = 0;
  search.sink = sink;
  search.manDirections = rules.manCaptures[color];
  list.count = 0;
  menCapturers(rules, color, menLo, menHi, enemyLo, enemyHi, ~occupiedLo, ~occupiedHi);
  for (let half = 0; half < 2; half++) {
    let bits = capturers[half];
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const from = half * 32 + 31 - Math.clz32(bit);
      search.from = from;
      if (half === 0) {
        manCaptureSearch(from, 0, 0, 0, occupiedLo & ~bit, occupiedHi, enemyLo, enemyHi);
      } else {
        manCaptureSearch(from, 0, 0, 0, occupiedLo, occupiedHi & ~bit, enemyLo, enemyHi);
      }
    }
    bits = half === 0 ? kingsLo : kingsHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const from = half * 32 + 31 - Math.clz32(bit);
      search.from = from;
      if (half === 0) {
        kingCaptureSearch(from, NO_DIRECTION, 0, 0, 0, occupiedLo & ~bit, occupiedHi, enemyLo, enemyHi); // prettier-ignore
      } else {
        kingCaptureSearch(from, NO_DIRECTION, 0, 0, 0, occupiedLo, occupiedHi & ~bit, enemyLo, enemyHi); // prettier-ignore
      }
    }
  }
  search.sink = null;
  return search.best;
}

/** What `onSideToMove` does with the sets it reads. */
const SEARCH_CAPTURES = 0;
const COUNT_MOVES = 1;

/**
 * Reads the sets of the side to move of `state` (own men, own kings, all enemy pieces) and
 * hands them to the set-based work: the capture search (into `list`, or `sink`) or the move
 * count. The one place that unpacks a state for them.
 */
function onSideToMove(
  job: number,
  rules: Rules,
  state: Int32Array,
  list: MoveList,
  sink: PathSink | null,
): number {
  const color = state[SIDE];
  const enemy = color ^ 1;
  const menLo = state[menLoWord(color)];
  const menHi = state[menHiWord(color)];
  const kingsLo = state[kingsLoWord(color)];
  const kingsHi = state[kingsHiWord(color)];
  const enemyLo = piecesLo(state, enemy);
  const enemyHi = piecesHi(state, enemy);
  if (job === COUNT_MOVES) {
    return countMovesOfSets(rules, color, menLo, menHi, kingsLo, kingsHi, enemyLo, enemyHi);
  }
  return searchCaptures(rules, color, menLo, menHi, kingsLo, kingsHi, enemyLo, enemyHi, list, sink); // prettier-ignore
}

/** Calls `sink` with every complete capture path of the side to move (no merging, no max). */
export function listCapturePaths(rules: Rules, state: Int32Array, sink: PathSink): void {
  onSideToMove(SEARCH_CAPTURES, rules, state, scratchList, sink);
}

const scratchList = new MoveList();

/** Low half of a set moved one rank forward for `color` (north for White). */
function forwardLo(lo: number, hi: number, color: number): number {
  return color === 0 ? lo << 8 : (lo >>> 8) | (hi << 24);
}
/** High half of a set moved one rank forward for `color`. */
function forwardHi(lo: number, hi: number, color: number): number {
  return color === 0 ? (hi << 8) | (lo >>> 24) : hi >>> 8;
}

/** `capturers[0]`, `capturers[1]`: the men found by the last call of menCapturers. */
const capturers = new Int32Array(2);

/**
 * Finds the men of `color` that can capture: an enemy piece next to them where men capture
 * and an empty square straight beyond. Works on whole sets at once, leaves the set in
 * `capturers` and returns whether it is non-empty.
 */
function menCapturers(
  rules: Rules,
  color: number,
  menLo: number,
  menHi: number,
  enemyLo: number,
  enemyHi: number,
  emptyLo: number,
  emptyHi: number,
): boolean {
  let lo = 0;
  let hi = 0;
  if (rules.manCapturesSideways) {
    // A rank never crosses halves, and the file masks drop what wraps to the next rank.
    lo = ((enemyLo >>> 1) & (emptyLo >>> 2) & FILES_A_TO_F) | ((enemyLo << 1) & (emptyLo << 2) & FILES_C_TO_H); // prettier-ignore
    hi = ((enemyHi >>> 1) & (emptyHi >>> 2) & FILES_A_TO_F) | ((enemyHi << 1) & (emptyHi << 2) & FILES_C_TO_H); // prettier-ignore
  }
  if (rules.manCapturesForward) {
    if (color === 0) {
      // White captures north: enemy one rank up, empty two ranks up.
      lo |= ((enemyLo >>> 8) | (enemyHi << 24)) & ((emptyLo >>> 16) | (emptyHi << 16));
      hi |= (enemyHi >>> 8) & (emptyHi >>> 16);
    } else {
      lo |= (enemyLo << 8) & (emptyLo << 16);
      hi |= ((enemyHi << 8) | (enemyLo >>> 24)) & ((emptyHi << 16) | (emptyLo >>> 16));
    }
  }
  lo &= menLo;
  hi &= menHi;
  capturers[0] = lo;
  capturers[1] = hi;
  return (lo | hi) !== 0;
}

/** Whether some king in the set (lo, hi) can capture at least once. */
function kingsCanCapture(
  rules: Rules,
  kingsLo: number,
  kingsHi: number,
  occupiedLo: number,
  occupiedHi: number,
  enemyLo: number,
  enemyHi: number,
): boolean {
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? kingsLo : kingsHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      const square = half * 32 + 31 - Math.clz32(bit);
      const ownLo = half === 0 ? occupiedLo & ~bit : occupiedLo;
      const ownHi = half === 0 ? occupiedHi : occupiedHi & ~bit;
      if (kingCanCapture(rules, square, ownLo, ownHi, enemyLo, enemyHi)) return true;
    }
  }
  return false;
}

/** Whether the side to move has a capture (and so must capture). */
export function hasCapture(rules: Rules, state: Int32Array): boolean {
  const color = state[SIDE];
  const enemy = color ^ 1;
  const enemyLo = piecesLo(state, enemy);
  const enemyHi = piecesHi(state, enemy);
  const occupiedLo = occupancyLo(state);
  const occupiedHi = occupancyHi(state);
  const kingsLo = state[kingsLoWord(color)];
  const kingsHi = state[kingsHiWord(color)];
  return (
    menCapturers(rules, color, state[menLoWord(color)], state[menHiWord(color)], enemyLo, enemyHi, ~occupiedLo, ~occupiedHi) ||
    ((kingsLo | kingsHi) !== 0 &&
      kingsCanCapture(rules, kingsLo, kingsHi, occupiedLo, occupiedHi, enemyLo, enemyHi))
  ); // prettier-ignore
}

// ---------------------------------------------------------------------------------------
// Moves without capture.

/**
 * Writes the steps and slides of the side to move into `moves` (packed, nothing captured)
 * and returns how many (generateQuiet adds the empty captured sets).
 */
function generateQuietMoves(rules: Rules, state: Int32Array, moves: Int32Array): number {
  const color = state[SIDE];
  const menLo = state[menLoWord(color)];
  const menHi = state[menHiWord(color)];
  const kingsLo = state[kingsLoWord(color)];
  const kingsHi = state[kingsHiWord(color)];
  const emptyLo = ~occupancyLo(state);
  const emptyHi = ~occupancyHi(state);
  let n = 0;
  const steps = rules.manSteps[color];
  for (let i = 0; i < steps.length; i++) {
    const direction = steps[i];
    const delta = DELTA[direction];
    let lo = shiftLo(menLo, menHi, direction) & emptyLo;
    let hi = shiftHi(menLo, menHi, direction) & emptyHi;
    while (lo !== 0) {
      const to = 31 - Math.clz32(lo & -lo);
      lo &= lo - 1;
      moves[n++] = encodeMove(to - delta, to, 0);
    }
    while (hi !== 0) {
      const to = 63 - Math.clz32(hi & -hi);
      hi &= hi - 1;
      moves[n++] = encodeMove(to - delta, to, 0);
    }
  }
  if ((kingsLo | kingsHi) === 0) return n;
  const slides = rules.kingSlides;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? kingsLo : kingsHi;
    while (bits !== 0) {
      const from = half * 32 + 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      for (let i = 0; i < slides.length; i++) {
        const direction = slides[i];
        let to = NEIGHBOUR[from * DIRECTION_COUNT + direction];
        while (to >= 0 && (((to < 32 ? emptyLo : emptyHi) >>> to) & 1) !== 0) {
          moves[n++] = encodeMove(from, to, 0);
          to = NEIGHBOUR[to * DIRECTION_COUNT + direction];
        }
      }
    }
  }
  return n;
}

function generateQuiet(rules: Rules, state: Int32Array, list: MoveList): void {
  const n = generateQuietMoves(rules, state, list.moves);
  const capturedLo = list.capturedLo;
  const capturedHi = list.capturedHi;
  for (let i = 0; i < n; i++) {
    capturedLo[i] = 0;
    capturedHi[i] = 0;
  }
  list.count = n;
}

/**
 * Fills `list` with the legal moves of the side to move and returns how many there are:
 * the maximal captures when any capture exists, otherwise every step and slide.
 */
export function generateMoves(rules: Rules, state: Int32Array, list: MoveList): number {
  if (hasCapture(rules, state)) return generateCaptures(rules, state, list);
  generateQuiet(rules, state, list);
  return list.count;
}

/**
 * generateMoves for a side to move known to have a capture (hasCapture said so): the
 * maximal captures, without asking again.
 */
export function generateCaptures(rules: Rules, state: Int32Array, list: MoveList): number {
  if (onSideToMove(SEARCH_CAPTURES, rules, state, list, null) === 0)
    generateQuiet(rules, state, list);
  return list.count;
}

/**
 * The number of steps and slides of `color` whose men are (menLo, menHi) and kings (kingsLo,
 * kingsHi), among empty squares (emptyLo, emptyHi): counted from whole sets, not listed.
 * Only meaningful when the side has no capture.
 */
export function countQuietMoves(
  rules: Rules,
  color: number,
  menLo: number,
  menHi: number,
  kingsLo: number,
  kingsHi: number,
  emptyLo: number,
  emptyHi: number,
): number {
  const steps = countManSteps(rules, color, menLo, menHi, emptyLo, emptyHi);
  if ((kingsLo | kingsHi) === 0) return steps;
  return steps + countKingSlides(rules, kingsLo, kingsHi, emptyLo, emptyHi);
}

/** The steps of `color`'s men (menLo, menHi) to empty squares (emptyLo, emptyHi). */
export function countManSteps(
  rules: Rules,
  color: number,
  menLo: number,
  menHi: number,
  emptyLo: number,
  emptyHi: number,
): number {
  // Byte counts of every step's target set, added, then totalled once (bitboard.ts).
  let counts = 0;
  const fLo = forwardLo(menLo, menHi, color);
  const fHi = forwardHi(menLo, menHi, color);
  if (rules.manStepsForward) counts += byteCounts(fLo & emptyLo) + byteCounts(fHi & emptyHi);
  if (rules.manStepsDiagonally) {
    // Forward then one file over: the same rank, so no half is crossed.
    counts += byteCounts((fLo << 1) & NOT_FILE_A & emptyLo) + byteCounts((fHi << 1) & NOT_FILE_A & emptyHi); // prettier-ignore
    counts += byteCounts((fLo >>> 1) & NOT_FILE_H & emptyLo) + byteCounts((fHi >>> 1) & NOT_FILE_H & emptyHi); // prettier-ignore
  }
  if (rules.manStepsSideways) {
    counts += byteCounts((menLo << 1) & NOT_FILE_A & emptyLo) + byteCounts((menHi << 1) & NOT_FILE_A & emptyHi); // prettier-ignore
    counts += byteCounts((menLo >>> 1) & NOT_FILE_H & emptyLo) + byteCounts((menHi >>> 1) & NOT_FILE_H & emptyHi); // prettier-ignore
  }
  return byteTotal(counts);
}

/**
 * The slides of the kings (kingsLo, kingsHi) to empty squares (emptyLo, emptyHi), each
 * way's told by the rays (firstOccupied) without walking it.
 */
export function countKingSlides(
  rules: Rules,
  kingsLo: number,
  kingsHi: number,
  emptyLo: number,
  emptyHi: number,
): number {
  let n = 0;
  const slides = rules.kingSlides;
  let lo = kingsLo;
  let hi = kingsHi;
  while ((lo | hi) !== 0) {
    // The lowest king first, taking it off its half.
    let from: number;
    if (lo !== 0) {
      from = 31 - Math.clz32(lo & -lo);
      lo &= lo - 1;
    } else {
      from = 63 - Math.clz32(hi & -hi);
      hi &= hi - 1;
    }
    for (let i = 0; i < slides.length; i++) {
      const direction = slides[i];
      const at = from * DIRECTION_COUNT + direction;
      const blocker = firstOccupied(from, direction, ~emptyLo, ~emptyHi);
      n += blocker < 0 ? RAY_LENGTH[at] : RAY_LENGTH[at] - RAY_LENGTH[blocker * DIRECTION_COUNT + direction] - 1; // prettier-ignore
    }
  }
  return n;
}

/**
 * The number of legal moves of `color` given as sets (own men, own kings, all enemy
 * pieces): steps are counted from whole sets, captures listed (they must be merged).
 */
function countMovesOfSets(
  rules: Rules,
  color: number,
  menLo: number,
  menHi: number,
  kingsLo: number,
  kingsHi: number,
  enemyLo: number,
  enemyHi: number,
): number {
  const emptyLo = ~(menLo | kingsLo | enemyLo);
  const emptyHi = ~(menHi | kingsHi | enemyHi);
  if (
    menCapturers(rules, color, menLo, menHi, enemyLo, enemyHi, emptyLo, emptyHi) ||
    ((kingsLo | kingsHi) !== 0 &&
      kingsCanCapture(rules, kingsLo, kingsHi, ~emptyLo, ~emptyHi, enemyLo, enemyHi))
  ) {
    searchCaptures(rules, color, menLo, menHi, kingsLo, kingsHi, enemyLo, enemyHi, scratchList, null); // prettier-ignore
    return scratchList.count;
  }
  return countQuietMoves(rules, color, menLo, menHi, kingsLo, kingsHi, emptyLo, emptyHi);
}

/** The number of legal moves of the side to move (a perft leaf count). */
export function countMoves(rules: Rules, state: Int32Array): number {
  return onSideToMove(COUNT_MOVES, rules, state, scratchList, null);
}
