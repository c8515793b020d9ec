/**
 * What a move costs in material once the captures it allows are played out, by core's rules
 * alone (no evaluation, no search): after the move, while the side to move has a capture it
 * must take one (captures are compulsory, the maximum rule included), and each side takes
 * the one that leaves it the most material; the exchange ends at the first position with no
 * capture pending. Material counts a man 1 and a king KING_MEN. A move whose exchange leaves
 * the mover a man or more worse off than the best move's does is a gift: the shallow
 * search's fault that bench/gifts.ts counts.
 */
import { popcount64 } from '../src/core/bitboard.js';
import { generateMoves, isCapture, moveFrom, moveTo, MoveList, type PackedMove } from '../src/core/movegen.js'; // prettier-ignore
import { MAX_PIECES_PER_SIDE, type Position } from '../src/core/position.js';
import { applyMoveInto, kingsHiWord, kingsLoWord, menHiWord, menLoWord, SIDE, STATE_SIZE } from '../src/core/state.js'; // prettier-ignore
import type { Rules } from '../src/core/variant.js';

/** A king's worth in men, as the gift count weighs material. */
export const KING_MEN = 2.5;

/**
 * Plies an exchange can last: the move itself, then one capture a ply, each taking at
 * least one piece.
 */
const MAX_EXCHANGE_PLIES = 2 * MAX_PIECES_PER_SIDE + 1;

/** The material of `color` in `state`: men, and kings at KING_MEN. */
export function material(state: Int32Array, color: number): number {
  const men = popcount64(state[menLoWord(color)], state[menHiWord(color)]);
  return men + KING_MEN * popcount64(state[kingsLoWord(color)], state[kingsHiWord(color)]);
}

/** A legal move of a quiet position and the mover's material balance after its exchange. */
export interface MoveOutcome extends PackedMove {
  /** The mover's material minus the opponent's once the exchange ends (men). */
  readonly balance: number;
}

/** Plays out forced exchanges; its move lists and positions are allocated once. */
export class ForcedExchange {
  private readonly lists: MoveList[] = [];
  private readonly states: Int32Array[] = [];

  constructor() {
    for (let ply = 0; ply <= MAX_EXCHANGE_PLIES; ply++) {
      this.lists.push(new MoveList());
      this.states.push(new Int32Array(STATE_SIZE));
    }
  }

  /**
   * Every legal move of `position` with the mover's balance after the exchange that follows
   * it, in core's generation order.
   */
  outcomes(position: Position): MoveOutcome[] {
    const { rules, state } = position;
    const mover = state[SIDE];
    const list = this.lists[0];
    const child = this.states[0];
    const count = generateMoves(rules, state, list);
    const out: MoveOutcome[] = [];
    for (let i = 0; i < count; i++) {
      const move = list.moves[i];
      const capturedLo = list.capturedLo[i];
      const capturedHi = list.capturedHi[i];
      applyMoveInto(rules, state, child, moveFrom(move), moveTo(move), capturedLo, capturedHi);
      const forSideToMove = this.exchange(rules, child, 1);
      const balance = child[SIDE] === mover ? forSideToMove : -forSideToMove;
      out.push({ move, capturedLo, capturedHi, balance });
    }
    return out;
  }

  /**
   * The balance of the side to move in `state` once the exchange from it ends, each side
   * taking the capture best for it; `ply` indexes the scratch lists.
   */
  private exchange(rules: Rules, state: Int32Array, ply: number): number {
    const side = state[SIDE];
    const list = this.lists[ply];
    const count = generateMoves(rules, state, list);
    if (count === 0 || !isCapture(list.moves[0]) || ply >= MAX_EXCHANGE_PLIES) {
      return material(state, side) - material(state, 1 - side);
    }
    const child = this.states[ply];
    let best = -Infinity;
    for (let i = 0; i < count; i++) {
      const move = list.moves[i];
      applyMoveInto(rules, state, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
      const value = this.exchange(rules, child, ply + 1);
      const forSide = child[SIDE] === side ? value : -value;
      if (forSide > best) best = forSide;
    }
    return best;
  }
}

/** How far (men) `outcome` trails the best of `outcomes`: 1 or more makes it a gift. */
export function shortfall(outcomes: readonly MoveOutcome[], outcome: MoveOutcome): number {
  let best = -Infinity;
  for (const other of outcomes) if (other.balance > best) best = other.balance;
  return best - outcome.balance;
}

/** Whether some move of `outcomes` gives a man (trails the best by one or more). */
export function someMoveGives(outcomes: readonly MoveOutcome[]): boolean {
  return outcomes.some((outcome) => shortfall(outcomes, outcome) >= 1);
}
