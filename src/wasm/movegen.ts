/**
 * Legal move generation over 64-bit sets, the mirror of core/movegen.ts: steps, flying kings,
 * capture sequences with immediate removal, no 180-degree turn, the maximum-capture rule,
 * crowning at the end of a move (position.ts), and one move for sequences with the same
 * start, end and captured set. The rules are docs/rules.md's, read as the flags of rules.ts
 * (core's rule record, which the host wrote): which ways men step and capture, which lines
 * kings slide and capture along, and whether the 180-degree rule holds.
 *
 * Moves come out in exactly core's order, since the search's move ordering breaks ties by it
 * and its table keeps a move as its index in the list: captures by the capturing piece (the
 * men of squares 0-31, then the kings of 0-31, then the men of 32-63, then the kings of
 * 32-63, each in rising order), each piece's sequences depth first (a man forward, then to
 * its left, then to its right; a king north, south, east, west, nearest landing first); steps
 * by direction (forward, forward-left, forward-right, left, right), rising targets in each;
 * then the kings' slides, king by king, in core's direction order, nearest first.
 */
import {
  bit,
  east,
  EAST,
  NORTH,
  NORTH_EAST,
  NORTH_WEST,
  SOUTH,
  SOUTH_EAST,
  SOUTH_WEST,
  WEST,
  fillEast,
  fillNorth,
  fillSouth,
  fillWest,
  firstOccupied,
  forward,
  backward,
  has,
  next,
  NOT_FILE_A,
  NOT_FILE_H,
  west,
} from './bitboard';
import { capturedAt, MAX_MOVES, MOVE_COUNTS, movesAt, positionAt, setOverflow } from './memory';
import { encodeMove, pieces, sideToMove } from './position';
import { capturesForward, capturesSideways, kingsCaptureDiagonally, kingsCaptureStraight, kingsSlideDiagonally, kingsSlideStraight, manStepsDiagonally, manStepsForward, manStepsSideways, MenAsFlags, noReverseCapture } from './rules'; // prettier-ignore

/**
 * The side to move as a type, so that each side's capture search is compiled with its directions
 * fixed; the men's generators also take the men's ways as a type (rules.ts's `Men`): the
 * search reads the flags (`MenAsFlags`), perft picks a copy once per call.
 */
export type White = i8;
export type Black = u8;
// @ts-ignore: decorator
@inline export function isWhite<Side>(): bool {
  return isSigned<Side>();
}

// The capture search under way: the list it fills, the square the sequence started from,
// the most pieces a sequence has taken so far and how many moves take that many.
let listMoves: usize = 0;
let listCaptured: usize = 0;
let searchFrom: i32 = 0;
let best: i32 = 0;
let found: i32 = 0;

/** A complete sequence ending on `to`: kept if it takes the most and is a move not yet listed. */
function record(to: i32, captured: u64, taken: i32): void {
  if (taken < best) return;
  if (taken > best) {
    best = taken;
    found = 0;
  }
  const move = encodeMove(searchFrom, to, taken);
  for (let i = 0; i < found; i++) {
    if (load<i32>(listMoves + (<usize>i << 2)) == move && load<u64>(listCaptured + (<usize>i << 3)) == captured) return; // prettier-ignore
  }
  if (found == MAX_MOVES) {
    setOverflow();
    return;
  }
  store<i32>(listMoves + (<usize>found << 2), move);
  store<u64>(listCaptured + (<usize>found << 3), captured);
  found++;
}

/** A man of `Side` jumping `over` onto `land` when it can; whether it did. */
// @ts-ignore: decorator
@inline function manJump<Side, Men>(over: i32, land: i32, enemy: u64, empty: u64, captured: u64, taken: i32): bool { // prettier-ignore
  if (!has(enemy, over) || !has(empty, land)) return false;
  const b = bit(over);
  manJumps<Side, Men>(land, enemy ^ b, empty | b, captured | b, taken + 1);
  return true;
}

/**
 * A man of `Side` on `square` capturing: forward, then to its left, then to its right, one
 * square over an enemy piece to the empty square beyond. Captured pieces leave at once
 * (`enemy` loses them, `empty` gains them); its start square is empty from the first jump.
 */
function manJumps<Side, Men>(square: i32, enemy: u64, empty: u64, captured: u64, taken: i32): void {
  const file = square & 7;
  let more = false;
  if (isWhite<Side>()) {
    if (capturesForward<Men>() && square < 48 && manJump<Side, Men>(square + 8, square + 16, enemy, empty, captured, taken)) more = true; // prettier-ignore
    if (capturesSideways<Men>()) {
      if (file > 1 && manJump<Side, Men>(square - 1, square - 2, enemy, empty, captured, taken)) more = true; // prettier-ignore
      if (file < 6 && manJump<Side, Men>(square + 1, square + 2, enemy, empty, captured, taken)) more = true; // prettier-ignore
    }
  } else {
    if (capturesForward<Men>() && square >= 16 && manJump<Side, Men>(square - 8, square - 16, enemy, empty, captured, taken)) more = true; // prettier-ignore
    if (capturesSideways<Men>()) {
      if (file < 6 && manJump<Side, Men>(square + 1, square + 2, enemy, empty, captured, taken)) more = true; // prettier-ignore
      if (file > 1 && manJump<Side, Men>(square - 1, square - 2, enemy, empty, captured, taken)) more = true; // prettier-ignore
    }
  }
  if (!more && taken > 0) record(square, captured, taken);
}

/**
 * A king on `square` capturing along its capture lines (ranks and files, then diagonals, as
 * the rules say): any empty squares, one enemy piece, and a landing on any empty square
 * after it; never straight back along its last capture (`last`, -1 before the first and
 * always where the 180-degree rule is off).
 */
function kingJumps(square: i32, enemy: u64, empty: u64, captured: u64, taken: i32, last: i32): void {
  // Each direction written out, so that its tables and its nearest square's end are fixed.
  let more = false;
  if (kingsCaptureStraight) {
    if (last != SOUTH && kingJumpsToward(NORTH, square, enemy, empty, captured, taken)) more = true; // prettier-ignore
    if (last != NORTH && kingJumpsToward(SOUTH, square, enemy, empty, captured, taken)) more = true; // prettier-ignore
    if (last != WEST && kingJumpsToward(EAST, square, enemy, empty, captured, taken)) more = true;
    if (last != EAST && kingJumpsToward(WEST, square, enemy, empty, captured, taken)) more = true;
  }
  if (kingsCaptureDiagonally) {
    if (last != SOUTH_WEST && kingJumpsToward(NORTH_EAST, square, enemy, empty, captured, taken)) more = true; // prettier-ignore
    if (last != SOUTH_EAST && kingJumpsToward(NORTH_WEST, square, enemy, empty, captured, taken)) more = true; // prettier-ignore
    if (last != NORTH_WEST && kingJumpsToward(SOUTH_EAST, square, enemy, empty, captured, taken)) more = true; // prettier-ignore
    if (last != NORTH_EAST && kingJumpsToward(SOUTH_WEST, square, enemy, empty, captured, taken)) more = true; // prettier-ignore
  }
  if (!more && taken > 0) record(square, captured, taken);
}

/** kingJumps's captures towards `direction`, nearest landing first; whether there is one. */
// @ts-ignore: decorator
@inline function kingJumpsToward(direction: i32, square: i32, enemy: u64, empty: u64, captured: u64, taken: i32): bool { // prettier-ignore
  const target = firstOccupied(square, direction, ~empty);
  if (target < 0 || !has(enemy, target)) return false;
  let land = next(direction, target);
  if (land < 0 || !has(empty, land)) return false;
  const b = bit(target);
  const enemyAfter = enemy ^ b;
  const emptyAfter = empty | b;
  const last = noReverseCapture ? direction : -1;
  do {
    kingJumps(land, enemyAfter, emptyAfter, captured | b, taken + 1, last);
    land = next(direction, land);
  } while (land >= 0 && has(empty, land));
  return true;
}

/** The capture search of each man of `men`, in rising order. */
// @ts-ignore: decorator
@inline function menJumps<Side, Men>(men: u64, enemy: u64, empty: u64): void {
  while (men != 0) {
    const square = <i32>ctz<u64>(men);
    men &= men - 1;
    searchFrom = square;
    manJumps<Side, Men>(square, enemy, empty | bit(square), 0, 0);
  }
}

/** The capture search of each king of `kings`, in rising order. */
function kingsJumps(kings: u64, enemy: u64, empty: u64): void {
  while (kings != 0) {
    const square = <i32>ctz<u64>(kings);
    kings &= kings - 1;
    searchFrom = square;
    kingJumps(square, enemy, empty | bit(square), 0, 0, -1);
  }
}

/**
 * The legal captures of `Side` (the most pieces, each move once) of the men `canJump` (those
 * with a first jump) and the kings `kings`, among `enemy` pieces and `empty` squares, listed
 * into `moves` and `captured`; returns how many. Pieces are taken in core's order: the men of
 * squares 0-31, the kings of 0-31, the men of 32-63, the kings of 32-63.
 */
export function listCaptures<Side, Men>(moves: usize, captured: usize, canJump: u64, kings: u64, enemy: u64, empty: u64): i32 { // prettier-ignore
  listMoves = moves;
  listCaptured = captured;
  best = 0;
  found = 0;
  if (kings == 0) {
    menJumps<Side, Men>(canJump, enemy, empty);
    return found;
  }
  menJumps<Side, Men>(canJump & 0x00000000ffffffff, enemy, empty);
  kingsJumps(kings & 0x00000000ffffffff, enemy, empty);
  menJumps<Side, Men>(canJump & 0xffffffff00000000, enemy, empty);
  kingsJumps(kings & 0xffffffff00000000, enemy, empty);
  return found;
}

// Perft counts men's captures without listing them. That is exact: a man never goes back, so
// the squares it jumps lie on one path, which they fix, and it never makes one move twice.
// A count travels packed as (the most pieces taken << 32) | how many sequences take that many.

/** Of two packed counts, the one that takes more, or both summed when they take as many. */
// @ts-ignore: decorator
@inline function longer(a: u64, b: u64): u64 {
  const takenA = a >> 32;
  const takenB = b >> 32;
  return takenB > takenA ? b : takenB == takenA ? a + (b & 0xffffffff) : a;
}

/** The packed count of a man of `Side` on `square` jumping `over` (a piece of `enemy`) and on. */
// @ts-ignore: decorator
@inline function jumpPaths<Side, Men>(square: i32, over: u64, enemy: u64, empty: u64): u64 {
  return manPaths<Side, Men>(square, enemy ^ over, empty | over) + (<u64>1 << 32);
}

/** The packed count of the sequences a man of `Side` on `square` goes on with (none: 0 pieces, once). */
function manPaths<Side, Men>(square: i32, enemy: u64, empty: u64): u64 {
  const white = isWhite<Side>();
  const man = bit(square);
  const overForward = capturesForward<Men>() ? forward(man, white) & enemy & backward(empty, white) : 0; // prettier-ignore
  const overEast = capturesSideways<Men>() ? east(man) & enemy & west(empty) : 0;
  const overWest = capturesSideways<Men>() ? west(man) & enemy & east(empty) : 0;
  let paths: u64 = 1;
  if ((overForward | overEast | overWest) == 0) return paths;
  if (overForward != 0) paths = jumpPaths<Side, Men>(white ? square + 16 : square - 16, overForward, enemy, empty); // prettier-ignore
  if (white) {
    if (overWest != 0) paths = longer(paths, jumpPaths<Side, Men>(square - 2, overWest, enemy, empty));
    if (overEast != 0) paths = longer(paths, jumpPaths<Side, Men>(square + 2, overEast, enemy, empty));
  } else {
    if (overEast != 0) paths = longer(paths, jumpPaths<Side, Men>(square + 2, overEast, enemy, empty));
    if (overWest != 0) paths = longer(paths, jumpPaths<Side, Men>(square - 2, overWest, enemy, empty));
  }
  return paths;
}

/**
 * Adds to the packed count `paths` the sequences that start with a first jump onto each
 * square of `landings`, over the square `delta` back from it, from the square `2 * delta` back.
 */
// @ts-ignore: decorator
@inline function firstJumpPaths<Side, Men>(paths: u64, landings: u64, delta: i32, enemy: u64, empty: u64): u64 { // prettier-ignore
  while (landings != 0) {
    const square = <i32>ctz<u64>(landings);
    landings &= landings - 1;
    const over = bit(square - delta);
    const after = manPaths<Side, Men>(square, enemy ^ over, empty | over | bit(square - 2 * delta));
    paths = longer(paths, after + (<u64>1 << 32));
  }
  return paths;
}

/**
 * The number of legal captures of `Side` when only its `men` capture (perft's count). Every
 * first jump when none can go on, else the sequences of the first jumps that go on. A jump
 * goes on from its landing square only as a man there could jump on the board before it, but
 * never straight back over the piece it took.
 */
export function countManCaptures<Side, Men>(men: u64, enemy: u64, empty: u64): i32 {
  const white = isWhite<Side>();
  // The enemy pieces with an empty square behind them, seen from each jump's direction ...
  const overForward = capturesForward<Men>() ? backward(empty, white) & enemy : 0;
  const overEast = capturesSideways<Men>() ? west(empty) & enemy : 0;
  const overWest = capturesSideways<Men>() ? east(empty) & enemy : 0;
  // ... the squares a man jumps from in each direction ...
  const jumpsForward = backward(overForward, white);
  const jumpsEast = west(overEast);
  const jumpsWest = east(overWest);
  // ... and the landing squares of our men's first jumps.
  const forwardLandings = forward(forward(men, white) & overForward, white);
  const eastLandings = east(east(men) & overEast);
  const westLandings = west(west(men) & overWest);
  const onForward = forwardLandings & (jumpsForward | jumpsEast | jumpsWest);
  const onEast = eastLandings & (jumpsForward | jumpsEast);
  const onWest = westLandings & (jumpsForward | jumpsWest);
  if ((onForward | onEast | onWest) == 0) {
    return <i32>(popcnt<u64>(forwardLandings) + popcnt<u64>(eastLandings) + popcnt<u64>(westLandings)); // prettier-ignore
  }
  let paths: u64 = 0;
  paths = firstJumpPaths<Side, Men>(paths, onForward, white ? 8 : -8, enemy, empty);
  paths = firstJumpPaths<Side, Men>(paths, onEast, 1, enemy, empty);
  paths = firstJumpPaths<Side, Men>(paths, onWest, -1, enemy, empty);
  return <i32>(paths & 0xffffffff);
}

/** The men of White (`white`) or Black, of `men`, that have a first jump. */
// @ts-ignore: decorator
@inline export function jumpers<Men>(men: u64, enemy: u64, empty: u64, white: bool): u64 {
  const forwardFrom = capturesForward<Men>() ? backward(backward(empty, white) & enemy, white) : 0;
  const sidewaysFrom = capturesSideways<Men>() ? west(west(empty) & enemy) | east(east(empty) & enemy) : 0; // prettier-ignore
  return men & (forwardFrom | sidewaysFrom);
}

/**
 * Whether a king of `kings` can capture: along each of its capture lines, the first piece a
 * king meets is an enemy's with an empty square behind it (ranks and files all kings at
 * once, by fills; diagonals king by king).
 */
export function kingsCapture(kings: u64, enemy: u64, empty: u64): bool {
  if (kingsCaptureStraight) {
    const north = (fillNorth(kings, empty) << 8) & enemy;
    const south = (fillSouth(kings, empty) >> 8) & enemy;
    const eastward = east(fillEast(kings, empty)) & enemy;
    const westward = west(fillWest(kings, empty)) & enemy;
    if ((((north << 8) | (south >> 8) | east(eastward) | west(westward)) & empty) != 0) return true; // prettier-ignore
  }
  return kingsCaptureDiagonally && diagonalKingCapture(kings, enemy, empty);
}

/** Whether a king of `kings` can capture along a diagonal. */
function diagonalKingCapture(kings: u64, enemy: u64, empty: u64): bool {
  const occupied = ~empty;
  while (kings != 0) {
    const square = <i32>ctz<u64>(kings);
    kings &= kings - 1;
    for (let direction = NORTH_EAST; direction <= SOUTH_WEST; direction++) {
      const target = firstOccupied(square, direction, occupied);
      if (target < 0 || !has(enemy, target)) continue;
      const land = next(direction, target);
      if (land >= 0 && has(empty, land)) return true;
    }
  }
  return false;
}

// The sets of the side to move of the position last read by readSides.
let moverWhite: bool = true;
let moverMen: u64 = 0;
let moverKings: u64 = 0;
let enemyPieces: u64 = 0;
let emptySquares: u64 = 0;

/** Reads the sets of the side to move of the position at `at` into the globals above. */
// @ts-ignore: decorator
@inline function readSides(at: usize): void {
  const colour = sideToMove(at);
  moverWhite = colour == 0;
  moverMen = pieces(at, colour);
  moverKings = pieces(at, 2 + colour);
  enemyPieces = pieces(at, colour ^ 1) | pieces(at, 3 - colour);
  emptySquares = ~(moverMen | moverKings | enemyPieces);
}

/** Whether the side to move of the position at `at` has a capture (and so must capture). */
export function hasCapture(at: usize): bool {
  readSides(at);
  return jumpers<MenAsFlags>(moverMen, enemyPieces, emptySquares, moverWhite) != 0 || (moverKings != 0 && kingsCapture(moverKings, enemyPieces, emptySquares)); // prettier-ignore
}

/**
 * Lists the legal captures of the side to move of `ply`'s position (the most pieces, each
 * move once) in `ply`'s list; returns how many (0: none).
 */
export function generateCaptures(ply: i32): i32 {
  readSides(positionAt(ply));
  const canJump = jumpers<MenAsFlags>(moverMen, enemyPieces, emptySquares, moverWhite);
  const n = moverWhite
    ? listCaptures<White, MenAsFlags>(movesAt(ply), capturedAt(ply), canJump, moverKings, enemyPieces, emptySquares) // prettier-ignore
    : listCaptures<Black, MenAsFlags>(movesAt(ply), capturedAt(ply), canJump, moverKings, enemyPieces, emptySquares); // prettier-ignore
  store<i32>(MOVE_COUNTS + (<usize>ply << 2), n);
  return n;
}

/** Appends the steps onto `targets`, each from `delta` squares back, to a list holding `n`; the new count. */
// @ts-ignore: decorator
@inline function addSteps(moves: usize, captured: usize, n: i32, targets: u64, delta: i32): i32 {
  while (targets != 0) {
    const to = <i32>ctz<u64>(targets);
    targets &= targets - 1;
    store<i32>(moves + (<usize>n << 2), encodeMove(to - delta, to, 0));
    store<u64>(captured + (<usize>n << 3), 0);
    n++;
  }
  return n;
}

/** Lists the steps and slides of the side to move of `ply`'s position; returns how many. */
export function generateQuiet(ply: i32): i32 {
  readSides(positionAt(ply));
  const moves = movesAt(ply);
  const captured = capturedAt(ply);
  let n = 0;
  // Forward, forward-left, forward-right, left, right (White: north, north-west, north-east,
  // west, east; Black: south, south-east, south-west, east, west).
  if (moverWhite) {
    if (manStepsForward) n = addSteps(moves, captured, n, (moverMen << 8) & emptySquares, 8);
    if (manStepsDiagonally) {
      n = addSteps(moves, captured, n, (moverMen << 7) & NOT_FILE_H & emptySquares, 7);
      n = addSteps(moves, captured, n, (moverMen << 9) & NOT_FILE_A & emptySquares, 9);
    }
    if (manStepsSideways) {
      n = addSteps(moves, captured, n, west(moverMen) & emptySquares, -1);
      n = addSteps(moves, captured, n, east(moverMen) & emptySquares, 1);
    }
  } else {
    if (manStepsForward) n = addSteps(moves, captured, n, (moverMen >> 8) & emptySquares, -8);
    if (manStepsDiagonally) {
      n = addSteps(moves, captured, n, (moverMen >> 7) & NOT_FILE_A & emptySquares, -7);
      n = addSteps(moves, captured, n, (moverMen >> 9) & NOT_FILE_H & emptySquares, -9);
    }
    if (manStepsSideways) {
      n = addSteps(moves, captured, n, east(moverMen) & emptySquares, 1);
      n = addSteps(moves, captured, n, west(moverMen) & emptySquares, -1);
    }
  }
  // Ranks and files are directions 0-3, diagonals 4-7.
  const firstDirection = kingsSlideStraight ? 0 : 4;
  const endDirection = kingsSlideDiagonally ? 8 : 4;
  let rest = moverKings;
  while (rest != 0) {
    const from = <i32>ctz<u64>(rest);
    rest &= rest - 1;
    for (let d = firstDirection; d < endDirection; d++) {
      let to = next(d, from);
      while (to >= 0 && has(emptySquares, to)) {
        if (n == MAX_MOVES) {
          setOverflow();
          break;
        }
        store<i32>(moves + (<usize>n << 2), encodeMove(from, to, 0));
        store<u64>(captured + (<usize>n << 3), 0);
        n++;
        to = next(d, to);
      }
    }
  }
  store<i32>(MOVE_COUNTS + (<usize>ply << 2), n);
  return n;
}

/**
 * Lists the legal moves of the side to move of `ply`'s position in `ply`'s list and returns
 * how many: the largest captures when any capture exists, otherwise every step and slide.
 */
export function generateMoves(ply: i32): i32 {
  if (hasCapture(positionAt(ply))) return generateCaptures(ply);
  return generateQuiet(ply);
}
