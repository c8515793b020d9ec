/**
 * Positions on the ply stack (memory.ts POSITIONS) and moves played between them: the mirror
 * of core/state.ts applyMoveInto. A move is made by writing the position after it into the
 * next ply (copy-make), so unmaking it is going back to the ply before: nothing to undo.
 */
import { bit } from './bitboard';
import {
  capturedAt,
  KEY_OFFSET,
  movesAt,
  positionAt,
  QUIET_OFFSET,
  REVERSIBLE_OFFSET,
  SIDE_OFFSET,
} from './memory';
import { pieceKey, sideKey } from './zobrist';

/** Piece set numbers, as core/state.ts numbers them: the men of colour c are set c, its kings 2 + c. */
export const WHITE_MEN = 0;
export const BLACK_MEN = 1;
export const WHITE_KINGS = 2;
export const BLACK_KINGS = 3;

/** Piece set `set` of the position at `at`. */
// @ts-ignore: decorator
@inline export function pieces(at: usize, set: i32): u64 {
  return load<u64>(at + (<usize>set << 3));
}
// @ts-ignore: decorator
@inline export function sideToMove(at: usize): i32 {
  return load<i32>(at, SIDE_OFFSET);
}
// @ts-ignore: decorator
@inline export function positionKey(at: usize): u64 {
  return load<u64>(at, KEY_OFFSET);
}
// @ts-ignore: decorator
@inline export function quietPlies(at: usize): i32 {
  return load<i32>(at, QUIET_OFFSET);
}
// @ts-ignore: decorator
@inline export function reversiblePlies(at: usize): i32 {
  return load<i32>(at, REVERSIBLE_OFFSET);
}

/** Move fields, packed as core/movegen.ts packs them: from, to << 6, captures << 12. */
// @ts-ignore: decorator
@inline export function moveFrom(move: i32): i32 {
  return move & 63;
}
// @ts-ignore: decorator
@inline export function moveTo(move: i32): i32 {
  return (move >> 6) & 63;
}
// @ts-ignore: decorator
@inline export function encodeMove(from: i32, to: i32, captures: i32): i32 {
  return from | (to << 6) | (captures << 12);
}

/** The key of the position at `at` worked out from its pieces (core/state.ts computeKey). */
export function computeKey(at: usize): u64 {
  let key: u64 = 0;
  for (let set = 0; set < 4; set++) {
    let rest = pieces(at, set);
    while (rest != 0) {
      const square = <i32>ctz<u64>(rest);
      rest &= rest - 1;
      key ^= pieceKey(set, square);
    }
  }
  return sideToMove(at) == 1 ? key ^ sideKey() : key;
}

/**
 * Plays move `index` of `ply`'s list from the position of `ply` into the position of
 * `ply + 1`: the mover leaves its square and lands (a man crowned when it ends on its last
 * rank), the captured pieces leave, the side to move, the key and both ply counts follow.
 */
// @ts-ignore: decorator
@inline export function makeMove(ply: i32, index: i32): void {
  const move = load<i32>(movesAt(ply) + (<usize>index << 2));
  const captured = load<u64>(capturedAt(ply) + (<usize>index << 3));
  playInto(positionAt(ply), positionAt(ply + 1), moveFrom(move), moveTo(move), captured);
}

/** The move (from, to, captured) played from the position at `parent` into `child`. */
// @ts-ignore: decorator
@inline export function playInto(parent: usize, child: usize, from: i32, to: i32, captured: u64): void {
  const colour = sideToMove(parent);
  const enemy = colour ^ 1;
  let whiteMen = pieces(parent, WHITE_MEN);
  let blackMen = pieces(parent, BLACK_MEN);
  let whiteKings = pieces(parent, WHITE_KINGS);
  let blackKings = pieces(parent, BLACK_KINGS);
  const kingSet = 2 + colour;
  const isKing = (pieces(parent, kingSet) & bit(from)) != 0;
  const fromSet = isKing ? kingSet : colour;
  const crownRank = colour == 0 ? 7 : 0;
  const toSet = !isKing && to >> 3 == crownRank ? kingSet : fromSet;
  // Sets are written back by number below; the mover's two flips first.
  store<u64>(child, whiteMen);
  store<u64>(child, blackMen, 8);
  store<u64>(child, whiteKings, 16);
  store<u64>(child, blackKings, 24);
  const fromAt = child + (<usize>fromSet << 3);
  store<u64>(fromAt, load<u64>(fromAt) ^ bit(from));
  const toAt = child + (<usize>toSet << 3);
  store<u64>(toAt, load<u64>(toAt) ^ bit(to));
  let key = positionKey(parent) ^ pieceKey(fromSet, from) ^ pieceKey(toSet, to) ^ sideKey();
  const captures = captured != 0;
  if (captures) {
    const enemyKingsAt = child + (<usize>(2 + enemy) << 3);
    const enemyMenAt = child + (<usize>enemy << 3);
    const kings = load<u64>(enemyKingsAt);
    store<u64>(enemyKingsAt, kings & ~captured);
    store<u64>(enemyMenAt, load<u64>(enemyMenAt) & ~(captured & ~kings));
    let rest = captured;
    while (rest != 0) {
      const square = <i32>ctz<u64>(rest);
      rest &= rest - 1;
      key ^= pieceKey((kings & bit(square)) != 0 ? 2 + enemy : enemy, square);
    }
  }
  // Irreversible: a capture, or a man leaving its rank (men never go back).
  const irreversible = captures || (!isKing && from >> 3 != to >> 3);
  store<i32>(child, enemy, SIDE_OFFSET);
  store<u64>(child, key, KEY_OFFSET);
  store<i32>(child, captures || !isKing ? 0 : quietPlies(parent) + 1, QUIET_OFFSET);
  store<i32>(child, irreversible ? 0 : reversiblePlies(parent) + 1, REVERSIBLE_OFFSET);
}
