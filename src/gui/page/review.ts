/**
 * The page's game review as state: the review under way or done (its progress, its result,
 * or why it stopped), and what the page shows of it besides the review panel: the marks in
 * the move list, the better move as an arrow on the board, and its words for the live
 * region. The review itself is analyse/review.ts, run by the controller over the page's
 * transport (review-engine.ts). Plain data, no DOM: tests run it in Node.
 */
import { CLASS_MARKS, type MoveClass } from '../../analyse/classify.js';
import type { GameReview, MoveReview, PositionReview, ReviewProgress } from '../../analyse/review.js'; // prettier-ignore
import { formatWhiteScore } from '../../analyse/score.js';
import { moveFrom } from '../../core/movegen.js';
import { parseMove } from '../../core/notation.js';
import type { Position } from '../../core/position.js';
import { WHITE, type VariantName } from '../../core/variant.js';

/** A review runs, is done, or stopped before its end (cancelled, or the engine failed). */
export type ReviewPhase = 'running' | 'done' | 'stopped';

/** The review of the page's game. A change to the game's moves discards it. */
export interface PageReview {
  /** Tells reviews apart: the late end of a discarded review changes nothing. */
  readonly id: number;
  phase: ReviewPhase;
  readonly variant: VariantName;
  /** Node budget of each position's search. */
  readonly nodes: number;
  /** Positions to review: the game's moves and one. */
  readonly total: number;
  /** Each position as it was done, in order. */
  readonly progress: ReviewProgress[];
  /** The whole review, once done. */
  result: GameReview | undefined;
  /** Why it stopped, when it did. */
  stopReason: string | undefined;
}

/** The arrow of a better move on the board: its start and landing squares. */
export interface MoveArrow {
  readonly from: number;
  readonly path: readonly number[];
  readonly classification: MoveClass;
}

/** Words for each class, as the page says them. */
export const CLASS_WORDS: Readonly<Record<MoveClass, string>> = Object.freeze({
  good: '',
  inaccuracy: 'inaccuracy',
  mistake: 'mistake',
  blunder: 'blunder',
});

/** The moves judged so far, by index (the move played from position `index`). */
export function judgedMoves(review: PageReview): (MoveReview | undefined)[] {
  if (review.result !== undefined) return [...review.result.moves];
  const moves: (MoveReview | undefined)[] = [];
  for (const step of review.progress) if (step.move !== undefined) moves[step.move.index] = step.move; // prettier-ignore
  return moves;
}

/** The positions reviewed so far, by ply. */
export function reviewedPositions(review: PageReview): (PositionReview | undefined)[] {
  if (review.result !== undefined) return [...review.result.positions];
  const positions: (PositionReview | undefined)[] = [];
  for (const step of review.progress) positions[step.position.ply] = step.position;
  return positions;
}

/**
 * The better move for the move played from position `ply`, as an arrow on `position` (that
 * position, as the page keeps it); undefined when that move was not marked.
 */
export function betterMoveArrow(
  review: { readonly moves: readonly (MoveReview | undefined)[] },
  ply: number,
  position: Position,
): MoveArrow | undefined {
  const move = review.moves[ply];
  if (move?.better === undefined) return undefined;
  const parsed = parseMove(position, move.better.move);
  if (!parsed.ok) return undefined;
  return {
    from: moveFrom(parsed.value.move),
    path: [...parsed.value.path],
    classification: move.classification,
  };
}

/** "12. c3-d4??" or "12... f6-g5?!": a move as a list of marked moves shows it. */
export function moveLabel(review: GameReview, move: MoveReview): string {
  const first = review.positions[0]?.sideToMove ?? WHITE;
  const number = Math.floor((move.index + (first === WHITE ? 0 : 1)) / 2) + 1;
  return `${number}${move.color === WHITE ? '.' : '...'} ${move.text}${CLASS_MARKS[move.classification]}`; // prettier-ignore
}

/** A marked move in words, for the live region: "c4-c5 was a blunder; better c4-d5 (+0.20)". */
export function markInWords(move: MoveReview): string {
  if (move.classification === 'good') return '';
  const better = move.better === undefined ? '' : `; better ${move.better.move} (${formatWhiteScore(move.better.whiteScore)})`; // prettier-ignore
  return `${move.text} was ${move.classification === 'inaccuracy' ? 'an' : 'a'} ${CLASS_WORDS[move.classification]}${better}`; // prettier-ignore
}
