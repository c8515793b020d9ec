/**
 * Retrograde analysis of one unit: a material signature and its colour swap, solved
 * together because a quiet move of one side to move leads from one to the other.
 *
 * Every position is first looked at forwards with core's move generator. Moves that
 * capture or crown leave the unit for a smaller signature, already solved and probed
 * through `exits`; the other moves stay inside, and each position counts them. Then the
 * values spread backwards, one distance at a time: a position lost in d plies makes every
 * predecessor a win in d + 1; a position won in d plies takes one from each predecessor's
 * count, and a predecessor with none left (and no escape through a draw or an exit) is a
 * loss. Predecessors come from un-moving a piece of the side that just moved (kings slide
 * back, men step back), kept only where that side had no capture (capture is compulsory:
 * the scan marks the positions whose moves are captures). Each position is decided once
 * and un-moved once, so the work is the number of positions times their predecessors,
 * with no pass over undecided positions. Whatever is undecided at the end is a draw:
 * neither side can force the end of the game.
 *
 * The counts stay exact under the mirror reduction of the index (indexing.ts): a stored
 * entry stands for a position and, when they share the index, its mirror image; both are
 * un-moved, and a predecessor is counted only in the orientation its entry is decoded in.
 *
 * Nothing is allocated per position: values, counts and flags are typed arrays over the
 * unit's entries, the lists of entries by distance are linked through one more, and a
 * parent's index is found from the one group of pieces that moved (Indexer.indexChanged).
 * About 8 bytes an entry while building: the 16-bit value (which, while an entry is
 * undecided, holds its fastest winning exit or its longest losing one), an 8-bit count,
 * 8 bits of flags and the 32-bit link; plus 4 bytes for each entry with a winning exit,
 * sorted by that exit's distance.
 */
import { generateMoves, isCapture, MoveList, moveFrom, moveTo } from '../core/movegen.js';
import {
  applyMoveToSets,
  occupancyHi,
  occupancyLo,
  SIDE,
  squareWord,
  STATE_SIZE,
  WHITE_KINGS,
  WHITE_KINGS_LO,
  WHITE_MEN_LO,
} from '../core/state.js';
import {
  DIRECTION_COUNT,
  NEIGHBOUR,
  OPPOSITE_DIRECTION,
  WHITE,
  type Rules,
} from '../core/variant.js';
import { Indexer } from './indexing.js';
import { type Material } from './material.js';
import { mirrorInPlace, swapColours } from './symmetry.js';
import { DRAW, INVALID, MAX_DISTANCE } from './value.js';

/** Probes a position outside the unit (fewer pieces or fewer men): an entry code, never -1. */
export type ExitProbe = (state: Int32Array) => number;

export interface UnitResult {
  readonly material: Material;
  readonly values: Uint16Array;
}

export interface UnitProgress {
  /** 'scan' while looking at every position, then 'spread' per distance. */
  readonly phase: 'scan' | 'spread';
  readonly done: number;
  readonly total: number;
}

const FLAG_DRAW_EXIT = 1;
const FLAG_WIN_EXIT = 2;
const FLAG_DONE = 4;
/** The side to move must capture: no quiet move, so it is no predecessor inside the unit. */
const FLAG_CAPTURE = 8;

/**
 * The entries with a winning exit, sorted by its distance (a counting sort, once the scan
 * has left each one's distance in its value): `entries[start[d]..start[d + 1]]` win in d + 1.
 */
interface WinExits {
  readonly entries: Int32Array;
  readonly start: Int32Array;
  /** The largest distance with an entry (-1: none). */
  readonly last: number;
}

/**
 * Lists of entries by distance, linked through one typed array: each entry is on at most
 * one list of a set, so pushing allocates nothing.
 */
class DistanceLists {
  readonly head = new Int32Array(MAX_DISTANCE + 1).fill(-1);
  readonly next: Int32Array;
  /** The largest distance pushed so far (-1: none). */
  last = -1;

  constructor(entries: number) {
    this.next = new Int32Array(entries);
  }

  push(d: number, entry: number): void {
    if (d > MAX_DISTANCE) throw new Error('distance beyond what a table entry holds');
    this.next[entry] = this.head[d];
    this.head[d] = entry;
    if (d > this.last) this.last = d;
  }
}

/** What the scan and the spread of a unit share: its tables and the state of each entry. */
interface UnitWork {
  readonly indexers: Indexer[];
  /** The table a position of table t moves into (its colour swap): the other one, or itself. */
  readonly next: readonly number[];
  /** Decided entries' codes; an undecided entry's fastest winning exit, or longest loss. */
  readonly values: Uint16Array[];
  /** An entry of the unit is its table's first entry (base[t]) plus its index in the table. */
  readonly base: readonly number[];
  readonly total: number;
  /** Quiet moves that stay inside the unit and are not yet known to lose, per entry. */
  readonly inside: Uint8Array;
  readonly flags: Uint8Array;
  /** Entries decided at distance d, to spread from. */
  readonly levels: DistanceLists;
}

/** Builds the tables of a unit: one material, or a material and its colour swap. */
export function solveUnit(
  rules: Rules,
  unit: readonly Material[],
  exits: ExitProbe,
  onProgress: (progress: UnitProgress) => void = () => {},
): UnitResult[] {
  const indexers = unit.map((material) => new Indexer(material));
  const total = indexers.reduce((sum, indexer) => sum + indexer.size, 0);
  const work: UnitWork = {
    indexers,
    next: unit.length === 2 ? [1, 0] : [0],
    values: indexers.map((indexer) => new Uint16Array(indexer.size)),
    base: [0, indexers[0].size],
    total,
    inside: new Uint8Array(total),
    flags: new Uint8Array(total),
    levels: new DistanceLists(total),
  };
  scanUnit(rules, work, exits, onProgress);
  spreadUnit(rules, work, sortWinExits(work), onProgress);
  // Whatever is undecided is a draw.
  for (let t = 0; t < indexers.length; t++) {
    const value = work.values[t];
    for (let index = 0; index < value.length; index++) {
      if ((work.flags[work.base[t] + index] & FLAG_DONE) === 0) value[index] = DRAW;
    }
  }
  return unit.map((material, t) => ({ material, values: work.values[t] }));
}

/** The entries the scan left with a winning exit, sorted by its distance (WinExits). */
function sortWinExits(work: UnitWork): WinExits {
  const { indexers, values, base, flags } = work;
  const start = new Int32Array(MAX_DISTANCE + 3);
  for (let pass = 0; pass < 2; pass++) {
    const entries = new Int32Array(pass === 0 ? 0 : start[MAX_DISTANCE + 2]);
    const fill = start.slice();
    for (let t = 0; t < indexers.length; t++) {
      const value = values[t];
      for (let index = 0; index < value.length; index++) {
        const entry = base[t] + index;
        if ((flags[entry] & (FLAG_WIN_EXIT | FLAG_DONE)) !== FLAG_WIN_EXIT) continue;
        if (pass === 0) start[value[index] + 1]++;
        else entries[fill[value[index]]++] = entry;
      }
    }
    if (pass === 1) {
      let last = MAX_DISTANCE + 1;
      while (last >= 0 && start[last + 1] === start[last]) last--;
      return { entries, start, last };
    }
    for (let d = 1; d < start.length; d++) start[d] += start[d - 1];
  }
  throw new Error('unreachable');
}

/**
 * Looks at every position of the unit once: positions with no move are lost, and each
 * capture or crowning (a move out of the unit) is probed, so that a position whose moves
 * all leave is decided, and one with a winning exit is queued at that distance.
 */
function scanUnit(
  rules: Rules,
  work: UnitWork,
  exits: ExitProbe,
  onProgress: (progress: UnitProgress) => void,
): void {
  const { indexers, values, base, total, inside, flags, levels } = work;
  const state = new Int32Array(STATE_SIZE);
  const child = new Int32Array(STATE_SIZE);
  const list = new MoveList();
  let done = 0;
  for (let t = 0; t < indexers.length; t++) {
    const indexer = indexers[t];
    const value = values[t];
    for (let index = 0; index < indexer.size; index++) {
      if ((++done & 0xffff) === 0) onProgress({ phase: 'scan', done, total });
      const entry = base[t] + index;
      if (!indexer.decode(index, state)) {
        value[index] = INVALID;
        flags[entry] = FLAG_DONE;
        continue;
      }
      const count = generateMoves(rules, state, list);
      if (count === 0) {
        value[index] = 1;
        flags[entry] = FLAG_DONE;
        levels.push(0, entry);
        continue;
      }
      let stay = 0;
      let bestWin = Infinity;
      let longestLoss = 0;
      let drawExit = false;
      for (let i = 0; i < count; i++) {
        const move = list.moves[i];
        const from = moveFrom(move);
        const to = moveTo(move);
        const isKing = (state[squareWord(WHITE_KINGS, from)] >>> from) & 1;
        if (!isCapture(move) && (isKing === 1 || to >> 3 !== rules.crownRank[0])) {
          stay++;
          continue;
        }
        for (let k = 0; k <= SIDE; k++) child[k] = state[k];
        applyMoveToSets(rules, child, from, to, list.capturedLo[i], list.capturedHi[i]);
        const code = exits(child);
        if (code < 0) throw new Error('a capture or crowning leads to a position no table covers');
        if (code === DRAW) drawExit = true;
        else if (((code - 1) & 1) === 0) bestWin = Math.min(bestWin, code);
        else longestLoss = Math.max(longestLoss, code);
      }
      if (stay > 255) throw new Error('more quiet moves than a counter holds');
      inside[entry] = stay;
      if (isCapture(list.moves[0])) flags[entry] = FLAG_CAPTURE;
      if (bestWin !== Infinity) {
        flags[entry] |= FLAG_WIN_EXIT;
        value[index] = bestWin; // child lost in bestWin - 1: won in bestWin
      } else if (stay === 0) {
        flags[entry] |= FLAG_DONE;
        if (!drawExit) {
          value[index] = longestLoss + 1;
          levels.push(longestLoss, entry);
        }
      } else {
        if (drawExit) flags[entry] |= FLAG_DRAW_EXIT;
        value[index] = longestLoss;
      }
    }
  }
}

/**
 * Spreads the decided positions distance by distance to their parents (positions one quiet
 * move before): a parent of a lost position wins, a parent all of whose moves are known to
 * lose is lost.
 */
function spreadUnit(
  rules: Rules,
  work: UnitWork,
  winExits: WinExits,
  onProgress: (progress: UnitProgress) => void,
): void {
  const { indexers, next, values, base, total, inside, flags, levels } = work;
  const state = new Int32Array(STATE_SIZE);
  // The spread works on the colour swap of each decided position: there the side that
  // just moved is White, whose pieces are un-moved, and the result is a parent as its
  // table stores it (White to move), with no swap per parent.
  const moved = new Int32Array(STATE_SIZE);
  const slides = rules.kingSlides;
  const steps = rules.manSteps[WHITE];
  let spread = 0;
  for (let d = 0; d <= levels.last || d <= winExits.last; d++) {
    for (let at = winExits.start[d]; at < winExits.start[d + 1]; at++) {
      const entry = winExits.entries[at];
      if ((flags[entry] & FLAG_DONE) !== 0) continue;
      flags[entry] |= FLAG_DONE;
      const t = entry < base[1] || indexers.length === 1 ? 0 : 1;
      values[t][entry - base[t]] = d + 1;
      levels.push(d, entry);
    }
    const won = (d & 1) === 1;
    for (let entry = levels.head[d]; entry >= 0; entry = levels.next[entry]) {
      if ((++spread & 0xffff) === 0) onProgress({ phase: 'spread', done: spread, total });
      const t = entry < base[1] || indexers.length === 1 ? 0 : 1;
      const index = entry - base[t];
      const indexer = indexers[t];
      indexer.decode(index, state);
      const members = indexer.mirrorSharesIndex(index) ? 2 : 1;
      const target = next[t];
      const targetIndexer = indexers[target];
      const targetBase = base[target];
      const targetValues = values[target];
      for (let m = 0; m < members; m++) {
        if (m === 1) mirrorInPlace(state);
        swapColours(state, moved);
        targetIndexer.prepare(moved);
        const occupiedLo = occupancyLo(moved);
        const occupiedHi = occupancyHi(moved);
        // White's men (index group 0) and kings (group 1): each came from an empty square.
        for (let group = 0; group < 2; group++) {
          const king = group === 1;
          const word = king ? WHITE_KINGS_LO : WHITE_MEN_LO;
          // Moving a piece of a group after the first keeps the first group's orientation.
          if (king && targetIndexer.material.moverMen > 0 && !targetIndexer.preparedKeepsOrientation) continue; // prettier-ignore
          const directions = king ? slides : steps;
          const lo = moved[word];
          const hi = moved[word + 1];
          for (let half = 0; half < 2; half++) {
            let bits = half === 0 ? lo : hi;
            while (bits !== 0) {
              const square = half * 32 + 31 - Math.clz32(bits & -bits);
              bits &= bits - 1;
              const withoutLo = half === 0 ? lo ^ (1 << square) : lo;
              const withoutHi = half === 1 ? hi ^ (1 << square) : hi;
              for (let k = 0; k < directions.length; k++) {
                // A king came back along any of its lines; a man from one step behind.
                const back = king ? directions[k] : OPPOSITE_DIRECTION[directions[k]];
                let origin = NEIGHBOUR[square * DIRECTION_COUNT + back];
                while (origin >= 0) {
                  if ((((origin < 32 ? occupiedLo : occupiedHi) >>> origin) & 1) !== 0) break;
                  const parent =
                    origin < 32
                      ? targetIndexer.indexChanged(group, withoutLo | (1 << origin), withoutHi)
                      : targetIndexer.indexChanged(group, withoutLo, withoutHi | (1 << origin));
                  const parentEntry = targetBase + parent;
                  // Counted only in the orientation the parent's entry is decoded in, and
                  // only where the parent had no capture (a quiet move was legal there).
                  if (parent >= 0 && (flags[parentEntry] & (FLAG_DONE | FLAG_CAPTURE)) === 0) {
                    if (!won) {
                      flags[parentEntry] |= FLAG_DONE;
                      targetValues[parent] = d + 2;
                      levels.push(d + 1, parentEntry);
                    } else if (--inside[parentEntry] === 0 && flags[parentEntry] === 0) {
                      flags[parentEntry] |= FLAG_DONE;
                      const loss = Math.max(d + 1, targetValues[parent]);
                      targetValues[parent] = loss + 1;
                      levels.push(loss, parentEntry);
                    }
                  }
                  if (!king) break;
                  origin = NEIGHBOUR[origin * DIRECTION_COUNT + back];
                }
              }
            }
          }
        }
      }
    }
  }
}
