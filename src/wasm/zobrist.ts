/**
 * Zobrist keys, the same numbers as core/state.ts ZOBRIST: the same splitmix32 sequence from
 * the same seed, each key's two words (low, high) joined into one u64. A position's key is
 * the exclusive or of its pieces' keys and, with Black to move, the side key.
 */
import { ZOBRIST } from './memory';

/** Fills ZOBRIST; called once as the module starts. */
export function initZobrist(): void {
  let seed: u32 = 0x2545f491;
  // core's table: (4 sets x 64 squares + the side) x 2 words, in that order.
  for (let i = 0; i < 4 * 64 + 1; i++) {
    const lo = splitmix32(seed + 0x9e3779b9);
    seed += 0x9e3779b9;
    const hi = splitmix32(seed + 0x9e3779b9);
    seed += 0x9e3779b9;
    store<u64>(ZOBRIST + (<usize>i << 3), <u64>lo | (<u64>hi << 32));
  }
}

/** splitmix32's output for the state `z` (the state already advanced). */
function splitmix32(z: u32): u32 {
  z = (z ^ (z >>> 16)) * 0x85ebca6b;
  z = (z ^ (z >>> 13)) * 0xc2b2ae35;
  return z ^ (z >>> 16);
}

/** The key of piece set `set` (core's numbering) on `square`. */
// @ts-ignore: decorator
@inline export function pieceKey(set: i32, square: i32): u64 {
  return load<u64>(ZOBRIST + (<usize>((set << 6) | square) << 3));
}
/** The key of Black to move. */
// @ts-ignore: decorator
@inline export function sideKey(): u64 {
  return load<u64>(ZOBRIST + (<usize>(4 * 64) << 3));
}
