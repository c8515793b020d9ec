/**
 * The games of a file reviewed one after the other on one evaluator, each handed back as
 * annotated PDN as soon as it is done (so that a long run stopped half-way keeps what it
 * did), with progress per position. What `tama analyse` runs.
 */
import { fail, ok, type Result } from '../core/result.js';
import { formatAnnotatedGame, type PdnReviewGame } from './annotated-pdn.js';
import type { Evaluator } from './evaluator.js';
import {
  reviewGame,
  type GameReview,
  type ReviewErrorCode,
  type ReviewProgress,
} from './review.js';

/** How a file's games are reviewed, and where each one goes. */
export interface BatchOptions {
  readonly nodes: number;
  /** The Annotator tag of the annotated games. */
  readonly annotator: string;
  readonly signal?: AbortSignal;
  /** After each position of game `game` (0-based) of `games`. */
  readonly onProgress?: (game: number, games: number, progress: ReviewProgress) => void;
  /** Each game once reviewed, as annotated PDN text. */
  readonly onGame: (game: number, pdn: string, review: GameReview) => void;
}

/** Reviews `games` in order; the first failure (or the abort) ends the run with its error. */
export async function reviewGames(
  games: readonly PdnReviewGame[],
  evaluator: Evaluator,
  options: BatchOptions,
): Promise<Result<number, ReviewErrorCode>> {
  for (const [i, pdn] of games.entries()) {
    const review = await reviewGame(pdn.game, evaluator, {
      nodes: options.nodes,
      signal: options.signal,
      onProgress: (progress) => options.onProgress?.(i, games.length, progress),
    });
    if (!review.ok) return fail(review.error.code, `game ${i + 1}: ${review.error.message}`);
    options.onGame(i, formatAnnotatedGame(pdn, review.value, options.annotator), review.value);
  }
  return ok(games.length);
}
