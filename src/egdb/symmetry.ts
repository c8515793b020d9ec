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
import { SIDE } from '../core/state.js';

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
  for (let i = 0; i < 8; i++) state[i] = mirrorWord(state[i]);
}

/**
 * Writes into `target` the colour-swapped image of `source`: the board turned half a turn,
 * White's pieces become Black's and the other way round, and the side to move flips.
 * `target` may be `source`.
 */
export function swapColours(source: Int32Array, target: Int32Array): void {
  // Sets: 0 White men, 1 Black men, 2 White kings, 3 Black kings; halves swap with the turn.
  const wmLo = source[0], wmHi = source[1], bmLo = source[2], bmHi = source[3]; // prettier-ignore
  const wkLo = source[4], wkHi = source[5], bkLo = source[6], bkHi = source[7]; // prettier-ignore
  target[0] = reverseWord(bmHi);
  target[1] = reverseWord(bmLo);
  target[2] = reverseWord(wmHi);
  target[3] = reverseWord(wmLo);
  target[4] = reverseWord(bkHi);
  target[5] = reverseWord(bkLo);
  target[6] = reverseWord(wkHi);
  target[7] = reverseWord(wkLo);
  target[SIDE] = source[SIDE] ^ 1;
}
