/**
 * Perft in WebAssembly: the number of leaves of the legal-move tree, the last ply counted and
 * not played. Written in AssemblyScript so that a set of 64 squares is one 64-bit word, with
 * the machine's own population count and trailing-zero count; core's TypeScript generator
 * (movegen.ts, mancapture.ts) holds the same rules in two 32-bit halves. The rules are those
 * of docs/rules.md; tests check that both generators give the same counts.
 *
 * Squares are numbered 8 * rank + file (a1 = 0, h8 = 63). White's forward is north (+8).
 * Nothing here allocates after start-up: the capture lists live in memory taken once.
 */

/** The side to move, as a type, so that each side's code is compiled with its directions fixed. */
type White = i8;
type Black = u8;
// @ts-ignore: decorator
@inline function isWhite<Side>(): bool {
  return isSigned<Side>();
}

const NOT_FILE_A: u64 = 0xfefefefefefefefe;
const NOT_FILE_H: u64 = 0x7f7f7f7f7f7f7f7f;
const RANK_1: u64 = 0x00000000000000ff;
const RANK_8: u64 = 0xff00000000000000;

/** The deepest count this module takes. */
const MAX_DEPTH = 32;
/** Room for the moves of one capture list (distinct results of the largest capture). */
const LIST_SIZE = 1024;

/**
 * Directions, numbered so that d ^ 1 is the opposite of d: 0 north, 1 south, 2 east, 3 west
 * (kings capture only along these), 4 north-east, 5 south-west, 6 north-west, 7 south-east.
 */
const DIRECTIONS = 8;
const ORTHOGONAL_DIRECTIONS = 4;

/** The square one step from a square in a direction, or -1 off the board: [direction * 64 + square]. */
const NEXT: usize = heap.alloc(DIRECTIONS * 64);
/** Each ply's capture list: a move's from | to << 8, and the set of squares it captures. */
const LIST_KEYS: usize = heap.alloc((MAX_DEPTH + 1) * LIST_SIZE * 4);
const LIST_SETS: usize = heap.alloc((MAX_DEPTH + 1) * LIST_SIZE * 8);

function initNext(): void {
  const rankStep: StaticArray<i32> = [1, -1, 0, 0, 1, -1, 1, -1];
  const fileStep: StaticArray<i32> = [0, 0, 1, -1, 1, -1, -1, 1];
  for (let d = 0; d < DIRECTIONS; d++) {
    for (let square = 0; square < 64; square++) {
      const rank = (square >> 3) + rankStep[d];
      const file = (square & 7) + fileStep[d];
      const next = rank >= 0 && rank < 8 && file >= 0 && file < 8 ? rank * 8 + file : -1;
      store<i8>(NEXT + <usize>(d * 64 + square), <i8>next);
    }
  }
}
initNext();

/**
 * The squares a man steps onto a square from: [(variant * 2 + colour) * 64 + square], colour
 * 0 White, 1 Black. Set at start-up for both variants.
 */
const STEP_SOURCES: usize = heap.alloc(2 * 2 * 64 * 8);

function initStepSources(): void {
  for (let variant = 0; variant < 2; variant++) {
    for (let colour = 0; colour < 2; colour++) {
      const rank = colour == 0 ? 1 : -1;
      for (let square = 0; square < 64; square++) {
        let sources: u64 = 0;
        for (let fileStep = -1; fileStep <= 1; fileStep++) {
          for (let rankStep = 0; rankStep <= 1; rankStep++) {
            if (rankStep == 0 && fileStep == 0) continue;
            if (variant == 1 && rankStep != 0 && fileStep != 0) continue;
            // A man that steps (fileStep, rankStep * rank) lands on `square` from here:
            const fromRank = (square >> 3) - rankStep * rank;
            const fromFile = (square & 7) - fileStep;
            if (fromRank >= 0 && fromRank < 8 && fromFile >= 0 && fromFile < 8) {
              sources |= (<u64>1) << <u64>(fromRank * 8 + fromFile);
            }
          }
        }
        store<u64>(STEP_SOURCES + <usize>(((variant * 2 + colour) * 64 + square) * 8), sources);
      }
    }
  }
}
initStepSources();

// @ts-ignore: decorator
@inline function next(direction: i32, square: i32): i32 {
  return <i32>load<i8>(NEXT + <usize>((direction << 6) | square));
}
// @ts-ignore: decorator
@inline function bit(square: i32): u64 {
  return (<u64>1) << <u64>square;
}
// @ts-ignore: decorator
@inline function has(set: u64, square: i32): bool {
  return ((set >> <u64>square) & 1) != 0;
}
// @ts-ignore: decorator
@inline function east(set: u64): u64 {
  return (set << 1) & NOT_FILE_A;
}
// @ts-ignore: decorator
@inline function west(set: u64): u64 {
  return (set >> 1) & NOT_FILE_H;
}
// @ts-ignore: decorator
@inline function forward(set: u64, white: bool): u64 {
  return white ? set << 8 : set >> 8;
}
// @ts-ignore: decorator
@inline function backward(set: u64, white: bool): u64 {
  return white ? set >> 8 : set << 8;
}
// @ts-ignore: decorator
@inline function count(set: u64): u64 {
  return popcnt<u64>(set);
}

/** Armenian men also step diagonally forward and kings move along diagonals; Turkish not. */
let armenian: bool = true;
/** Set when a capture list ran out of room: the count is then refused, never wrong. */
let overflow: bool = false;

// The capture search in progress: the list it fills, the square it starts from, the most
// pieces a sequence has taken so far and how many distinct moves take that many.
let listKeys: usize = 0;
let listSets: usize = 0;
let searchFrom: i32 = 0;
/** Whether the search lists its moves, or only counts them (listCaptures says which). */
let listing: bool = true;
let best: i32 = 0;
let found: i32 = 0;

/** A complete capture sequence ending on `to`: kept if it takes the most and is a new move. */
function record(to: i32, captured: u64, taken: i32): void {
  if (taken < best) return;
  if (taken > best) {
    best = taken;
    found = 0;
  }
  if (!listing) {
    found++;
    return;
  }
  const key = <u32>(searchFrom | (to << 8));
  for (let i = 0; i < found; i++) {
    if (load<u32>(listKeys + (<usize>i << 2)) == key && load<u64>(listSets + (<usize>i << 3)) == captured) return; // prettier-ignore
  }
  if (found == LIST_SIZE) {
    overflow = true;
    return;
  }
  store<u32>(listKeys + (<usize>found << 2), key);
  store<u64>(listSets + (<usize>found << 3), captured);
  found++;
}

/**
 * A man on `square` capturing on: straight forward, left or right, one square over an enemy
 * piece to the empty square beyond. Captured pieces leave at once (`enemy` loses them and
 * `empty` gains them); the man's own start square is empty from the first jump.
 */
function manJumps<Side>(square: i32, enemy: u64, empty: u64, captured: u64, taken: i32): void {
  const white = isWhite<Side>();
  let more = false;
  if (white ? square < 48 : square >= 16) {
    const over = white ? square + 8 : square - 8;
    const land = white ? square + 16 : square - 16;
    if (has(enemy, over) && has(empty, land)) {
      more = true;
      const b = bit(over);
      manJumps<Side>(land, enemy ^ b, empty | b, captured | b, taken + 1);
    }
  }
  const file = square & 7;
  if (file < 6 && has(enemy, square + 1) && has(empty, square + 2)) {
    more = true;
    const b = bit(square + 1);
    manJumps<Side>(square + 2, enemy ^ b, empty | b, captured | b, taken + 1);
  }
  if (file > 1 && has(enemy, square - 1) && has(empty, square - 2)) {
    more = true;
    const b = bit(square - 1);
    manJumps<Side>(square - 2, enemy ^ b, empty | b, captured | b, taken + 1);
  }
  if (!more && taken > 0) record(square, captured, taken);
}

/**
 * A king on `square` capturing along ranks and files: any empty squares, one enemy piece, and
 * a landing on any empty square after it; never straight back along its last capture.
 */
function kingJumps(square: i32, enemy: u64, empty: u64, captured: u64, taken: i32, last: i32): void {
  let more = false;
  for (let d = 0; d < ORTHOGONAL_DIRECTIONS; d++) {
    if (d == (last ^ 1)) continue;
    let target = next(d, square);
    while (target >= 0 && has(empty, target)) target = next(d, target);
    if (target < 0 || !has(enemy, target)) continue;
    let land = next(d, target);
    if (land < 0 || !has(empty, land)) continue;
    more = true;
    const b = bit(target);
    const enemyAfter = enemy ^ b;
    const emptyAfter = empty | b;
    do {
      kingJumps(land, enemyAfter, emptyAfter, captured | b, taken + 1, d);
      land = next(d, land);
    } while (land >= 0 && has(empty, land));
  }
  if (!more && taken > 0) record(square, captured, taken);
}

/** The men of the side to move that have a first jump. */
// @ts-ignore: decorator
@inline function jumpers(men: u64, enemy: u64, empty: u64, white: bool): u64 {
  return (
    men &
    (backward(backward(empty, white) & enemy, white) |
      west(west(empty) & enemy) |
      east(east(empty) & enemy))
  );
}

/**
 * The number of legal captures when only men capture: every first jump when none of them
 * can go on, else the search. A jump can go on from its landing square only as a man on that
 * square could jump on the board before it: the square it captured and the one it left
 * matter only to a jump straight back, which the captured square being empty forbids.
 */
function countManCaptures<Side>(men: u64, enemy: u64, empty: u64): i32 {
  const white = isWhite<Side>();
  const overForward = backward(empty, white) & enemy;
  const overEast = west(empty) & enemy;
  const overWest = east(empty) & enemy;
  const fromAnywhere = backward(overForward, white) | west(overEast) | east(overWest);
  const forwardLandings = forward(forward(men, white) & overForward, white);
  const eastLandings = east(east(men) & overEast);
  const westLandings = west(west(men) & overWest);
  if (((forwardLandings | eastLandings | westLandings) & fromAnywhere) == 0) {
    return <i32>(count(forwardLandings) + count(eastLandings) + count(westLandings));
  }
  return listCaptures<Side>(0, men & fromAnywhere, 0, enemy, empty, false);
}

/** Whether a king of `kings` can capture. */
function kingsCapture(kings: u64, enemy: u64, empty: u64): bool {
  while (kings != 0) {
    const square = <i32>ctz<u64>(kings);
    kings &= kings - 1;
    for (let d = 0; d < ORTHOGONAL_DIRECTIONS; d++) {
      let target = next(d, square);
      while (target >= 0 && has(empty, target)) target = next(d, target);
      if (target < 0 || !has(enemy, target)) continue;
      const land = next(d, target);
      if (land >= 0 && has(empty, land)) return true;
    }
  }
  return false;
}

/**
 * Lists the legal captures (the most pieces, each result once) in list `ply`; returns how
 * many. With `listed` false it only counts them, for men alone: a man's captures never make
 * one move twice (it never goes back, so the squares it jumps lie on one path, which they
 * fix), so counting them needs no list.
 */
function listCaptures<Side>(ply: i32, canJump: u64, kings: u64, enemy: u64, empty: u64, listed: bool): i32 {
  listKeys = LIST_KEYS + <usize>(ply * LIST_SIZE * 4);
  listSets = LIST_SETS + <usize>(ply * LIST_SIZE * 8);
  best = 0;
  found = 0;
  listing = listed;
  while (canJump != 0) {
    const square = <i32>ctz<u64>(canJump);
    canJump &= canJump - 1;
    searchFrom = square;
    manJumps<Side>(square, enemy, empty | bit(square), 0, 0);
  }
  while (kings != 0) {
    const square = <i32>ctz<u64>(kings);
    kings &= kings - 1;
    searchFrom = square;
    kingJumps(square, enemy, empty | bit(square), 0, 0, -1);
  }
  return found;
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
@inline function countMoves<Side>(men: u64, kings: u64, enemy: u64, empty: u64): u64 {
  const white = isWhite<Side>();
  const canJump = jumpers(men, enemy, empty, white);
  if (kings == 0) {
    if (canJump != 0) return <u64>countManCaptures<Side>(men, enemy, empty);
  } else if (canJump != 0 || kingsCapture(kings, enemy, empty)) {
    return <u64>listCaptures<Side>(0, canJump, kings, enemy, empty, true);
  }
  const ahead = forward(men, white);
  let n = count(ahead & empty) + count(east(men) & empty) + count(west(men) & empty);
  if (armenian) n += count(east(ahead) & empty) + count(west(ahead) & empty);
  const directions = armenian ? DIRECTIONS : ORTHOGONAL_DIRECTIONS;
  while (kings != 0) {
    const square = <i32>ctz<u64>(kings);
    kings &= kings - 1;
    for (let d = 0; d < directions; d++) n += <u64>slides(square, d, empty);
  }
  return n;
}

/**
 * Leaves `depth` plies below the position where the side to move has `men` and `kings` and
 * its opponent `enemyMen` and `enemyKings`; `Side` says which way the mover's men go.
 */
function leaves<Side>(depth: i32, men: u64, kings: u64, enemyMen: u64, enemyKings: u64): u64 {
  const white = isWhite<Side>();
  const enemy = enemyMen | enemyKings;
  const empty = ~(men | kings | enemy);
  if (depth == 1) return countMoves<Side>(men, kings, enemy, empty);
  const canJump = jumpers(men, enemy, empty, white);
  const mustCapture = canJump != 0 || (kings != 0 && kingsCapture(kings, enemy, empty));
  if (
    depth == 2 &&
    !mustCapture &&
    enemyKings == 0 &&
    jumpers(enemyMen, men | kings, empty, !white) == 0
  ) {
    return twoPlies<Side>(men, kings, enemyMen, empty);
  }
  let total: u64 = 0;
  if (mustCapture) {
    const n = listCaptures<Side>(depth, canJump, kings, enemy, empty, true);
    const keys = LIST_KEYS + <usize>(depth * LIST_SIZE * 4);
    const sets = LIST_SETS + <usize>(depth * LIST_SIZE * 8);
    const crown = white ? RANK_8 : RANK_1;
    for (let i = 0; i < n; i++) {
      const key = load<u32>(keys + (<usize>i << 2));
      const captured = load<u64>(sets + (<usize>i << 3));
      const from = bit(<i32>(key & 63));
      const to = bit(<i32>(key >> 8));
      let newMen = men;
      let newKings = kings;
      if ((men & from) != 0) {
        newMen ^= from;
        if ((to & crown) != 0) newKings |= to;
        else newMen |= to;
      } else {
        newKings = (kings ^ from) | to; // a king may end where it started
      }
      total += childLeaves<Side>(depth - 1, enemyMen & ~captured, enemyKings & ~captured, newMen, newKings); // prettier-ignore
    }
    return total;
  }
  total += manSteps<Side>(depth, men, kings, enemyMen, enemyKings, forward(men, white) & empty, white ? 8 : -8); // prettier-ignore
  total += manSteps<Side>(depth, men, kings, enemyMen, enemyKings, east(men) & empty, 1);
  total += manSteps<Side>(depth, men, kings, enemyMen, enemyKings, west(men) & empty, -1);
  if (armenian) {
    const ahead = forward(men, white);
    total += manSteps<Side>(depth, men, kings, enemyMen, enemyKings, east(ahead) & empty, white ? 9 : -7); // prettier-ignore
    total += manSteps<Side>(depth, men, kings, enemyMen, enemyKings, west(ahead) & empty, white ? 7 : -9); // prettier-ignore
  }
  if (kings != 0) total += kingSteps<Side>(depth, men, kings, enemyMen, enemyKings, empty);
  return total;
}

/** The leaves below each move of a king that does not capture. */
function kingSteps<Side>(depth: i32, men: u64, kings: u64, enemyMen: u64, enemyKings: u64, empty: u64): u64 {
  const directions = armenian ? DIRECTIONS : ORTHOGONAL_DIRECTIONS;
  let total: u64 = 0;
  let rest = kings;
  while (rest != 0) {
    const square = <i32>ctz<u64>(rest);
    rest &= rest - 1;
    const from = bit(square);
    for (let d = 0; d < directions; d++) {
      let target = next(d, square);
      while (target >= 0 && has(empty, target)) {
        total += childLeaves<Side>(depth - 1, enemyMen, enemyKings, men, kings ^ from ^ bit(target));
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
function twoPlies<Side>(men: u64, kings: u64, enemyMen: u64, empty: u64): u64 {
  const white = isWhite<Side>();
  const own = men | kings;
  const sources = STEP_SOURCES + <usize>(((armenian ? 0 : 2) + (white ? 1 : 0)) * 64 * 8);
  // The opponent's steps now (its men go the other way).
  const ahead = forward(enemyMen, !white);
  let base = count(ahead & empty) + count(east(enemyMen) & empty) + count(west(enemyMen) & empty);
  if (armenian) base += count(east(ahead) & empty) + count(west(ahead) & empty);
  // Squares where a piece of ours could be jumped, the landing empty now ...
  const exposed =
    (ahead & backward(empty, !white)) | (east(enemyMen) & west(empty)) | (west(enemyMen) & east(empty));
  // ... and squares whose leaving lets a man of the opponent jump a piece of ours.
  const opening = forward(ahead & own, !white) | east(east(enemyMen) & own) | west(west(enemyMen) & own);
  let total: u64 = 0;
  for (let direction = 0; direction < 5; direction++) {
    let targets: u64;
    let delta: i32;
    let facing: u64;
    if (direction == 0) {
      targets = forward(men, white) & empty;
      delta = white ? 8 : -8;
      facing = backward(enemyMen, white);
    } else if (direction == 1) {
      targets = east(men) & empty;
      delta = 1;
      facing = west(enemyMen);
    } else if (direction == 2) {
      targets = west(men) & empty;
      delta = -1;
      facing = east(enemyMen);
    } else {
      if (!armenian) break;
      const diagonal = forward(men, white);
      targets = (direction == 3 ? east(diagonal) : west(diagonal)) & empty;
      delta = direction == 3 ? (white ? 9 : -7) : white ? 7 : -9;
      facing = 0;
    }
    const left = delta > 0 ? (men & opening) << <u64>delta : (men & opening) >> <u64>(-delta);
    let danger = targets & (exposed | facing | left);
    let safe = targets ^ danger;
    total += count(safe) * base;
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
      total += <u64>(white
        ? countManCaptures<Black>(enemyMen, own ^ changed, empty ^ changed)
        : countManCaptures<White>(enemyMen, own ^ changed, empty ^ changed));
    }
  }
  // Kings' moves: the opponent's reply counted in full.
  if (kings != 0) total += kingSteps<Side>(2, men, kings, enemyMen, 0, empty);
  return total;
}

/** The leaves below a child position, where the other side moves. */
// @ts-ignore: decorator
@inline function childLeaves<Side>(depth: i32, men: u64, kings: u64, enemyMen: u64, enemyKings: u64): u64 {
  return isWhite<Side>()
    ? leaves<Black>(depth, men, kings, enemyMen, enemyKings)
    : leaves<White>(depth, men, kings, enemyMen, enemyKings);
}

/** The leaves below each step of a man onto a square of `targets`, `delta` squares from its start. */
// @ts-ignore: decorator
@inline function manSteps<Side>(
  depth: i32,
  men: u64,
  kings: u64,
  enemyMen: u64,
  enemyKings: u64,
  targets: u64,
  delta: i32,
): u64 {
  const white = isWhite<Side>();
  const crown = white ? RANK_8 : RANK_1;
  let total: u64 = 0;
  while (targets != 0) {
    const square = <i32>ctz<u64>(targets);
    targets &= targets - 1;
    const to = bit(square);
    const from = bit(square - delta);
    if ((to & crown) != 0) {
      total += childLeaves<Side>(depth - 1, enemyMen, enemyKings, men ^ from, kings | to);
    } else {
      total += childLeaves<Side>(depth - 1, enemyMen, enemyKings, men ^ from ^ to, kings);
    }
  }
  return total;
}

// @ts-ignore: decorator
@inline function word(lo: i32, hi: i32): u64 {
  return <u64><u32>lo | ((<u64><u32>hi) << 32);
}

/**
 * Leaves `depth` plies below a position, -1 when `depth` is outside 1 to 32, -2 when a capture
 * list ran out of room. `variant`: 0 Armenian, 1 Turkish. `s0` to `s7`: the piece words of a
 * core state in its order (White men, Black men, White kings, Black kings; each low word,
 * squares 0-31, then high word). `side`: 0 White to move, 1 Black. The result is an exact
 * integer (counts stay below 2^53).
 */
export function perft(
  variant: i32,
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
  armenian = variant == 0;
  overflow = false;
  const whiteMen = word(s0, s1);
  const blackMen = word(s2, s3);
  const whiteKings = word(s4, s5);
  const blackKings = word(s6, s7);
  const total =
    side == 0
      ? leaves<White>(depth, whiteMen, whiteKings, blackMen, blackKings)
      : leaves<Black>(depth, blackMen, blackKings, whiteMen, whiteKings);
  return overflow ? -2 : <f64>total;
}
