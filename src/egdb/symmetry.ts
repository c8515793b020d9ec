/**
 * The board symmetries the rules allow, on raw states (core/state.ts).
 *
 * - Left-right mirror (file a <-> h): men step forward, diagonally forward both ways and
 *   sideways both ways, and capture forward and to both sides; kings move alike in every
 *   line. Every rule is the same seen in a mirror, so a position and its mirror image have
 *   the same value, and the mirror of a best move is a best move.
 * - Colour swap: turn the board half a turn (square s -> 63 - s) and exchange the colours.
 *   White's men move towards rank 8 and Black's towards rank 1, so the half turn maps one
 *   side's moves onto the other's, and the side to move changes colour with them.
 *
 * Neither is a symmetry of the no-progress counter or the Zobrist key; these functions
 * move the pieces and the side to move only.
 */
import {
  BLACK_KINGS,
  BLACK_MEN,
  PIECE_WORDS,
  setWord,
  SIDE,
  WHITE_KINGS,
  WHITE_MEN,
} from '../core/state.js';

/** Each byte of `x` bit-reversed: the files of every rank mirrored. */
const REVERSED_BYTE = Uint8Array.from({ length: 256 }, (_, byte) => {
  let out = 0;
  for (let bit = 0; bit < 8; bit++) if ((byte >> bit) & 1) out |= 1 << (7 - bit);
  return out;
});

/** A 32-bit half with its files mirrored (a <-> h on each rank). */
export function mirrorWord(x: number): number {
  return (
    REVERSED_BYTE[x & 255] |
    (REVERSED_BYTE[(x >>> 8) & 255] << 8) |
    (REVERSED_BYTE[(x >>> 16) & 255] << 16) |
    (REVERSED_BYTE[x >>> 24] << 24)
  );
}

/** All 32 bits of `x` in reverse order. */
export function reverseWord(x: number): number {
  x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
  x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
  x = ((x >>> 8) & 0x00ff00ff) | ((x & 0x00ff00ff) << 8);
  return (x >>> 16) | (x << 16);
}

/** Mirrors the pieces of `state` left-right in place. */
export function mirrorInPlace(state: Int32Array): void {
  for (let i = 0; i < PIECE_WORDS; i++) state[i] = mirrorWord(state[i]);
}

/**
 * Writes into `target` the colour-swapped image of `source`: the board turned half a turn,
 * White's pieces become Black's and the other way round, and the side to move flips.
 * `target` may be `source`.
 */
export function swapColours(source: Int32Array, target: Int32Array): void {
  for (let kings = 0; kings < 2; kings++) {
    const white = kings === 0 ? WHITE_MEN : WHITE_KINGS;
    const black = kings === 0 ? BLACK_MEN : BLACK_KINGS;
    // Both colours' words are read before any is written; the halves swap with the turn.
    const whiteLo = source[setWord(white, 0)];
    const whiteHi = source[setWord(white, 1)];
    const blackLo = source[setWord(black, 0)];
    const blackHi = source[setWord(black, 1)];
    target[setWord(white, 0)] = reverseWord(blackHi);
    target[setWord(white, 1)] = reverseWord(blackLo);
    target[setWord(black, 0)] = reverseWord(whiteHi);
    target[setWord(black, 1)] = reverseWord(whiteLo);
  }
  target[SIDE] = source[SIDE] ^ 1;
}
