/**
 * Perft in WebAssembly: the number of leaves of the legal-move tree, the last ply counted and
 * not played. Written in AssemblyScript so that a set of 64 squares is one 64-bit word, with
 * the machine's own population count and trailing-zero count; core's TypeScript generator
 * (src/core/movegen.ts) holds the same rules in two 32-bit halves. The rules are those
 * of docs/rules.md; tests check that both generators give the same counts.
 *
 * Squares are numbered 8 * rank + file (a1 = 0, h8 = 63). White's forward is north (+8).
 * The sets, the capture search and the rules are movegen.ts's, bitboard.ts's and rules.ts's,
 * which the search's module plays with: one fast copy of the rules for both. The host writes
 * core's rule record at rulesAddress() and calls setRules before it counts. Nothing here
 * allocates after start-up: the capture lists live in memory taken once.
 */
import {
  backward,
  bit,
  east,
  forward,
  has,
  initBitboards,
  next,
  west,
} from './bitboard';
import { PERFT_MAX_DEPTH } from '../search/module-constants';
import { clearOverflow, layOutOnHeap, MAX_MOVES, overflow, RULES } from './memory';
import {
  Black,
  countManCaptures,
  isWhite,
  jumpers,
  kingsCapture,
  listCaptures,
  White,
} from './movegen';
import { blackCrown, capturesForward, capturesSideways, kingsSlideDiagonally, kingsSlideStraight, manStepsDiagonally, manStepsForward, manStepsSideways, MEN_STRAIGHT, MEN_STRAIGHT_AND_DIAGONAL, MenAsFlags, menFor, MenStraight, MenStraightAndDiagonal, setRules as readRules, stepsDiagonally, stepsForward, stepsSideways, whiteCrown } from './rules'; // prettier-ignore

layOutOnHeap();
initBitboards();

/** The deepest count this module takes (shared with its host, perft-wasm.ts). */
const MAX_DEPTH = PERFT_MAX_DEPTH;

/** The men's ways of the rules set last, as menFor() names them: which copy perft counts with. */
let menWays = MEN_STRAIGHT_AND_DIAGONAL;

/** The kings' slide directions: ranks and files are 0-3, diagonals 4-7 (set by setRules). */
let firstSlide = 0;
let endSlide = 8;

/** Each ply's capture list: moves packed as movegen.ts packs them, and their captured sets. */
const LIST_MOVES: usize = heap.alloc((MAX_DEPTH + 1) * MAX_MOVES * 4);
const LIST_SETS: usize = heap.alloc((MAX_DEPTH + 1) * MAX_MOVES * 8);

/**
 * The squares a man steps onto a square from, by the rules set last: [colour * 64 + square],
 * colour 0 White, 1 Black.
 */
const STEP_SOURCES: usize = heap.alloc(2 * 64 * 8);

function initStepSources(): void {
  for (let colour = 0; colour < 2; colour++) {
    const rank = colour == 0 ? 1 : -1;
    for (let square = 0; square < 64; square++) {
      let sources: u64 = 0;
      for (let fileStep = -1; fileStep <= 1; fileStep++) {
        for (let rankStep = 0; rankStep <= 1; rankStep++) {
          if (rankStep == 0 && fileStep == 0) continue;
          if (rankStep == 0 && !manStepsSideways) continue;
          if (rankStep != 0 && fileStep == 0 && !manStepsForward) continue;
          if (rankStep != 0 && fileStep != 0 && !manStepsDiagonally) continue;
          // A man that steps (fileStep, rankStep * rank) lands on `square` from here:
          const fromRank = (square >> 3) - rankStep * rank;
          const fromFile = (square & 7) - fileStep;
          if (fromRank >= 0 && fromRank < 8 && fromFile >= 0 && fromFile < 8) {
            sources |= (<u64>1) << <u64>(fromRank * 8 + fromFile);
          }
        }
      }
      store<u64>(STEP_SOURCES + <usize>((colour * 64 + square) * 8), sources);
    }
  }
}

/** Where the host writes the rule record before setRules. */
export function rulesAddress(): usize {
  return RULES;
}

/**
 * Plays the rules of the record at rulesAddress() from now on: true, or false (the rules
 * before kept) when they ask for a way of moving the module does not have.
 */
export function setRules(): bool {
  if (!readRules(RULES)) return false;
  menWays = menFor();
  firstSlide = kingsSlideStraight ? 0 : 4;
  endSlide = kingsSlideDiagonally ? 8 : 4;
  initStepSources();
  return true;
}

/** The steps of `men` of White (`white`) or Black onto `empty` squares, as the rules have them. */
// @ts-ignore: decorator
@inline function countSteps<Men>(men: u64, empty: u64, white: bool): u64 {
  const ahead = forward(men, white);
  let n: u64 = 0;
  if (stepsForward<Men>()) n += count(ahead & empty);
  if (stepsSideways<Men>()) n += count(east(men) & empty) + count(west(men) & empty);
  if (stepsDiagonally<Men>()) n += count(east(ahead) & empty) + count(west(ahead) & empty);
  return n;
}

// @ts-ignore: decorator
@inline function count(set: u64): u64 {
  return popcnt<u64>(set);
}

/** The empty squares a king on `square` can slide to in direction `d`. */
function slides(square: i32, d: i32, empty: u64): i32 {
  let n = 0;
  let target = next(d, square);
  while (target >= 0 && has(empty, target)) {
    n++;
    target = next(d, target);
  }
  return n;
}

/** The number of legal moves of the side to move (`men`, `kings`, moving north if `white`). */
// @ts-ignore: decorator
@inline function countMoves<Side, Men>(men: u64, kings: u64, enemy: u64, empty: u64): u64 {
  const white = isWhite<Side>();
  const canJump = jumpers<Men>(men, enemy, empty, white);
  if (kings == 0) {
    if (canJump != 0) return <u64>countManCaptures<Side, Men>(men, enemy, empty);
  } else if (canJump != 0 || kingsCapture(kings, enemy, empty)) {
    return <u64>listCaptures<Side, Men>(LIST_MOVES, LIST_SETS, canJump, kings, enemy, empty);
  }
  let n = countSteps<Men>(men, empty, white);
  while (kings != 0) {
    const square = <i32>ctz<u64>(kings);
    kings &= kings - 1;
    for (let d = firstSlide; d < endSlide; d++) n += <u64>slides(square, d, empty);
  }
  return n;
}

/**
 * Leaves `depth` plies below the position where the side to move has `men` and `kings` and
 * its opponent `enemyMen` and `enemyKings`; `Side` says which way the mover's men go.
 */
function leaves<Side, Men>(depth: i32, men: u64, kings: u64, enemyMen: u64, enemyKings: u64): u64 {
  const white = isWhite<Side>();
  const enemy = enemyMen | enemyKings;
  const empty = ~(men | kings | enemy);
  if (depth == 1) return countMoves<Side, Men>(men, kings, enemy, empty);
  const canJump = jumpers<Men>(men, enemy, empty, white);
  const mustCapture = canJump != 0 || (kings != 0 && kingsCapture(kings, enemy, empty));
  if (
    depth == 2 &&
    !mustCapture &&
    enemyKings == 0 &&
    jumpers<Men>(enemyMen, men | kings, empty, !white) == 0
  ) {
    return twoPlies<Side, Men>(men, kings, enemyMen, empty);
  }
  let total: u64 = 0;
  if (mustCapture) {
    const moves = LIST_MOVES + <usize>(depth * MAX_MOVES * 4);
    const sets = LIST_SETS + <usize>(depth * MAX_MOVES * 8);
    const n = listCaptures<Side, Men>(moves, sets, canJump, kings, enemy, empty);
    const crown = white ? whiteCrown : blackCrown;
    for (let i = 0; i < n; i++) {
      const move = load<i32>(moves + (<usize>i << 2));
      const captured = load<u64>(sets + (<usize>i << 3));
      const from = bit(move & 63);
      const to = bit((move >> 6) & 63);
      let newMen = men;
      let newKings = kings;
      if ((men & from) != 0) {
        newMen ^= from;
        if ((to & crown) != 0) newKings |= to;
        else newMen |= to;
      } else {
        newKings = (kings ^ from) | to; // a king may end where it started
      }
      total += childLeaves<Side, Men>(depth - 1, enemyMen & ~captured, enemyKings & ~captured, newMen, newKings); // prettier-ignore
    }
    return total;
  }
  if (stepsForward<Men>()) total += manSteps<Side, Men>(depth, men, kings, enemyMen, enemyKings, forward(men, white) & empty, white ? 8 : -8); // prettier-ignore
  if (stepsSideways<Men>()) {
    total += manSteps<Side, Men>(depth, men, kings, enemyMen, enemyKings, east(men) & empty, 1);
    total += manSteps<Side, Men>(depth, men, kings, enemyMen, enemyKings, west(men) & empty, -1);
  }
  if (stepsDiagonally<Men>()) {
    const ahead = forward(men, white);
    total += manSteps<Side, Men>(depth, men, kings, enemyMen, enemyKings, east(ahead) & empty, white ? 9 : -7); // prettier-ignore
    total += manSteps<Side, Men>(depth, men, kings, enemyMen, enemyKings, west(ahead) & empty, white ? 7 : -9); // prettier-ignore
  }
  if (kings != 0) total += kingSteps<Side, Men>(depth, men, kings, enemyMen, enemyKings, empty);
  return total;
}

/** The leaves below each move of a king that does not capture. */
function kingSteps<Side, Men>(depth: i32, men: u64, kings: u64, enemyMen: u64, enemyKings: u64, empty: u64): u64 {
  let total: u64 = 0;
  let rest = kings;
  while (rest != 0) {
    const square = <i32>ctz<u64>(rest);
    rest &= rest - 1;
    const from = bit(square);
    for (let d = firstSlide; d < endSlide; d++) {
      let target = next(d, square);
      while (target >= 0 && has(empty, target)) {
        total += childLeaves<Side, Men>(depth - 1, enemyMen, enemyKings, men, kings ^ from ^ bit(target));
        target = next(d, target);
      }
    }
  }
  return total;
}

/**
 * Leaves two plies down when the side to move can only step, and its opponent has men alone
 * and no capture yet. A step from `f` to `t` changes two squares, so the opponent's steps
 * after it are its steps now, less those onto `t`, plus those onto `f`, unless the step gives
 * it a capture: by landing where a man of it can jump (with the landing empty already), by
 * leaving a landing square behind a piece of ours, or by stepping up to a man of it that
 * then jumps back onto `f`. Only those steps have the opponent's reply counted in full.
 */
function twoPlies<Side, Men>(men: u64, kings: u64, enemyMen: u64, empty: u64): u64 {
  const white = isWhite<Side>();
  const own = men | kings;
  const sources = STEP_SOURCES + <usize>((white ? 1 : 0) * 64 * 8);
  // The opponent's steps now (its men go the other way).
  const ahead = forward(enemyMen, !white);
  const base = countSteps<Men>(enemyMen, empty, !white);
  // Squares where a piece of ours could be jumped, the landing empty now, and squares whose
  // leaving lets a man of the opponent jump a piece of ours; a man facing our step's
  // target jumps back onto the square left. Each as the opponent's men capture.
  let exposed: u64 = 0;
  let opening: u64 = 0;
  let facingForward: u64 = 0;
  let facingEast: u64 = 0;
  let facingWest: u64 = 0;
  if (capturesForward<Men>()) {
    exposed = ahead & backward(empty, !white);
    opening = forward(ahead & own, !white);
    facingForward = backward(enemyMen, white);
  }
  if (capturesSideways<Men>()) {
    exposed |= (east(enemyMen) & west(empty)) | (west(enemyMen) & east(empty));
    opening |= east(east(enemyMen) & own) | west(west(enemyMen) & own);
    facingEast = west(enemyMen);
    facingWest = east(enemyMen);
  }
  let total: u64 = 0;
  if (stepsForward<Men>()) total += stepsThenReplies<Side, Men>(forward(men, white) & empty, white ? 8 : -8, facingForward, men, opening, exposed, base, enemyMen, own, empty, sources); // prettier-ignore
  if (stepsSideways<Men>()) {
    total += stepsThenReplies<Side, Men>(east(men) & empty, 1, facingEast, men, opening, exposed, base, enemyMen, own, empty, sources); // prettier-ignore
    total += stepsThenReplies<Side, Men>(west(men) & empty, -1, facingWest, men, opening, exposed, base, enemyMen, own, empty, sources); // prettier-ignore
  }
  if (stepsDiagonally<Men>()) {
    // A man does not capture diagonally, so no man faces a diagonal step.
    const diagonal = forward(men, white);
    total += stepsThenReplies<Side, Men>(east(diagonal) & empty, white ? 9 : -7, 0, men, opening, exposed, base, enemyMen, own, empty, sources); // prettier-ignore
    total += stepsThenReplies<Side, Men>(west(diagonal) & empty, white ? 7 : -9, 0, men, opening, exposed, base, enemyMen, own, empty, sources); // prettier-ignore
  }
  // Kings' moves: the opponent's reply counted in full.
  if (kings != 0) total += kingSteps<Side, Men>(2, men, kings, enemyMen, 0, empty);
  return total;
}

/**
 * twoPlies's count for our steps onto `targets`, each from `delta` squares back: a step
 * onto a square of `facing` lets a man of the opponent jump back onto the square left.
 */
// @ts-ignore: decorator
@inline function stepsThenReplies<Side, Men>(targets: u64, delta: i32, facing: u64, men: u64, opening: u64, exposed: u64, base: u64, enemyMen: u64, own: u64, empty: u64, sources: usize): u64 { // prettier-ignore
  const left = delta > 0 ? (men & opening) << <u64>delta : (men & opening) >> <u64>-delta;
  let danger = targets & (exposed | facing | left);
  let safe = targets ^ danger;
  let total = count(safe) * base;
  while (safe != 0) {
    const square = <i32>ctz<u64>(safe);
    safe &= safe - 1;
    total -= count(enemyMen & load<u64>(sources + (<usize>square << 3)));
    total += count(enemyMen & load<u64>(sources + (<usize>(square - delta) << 3)));
  }
  while (danger != 0) {
    const square = <i32>ctz<u64>(danger);
    danger &= danger - 1;
    const changed = bit(square) | bit(square - delta);
    total += <u64>(isWhite<Side>()
      ? countManCaptures<Black, Men>(enemyMen, own ^ changed, empty ^ changed)
      : countManCaptures<White, Men>(enemyMen, own ^ changed, empty ^ changed));
  }
  return total;
}

/** The leaves below a child position, where the other side moves. */
// @ts-ignore: decorator
@inline function childLeaves<Side, Men>(depth: i32, men: u64, kings: u64, enemyMen: u64, enemyKings: u64): u64 {
  return isWhite<Side>()
    ? leaves<Black, Men>(depth, men, kings, enemyMen, enemyKings)
    : leaves<White, Men>(depth, men, kings, enemyMen, enemyKings);
}

/** The leaves below each step of a man onto a square of `targets`, `delta` squares from its start. */
// @ts-ignore: decorator
@inline function manSteps<Side, Men>(
  depth: i32,
  men: u64,
  kings: u64,
  enemyMen: u64,
  enemyKings: u64,
  targets: u64,
  delta: i32,
): u64 {
  const white = isWhite<Side>();
  const crown = white ? whiteCrown : blackCrown;
  let total: u64 = 0;
  while (targets != 0) {
    const square = <i32>ctz<u64>(targets);
    targets &= targets - 1;
    const to = bit(square);
    const from = bit(square - delta);
    if ((to & crown) != 0) {
      total += childLeaves<Side, Men>(depth - 1, enemyMen, enemyKings, men ^ from, kings | to);
    } else {
      total += childLeaves<Side, Men>(depth - 1, enemyMen, enemyKings, men ^ from ^ to, kings);
    }
  }
  return total;
}

// @ts-ignore: decorator
@inline function word(lo: i32, hi: i32): u64 {
  return <u64><u32>lo | ((<u64><u32>hi) << 32);
}

/**
 * Leaves `depth` plies below a position by the rules set last (setRules), -1 when `depth` is
 * outside 1 to 32, -2 when a capture list ran out of room. `s0` to `s7`: the piece words of a
 * core state in its order (White men, Black men, White kings, Black kings; each low word,
 * squares 0-31, then high word). `side`: 0 White to move, 1 Black. The result is an exact
 * integer (counts stay below 2^53).
 */
export function perft(
  depth: i32,
  s0: i32,
  s1: i32,
  s2: i32,
  s3: i32,
  s4: i32,
  s5: i32,
  s6: i32,
  s7: i32,
  side: i32,
): f64 {
  if (depth < 1 || depth > MAX_DEPTH) return -1;
  clearOverflow();
  const whiteMen = word(s0, s1);
  const blackMen = word(s2, s3);
  const whiteKings = word(s4, s5);
  const blackKings = word(s6, s7);
  let total: u64;
  if (menWays == MEN_STRAIGHT_AND_DIAGONAL) {
    total = leavesWith<MenStraightAndDiagonal>(depth, whiteMen, blackMen, whiteKings, blackKings, side);
  } else if (menWays == MEN_STRAIGHT) {
    total = leavesWith<MenStraight>(depth, whiteMen, blackMen, whiteKings, blackKings, side);
  } else {
    total = leavesWith<MenAsFlags>(depth, whiteMen, blackMen, whiteKings, blackKings, side);
  }
  return overflow ? -2 : <f64>total;
}

/** perft's leaves with the men's ways `Men`. */
// @ts-ignore: decorator
@inline function leavesWith<Men>(depth: i32, whiteMen: u64, blackMen: u64, whiteKings: u64, blackKings: u64, side: i32): u64 { // prettier-ignore
  return side == 0
    ? leaves<White, Men>(depth, whiteMen, whiteKings, blackMen, blackKings)
    : leaves<Black, Men>(depth, blackMen, blackKings, whiteMen, whiteKings);
}
