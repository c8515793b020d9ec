/**
 * The moves of a covered position ranked by the database: the fastest win, else a draw,
 * else the longest loss. For the probe command, the protocol's display and the search's
 * root, away from hot paths.
 */
import { legalMoves, type LegalMove } from '../core/notation.js';
import type { Position } from '../core/position.js';
import type { EndgameTables } from './tables.js';
import { DRAW, isLoss } from './value.js';

export interface RankedMove {
  readonly move: LegalMove;
  /** The entry for the side to move after the move (the opponent's view). */
  readonly reply: number;
  /** What the move is worth to the mover, as an entry code (value.ts). */
  readonly code: number;
}

/** How good an entry code is for its side to move: higher is better. */
export function codeRank(code: number): number {
  if (code === DRAW) return 0;
  return isLoss(code) ? -100000 + code : 100000 - code;
}

/** What a move is worth to the mover, from the entry `reply` of the position it leads to. */
export function codeAfterMove(reply: number): number {
  return reply === DRAW ? DRAW : reply + 1;
}

/**
 * Every legal move of `position` with its database value, best first; undefined when a
 * move leads out of what the tables cover.
 */
export function rankMoves(tables: EndgameTables, position: Position): RankedMove[] | undefined {
  const ranked: RankedMove[] = [];
  for (const move of legalMoves(position)) {
    const after = position.clone();
    after.play(move.move, move.capturedLo, move.capturedHi);
    const reply = tables.probe(after.state);
    if (reply < 0) return undefined;
    ranked.push({ move, reply, code: codeAfterMove(reply) });
  }
  return ranked.sort((a, b) => codeRank(b.code) - codeRank(a.code));
}

/** The moves that keep the position's value at its best (fastest win, draw, longest loss). */
export function bestMoves(tables: EndgameTables, position: Position): RankedMove[] | undefined {
  const ranked = rankMoves(tables, position);
  if (ranked === undefined || ranked.length === 0) return ranked;
  return ranked.filter((m) => m.code === ranked[0].code);
}
