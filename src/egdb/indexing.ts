/**
 * Positions of one material signature, White to move, numbered densely by square
 * combinations: each group of like pieces (White men, White kings, Black men, Black kings)
 * is a k-subset of its squares, ranked in colex order, and the ranks combine as digits.
 * Men are ranked over the 56 squares they may stand on (never their crowning row). The
 * first non-empty group is ranked up to the left-right mirror (symmetry.ts): of a subset
 * and its mirror image only one is kept, so the table holds about half the positions.
 * Index digits do not exclude two groups claiming one square: such entries are invalid
 * and marked so in the table (a few percent for small signatures).
 *
 *   index = ((r0 * n1 + r1) * n2 + r2) * n3 + r3      r0 mirror-reduced, ni = C(domain, ki)
 */
import { PIECE_WORDS, setWord, SIDE } from '../core/state.js';
import { WHITE } from '../core/variant.js';
import { type Material } from './material.js';
import { mirrorWord } from './symmetry.js';

const MAX_K = 8;
/** `BINOMIAL[n * (MAX_K + 1) + k]` = C(n, k) for n <= 64. */
const BINOMIAL = (() => {
  const table = new Float64Array(65 * (MAX_K + 1));
  for (let n = 0; n <= 64; n++) {
    table[n * (MAX_K + 1)] = 1;
    for (let k = 1; k <= MAX_K; k++) {
      table[n * (MAX_K + 1) + k] =
        n === 0 ? 0 : table[(n - 1) * (MAX_K + 1) + k - 1] + table[(n - 1) * (MAX_K + 1) + k];
    }
  }
  return table;
})();

function binomial(n: number, k: number): number {
  return BINOMIAL[n * (MAX_K + 1) + k];
}

/** Colex rank of the set (lo, hi) whose squares, less `offset`, lie in the group's domain. */
function rankOfSet(lo: number, hi: number, offset: number): number {
  let rank = 0;
  let i = 1;
  while (lo !== 0) {
    const square = 31 - Math.clz32(lo & -lo);
    lo &= lo - 1;
    rank += BINOMIAL[(square - offset) * (MAX_K + 1) + i++];
  }
  while (hi !== 0) {
    const square = 63 - Math.clz32(hi & -hi);
    hi &= hi - 1;
    rank += BINOMIAL[(square - offset) * (MAX_K + 1) + i++];
  }
  return rank;
}

/** Writes the k squares of colex rank `rank` (plus `offset`) as a set into `out` (lo, hi). */
function unrankInto(
  rank: number,
  k: number,
  domain: number,
  offset: number,
  out: Int32Array,
): void {
  out[0] = 0;
  out[1] = 0;
  let top = domain - 1;
  for (let i = k; i >= 1; i--) {
    while (binomial(top, i) > rank) top--;
    rank -= binomial(top, i);
    const square = top + offset;
    out[square >> 5] |= 1 << square;
    top--;
  }
}

/** Per colex rank of the k-subsets of a domain: the set's halves (lo, hi), side by side. */
const subsetTables = new Map<number, Int32Array>();

function subsetTable(domain: number, k: number, offset: number): Int32Array {
  const cacheKey = domain * 1000 + k * 100 + offset;
  const cached = subsetTables.get(cacheKey);
  if (cached) return cached;
  const count = binomial(domain, k);
  const table = new Int32Array(2 * count);
  const set = new Int32Array(2);
  for (let rank = 0; rank < count; rank++) {
    unrankInto(rank, k, domain, offset, set);
    table[2 * rank] = set[0];
    table[2 * rank + 1] = set[1];
  }
  subsetTables.set(cacheKey, table);
  return table;
}

interface MirrorTable {
  /** Per colex rank: reduced index * 2 + 1 when the subset must be mirrored to be kept. */
  readonly reduce: Int32Array;
  /** Per reduced index: the kept subset's halves (lo, hi), side by side. */
  readonly kept: Int32Array;
  /** Per reduced index: 1 when the kept subset is its own mirror image. */
  readonly symmetric: Uint8Array;
}
const mirrorTables = new Map<number, MirrorTable>();

/** The mirror reduction of k-subsets of a domain of `domain` squares from `offset`. */
function mirrorTable(domain: number, k: number, offset: number): MirrorTable {
  const cacheKey = domain * 1000 + k * 100 + offset;
  const cached = mirrorTables.get(cacheKey);
  if (cached) return cached;
  const subsets = subsetTable(domain, k, offset);
  const count = binomial(domain, k);
  const reduce = new Int32Array(count);
  const kept: number[] = [];
  const symmetric: number[] = [];
  for (let rank = 0; rank < count; rank++) {
    const lo = subsets[2 * rank];
    const hi = subsets[2 * rank + 1];
    const mirrored = rankOfSet(mirrorWord(lo), mirrorWord(hi), offset);
    if (mirrored >= rank) {
      reduce[rank] = symmetric.length * 2;
      kept.push(lo, hi);
      symmetric.push(mirrored === rank ? 1 : 0);
    } else {
      reduce[rank] = reduce[mirrored] | 1;
    }
  }
  const table = { reduce, kept: Int32Array.from(kept), symmetric: Uint8Array.from(symmetric) };
  mirrorTables.set(cacheKey, table);
  return table;
}

/** Piece sets of the groups in index order, where their squares start, how many they may use. */
const GROUP_SET = [0, 2, 1, 3];
const GROUP_OFFSET = [0, 0, 8, 0];
const GROUP_DOMAIN = [56, 64, 56, 64];

/** Numbers the positions of one signature (White to move) and finds them again. */
export class Indexer {
  /** Entries in a table of this signature. */
  readonly size: number;
  /** Set by index(): whether the position had to be mirrored to be found. */
  mirrored = false;
  private readonly counts: Int32Array;
  private readonly strides: Float64Array;
  private readonly first: number;
  private readonly table: MirrorTable;
  /** Per group: its subsets by colex rank (the first group reads `table.kept`). */
  private readonly subsets: Int32Array[];
  /** Set by prepare(): each group's part of the index. */
  private readonly part = new Float64Array(4);
  /** Set by prepare(): the first group's reduced entry (digit * 2 + mirrored). */
  private firstEntry = 0;
  /** Set by prepare(): the parts of the groups after the first, as is. */
  private restPart = 0;

  constructor(readonly material: Material) {
    this.counts = Int32Array.from([
      material.moverMen,
      material.moverKings,
      material.otherMen,
      material.otherKings,
    ]);
    this.first = this.counts.findIndex((count) => count > 0);
    const first = this.first;
    this.table = mirrorTable(GROUP_DOMAIN[first], this.counts[first], GROUP_OFFSET[first]);
    this.subsets = [0, 1, 2, 3].map((group) => subsetTable(GROUP_DOMAIN[group], this.counts[group], GROUP_OFFSET[group])); // prettier-ignore
    this.strides = new Float64Array(4);
    let stride = 1;
    for (let group = 3; group >= 0; group--) {
      this.strides[group] = stride;
      stride *= group === first ? this.table.symmetric.length : binomial(GROUP_DOMAIN[group], this.counts[group]); // prettier-ignore
    }
    this.size = stride;
  }

  /**
   * The index of a position of this signature with White to move (pieces only are read).
   * Sets `mirrored` when the stored entry is that of the position's mirror image.
   */
  index(state: Int32Array): number {
    const first = this.first;
    const firstSet = GROUP_SET[first];
    const entry = this.table.reduce[rankOfSet(state[setWord(firstSet, 0)], state[setWord(firstSet, 1)], GROUP_OFFSET[first])]; // prettier-ignore
    const mirrored = (entry & 1) === 1;
    this.mirrored = mirrored;
    let index = (entry >> 1) * this.strides[first];
    for (let group = first + 1; group < 4; group++) {
      if (this.counts[group] === 0) continue;
      const set = GROUP_SET[group];
      const lo = mirrored ? mirrorWord(state[setWord(set, 0)]) : state[setWord(set, 0)];
      const hi = mirrored ? mirrorWord(state[setWord(set, 1)]) : state[setWord(set, 1)];
      index += rankOfSet(lo, hi, GROUP_OFFSET[group]) * this.strides[group];
    }
    return index;
  }

  /**
   * Remembers a position of this signature (pieces only are read) for indexChanged(),
   * which then indexes positions that differ from it in one group only.
   */
  prepare(state: Int32Array): void {
    const first = this.first;
    const firstSet = GROUP_SET[first];
    this.firstEntry = this.table.reduce[rankOfSet(state[setWord(firstSet, 0)], state[setWord(firstSet, 1)], GROUP_OFFSET[first])]; // prettier-ignore
    let rest = 0;
    for (let group = first + 1; group < 4; group++) {
      if (this.counts[group] === 0) continue;
      const set = GROUP_SET[group];
      this.part[group] = rankOfSet(state[setWord(set, 0)], state[setWord(set, 1)], GROUP_OFFSET[group]) * this.strides[group]; // prettier-ignore
      rest += this.part[group];
    }
    this.restPart = rest;
  }

  /**
   * The index of the prepared position with the pieces of `group` (0 White men, 1 White
   * kings, 2 Black men, 3 Black kings) replaced by the set (lo, hi), or -1 when that
   * position's entry is its mirror image's (index() would set `mirrored`). For the
   * retrograde build, which moves one piece at a time.
   */
  indexChanged(group: number, lo: number, hi: number): number {
    const first = this.first;
    if (group === first) {
      const entry = this.table.reduce[rankOfSet(lo, hi, GROUP_OFFSET[group])];
      return (entry & 1) === 1 ? -1 : (entry >> 1) * this.strides[first] + this.restPart;
    }
    if ((this.firstEntry & 1) === 1) return -1;
    const changed = rankOfSet(lo, hi, GROUP_OFFSET[group]) * this.strides[group];
    return (this.firstEntry >> 1) * this.strides[first] + this.restPart - this.part[group] + changed; // prettier-ignore
  }

  /** Whether indexChanged() of a group other than the first can find anything (not mirrored). */
  get preparedKeepsOrientation(): boolean {
    return (this.firstEntry & 1) === 0;
  }

  /**
   * Writes the position of `index` (White to move) into `state`; false when the index
   * names no position (two pieces on one square).
   */
  decode(index: number, state: Int32Array): boolean {
    for (let i = 0; i < PIECE_WORDS; i++) state[i] = 0;
    state[SIDE] = WHITE;
    let occupiedLo = 0;
    let occupiedHi = 0;
    for (let group = 0; group < 4; group++) {
      if (this.counts[group] === 0) continue;
      const stride = this.strides[group];
      const digit = Math.floor(index / stride);
      index -= digit * stride;
      const sets = group === this.first ? this.table.kept : this.subsets[group];
      const lo = sets[2 * digit];
      const hi = sets[2 * digit + 1];
      if (((lo & occupiedLo) | (hi & occupiedHi)) !== 0) return false;
      occupiedLo |= lo;
      occupiedHi |= hi;
      const set = GROUP_SET[group];
      state[setWord(set, 0)] = lo;
      state[setWord(set, 1)] = hi;
    }
    return true;
  }

  /**
   * Whether the entry `index` stands for two positions, a position and its mirror image:
   * so when its first group is not its own mirror image (a position whose first group is
   * symmetric has its mirror image at another index, or is its own mirror image).
   */
  mirrorSharesIndex(index: number): boolean {
    return this.table.symmetric[Math.floor(index / this.strides[this.first])] === 0;
  }
}
