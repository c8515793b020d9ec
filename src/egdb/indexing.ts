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
import { SIDE } from '../core/state.js';
import { WHITE } from '../core/variant.js';
import { type Material } from './material.js';
import { mirrorInPlace, mirrorWord } from './symmetry.js';

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

/** Adds the k squares of colex rank `rank` (plus `offset`) to `out` (lo, hi); returns false on overlap. */
function unrankInto(
  rank: number,
  k: number,
  domain: number,
  offset: number,
  state: Int32Array,
  set: number,
): boolean {
  let top = domain - 1;
  for (let i = k; i >= 1; i--) {
    while (binomial(top, i) > rank) top--;
    rank -= binomial(top, i);
    const square = top + offset;
    const half = square >> 5;
    const bit = 1 << square;
    const occupied = state[half] | state[2 + half] | state[4 + half] | state[6 + half];
    if ((occupied & bit) !== 0) return false;
    state[2 * set + half] |= bit;
    top--;
  }
  return true;
}

interface MirrorTable {
  /** Per colex rank: reduced index * 2 + 1 when the subset must be mirrored to be kept. */
  readonly reduce: Int32Array;
  /** Per reduced index: the colex rank of the kept subset. */
  readonly kept: Int32Array;
}
const mirrorTables = new Map<number, MirrorTable>();

/** The mirror reduction of k-subsets of a domain of `domain` squares from `offset`. */
function mirrorTable(domain: number, k: number, offset: number): MirrorTable {
  const cacheKey = domain * 1000 + k * 100 + offset;
  const cached = mirrorTables.get(cacheKey);
  if (cached) return cached;
  const count = binomial(domain, k);
  const reduce = new Int32Array(count);
  const kept: number[] = [];
  const scratch = new Int32Array(8);
  for (let rank = 0; rank < count; rank++) {
    scratch.fill(0);
    unrankInto(rank, k, domain, offset, scratch, 0);
    const mirrored = rankOfSet(mirrorWord(scratch[0]), mirrorWord(scratch[1]), offset);
    if (mirrored >= rank) {
      reduce[rank] = kept.length * 2;
      kept.push(rank);
    } else {
      reduce[rank] = reduce[mirrored] | 1;
    }
  }
  const table = { reduce, kept: Int32Array.from(kept) };
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
  private readonly scratch = new Int32Array(8);

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
    this.strides = new Float64Array(4);
    let stride = 1;
    for (let group = 3; group >= 0; group--) {
      this.strides[group] = stride;
      stride *= group === first ? this.table.kept.length : binomial(GROUP_DOMAIN[group], this.counts[group]); // prettier-ignore
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
    const entry = this.table.reduce[rankOfSet(state[2 * firstSet], state[2 * firstSet + 1], GROUP_OFFSET[first])]; // prettier-ignore
    const mirrored = (entry & 1) === 1;
    this.mirrored = mirrored;
    let index = (entry >> 1) * this.strides[first];
    for (let group = first + 1; group < 4; group++) {
      if (this.counts[group] === 0) continue;
      const set = GROUP_SET[group];
      const lo = mirrored ? mirrorWord(state[2 * set]) : state[2 * set];
      const hi = mirrored ? mirrorWord(state[2 * set + 1]) : state[2 * set + 1];
      index += rankOfSet(lo, hi, GROUP_OFFSET[group]) * this.strides[group];
    }
    return index;
  }

  /**
   * Writes the position of `index` (White to move) into `state`; false when the index
   * names no position (two pieces on one square).
   */
  decode(index: number, state: Int32Array): boolean {
    for (let i = 0; i < 8; i++) state[i] = 0;
    state[SIDE] = WHITE;
    for (let group = 0; group < 4; group++) {
      const k = this.counts[group];
      if (k === 0) continue;
      const stride = this.strides[group];
      const digit = Math.floor(index / stride);
      index -= digit * stride;
      const rank = group === this.first ? this.table.kept[digit] : digit;
      if (!unrankInto(rank, k, GROUP_DOMAIN[group], GROUP_OFFSET[group], state, GROUP_SET[group])) {
        return false;
      }
    }
    return true;
  }

  /** Whether the mirror image of the decoded position `state` has the same index. */
  mirrorSharesIndex(state: Int32Array, index: number): boolean {
    const mirror = this.scratch;
    mirror.set(state.subarray(0, 8));
    mirrorInPlace(mirror);
    let same = true;
    for (let i = 0; i < 8; i++) if (mirror[i] !== state[i]) same = false;
    if (same) return false; // the position is its own mirror image: one member only
    return this.index(mirror) === index;
  }
}
