/**
 * 64-square sets as one u64 each (core/bitboard.ts holds the same sets as two int32 halves):
 * bit `square` is the square, numbered 8 * rank + file.
 *
 *        a  b  c  d  e  f  g  h
 *   8 | 56 57 58 59 60 61 62 63 |
 *   7 | 48 49 50 51 52 53 54 55 |
 *   6 | 40 41 42 43 44 45 46 47 |
 *   5 | 32 33 34 35 36 37 38 39 |
 *   4 | 24 25 26 27 28 29 30 31 |
 *   3 | 16 17 18 19 20 21 22 23 |
 *   2 |  8  9 10 11 12 13 14 15 |
 *   1 |  0  1  2  3  4  5  6  7 |
 *
 * North (towards rank 8) is +8, east +1. The step and ray tables live in memory.ts's areas.
 */
import { EAST, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST } from '../core/rule-record'; // prettier-ignore
import { NEXT, RAYS } from './memory';

export const NOT_FILE_A: u64 = 0xfefefefefefefefe;
export const NOT_FILE_H: u64 = 0x7f7f7f7f7f7f7f7f;

/** Directions, numbered once for core and the module (core/rule-record.ts). */
export { EAST, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST, WEST };

/** The files one step towards `direction` moves: 0 north and south, +1 the eastern ones, -1 the western. */
function fileStep(direction: i32): i32 {
  return direction < EAST ? 0 : (direction & 1) != 0 ? -1 : 1;
}
/** The ranks one step towards `direction` moves: +1 the northern ones, -1 the southern, 0 east and west. */
function rankStep(direction: i32): i32 {
  if (direction == NORTH) return 1;
  if (direction == SOUTH) return -1;
  if (direction < NORTH_EAST) return 0;
  return direction < SOUTH_EAST ? 1 : -1;
}

/**
 * Fills NEXT and RAYS; called once as the module starts. It allocates nothing (no array
 * literal): the search module's memory has no heap past its static data (memory.ts).
 */
export function initBitboards(): void {
  for (let direction = 0; direction < 8; direction++) {
    for (let square = 0; square < 64; square++) {
      const file = (square & 7) + fileStep(direction);
      const rank = (square >> 3) + rankStep(direction);
      const inside = file >= 0 && file < 8 && rank >= 0 && rank < 8;
      store<i8>(NEXT + <usize>(direction * 64 + square), <i8>(inside ? rank * 8 + file : -1));
    }
  }
  for (let direction = 0; direction < 8; direction++) {
    for (let square = 0; square < 64; square++) {
      let ray: u64 = 0;
      for (let to = next(direction, square); to >= 0; to = next(direction, to)) ray |= bit(to);
      store<u64>(RAYS + <usize>((direction * 64 + square) * 8), ray);
    }
  }
}

/** The square one step from `square` towards `direction`, or -1 off the board. */
// @ts-ignore: decorator
@inline export function next(direction: i32, square: i32): i32 {
  return <i32>load<i8>(NEXT + <usize>((direction << 6) | square));
}
/** The squares from `square` (not included) to the edge towards `direction`. */
// @ts-ignore: decorator
@inline export function ray(direction: i32, square: i32): u64 {
  return load<u64>(RAYS + (<usize>((direction << 6) | square) << 3));
}
/** The set of one square. */
// @ts-ignore: decorator
@inline export function bit(square: i32): u64 {
  return (<u64>1) << <u64>square;
}
/** Whether `square` is in `set`. */
// @ts-ignore: decorator
@inline export function has(set: u64, square: i32): bool {
  return ((set >> <u64>square) & 1) != 0;
}
/** The lowest square of a non-empty set. */
// @ts-ignore: decorator
@inline export function lowest(set: u64): i32 {
  return <i32>ctz<u64>(set);
}
/** The number of squares in a set. */
// @ts-ignore: decorator
@inline export function count(set: u64): i32 {
  return <i32>popcnt<u64>(set);
}
// @ts-ignore: decorator
@inline export function east(set: u64): u64 {
  return (set << 1) & NOT_FILE_A;
}
// @ts-ignore: decorator
@inline export function west(set: u64): u64 {
  return (set >> 1) & NOT_FILE_H;
}
/** A set moved one rank forward for White (`white`) or Black. */
// @ts-ignore: decorator
@inline export function forward(set: u64, white: bool): u64 {
  return white ? set << 8 : set >> 8;
}
/** A set moved one rank backward for White (`white`) or Black. */
// @ts-ignore: decorator
@inline export function backward(set: u64, white: bool): u64 {
  return white ? set >> 8 : set << 8;
}
/**
 * The first square of `occupied` from `square` towards `direction`, or -1 when the way is
 * clear to the edge: the nearest is the lowest square of the ray's occupied part when the
 * direction raises the square number (north, east, north-east, north-west), else the highest.
 */
// @ts-ignore: decorator
@inline export function firstOccupied(square: i32, direction: i32, occupied: u64): i32 {
  const blockers = ray(direction, square) & occupied;
  if (blockers == 0) return -1;
  const rising = direction == NORTH || direction == EAST || direction == NORTH_EAST || direction == NORTH_WEST; // prettier-ignore
  return rising ? <i32>ctz<u64>(blockers) : 63 - <i32>clz<u64>(blockers);
}

// Occluded fills (Kogge-Stone): `pieces` and every square they reach through `open` towards a
// direction, all pieces at once, in three shifts. `step` is the direction's shift in squares;
// a rising direction (north, east) shifts up, a falling one down.
// @ts-ignore: decorator
@inline function fill(pieces: u64, open: u64, step: u64, rising: bool): u64 {
  pieces |= open & (rising ? pieces << step : pieces >> step);
  open &= rising ? open << step : open >> step;
  pieces |= open & (rising ? pieces << (step << 1) : pieces >> (step << 1));
  open &= rising ? open << (step << 1) : open >> (step << 1);
  return pieces | (open & (rising ? pieces << (step << 2) : pieces >> (step << 2)));
}
// @ts-ignore: decorator
@inline export function fillNorth(pieces: u64, open: u64): u64 {
  return fill(pieces, open, 8, true);
}
// @ts-ignore: decorator
@inline export function fillSouth(pieces: u64, open: u64): u64 {
  return fill(pieces, open, 8, false);
}
/** East: a square of file a is never reached from the west. */
// @ts-ignore: decorator
@inline export function fillEast(pieces: u64, open: u64): u64 {
  return fill(pieces, open & NOT_FILE_A, 1, true);
}
/** West: a square of file h is never reached from the east. */
// @ts-ignore: decorator
@inline export function fillWest(pieces: u64, open: u64): u64 {
  return fill(pieces, open & NOT_FILE_H, 1, false);
}
