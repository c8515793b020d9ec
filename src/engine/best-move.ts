/** The answer of a search over several threads, as move text. */
import type { PackedMove } from '../core/movegen.js';
import { formatLine, legalMoves } from '../core/notation.js';
import type { Position } from '../core/position.js';
import type { SearchResult } from '../search/search.js';

/** A best move and the reply expected after it, as move text (none: no legal move). */
export interface MoveAnswer {
  readonly move?: string;
  readonly ponder?: string;
}

/**
 * The best move of the deepest completed iteration over all threads (main thread on ties),
 * with the reply that thread expects; a legal move when no thread answered.
 */
export function pickBest(results: (SearchResult | undefined)[], position: Position): MoveAnswer {
  const best = deepestResult(results);
  if (best?.bestMove !== undefined) return bestMoveText(position, best.bestMove, best.ponderMove);
  const moves = legalMoves(position);
  return moves.length > 0 ? { move: moves[0].text } : {};
}

/** The answer with a move from the deepest completed iteration (the first on ties), if any. */
export function deepestResult(results: (SearchResult | undefined)[]): SearchResult | undefined {
  let best: SearchResult | undefined;
  for (const result of results) {
    if (result?.bestMove === undefined) continue;
    if (best === undefined || result.depth > best.depth) best = result;
  }
  return best;
}

/** A best move of `position` and the reply expected after it, as text. */
export function bestMoveText(
  position: Position,
  best: PackedMove | undefined,
  ponder: PackedMove | undefined,
): MoveAnswer {
  if (best === undefined) return {};
  const [move, reply] = formatLine(position, ponder === undefined ? [best] : [best, ponder]);
  return { move, ponder: reply };
}
