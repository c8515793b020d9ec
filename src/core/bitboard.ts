/**
 * 64-square sets held as two int32 halves: plain 32-bit integer arithmetic throughout.
 *
 * Square index = rank * 8 + file (a1 = 0, h1 = 7, a8 = 56, h8 = 63). The low half holds
 * ranks 1-4, the high half ranks 5-8; inside a half, bit (index & 31) is the square:
 *
 *        a  b  c  d  e  f  g  h
 *   8 | 56 57 58 59 60 61 62 63 |  hi bits 24..31
 *   7 | 48 49 50 51 52 53 54 55 |  hi bits 16..23
 *   6 | 40 41 42 43 44 45 46 47 |  hi bits  8..15
 *   5 | 32 33 34 35 36 37 38 39 |  hi bits  0..7
 *   4 | 24 25 26 27 28 29 30 31 |  lo bits 24..31
 *   3 | 16 17 18 19 20 21 22 23 |  lo bits 16..23
 *   2 |  8  9 10 11 12 13 14 15 |  lo bits  8..15
 *   1 |  0  1  2  3  4  5  6  7 |  lo bits  0..7
 *
 * Because JavaScript masks shift counts to five bits, `1 << square` is the square's bit in
 * whichever half holds it, and `(square < 32 ? lo : hi) >>> square` brings it to bit 0.
 * A whole rank lives inside one byte of one half, so file masks are the same byte repeated.
 */

/** Every square except file a: what survives an eastward shift. */
export const NOT_FILE_A = 0xfefefefe | 0;
/** Every square except file h: what survives a westward shift. */
export const NOT_FILE_H = 0x7f7f7f7f | 0;
/** Files a-f and c-h of every rank: where a man can start a capture east or west. */
export const FILES_A_TO_F = 0x3f3f3f3f;
export const FILES_C_TO_H = 0xfcfcfcfc | 0;
/** Every square of a half. */
export const ALL = -1;

/** Stands for "no square" where a square is expected. */
export const NO_SQUARE = 64;

/** Number of set bits in a 32-bit word. */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The set bits of each byte of `x`, in that byte (0-8 each). Byte counts of several words
 * can be added before byteTotal sums them, as long as the total stays below 256 (seven
 * full words). Hot counts (a side's steps: at most 5 of each of 32 men or empty squares)
 * add theirs so that one multiply finishes many words.
 */
export function byteCounts(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (x + (x >>> 4)) & 0x0f0f0f0f;
}

/** The sum of the four bytes of `counts` (added byteCounts, totalling below 256). */
export function byteTotal(counts: number): number {
  return Math.imul(counts, 0x01010101) >>> 24;
}

/** Number of squares in the set (lo, hi). */
export function popcount64(lo: number, hi: number): number {
  lo = lo - ((lo >>> 1) & 0x55555555);
  hi = hi - ((hi >>> 1) & 0x55555555);
  // Nibble counts of both halves added: at most 8 a nibble, so no carry.
  const x = (lo & 0x33333333) + ((lo >>> 2) & 0x33333333) + (hi & 0x33333333) + ((hi >>> 2) & 0x33333333); // prettier-ignore
  return Math.imul((x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24;
}

/** 1 when `square` is in the set (lo, hi), else 0. */
export function hasSquare(lo: number, hi: number, square: number): number {
  return ((square < 32 ? lo : hi) >>> square) & 1;
}

/** Squares of a set (lo, hi) in increasing order; for tests and text, not hot paths. */
export function squaresOf(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let square = 0; square < 64; square++) {
    if (hasSquare(lo, hi, square)) out.push(square);
  }
  return out;
}
