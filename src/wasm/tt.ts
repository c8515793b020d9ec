/**
 * The transposition table in the module's memory, the mirror of src/search/tt.ts: the same
 * entries in the same buckets, so that the search's tree is the same.
 *
 * Entries are three int32 words, five entries to a 64-byte bucket (its last word unused):
 *   w0 = keyHi ^ w1 ^ w2   (a torn or foreign entry fails this check and reads as a miss)
 *   w1 = move reference (bits 0-23) | bound (24-25) | age (26-31)
 *   w2 = score (bits 0-15, signed) | depth (bits 16-23)
 * The bucket is chosen by the low bits of keyLo. The table is the last part of the memory
 * (memory.ts), shared by every thread; the host places it and empties it.
 */

export const BOUND_UPPER = 1;
export const BOUND_LOWER = 2;
export const BOUND_EXACT = 3;

const ENTRIES_PER_BUCKET = 5;
const BYTES_PER_BUCKET = 64;

let table: usize = 0;
let bytes: usize = 0;
let bucketMask: u32 = 0;
/** The current search's age (0-63), stamped on what it stores. */
let age: i32 = 0;

// What the last successful probe found.
export let ttMove: i32 = 0;
export let ttBound: i32 = 0;
export let ttScore: i32 = 0;
export let ttDepth: i32 = 0;

/**
 * Uses the `size` bytes at `address` as the table (a power of two of buckets, as tt.ts
 * tableBytes gives), as they are: the host empties it when a new game or a new table asks.
 */
export function attachTable(address: usize, size: usize): void {
  table = address;
  bytes = size;
  bucketMask = <u32>(size / BYTES_PER_BUCKET - 1);
}

/** Empties the table. */
export function clearTable(): void {
  memory.fill(table, 0, bytes);
}

/** Sets the age that stores stamp. */
export function setTableAge(value: i32): void {
  age = value;
}

// @ts-ignore: decorator
@inline function bucketOf(keyLo: u32): usize {
  return table + (<usize>(keyLo & bucketMask) << 6);
}

/** Looks a position up; on a hit returns true and fills ttMove, ttBound, ttScore, ttDepth. */
export function probeEntry(keyLo: i32, keyHi: i32): bool {
  const base = bucketOf(<u32>keyLo);
  for (let i = 0; i < ENTRIES_PER_BUCKET; i++) {
    const at = base + <usize>(i * 12);
    const w1 = load<i32>(at, 4);
    const w2 = load<i32>(at, 8);
    if ((load<i32>(at) ^ w1 ^ w2) == keyHi && (w1 | w2) != 0) {
      ttMove = w1 & 0xffffff;
      ttBound = (w1 >>> 24) & 3;
      ttScore = (w2 << 16) >> 16;
      ttDepth = (w2 >>> 16) & 0xff;
      return true;
    }
  }
  return false;
}

/**
 * Stores a result. In the bucket it replaces the entry of the same position, else the one
 * whose depth, less eight plies for each search it is out of date, is the lowest.
 */
export function storeEntry(keyLo: i32, keyHi: i32, move: i32, bound: i32, score: i32, depth: i32): void {
  const base = bucketOf(<u32>keyLo);
  let target = base;
  let worst = 1 << 30;
  for (let i = 0; i < ENTRIES_PER_BUCKET; i++) {
    const at = base + <usize>(i * 12);
    const w1 = load<i32>(at, 4);
    const w2 = load<i32>(at, 8);
    if ((load<i32>(at) ^ w1 ^ w2) == keyHi) {
      // Same position: keep a deeper result of this search unless the new one is exact.
      if (((w1 >>> 26) & 63) == age && ((w2 >>> 16) & 0xff) > depth + 2 && bound != BOUND_EXACT) return; // prettier-ignore
      if (move == 0) move = w1 & 0xffffff;
      target = at;
      break;
    }
    const staleness = (age - ((w1 >>> 26) & 63)) & 63;
    const value = ((w2 >>> 16) & 0xff) - 8 * staleness;
    if (value < worst) {
      worst = value;
      target = at;
    }
  }
  const w1 = (move & 0xffffff) | (bound << 24) | (age << 26);
  const w2 = (score & 0xffff) | ((depth & 0xff) << 16);
  store<i32>(target, keyHi ^ w1 ^ w2);
  store<i32>(target, w1, 4);
  store<i32>(target, w2, 8);
}

/** Per mille of a sample of entries written by the current search (tt.ts hashfull). */
export function hashfull(): i32 {
  const buckets = min<i32>(200, <i32>(bytes / BYTES_PER_BUCKET));
  const sample = buckets * ENTRIES_PER_BUCKET;
  let used = 0;
  for (let i = 0; i < sample; i++) {
    const at = table + <usize>((i / ENTRIES_PER_BUCKET) * BYTES_PER_BUCKET + (i % ENTRIES_PER_BUCKET) * 12); // prettier-ignore
    const w1 = load<i32>(at, 4);
    if ((w1 | load<i32>(at, 8)) != 0 && ((w1 >>> 26) & 63) == age) used++;
  }
  return <i32>Math.round(<f64>(used * 1000) / <f64>sample);
}
