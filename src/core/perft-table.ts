/**
 * The table of hashed perft: subtree counts keyed by position and remaining depth, so that
 * a position reached by several move orders is counted once.
 *
 * An entry holds the position itself, not a key of it, so a probe can never take one
 * position's count for another's: a hit needs every piece, the side to move, the variant
 * and the depth to be equal. A position and its mirror image (files a-h reversed) have the
 * same counts, as the rules of both variants are symmetric, so both are stored as the one of
 * the two whose sets come first; a 32-bit hash of those words picks the bucket.
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
  occupancyHi,
  occupancyLo,
  piecesHi,
  piecesLo,
  SIDE,
  WHITE_KINGS_HI,
  WHITE_KINGS_LO,
} from './state.js';
import { WHITE } from './variant.js';

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
  /** The position being probed or stored, in canonical form (entry words 0-6). */
  private readonly key = new Int32Array(TAG + 1);
  /** Probes since the last resetStats (hashedPerft counts every node it looks up). */
  probes = 0;
  /** Probes that found their count. */
  hits = 0;

  /**
   * A table of about `size` MiB (1 to MAX_PERFT_HASH_MB), or one over the words `size`
   * lent by their owner (a slice of the search's table): all zeros, or entries written by
   * tables over the same words.
   */
  constructor(size: number | Int32Array) {
    if (typeof size === 'number') {
      if (!Number.isInteger(size) || size < 1 || size > MAX_PERFT_HASH_MB) {
        throw new RangeError(`perft hash must be a whole number of MiB from 1 to ${MAX_PERFT_HASH_MB}`); // prettier-ignore
      }
      this.buckets = Math.floor((size * 1024 * 1024) / (BUCKET_WORDS * 4));
      this.words = new Int32Array(this.buckets * BUCKET_WORDS);
    } else {
      this.buckets = Math.floor(size.length / BUCKET_WORDS);
      if (this.buckets < 1) throw new RangeError('perft hash needs room for one bucket');
      this.words = size;
    }
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

  /**
   * Puts `state`'s position in canonical form into `this.key`: its sets or those of its
   * mirror image (files a-h reversed, which the rules of both variants respect), whichever
   * come first; then returns the first word of its bucket at `depth`.
   */
  private canonical(state: Int32Array, depth: number): number {
    const key = this.key;
    key[0] = occupancyLo(state);
    key[1] = occupancyHi(state);
    key[2] = piecesLo(state, WHITE);
    key[3] = piecesHi(state, WHITE);
    key[4] = state[WHITE_KINGS_LO] | state[BLACK_KINGS_LO];
    key[5] = state[WHITE_KINGS_HI] | state[BLACK_KINGS_HI];
    key[6] = depth * 4 + this.variant * 2 + state[SIDE];
    let mirrorFirst = 0;
    for (let k = 0; k < 6; k++) {
      const mirrored = mirrorFiles(key[k]);
      if (mirrored !== key[k]) {
        mirrorFirst = mirrored >>> 0 < key[k] >>> 0 ? 1 : 0;
        break;
      }
    }
    if (mirrorFirst === 1) for (let k = 0; k < 6; k++) key[k] = mirrorFiles(key[k]);
    // A 32-bit mix of the seven words, scaled to the bucket count (multiply, not modulo).
    let hash = 0x2545f491;
    for (let k = 0; k < 7; k++) {
      hash = Math.imul(hash ^ key[k], 0xcc9e2d51);
      hash = Math.imul(hash ^ (hash >>> 15), 0x1b873593);
    }
    hash ^= hash >>> 16;
    hash = Math.imul(hash, 0x85ebca6b);
    hash ^= hash >>> 13;
    return Math.floor(((hash >>> 0) * this.buckets) / TWO_TO_32) * BUCKET_WORDS;
  }

  /** The stored count of `state`'s subtree `depth` plies deep, or -1 when it is not there. */
  probe(state: Int32Array, depth: number): number {
    this.probes++;
    const words = this.words;
    const bucket = this.canonical(state, depth);
    const key = this.key;
    for (let at = bucket; at < bucket + BUCKET_WORDS; at += ENTRY_WORDS) {
      if (
        words[at + TAG] === key[6] &&
        words[at] === key[0] &&
        words[at + 1] === key[1] &&
        words[at + 2] === key[2] &&
        words[at + 3] === key[3] &&
        words[at + 4] === key[4] &&
        words[at + 5] === key[5]
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
    const bucket = this.canonical(state, depth);
    const key = this.key;
    let at = bucket;
    const first = words[bucket + TAG];
    if (first !== 0 && depth < first >>> 2) {
      at = bucket + ENTRY_WORDS;
    } else if (first !== 0) {
      // The shallower (or equal) entry moves to the second slot rather than vanish.
      for (let k = 0; k < ENTRY_WORDS; k++) words[bucket + ENTRY_WORDS + k] = words[bucket + k];
    }
    for (let k = 0; k <= TAG; k++) words[at + k] = key[k];
    words[at + COUNT_LO] = (count % TWO_TO_32) | 0;
    words[at + COUNT_HI] = Math.floor(count / TWO_TO_32) | 0;
  }
}

/** A word of a square set with each rank's files reversed (a <-> h): one byte each. */
function mirrorFiles(word: number): number {
  word = ((word >>> 1) & 0x55555555) | ((word & 0x55555555) << 1);
  word = ((word >>> 2) & 0x33333333) | ((word & 0x33333333) << 2);
  return ((word >>> 4) & 0x0f0f0f0f) | ((word & 0x0f0f0f0f) << 4);
}
