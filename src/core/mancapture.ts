/**
 * Captures of men counted from whole sets, for perft's last ply: how many legal moves a
 * side made of men alone has when it must capture, and which enemy moves would give it a
 * capture. Exact under the full rules (maximum rule, merging), but only for men: a side
 * with kings goes through the capture search of movegen.ts.
 */
import { FILES_A_TO_F, FILES_C_TO_H, NOT_FILE_A, NOT_FILE_H } from './bitboard.js';
import type { Rules } from './variant.js';

/**
 * `manJumps[way * 2 + half]`: squares from which a man could capture going `way` (0
 * ahead, 1 east, 2 west) on the board countManCaptureMoves was given.
 */
const manJumps = new Int32Array(6);
/** A chain summary packs its length (captures) times CHAIN_UNIT plus its number of paths. */
const CHAIN_UNIT = 1 << 20;

/**
 * The number of legal moves of a side whose pieces are all men and which has a capture
 * (0 when it has none), without listing them. Two facts make this cheap:
 * - A man never goes back (forward or sideways only, ranks never decrease) and never
 *   reverses on a rank, so during its sequence it never meets a square it emptied: the
 *   board as it stood before the move answers every step, once a capture east straight
 *   after one west (or the reverse) is ruled out. So the squares it may capture from are
 *   worked out once, as sets, and a walk over them finds the longest chains.
 * - Its path is fixed by its start and its captured set, so sequences never merge: each
 *   maximal path is a move of its own.
 */
export function countManCaptureMoves(
  rules: Rules,
  color: number,
  menLo: number,
  menHi: number,
  enemyLo: number,
  enemyHi: number,
  emptyLo: number,
  emptyHi: number,
): number {
  // Squares from which a man could capture ahead, east, west (whoever stands there).
  let eastLo = 0;
  let eastHi = 0;
  let westLo = 0;
  let westHi = 0;
  let aheadLo = 0;
  let aheadHi = 0;
  if (rules.manCapturesSideways) {
    eastLo = (enemyLo >>> 1) & (emptyLo >>> 2) & FILES_A_TO_F;
    eastHi = (enemyHi >>> 1) & (emptyHi >>> 2) & FILES_A_TO_F;
    westLo = (enemyLo << 1) & (emptyLo << 2) & FILES_C_TO_H;
    westHi = (enemyHi << 1) & (emptyHi << 2) & FILES_C_TO_H;
  }
  if (rules.manCapturesForward) {
    if (color === 0) {
      aheadLo = ((enemyLo >>> 8) | (enemyHi << 24)) & ((emptyLo >>> 16) | (emptyHi << 16));
      aheadHi = (enemyHi >>> 8) & (emptyHi >>> 16);
    } else {
      aheadLo = (enemyLo << 8) & (emptyLo << 16);
      aheadHi = ((enemyHi << 8) | (enemyLo >>> 24)) & ((emptyHi << 16) | (emptyLo >>> 16));
    }
  }
  if ((((eastLo | westLo | aheadLo) & menLo) | ((eastHi | westHi | aheadHi) & menHi)) === 0) {
    return 0;
  }
  // Squares from which a second capture can follow a first one going ahead, east, west.
  const anyLo = aheadLo | eastLo | westLo;
  const anyHi = aheadHi | eastHi | westHi;
  let thenLo;
  let thenHi;
  if (color === 0) {
    thenLo = (anyLo >>> 16) | (anyHi << 16);
    thenHi = anyHi >>> 16;
  } else {
    thenLo = anyLo << 16;
    thenHi = (anyHi << 16) | (anyLo >>> 16);
  }
  const twiceLo = (aheadLo & thenLo) | (eastLo & ((aheadLo | eastLo) >>> 2)) | (westLo & ((aheadLo | westLo) << 2)); // prettier-ignore
  const twiceHi = (aheadHi & thenHi) | (eastHi & ((aheadHi | eastHi) >>> 2)) | (westHi & ((aheadHi | westHi) << 2)); // prettier-ignore
  if (((twiceLo & menLo) | (twiceHi & menHi)) === 0) {
    // Single captures only: each is a move of its own.
    return bitCount(aheadLo & menLo) + bitCount(aheadHi & menHi) + bitCount(eastLo & menLo) + bitCount(eastHi & menHi) + bitCount(westLo & menLo) + bitCount(westHi & menHi); // prettier-ignore
  }
  manJumps[0] = aheadLo;
  manJumps[1] = aheadHi;
  manJumps[2] = eastLo;
  manJumps[3] = eastHi;
  manJumps[4] = westLo;
  manJumps[5] = westHi;
  return countLongestManChains(color, (eastLo | westLo | aheadLo) & menLo, (eastHi | westHi | aheadHi) & menHi); // prettier-ignore
}

/** countManCaptureMoves once `manJumps` is set: the longest chains of the capturing men. */
function countLongestManChains(color: number, capturersLo: number, capturersHi: number): number {
  const ahead = color === 0 ? 16 : -16;
  let best = 0;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? capturersLo : capturersHi;
    while (bits !== 0) {
      const bit = bits & -bits;
      bits ^= bit;
      best = longerChains(best, manChains(half * 32 + 31 - Math.clz32(bit), 3, ahead));
    }
  }
  return best & (CHAIN_UNIT - 1);
}

/** Set bits of a word that has few (a step per bit beats the SWAR count there). */
function bitCount(x: number): number {
  let n = 0;
  while (x !== 0) {
    x &= (x - 1) | 0;
    n++;
  }
  return n;
}

/** Of two chain summaries, the longer; their paths added up when equally long. */
function longerChains(a: number, b: number): number {
  const lengthA = a >>> 20;
  const lengthB = b >>> 20;
  if (lengthA !== lengthB) return lengthA > lengthB ? a : b;
  return a + (b & (CHAIN_UNIT - 1));
}

/**
 * The longest chains from a man on `square` whose last capture went `last` (3: none yet),
 * as a chain summary; a man that cannot capture ends one path of length 0.
 */
function manChains(square: number, last: number, ahead: number): number {
  const half = square >> 5;
  let best = 1;
  if ((manJumps[half] >>> square) & 1) {
    best = manChains(square + ahead, 0, ahead) + CHAIN_UNIT;
  }
  if (last !== 2 && (manJumps[2 + half] >>> square) & 1) {
    best = longerChains(best, manChains(square + 2, 1, ahead) + CHAIN_UNIT);
  }
  if (last !== 1 && (manJumps[4 + half] >>> square) & 1) {
    best = longerChains(best, manChains(square - 2, 2, ahead) + CHAIN_UNIT);
  }
  return best;
}

/**
 * `threats[0..1]`: empty squares where a piece of the enemy, once it arrives, could be
 * captured by a man of `color` (a man next to it, an empty square beyond);
 * `threats[2..3]`: enemy-held squares which, once left, a man of `color` could land on
 * by capturing the enemy piece in front of them. Set by manCaptureThreats.
 */
export const threats = new Int32Array(4);

/**
 * Fills `threats` for a side whose men have no capture now, so that a one-piece enemy
 * move can be checked for giving it one by a few bit tests instead of a search.
 */
export function manCaptureThreats(
  rules: Rules,
  color: number,
  menLo: number,
  menHi: number,
  enemyLo: number,
  enemyHi: number,
  emptyLo: number,
  emptyHi: number,
): void {
  let ontoLo = 0;
  let ontoHi = 0;
  let leaveLo = 0;
  let leaveHi = 0;
  if (rules.manCapturesSideways) {
    // A man west of the square and empty east of it, or the reverse.
    ontoLo = (menLo << 1) & (emptyLo >>> 1) & NOT_FILE_A & NOT_FILE_H;
    ontoLo |= (menLo >>> 1) & (emptyLo << 1) & NOT_FILE_A & NOT_FILE_H;
    ontoHi = (menHi << 1) & (emptyHi >>> 1) & NOT_FILE_A & NOT_FILE_H;
    ontoHi |= (menHi >>> 1) & (emptyHi << 1) & NOT_FILE_A & NOT_FILE_H;
    // A man two files away with an enemy piece between.
    leaveLo = (menLo << 2) & (enemyLo << 1) & FILES_C_TO_H;
    leaveLo |= (menLo >>> 2) & (enemyLo >>> 1) & FILES_A_TO_F;
    leaveHi = (menHi << 2) & (enemyHi << 1) & FILES_C_TO_H;
    leaveHi |= (menHi >>> 2) & (enemyHi >>> 1) & FILES_A_TO_F;
  }
  if (rules.manCapturesForward) {
    if (color === 0) {
      // A White man one rank below and empty one rank above; or a man two ranks below.
      ontoLo |= (menLo << 8) & ((emptyLo >>> 8) | (emptyHi << 24));
      ontoHi |= ((menHi << 8) | (menLo >>> 24)) & (emptyHi >>> 8);
      leaveLo |= (menLo << 16) & (enemyLo << 8);
      leaveHi |= ((menHi << 16) | (menLo >>> 16)) & ((enemyHi << 8) | (enemyLo >>> 24));
    } else {
      ontoLo |= ((menLo >>> 8) | (menHi << 24)) & (emptyLo << 8);
      ontoHi |= (menHi >>> 8) & ((emptyHi << 8) | (emptyLo >>> 24));
      leaveLo |= ((menLo >>> 16) | (menHi << 16)) & ((enemyLo >>> 8) | (enemyHi << 24));
      leaveHi |= (menHi >>> 16) & (enemyHi >>> 8);
    }
  }
  threats[0] = ontoLo & emptyLo;
  threats[1] = ontoHi & emptyHi;
  threats[2] = leaveLo & enemyLo;
  threats[3] = leaveHi & enemyHi;
}
