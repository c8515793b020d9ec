/**
 * The linear evaluation, the mirror of src/search/eval.ts: the same terms over the same
 * weights give the same integer score, in centi-men from the side to move's view. Only
 * called where the side to move has no capture. The host writes the weights of the variant
 * it searches (setWeight, in the slots below) and then calls prepareEvaluation, which sums
 * the square weights into tables read a byte (a rank's squares) at a time.
 */
import {
  count,
  east,
  EAST,
  NORTH,
  NORTH_EAST,
  NORTH_WEST,
  NOT_FILE_A,
  NOT_FILE_H,
  ray,
  SOUTH,
  SOUTH_EAST,
  SOUTH_WEST,
  west,
  WEST,
} from './bitboard';
import { SQUARE_TABLES, WEIGHTS } from './memory';
import { BLACK_KINGS, BLACK_MEN, pieces, sideToMove, WHITE_KINGS, WHITE_MEN } from './position';
import { kingsSlideDiagonally, kingsSlideStraight, manStepsDiagonally, manStepsForward, manStepsSideways } from './rules'; // prettier-ignore

// The weight slots, in the order the host writes them (src/search/module-constants.ts).
import {
  BACKED_MAN_SLOT as BACKED_MAN,
  ENDING_TEMPO_SLOT as ENDING_TEMPO,
  HOME_ROW_GUARD_SLOT as HOME_ROW_GUARD,
  KING_MOBILITY_SLOT as KING_MOBILITY,
  KING_PER_MAN_SLOT as KING_PER_MAN,
  KING_SLOT as KING,
  KING_SQUARE_SLOT as KING_SQUARE,
  KINGS_ONLY_DRAW_DIVISOR_SLOT as KINGS_ONLY_DRAW_DIVISOR,
  MAN_MOBILITY_SLOT as MAN_MOBILITY,
  MAN_PAIR_SLOT as MAN_PAIR,
  MAN_SLOT as MAN,
  MAN_SQUARE_SLOT as MAN_SQUARE,
  RUNAWAY_MAN_SLOT as RUNAWAY_MAN,
  TEMPO_SLOT as TEMPO,
} from '../search/module-constants';

/** The home row guard counts while more men than this are on the board (eval.ts HOME_ROW_MEN). */
const HOME_ROW_MEN = 12;
/** The ending tempo counts with no king and at most this many men (eval.ts ENDING_MEN). */
const ENDING_MEN = 10;
const RANK_2: u64 = 0x000000000000ff00;
const RANK_7: u64 = 0x00ff000000000000;

/** How many steps and slides the side to move had in the last evaluate (0: it has lost). */
export let sideToMoveMobility: i32 = 0;

// @ts-ignore: decorator
@inline function weight(slot: i32): i32 {
  return load<i32>(WEIGHTS + (<usize>slot << 2));
}

/** Sets weight `slot` (see the slots above); prepareEvaluation must follow. */
export function setWeight(slot: i32, value: i32): void {
  store<i32>(WEIGHTS + (<usize>slot << 2), value);
}

/** Builds the square tables from the weights: each set's sum by rank and byte, Black's negated. */
export function prepareEvaluation(): void {
  for (let set = 0; set < 4; set++) {
    const colour = set & 1;
    const base = set < 2 ? MAN_SQUARE : KING_SQUARE;
    const sign = colour == 0 ? 1 : -1;
    for (let rank = 0; rank < 8; rank++) {
      const ownRank = colour == 0 ? rank : 7 - rank;
      for (let byte = 0; byte < 256; byte++) {
        let sum = 0;
        for (let file = 0; file < 8; file++) {
          if (((byte >> file) & 1) != 0) sum += weight(base + ownRank * 4 + min(file, 7 - file));
        }
        store<i32>(SQUARE_TABLES + (<usize>(set * 2048 + rank * 256 + byte) << 2), sign * sum);
      }
    }
  }
}

/** The square table sum of `pieces` of piece set `set`, a rank at a time. */
function squareScore(set: i32, pieces: u64): i32 {
  if (pieces == 0) return 0;
  let sum = 0;
  let at = SQUARE_TABLES + (<usize>(set * 2048) << 2);
  for (let rank = 0; rank < 8; rank++) {
    sum += load<i32>(at + (<usize>(<i32>(pieces >> <u64>(rank * 8)) & 0xff) << 2));
    at += 256 * 4;
  }
  return sum;
}

/** The steps of the men `men` of White (`white`) or Black onto `empty` squares. */
function manSteps(men: u64, white: bool, empty: u64): i32 {
  const ahead = white ? men << 8 : men >> 8;
  let n = 0;
  if (manStepsForward) n += count(ahead & empty);
  if (manStepsSideways) n += count(east(men) & empty) + count(west(men) & empty);
  if (manStepsDiagonally) n += count(east(ahead) & empty) + count(west(ahead) & empty);
  return n;
}

/** The squares of a rising `ray` (its square numbers grow away from its start) before its first of `occupied`. */
// @ts-ignore: decorator
@inline function before(ray: u64, occupied: u64): u64 {
  const blockers = ray & occupied;
  return ray & ((blockers & (0 - blockers)) - 1); // all of it when nothing blocks
}

/** The squares of a falling `ray` (its square numbers shrink away from its start) before its first of `occupied`. */
// @ts-ignore: decorator
@inline function after(ray: u64, occupied: u64): u64 {
  const blockers = ray & occupied;
  const beyond = ray & (0 - ((<u64>1 << (63 - clz<u64>(blockers))) << 1));
  return blockers == 0 ? ray : beyond;
}

/** The slides of the kings `kings` onto `empty` squares. */
function kingSlides(kings: u64, empty: u64): i32 {
  const occupied = ~empty;
  let n = 0;
  while (kings != 0) {
    const square = <i32>ctz<u64>(kings);
    kings &= kings - 1;
    // North, east and the northern diagonals raise the square number, the others lower it.
    // A king's directions never share a square; two kings' may, so each is counted apart.
    let slides: u64 = 0;
    if (kingsSlideStraight) {
      slides = before(ray(NORTH, square), occupied) | after(ray(SOUTH, square), occupied);
      slides |= before(ray(EAST, square), occupied) | after(ray(WEST, square), occupied);
    }
    if (kingsSlideDiagonally) {
      slides |= before(ray(NORTH_EAST, square), occupied) | before(ray(NORTH_WEST, square), occupied); // prettier-ignore
      slides |= after(ray(SOUTH_EAST, square), occupied) | after(ray(SOUTH_WEST, square), occupied);
    }
    n += count(slides);
  }
  return n;
}

/** Men of White (`white`) or Black with no enemy piece ahead on their own or a neighbouring file. */
function runawayMen(men: u64, white: bool, enemy: u64): i32 {
  let blocked = enemy | east(enemy) | west(enemy);
  if (white) {
    blocked >>= 8;
    blocked |= blocked >> 8;
    blocked |= blocked >> 16;
    blocked |= blocked >> 32;
  } else {
    blocked <<= 8;
    blocked |= blocked << 8;
    blocked |= blocked << 16;
    blocked |= blocked << 32;
  }
  return count(men & ~blocked);
}

/** Men with a piece of their own right behind them. */
// @ts-ignore: decorator
@inline function backedMen(men: u64, own: u64, white: bool): i32 {
  return count(men & (white ? own << 8 : own >> 8));
}

/** Pairs of men side by side on a rank. */
// @ts-ignore: decorator
@inline function menPairs(men: u64): i32 {
  return count(men & (men << 1) & NOT_FILE_A);
}

/**
 * Whether the side to move of the position at `at` has a step or a slide: a man steps, and a
 * king slides, only where the next square its way is empty, so one look a direction answers
 * what counting them all (manSteps, kingSlides) would, for the network's "no move = lost".
 */
export function hasQuietMove(at: usize): bool {
  const colour = sideToMove(at);
  const empty = ~(pieces(at, WHITE_MEN) | pieces(at, BLACK_MEN) | pieces(at, WHITE_KINGS) | pieces(at, BLACK_KINGS)); // prettier-ignore
  const men = pieces(at, colour);
  const kings = pieces(at, 2 + colour);
  const ahead = colour == 0 ? men << 8 : men >> 8;
  const upAndDown = (kings << 8) | (kings >> 8);
  let next: u64 = 0;
  if (manStepsForward) next |= ahead;
  if (manStepsSideways) next |= east(men) | west(men);
  if (manStepsDiagonally) next |= east(ahead) | west(ahead);
  if (kingsSlideStraight) next |= upAndDown | east(kings) | west(kings);
  if (kingsSlideDiagonally) next |= east(upAndDown) | west(upAndDown);
  return (next & empty) != 0;
}

/** Counts the side to move's steps and slides into sideToMoveMobility (what the network's host reports). */
export function countMobility(at: usize): void {
  const colour = sideToMove(at);
  const empty = ~(pieces(at, WHITE_MEN) | pieces(at, BLACK_MEN) | pieces(at, WHITE_KINGS) | pieces(at, BLACK_KINGS)); // prettier-ignore
  const kings = pieces(at, 2 + colour);
  sideToMoveMobility = manSteps(pieces(at, colour), colour == 0, empty) + (kings == 0 ? 0 : kingSlides(kings, empty)); // prettier-ignore
}

/** The evaluation of the position at `at` for its side to move (eval.ts Evaluator.evaluate). */
export function evaluate(at: usize): i32 {
  const whiteMen = pieces(at, WHITE_MEN);
  const blackMen = pieces(at, BLACK_MEN);
  const whiteKings = pieces(at, WHITE_KINGS);
  const blackKings = pieces(at, BLACK_KINGS);
  const whiteMenCount = count(whiteMen);
  const blackMenCount = count(blackMen);
  const empty = ~(whiteMen | blackMen | whiteKings | blackKings);
  const totalMen = whiteMenCount + blackMenCount;
  const noKings = (whiteKings | blackKings) == 0;

  const material =
    (whiteMenCount - blackMenCount) * weight(MAN) +
    (count(whiteKings) - count(blackKings)) * (weight(KING) + totalMen * weight(KING_PER_MAN));
  const menSquares = squareScore(WHITE_MEN, whiteMen) + squareScore(BLACK_MEN, blackMen);
  const kingSquares = noKings ? 0 : squareScore(WHITE_KINGS, whiteKings) + squareScore(BLACK_KINGS, blackKings); // prettier-ignore
  const homeRow =
    totalMen > HOME_ROW_MEN
      ? (count(whiteMen & RANK_2) - count(blackMen & RANK_7)) * weight(HOME_ROW_GUARD)
      : 0;
  const whiteManMoves = manSteps(whiteMen, true, empty);
  const blackManMoves = manSteps(blackMen, false, empty);
  const whiteKingMoves = whiteKings == 0 ? 0 : kingSlides(whiteKings, empty);
  const blackKingMoves = blackKings == 0 ? 0 : kingSlides(blackKings, empty);
  const mobility =
    (whiteManMoves - blackManMoves) * weight(MAN_MOBILITY) +
    (whiteKingMoves - blackKingMoves) * weight(KING_MOBILITY);
  const formation =
    (backedMen(whiteMen, whiteMen | whiteKings, true) - backedMen(blackMen, blackMen | blackKings, false)) * weight(BACKED_MAN) +
    (menPairs(whiteMen) - menPairs(blackMen)) * weight(MAN_PAIR); // prettier-ignore
  let runaway = 0;
  if (blackKings == 0) runaway += runawayMen(whiteMen, true, blackMen);
  if (whiteKings == 0) runaway -= runawayMen(blackMen, false, whiteMen);
  runaway *= weight(RUNAWAY_MAN);

  const colour = sideToMove(at);
  sideToMoveMobility = colour == 0 ? whiteManMoves + whiteKingMoves : blackManMoves + blackKingMoves; // prettier-ignore
  const moving = weight(TEMPO) + (noKings && totalMen <= ENDING_MEN ? weight(ENDING_TEMPO) : 0);
  const tempo = colour == 0 ? moving : -moving;

  let score = material + menSquares + kingSquares + homeRow + mobility + formation + runaway + tempo; // prettier-ignore
  if (totalMen == 0 && abs(count(whiteKings) - count(blackKings)) <= 1) {
    score = score / weight(KINGS_ONLY_DRAW_DIVISOR);
  }
  return colour == 0 ? score : -score;
}
