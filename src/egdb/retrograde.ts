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
 * back, men step back), kept only where that side had no capture (capture is compulsory).
 * Whatever is undecided at the end is a draw: neither side can force the end of the game.
 *
 * The counts stay exact under the mirror reduction of the index (indexing.ts): a stored
 * entry stands for a position and, when they share the index, its mirror image; both are
 * un-moved, and a predecessor is counted only in the orientation its entry is decoded in.
 */
import { generateMoves, hasCapture, MoveList } from '../core/movegen.js';
import { applyMoveToSets, SIDE, STATE_SIZE } from '../core/state.js';
import {
  BLACK,
  WEST,
  DIRECTION_COUNT,
  NEIGHBOUR,
  OPPOSITE_DIRECTION,
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

/** Builds the tables of a unit: one material, or a material and its colour swap. */
export function solveUnit(
  rules: Rules,
  unit: readonly Material[],
  exits: ExitProbe,
  onProgress: (progress: UnitProgress) => void = () => {},
): UnitResult[] {
  const indexers = unit.map((material) => new Indexer(material));
  // The table a position of table t moves into (its colour swap): the other one, or itself.
  const next = unit.length === 2 ? [1, 0] : [0];
  const values = indexers.map((indexer) => new Uint16Array(indexer.size));
  const inside = indexers.map((indexer) => new Uint8Array(indexer.size));
  const flags = indexers.map((indexer) => new Uint8Array(indexer.size));
  const lossFloor = indexers.map((indexer) => new Uint16Array(indexer.size));
  /** levels[d]: entries (index * 2 + table) decided at distance d, to spread from. */
  const levels: number[][] = [];
  /** winExits[d]: entries with an exit that wins in d plies. */
  const winExits: number[][] = [];
  const push = (lists: number[][], d: number, entry: number) => {
    if (d > MAX_DISTANCE) throw new Error('distance beyond what a table entry holds');
    while (lists.length <= d) lists.push([]);
    lists[d].push(entry);
  };

  const state = new Int32Array(STATE_SIZE);
  const child = new Int32Array(STATE_SIZE);
  const list = new MoveList();
  const total = indexers.reduce((sum, indexer) => sum + indexer.size, 0);
  let done = 0;
  for (let t = 0; t < unit.length; t++) {
    const indexer = indexers[t];
    const value = values[t];
    for (let index = 0; index < indexer.size; index++) {
      if ((++done & 0xffff) === 0) onProgress({ phase: 'scan', done, total });
      if (!indexer.decode(index, state)) {
        value[index] = INVALID;
        flags[t][index] = FLAG_DONE;
        continue;
      }
      const count = generateMoves(rules, state, list);
      if (count === 0) {
        value[index] = 1;
        flags[t][index] = FLAG_DONE;
        push(levels, 0, index * 2 + t);
        continue;
      }
      let stay = 0;
      let bestWin = Infinity;
      let longestLoss = 0;
      let drawExit = false;
      for (let i = 0; i < count; i++) {
        const move = list.moves[i];
        const from = move & 63;
        const to = (move >>> 6) & 63;
        const isKing = ((from < 32 ? state[4] : state[5]) >>> from) & 1;
        if (move >>> 12 === 0 && (isKing === 1 || to >> 3 !== rules.crownRank[0])) {
          stay++;
          continue;
        }
        child.set(state);
        applyMoveToSets(rules, child, from, to, list.capturedLo[i], list.capturedHi[i]);
        const code = exits(child);
        if (code < 0) throw new Error('a capture or crowning leads to a position no table covers');
        if (code === DRAW) drawExit = true;
        else if (((code - 1) & 1) === 0) bestWin = Math.min(bestWin, code);
        else longestLoss = Math.max(longestLoss, code);
      }
      if (stay > 255) throw new Error('more quiet moves than a counter holds');
      inside[t][index] = stay;
      if (bestWin !== Infinity) {
        flags[t][index] = FLAG_WIN_EXIT;
        push(winExits, bestWin, index * 2 + t); // child lost in bestWin - 1: won in bestWin
      } else if (stay === 0) {
        flags[t][index] = FLAG_DONE;
        if (!drawExit) {
          value[index] = longestLoss + 1;
          push(levels, longestLoss, index * 2 + t);
        }
      } else {
        if (drawExit) flags[t][index] = FLAG_DRAW_EXIT;
        lossFloor[t][index] = longestLoss;
      }
    }
  }

  const member = new Int32Array(STATE_SIZE);
  const before = new Int32Array(STATE_SIZE);
  const normal = new Int32Array(STATE_SIZE);
  // Both variants capture only along ranks and files: pieces on no common line cannot.
  const orthogonalCaptures = [rules.kingCaptures, ...rules.manCaptures].every((directions) =>
    directions.every((direction) => direction <= WEST),
  );
  const slides = rules.kingSlides;
  const steps = rules.manSteps[BLACK];
  let spread = 0;
  for (let d = 0; d < levels.length || d < winExits.length; d++) {
    for (const entry of winExits[d] ?? []) {
      const t = entry & 1;
      const index = (entry - t) / 2;
      if ((flags[t][index] & FLAG_DONE) !== 0) continue;
      flags[t][index] |= FLAG_DONE;
      values[t][index] = d + 1;
      push(levels, d, entry);
    }
    const level = levels[d] ?? [];
    const won = (d & 1) === 1;
    for (let n = 0; n < level.length; n++) {
      if ((++spread & 0xfff) === 0) onProgress({ phase: 'spread', done: spread, total });
      const entry = level[n];
      const t = entry & 1;
      const index = (entry - t) / 2;
      const indexer = indexers[t];
      indexer.decode(index, state);
      const members = indexer.mirrorSharesIndex(state, index) ? 2 : 1;
      const target = next[t];
      const targetIndexer = indexers[target];
      const targetFlags = flags[target];
      for (let m = 0; m < members; m++) {
        member.set(state);
        if (m === 1) mirrorInPlace(member);
        // Un-move each piece of the side that just moved (Black in this normalised frame).
        const occupiedLo = member[0] | member[2] | member[4] | member[6];
        const occupiedHi = member[1] | member[3] | member[5] | member[7];
        for (let set = 1; set <= 3; set += 2) {
          const king = set === 3;
          for (let half = 0; half < 2; half++) {
            let bits = member[2 * set + half];
            while (bits !== 0) {
              const square = half * 32 + 31 - Math.clz32(bits & -bits);
              bits &= bits - 1;
              const directions = king ? slides : steps;
              for (let k = 0; k < directions.length; k++) {
                // A king came back along any of its lines; a man from one step behind.
                const back = king ? directions[k] : OPPOSITE_DIRECTION[directions[k]];
                let origin = NEIGHBOUR[square * DIRECTION_COUNT + back];
                while (origin >= 0) {
                  if ((((origin < 32 ? occupiedLo : occupiedHi) >>> origin) & 1) !== 0) break;
                  before.set(member);
                  before[2 * set + half] ^= 1 << square;
                  before[2 * set + (origin >> 5)] |= 1 << origin;
                  before[SIDE] = BLACK;
                  if ((orthogonalCaptures && !sharesLine(before)) || !hasCapture(rules, before)) {
                    swapColours(before, normal);
                    const parent = targetIndexer.index(normal);
                    if (!targetIndexer.mirrored && (targetFlags[parent] & FLAG_DONE) === 0) {
                      if (!won) {
                        targetFlags[parent] |= FLAG_DONE;
                        values[target][parent] = d + 2;
                        push(levels, d + 1, parent * 2 + target);
                      } else if (--inside[target][parent] === 0 && targetFlags[parent] === 0) {
                        targetFlags[parent] |= FLAG_DONE;
                        const loss = Math.max(d + 1, lossFloor[target][parent]);
                        values[target][parent] = loss + 1;
                        push(levels, loss, parent * 2 + target);
                      }
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
    levels[d] = [];
  }
  // Undecided entries stay 0: draws.
  return unit.map((material, t) => ({ material, values: values[t] }));
}

/** The files (bit per file) and ranks (bit 8 + rank) that hold a piece of a set. */
function lines(lo: number, hi: number): number {
  let files = lo | hi;
  files |= files >>> 16;
  files |= files >>> 8;
  let ranks = 0;
  for (let rank = 0; rank < 4; rank++) {
    if (((lo >>> (8 * rank)) & 255) !== 0) ranks |= 1 << rank;
    if (((hi >>> (8 * rank)) & 255) !== 0) ranks |= 16 << rank;
  }
  return (files & 255) | (ranks << 8);
}

/** Whether some White piece and some Black piece share a rank or a file. */
function sharesLine(state: Int32Array): boolean {
  const white = lines(state[0] | state[4], state[1] | state[5]);
  const black = lines(state[2] | state[6], state[3] | state[7]);
  return (white & black) !== 0;
}
