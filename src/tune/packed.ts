/**
 * Training positions held packed: a position's piece sets, key and labels in typed arrays
 * (45 bytes each, no object a position), so that ten million of them fit in memory; and a
 * set of positions' 64-bit Zobrist keys for telling duplicates.
 *
 *   position p      words                  keys                 info (u8)            label
 *   +---------------------------------+-------------------+----------------------+-------+
 *   | words[8p .. 8p+7]: state.ts's   | keys[2p], [2p+1]: | bit 0 side to move,  | i32:  |
 *   | piece sets, lo and hi each      | KEY_LO, KEY_HI    | bits 1-2 result for  | score |
 *   |                                 |                   | White (0, 1/2, 1),   | or    |
 *   |                                 |                   | bits 3-4 label kind  | mate  |
 *   +---------------------------------+-------------------+----------------------+-------+
 */
import { KEY_HI, KEY_LO, PIECE_WORDS, SIDE, STATE_SIZE } from '../core/state.js';
import type { TrainingPosition } from './positions.js';

/** What a position's label is: none, the search's score in centi-men, or its `mate N`. */
export const LABEL_NONE = 0;
export const LABEL_SCORE = 1;
export const LABEL_MATE = 2;

/** The result codes of `info`: the game's result for White. */
export const RESULTS: readonly number[] = [0, 0.5, 1];

/** A growing list of packed positions. */
export class PackedPositions {
  count = 0;
  /** In shared memory: the trainer's worker threads read the piece sets in place. */
  words: Int32Array<ArrayBufferLike> = new Int32Array(new SharedArrayBuffer(0));
  keys = new Int32Array(0);
  info = new Uint8Array(0);
  label = new Int32Array(0);

  private room(extra: number): void {
    const need = this.count + extra;
    if (need <= this.info.length) return;
    const size = Math.max(1024, Math.ceil(this.info.length * 1.5), need);
    const grow = <T extends Int32Array<ArrayBufferLike> | Uint8Array>(old: T, make: (n: number) => T, per: number): T => {
      const fresh = make(size * per);
      fresh.set(old.subarray(0, this.count * per));
      return fresh;
    }; // prettier-ignore
    this.words = grow(this.words, (n) => new Int32Array(new SharedArrayBuffer(4 * n)), PIECE_WORDS);
    this.keys = grow(this.keys, (n) => new Int32Array(n), 2);
    this.info = grow(this.info, (n) => new Uint8Array(n), 1);
    this.label = grow(this.label, (n) => new Int32Array(n), 1);
  }

  /** Adds a position (its key must be the state's own); `resultCode` indexes RESULTS. */
  push(state: Int32Array, resultCode: number, labelKind: number, label: number): void {
    this.room(1);
    const p = this.count++;
    for (let word = 0; word < PIECE_WORDS; word++) this.words[p * PIECE_WORDS + word] = state[word]; // prettier-ignore
    this.keys[2 * p] = state[KEY_LO];
    this.keys[2 * p + 1] = state[KEY_HI];
    this.info[p] = (state[SIDE] & 1) | (resultCode << 1) | (labelKind << 3);
    this.label[p] = labelKind === LABEL_NONE ? 0 : label;
  }

  /** Adds position p of `other`. */
  pushFrom(other: PackedPositions, p: number): void {
    this.room(1);
    const q = this.count++;
    this.words.set(other.words.subarray(p * PIECE_WORDS, (p + 1) * PIECE_WORDS), q * PIECE_WORDS); // prettier-ignore
    this.keys[2 * q] = other.keys[2 * p];
    this.keys[2 * q + 1] = other.keys[2 * p + 1];
    this.info[q] = other.info[p];
    this.label[q] = other.label[p];
  }

  /** Writes position p's pieces, side to move and key into `state` (its counters 0). */
  stateInto(p: number, state: Int32Array): Int32Array {
    for (let word = 0; word < PIECE_WORDS; word++) state[word] = this.words[p * PIECE_WORDS + word]; // prettier-ignore
    state[SIDE] = this.info[p] & 1;
    state[KEY_LO] = this.keys[2 * p];
    state[KEY_HI] = this.keys[2 * p + 1];
    for (let at = KEY_HI + 1; at < STATE_SIZE; at++) state[at] = 0;
    return state;
  }

  side(p: number): number {
    return this.info[p] & 1;
  }
  resultCode(p: number): number {
    return (this.info[p] >> 1) & 3;
  }
  labelKind(p: number): number {
    return (this.info[p] >> 3) & 3;
  }

  /** Forgets every position from `count` on. */
  truncate(count: number): void {
    this.count = Math.min(this.count, count);
  }
}

/**
 * A set of 64-bit keys (open addressing, linear probing). Two distinct positions share a key
 * with a chance of about n^2 / 2^65: once in a hundred thousand folders of ten million.
 */
export class KeySet {
  size = 0;
  private table = new Int32Array(2 * 1024);
  private used = new Uint8Array(1024);

  /** Whether the key is in the set. */
  has(lo: number, hi: number): boolean {
    return this.used[this.slot(lo, hi)] === 1;
  }

  /** Adds the key; false when it was there already. */
  add(lo: number, hi: number): boolean {
    if (2 * (this.size + 1) > this.used.length) this.grow();
    const slot = this.slot(lo, hi);
    if (this.used[slot] === 1) return false;
    this.used[slot] = 1;
    this.table[2 * slot] = lo;
    this.table[2 * slot + 1] = hi;
    this.size++;
    return true;
  }

  private slot(lo: number, hi: number): number {
    const mask = this.used.length - 1;
    let slot = (Math.imul(lo ^ hi, 0x9e3779b1) >>> 0) & mask;
    while (this.used[slot] === 1 && (this.table[2 * slot] !== lo || this.table[2 * slot + 1] !== hi)) slot = (slot + 1) & mask; // prettier-ignore
    return slot;
  }

  private grow(): void {
    const table = this.table;
    const used = this.used;
    this.table = new Int32Array(2 * table.length);
    this.used = new Uint8Array(2 * used.length);
    this.size = 0;
    for (let slot = 0; slot < used.length; slot++) {
      if (used[slot] === 1) this.add(table[2 * slot], table[2 * slot + 1]);
    }
  }
}

/**
 * The positions as TrainingPositions (a `mate N` kept without a score), for the linear fit;
 * at most `most` of them, spread evenly over the list.
 */
export function trainingPositions(positions: PackedPositions, most = Infinity): TrainingPosition[] {
  const out: TrainingPosition[] = [];
  const stride = Math.max(1, Math.ceil(positions.count / most));
  for (let p = 0; p < positions.count; p += stride) {
    const state = positions.stateInto(p, new Int32Array(STATE_SIZE));
    const result = RESULTS[positions.resultCode(p)];
    out.push(positions.labelKind(p) === LABEL_SCORE ? { state, result, score: positions.label[p] } : { state, result }); // prettier-ignore
  }
  return out;
}
