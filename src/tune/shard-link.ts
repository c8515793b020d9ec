/**
 * The links of a chained shard (shard.ts): the moves that lead from one stored position of a
 * game to the next. A data campaign stores only the positions quiet for both sides, so two
 * stored positions of a game can be several plies apart, captures between them. A link is
 * found by a search of the legal move sequences of exactly the given number of plies, each
 * move named by its index in core's move list of its position (movegen.ts), with bounds that
 * prune what cannot reach the target: a move of one colour moves one of its pieces, so the
 * pieces of that colour out of place cannot outnumber its moves left, and pieces are never
 * added. The search is bounded in nodes, so a link that costs more is given up (the record
 * then starts a new chain) and the same input always gives the same shard.
 */
import { popcount32 } from '../core/bitboard.js';
import { generateMoves, moveFrom, moveTo, MoveList } from '../core/movegen.js';
import { applyMoveInto, PIECE_WORDS, SIDE, STATE_SIZE } from '../core/state.js';
import type { Rules } from '../core/variant.js';

/** The most plies a link holds (what the record's tag can say). */
export const MAX_LINK_PLIES = 15;
/** A move's index in its list is one byte: a link never goes through a later move. */
export const MAX_LINK_MOVE = 255;
/** Nodes a link search may visit before it gives up: where the plies are known, and each try where not. */
const KNOWN_BUDGET = 50_000;
const TRY_BUDGET = 20_000;

/** One search's scratch: a move list and a state a ply, made once. */
export class LinkSearch {
  private readonly lists: MoveList[] = [];
  private readonly states: Int32Array[] = [];
  /** The indices of the link found by the last `find`, ply by ply. */
  readonly moves = new Uint8Array(MAX_LINK_PLIES);
  /** Nodes the search may still visit. */
  private nodes = 0;

  constructor(private readonly rules: Rules) {
    for (let ply = 0; ply <= MAX_LINK_PLIES; ply++) {
      this.lists.push(new MoveList());
      this.states.push(new Int32Array(STATE_SIZE));
    }
  }

  /**
   * Whether exactly `plies` legal moves lead from `from` to `to` (their pieces and side to
   * move); the indices are left in `moves`. False when none does or the budget ran out.
   */
  find(from: Int32Array, to: Int32Array, plies: number, budget = KNOWN_BUDGET): boolean {
    if (plies < 1 || plies > MAX_LINK_PLIES || ((from[SIDE] ^ to[SIDE]) & 1) !== (plies & 1)) return false; // prettier-ignore
    this.states[0].set(from);
    this.nodes = budget;
    return this.search(0, plies, to);
  }

  /**
   * The plies of the shortest link from `from` to `to` of at most `maxPlies`, its indices in
   * `moves`; 0 when there is none (the plies between the two are not known).
   */
  findAny(from: Int32Array, to: Int32Array, maxPlies: number): number {
    for (let plies = 2 - ((from[SIDE] ^ to[SIDE]) & 1); plies <= maxPlies; plies += 2) {
      if (this.find(from, to, plies, TRY_BUDGET)) return plies;
    }
    return 0;
  }

  private search(depth: number, left: number, target: Int32Array): boolean {
    const state = this.states[depth];
    if (left === 0) {
      for (let word = 0; word < PIECE_WORDS; word++) if (state[word] !== target[word]) return false;
      return true;
    }
    if (--this.nodes < 0 || !reachable(state, target, left)) return false;
    const list = this.lists[depth];
    const count = Math.min(generateMoves(this.rules, state, list), MAX_LINK_MOVE + 1);
    const child = this.states[depth + 1];
    for (let i = 0; i < count; i++) {
      const move = list.moves[i];
      applyMoveInto(this.rules, state, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
      if (this.search(depth + 1, left - 1, target)) {
        this.moves[depth] = i;
        return true;
      }
    }
    return false;
  }
}

/**
 * Whether `target` may be `left` plies from `state`, by counting: each colour's pieces out
 * of place (moved ones; captured ones go without a move of theirs) cannot outnumber its
 * moves left, nor its pieces the target lacks where it would have to move to; no piece
 * appears; a colour loses pieces only to the other's moves.
 */
function reachable(state: Int32Array, target: Int32Array, left: number): boolean {
  const side = state[SIDE];
  for (let color = 0; color < 2; color++) {
    const own = color === side ? (left + 1) >> 1 : left >> 1;
    const other = left - own;
    let extra = 0;
    let missing = 0;
    let now = 0;
    let then = 0;
    for (let k = 0; k < 4; k++) {
      // The men's two words of the colour, then its kings' two.
      const word = (k < 2 ? 2 * color : 4 + 2 * color) + (k & 1);
      extra += popcount32(state[word] & ~target[word]);
      missing += popcount32(target[word] & ~state[word]);
      now += popcount32(state[word]);
      then += popcount32(target[word]);
    }
    const lost = now - then;
    if (lost < 0 || (lost > 0 && other === 0) || missing > own || extra - lost > own) return false; // prettier-ignore
  }
  return true;
}
