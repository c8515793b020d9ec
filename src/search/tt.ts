/**
 * The transposition table: the part of the search's memory (search-wasm.ts) that every
 * search thread reads and writes without locks, or a SharedArrayBuffer of its own.
 *
 * Entries are three int32 words, five entries to a 64-byte bucket (its last word unused):
 *   w0 = keyHi ^ w1 ^ w2   (a torn or foreign entry fails this check and reads as a miss)
 *   w1 = move reference (bits 0-23) | bound (24-25) | age (26-31)
 *   w2 = score (bits 0-15, signed) | depth (bits 16-23)
 * The bucket is chosen by the low bits of keyLo. The move reference is the move's from and
 * to squares plus its index in the generated move list, which is the same for the same
 * position, so a whole move (with its captured set) is recovered from 24 bits.
 */

/** The bounds an entry holds: none, and exact (1 is an upper bound, 2 a lower one). */
export const BOUND_NONE = 0;
export const BOUND_EXACT = 3;

const WORDS_PER_ENTRY = 3;
const ENTRIES_PER_BUCKET = 5;
const WORDS_PER_BUCKET = 16;
const BYTES_PER_BUCKET = WORDS_PER_BUCKET * 4;

/** Bytes for a table of about `megabytes` MiB: the largest power-of-two bucket count that fits. */
export function tableBytes(megabytes: number): number {
  const buckets = Math.max(1, Math.floor((megabytes * 1024 * 1024) / BYTES_PER_BUCKET));
  return 2 ** Math.floor(Math.log2(buckets)) * BYTES_PER_BUCKET;
}

export class TranspositionTable {
  readonly words: Int32Array;
  private readonly bucketMask: number;
  /** The current search's age (0-63), stamped on what it stores. */
  age = 0;
  /** How many times clear() emptied the table: a copy of it elsewhere is then out of date. */
  clears = 0;

  // What the last successful probe found.
  move = 0;
  bound = BOUND_NONE;
  score = 0;
  depth = 0;

  /** The table over `byteLength` bytes of `buffer` from `byteOffset` (all of it by default). */
  constructor(
    buffer: SharedArrayBuffer | ArrayBuffer,
    byteOffset = 0,
    byteLength = buffer.byteLength - byteOffset,
  ) {
    // prettier-ignore
    this.words = new Int32Array(buffer, byteOffset, byteLength / 4);
    this.bucketMask = byteLength / BYTES_PER_BUCKET - 1;
  }

  /** Looks a position up; on a hit returns true and fills move, bound, score, depth. */
  probe(keyLo: number, keyHi: number): boolean {
    const words = this.words;
    const base = (keyLo & this.bucketMask) * WORDS_PER_BUCKET;
    for (let i = 0; i < ENTRIES_PER_BUCKET; i++) {
      const at = base + i * WORDS_PER_ENTRY;
      const w1 = words[at + 1];
      const w2 = words[at + 2];
      if ((words[at] ^ w1 ^ w2) === keyHi && (w1 | w2) !== 0) {
        this.move = w1 & 0xffffff;
        this.bound = (w1 >>> 24) & 3;
        this.score = (w2 << 16) >> 16;
        this.depth = (w2 >>> 16) & 0xff;
        return true;
      }
    }
    return false;
  }

  /**
   * Stores a result. In the bucket it replaces the entry of the same position, else the
   * one whose depth, less eight plies for each search it is out of date, is the lowest.
   */
  store(
    keyLo: number,
    keyHi: number,
    move: number,
    bound: number,
    score: number,
    depth: number,
  ): void {
    const words = this.words;
    const base = (keyLo & this.bucketMask) * WORDS_PER_BUCKET;
    let target = base;
    let worst = 1 << 30;
    for (let i = 0; i < ENTRIES_PER_BUCKET; i++) {
      const at = base + i * WORDS_PER_ENTRY;
      const w1 = words[at + 1];
      const w2 = words[at + 2];
      if ((words[at] ^ w1 ^ w2) === keyHi) {
        // Same position: keep a deeper result of this search unless the new one is exact.
        if (((w1 >>> 26) & 63) === this.age && ((w2 >>> 16) & 0xff) > depth + 2 && bound !== BOUND_EXACT) return; // prettier-ignore
        if (move === 0) move = w1 & 0xffffff;
        target = at;
        break;
      }
      const staleness = (this.age - ((w1 >>> 26) & 63)) & 63;
      const value = ((w2 >>> 16) & 0xff) - 8 * staleness;
      if (value < worst) {
        worst = value;
        target = at;
      }
    }
    const w1 = (move & 0xffffff) | (bound << 24) | (this.age << 26);
    const w2 = (score & 0xffff) | ((depth & 0xff) << 16);
    words[target] = keyHi ^ w1 ^ w2;
    words[target + 1] = w1;
    words[target + 2] = w2;
  }

  /** Empties the table. */
  clear(): void {
    this.words.fill(0);
    this.clears++;
  }

  /** Per mille of a sample of entries written by the current search. */
  hashfull(): number {
    const buckets = Math.min(200, this.words.length / WORDS_PER_BUCKET);
    const sample = buckets * ENTRIES_PER_BUCKET;
    let used = 0;
    for (let i = 0; i < sample; i++) {
      const at = Math.floor(i / ENTRIES_PER_BUCKET) * WORDS_PER_BUCKET + (i % ENTRIES_PER_BUCKET) * WORDS_PER_ENTRY; // prettier-ignore
      const w1 = this.words[at + 1];
      if ((w1 | this.words[at + 2]) !== 0 && ((w1 >>> 26) & 63) === this.age) used++;
    }
    return Math.round((used * 1000) / sample);
  }
}
