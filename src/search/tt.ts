/**
 * The transposition table's handle in TypeScript: its bytes (the part of the search's memory,
 * search-wasm.ts, that every search thread reads and writes without locks) and the age each
 * search stamps. The search's module probes and stores (src/wasm/tt.ts), in this layout:
 *
 * Entries are three int32 words, five entries to a 64-byte bucket (its last word unused):
 *   w0 = keyHi ^ w1 ^ w2   (a torn or foreign entry fails this check and reads as a miss)
 *   w1 = move reference (bits 0-23) | bound (24-25) | age (26-31)
 *   w2 = score (bits 0-15, signed) | depth (bits 16-23)
 * The bucket is chosen by the low bits of keyLo. The move reference is the move's from and
 * to squares plus its index in the generated move list, which is the same for the same
 * position, so a whole move (with its captured set) is recovered from 24 bits.
 */

const WORDS_PER_BUCKET = 16;
const BYTES_PER_BUCKET = WORDS_PER_BUCKET * 4;

/** Bytes for a table of about `megabytes` MiB: the largest power-of-two bucket count that fits. */
export function tableBytes(megabytes: number): number {
  const buckets = Math.max(1, Math.floor((megabytes * 1024 * 1024) / BYTES_PER_BUCKET));
  return 2 ** Math.floor(Math.log2(buckets)) * BYTES_PER_BUCKET;
}

export class TranspositionTable {
  readonly words: Int32Array;
  /** The current search's age (0-63), stamped on what it stores. */
  age = 0;

  /** The table over `byteLength` bytes of `buffer` from `byteOffset` (all of it by default). */
  constructor(
    buffer: SharedArrayBuffer | ArrayBuffer,
    byteOffset = 0,
    byteLength = buffer.byteLength - byteOffset,
  ) {
    this.words = new Int32Array(buffer, byteOffset, byteLength / 4);
  }

  /** Empties the table. */
  clear(): void {
    this.words.fill(0);
  }
}
