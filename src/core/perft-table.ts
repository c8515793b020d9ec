/**
 * The table of hashed perft: subtree counts keyed by position and remaining depth, so that
 * a position reached by several move orders is counted once.
 *
 * An entry holds the position itself, not only its key, so a probe can never take one
 * position's count for another's: the 64-bit Zobrist key picks the bucket, and a hit needs
 * every piece, the side to move, the variant and the depth to be equal.
 *
 * ```
 * entry (9 int32 words)                        bucket: 2 entries, 18 words
 *   0 occupied lo     1 occupied hi            entry 0 keeps the deeper subtree,
 *   2 white lo        3 white hi               entry 1 takes whatever entry 0 refuses
 *   4 kings lo        5 kings hi
 *   6 tag: depth * 4 + variant * 2 + side      (0: empty)
 *   7 count, low 32 bits (unsigned)
 *   8 count, high bits (count / 2^32)
 * ```
 *
 * Men are the occupied squares that hold no king, Black the occupied squares that are not
 * White: the three sets fix the position. Counts are exact up to 2^53 (float64 arithmetic).
 */
import {
  BLACK_KINGS_HI,
  BLACK_KINGS_LO,
  BLACK_MEN_HI,
  BLACK_MEN_LO,
  KEY_HI,
  KEY_LO,
  SIDE,
  WHITE_KINGS_HI,
  WHITE_KINGS_LO,
  WHITE_MEN_HI,
  WHITE_MEN_LO,
} from './state.js';

/** int32 words per entry. */
const ENTRY_WORDS = 9;
/** int32 words per bucket (two entries). */
const BUCKET_WORDS = 2 * ENTRY_WORDS;
const TAG = 6;
const COUNT_LO = 7;
const COUNT_HI = 8;
const TWO_TO_32 = 4294967296;

/** The largest table `--hash` may ask for, in MiB (one typed array). */
export const MAX_PERFT_HASH_MB = 8192;

/** A fixed-size table of perft subtree counts; allocated once, never per node. */
export class PerftTable {
  /** The buckets, BUCKET_WORDS words each. */
  private readonly words: Int32Array;
  /** How many buckets there are (any whole number, not only a power of two). */
  readonly buckets: number;
  /** The variant of the positions being counted (0 Armenian, 1 Turkish): part of the tag. */
  variant = 0;
  /** Probes since the last resetStats (hashedPerft counts every node it looks up). */
  probes = 0;
  /** Probes that found their count. */
  hits = 0;

  /** A table of about `megabytes` MiB (1 to MAX_PERFT_HASH_MB). */
  constructor(megabytes: number) {
    if (!Number.isInteger(megabytes) || megabytes < 1 || megabytes > MAX_PERFT_HASH_MB) {
      throw new RangeError(`perft hash must be a whole number of MiB from 1 to ${MAX_PERFT_HASH_MB}`); // prettier-ignore
    }
    this.buckets = Math.floor((megabytes * 1024 * 1024) / (BUCKET_WORDS * 4));
    this.words = new Int32Array(this.buckets * BUCKET_WORDS);
  }

  /** Entries the table holds at most. */
  get capacity(): number {
    return 2 * this.buckets;
  }

  /** Empties the table (and its statistics). */
  clear(): void {
    this.words.fill(0);
    this.resetStats();
  }

  /** Zeroes the probe and hit counters. */
  resetStats(): void {
    this.probes = 0;
    this.hits = 0;
  }

  /** Entries in use now (a full scan: for reports, not for the count). */
  used(): number {
    let used = 0;
    for (let at = TAG; at < this.words.length; at += ENTRY_WORDS) {
      if (this.words[at] !== 0) used++;
    }
    return used;
  }

  /** The first word of the bucket of `state` at `depth`. */
  private bucketOf(state: Int32Array, depth: number): number {
    // The low key half, salted by depth, scaled to the bucket count (multiply, not modulo).
    const mixed = (state[KEY_LO] ^ Math.imul(depth + state[KEY_HI], 0x9e3779b1)) >>> 0;
    return Math.floor((mixed * this.buckets) / TWO_TO_32) * BUCKET_WORDS;
  }

  /** The stored count of `state`'s subtree `depth` plies deep, or -1 when it is not there. */
  probe(state: Int32Array, depth: number): number {
    this.probes++;
    const words = this.words;
    const tag = depth * 4 + this.variant * 2 + state[SIDE];
    const whiteLo = state[WHITE_MEN_LO] | state[WHITE_KINGS_LO];
    const whiteHi = state[WHITE_MEN_HI] | state[WHITE_KINGS_HI];
    const occupiedLo = whiteLo | state[BLACK_MEN_LO] | state[BLACK_KINGS_LO];
    const occupiedHi = whiteHi | state[BLACK_MEN_HI] | state[BLACK_KINGS_HI];
    const kingsLo = state[WHITE_KINGS_LO] | state[BLACK_KINGS_LO];
    const kingsHi = state[WHITE_KINGS_HI] | state[BLACK_KINGS_HI];
    const bucket = this.bucketOf(state, depth);
    for (let at = bucket; at < bucket + BUCKET_WORDS; at += ENTRY_WORDS) {
      if (
        words[at + TAG] === tag &&
        words[at] === occupiedLo &&
        words[at + 1] === occupiedHi &&
        words[at + 2] === whiteLo &&
        words[at + 3] === whiteHi &&
        words[at + 4] === kingsLo &&
        words[at + 5] === kingsHi
      ) {
        this.hits++;
        return (words[at + COUNT_HI] >>> 0) * TWO_TO_32 + (words[at + COUNT_LO] >>> 0);
      }
    }
    return -1;
  }

  /** Stores the count of `state`'s subtree `depth` plies deep (the deeper one keeps slot 0). */
  store(state: Int32Array, depth: number, count: number): void {
    const words = this.words;
    const bucket = this.bucketOf(state, depth);
    let at = bucket;
    const first = words[bucket + TAG];
    if (first !== 0 && depth < first >>> 2) {
      at = bucket + ENTRY_WORDS;
    } else if (first !== 0) {
      // The shallower (or equal) entry moves to the second slot rather than vanish.
      for (let k = 0; k < ENTRY_WORDS; k++) words[bucket + ENTRY_WORDS + k] = words[bucket + k];
    }
    const whiteLo = state[WHITE_MEN_LO] | state[WHITE_KINGS_LO];
    const whiteHi = state[WHITE_MEN_HI] | state[WHITE_KINGS_HI];
    words[at] = whiteLo | state[BLACK_MEN_LO] | state[BLACK_KINGS_LO];
    words[at + 1] = whiteHi | state[BLACK_MEN_HI] | state[BLACK_KINGS_HI];
    words[at + 2] = whiteLo;
    words[at + 3] = whiteHi;
    words[at + 4] = state[WHITE_KINGS_LO] | state[BLACK_KINGS_LO];
    words[at + 5] = state[WHITE_KINGS_HI] | state[BLACK_KINGS_HI];
    words[at + TAG] = depth * 4 + this.variant * 2 + state[SIDE];
    words[at + COUNT_LO] = (count % TWO_TO_32) | 0;
    words[at + COUNT_HI] = Math.floor(count / TWO_TO_32) | 0;
  }
}
