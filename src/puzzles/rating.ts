/**
 * A puzzle's rating, on a scale like lichess's (about 600 to 2000): the harder to find, the
 * higher. What makes a puzzle hard here: the depth at which the engine first found the move,
 * how many moves the solver must find, how many other moves the engine itself preferred on
 * the way, how many other moves look safe at a glance (material.ts: tempting moves that do
 * not win), and whether the first move is a quiet move or a sacrifice rather than a
 * capture (captures are compulsory, so a capture is easy to see).
 */

/** What the rating reads of a puzzle. */
export interface RatingInputs {
  /** The depth at which the engine first found the first move and kept it. */
  readonly found: number;
  /** The solver's moves in the line. */
  readonly solverMoves: number;
  /** Other first moves that were the engine's best at some shallower depth. */
  readonly preferred: number;
  /** Other first moves that lose no material at a glance (material.ts safeAlternatives). */
  readonly safe: number;
  /** Whether the first move captures. */
  readonly capture: boolean;
}

export const BASE_RATING = 600;

/** The rating of a puzzle: BASE_RATING plus points for each thing that makes it hard. */
export function puzzleRating(inputs: RatingInputs): number {
  const depth = 150 * Math.min(Math.max(inputs.found - 1, 0), 8);
  const moves = 100 * Math.min(Math.max(inputs.solverMoves - 1, 0), 6);
  const preferred = 100 * Math.min(inputs.preferred, 4);
  const safe = 30 * Math.min(inputs.safe, 20);
  const quiet = inputs.capture ? 0 : 150;
  return BASE_RATING + depth + moves + preferred + safe + quiet;
}

/** The distinct first moves other than `move` that a search's depths preferred. */
export function preferredMoves(
  bestByDepth: readonly { readonly move: string }[],
  move: string,
): number {
  return new Set(bestByDepth.map((entry) => entry.move).filter((other) => other !== move)).size;
}
