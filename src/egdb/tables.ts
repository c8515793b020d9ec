/**
 * A set of loaded tables and the probe that reads them. The tables' arrays may live in
 * SharedArrayBuffers (file.ts loads them so): every search thread wraps the same memory
 * in its own EndgameTables, whose probe allocates nothing.
 */
import { popcount32 } from '../core/bitboard.js';
import { kingsHiWord, kingsLoWord, menHiWord, menLoWord, SIDE } from '../core/state.js';
import { BLACK, type Rules } from '../core/variant.js';
import { Indexer } from './indexing.js';
import { keyOf, materialKey, pieceCount, type Material } from './material.js';
import { swapColours } from './symmetry.js';
import { INVALID } from './value.js';

/** One table's memory as it travels between threads. */
export interface TableData {
  readonly material: Material;
  readonly values: Uint16Array;
}

export class EndgameTables {
  /** The most pieces of any loaded table (0: nothing loaded). */
  maxPieces = 0;
  /** Probes that found their position (kept per instance; the search reads it). */
  hits = 0;
  private readonly values: (Uint16Array | undefined)[] = new Array<Uint16Array | undefined>(
    1 << 16,
  );
  private readonly indexers: (Indexer | undefined)[] = new Array<Indexer | undefined>(1 << 16);
  private readonly scratch = new Int32Array(12);
  private readonly loaded: TableData[] = [];

  constructor(readonly rules: Rules) {}

  /** Adds (or replaces) the table of a signature. */
  add(table: TableData): void {
    const key = keyOf(table.material);
    if (this.values[key] === undefined) this.loaded.push(table);
    else this.loaded[this.loaded.findIndex((t) => keyOf(t.material) === key)] = table;
    this.values[key] = table.values;
    this.indexers[key] = new Indexer(table.material);
    this.maxPieces = Math.max(this.maxPieces, pieceCount(table.material));
  }

  /** Whether the table of a signature is here. */
  has(material: Material): boolean {
    return this.values[keyOf(material)] !== undefined;
  }

  /** The loaded tables, to hand to other threads. */
  get tables(): readonly TableData[] {
    return this.loaded;
  }

  /** How many entries all tables hold. */
  get entries(): number {
    return this.loaded.reduce((sum, table) => sum + table.values.length, 0);
  }

  /**
   * The entry (value.ts) of a position for its side to move, or -1 when no loaded table
   * covers it. A side to move without pieces has lost (code 1). Reads the pieces and the
   * side to move of a raw state; never the no-progress counter.
   */
  probe(state: Int32Array): number {
    const mover = state[SIDE];
    const other = mover ^ 1;
    const moverMen = popcount32(state[menLoWord(mover)]) + popcount32(state[menHiWord(mover)]);
    const moverKings = popcount32(state[kingsLoWord(mover)]) + popcount32(state[kingsHiWord(mover)]); // prettier-ignore
    const otherMen = popcount32(state[menLoWord(other)]) + popcount32(state[menHiWord(other)]);
    const otherKings = popcount32(state[kingsLoWord(other)]) + popcount32(state[kingsHiWord(other)]); // prettier-ignore
    if (moverMen + moverKings === 0) return 1;
    if (moverMen + moverKings + otherMen + otherKings > this.maxPieces) return -1;
    if (otherMen + otherKings === 0) return -1;
    const key = materialKey(moverMen, moverKings, otherMen, otherKings);
    const values = this.values[key];
    if (values === undefined) return -1;
    let board = state;
    if (mover === BLACK) {
      board = this.scratch;
      swapColours(state, board);
    }
    const code = values[(this.indexers[key] as Indexer).index(board)];
    if (code === INVALID) return -1;
    this.hits++;
    return code;
  }
}
