/**
 * Scores of a game review: centi-men or a forced win or loss, always from one named side's
 * point of view, and their mapping onto the expected score of that side (0 a loss, 0.5 a
 * draw, 1 a win), the scale on which moves are judged (docs/analyse.md). Plain data: the
 * command line and the page share it.
 */
import { WHITE, type Color, type VariantName } from '../core/variant.js';

/**
 * A score from one side's point of view: centi-men (100 = one man), or a forced win or
 * loss in `moves` moves (0: the game is already won or lost).
 */
export type Score =
  | { readonly kind: 'cp'; readonly value: number }
  | { readonly kind: 'win'; readonly moves: number }
  | { readonly kind: 'loss'; readonly moves: number };

/**
 * The scale K of expected score = 1 / (1 + exp(-cp / K)), per variant: the K that
 * `tama tune` fitted to the game results of its training positions (docs/evaluation.md,
 * "The shipped weights"), with which the shipped weights were then fitted. With it, Tama's
 * centi-men predict the result of its own games.
 */
export const EXPECTED_SCORE_SCALE: Readonly<Record<VariantName, number>> = Object.freeze({
  armenian: 147,
  turkish: 134,
});

/** The score the engine reported (`score cp n` / `score mate n`), side to move's view. */
export function engineScore(unit: 'cp' | 'mate', value: number): Score {
  if (unit === 'cp') return { kind: 'cp', value };
  return value > 0 ? { kind: 'win', moves: value } : { kind: 'loss', moves: -value };
}

/** The same score from the other side's point of view. */
export function negateScore(score: Score): Score {
  switch (score.kind) {
    case 'cp':
      return { kind: 'cp', value: score.value === 0 ? 0 : -score.value };
    case 'win':
      return { kind: 'loss', moves: score.moves };
    case 'loss':
      return { kind: 'win', moves: score.moves };
  }
}

/** A score of `side`'s view seen from White's. */
export function whiteView(score: Score, side: Color): Score {
  return side === WHITE ? score : negateScore(score);
}

/**
 * The expected score of the side whose view `score` is: 1 for a forced win however long,
 * 0 for a forced loss, and the logistic curve of the centi-men between (0.5 at 0).
 */
export function expectedScore(score: Score, variant: VariantName): number {
  if (score.kind === 'win') return 1;
  if (score.kind === 'loss') return 0;
  return 1 / (1 + Math.exp(-score.value / EXPECTED_SCORE_SCALE[variant]));
}

/**
 * A score of White's view as people read it: "+0.35", "-1.20", "0.00" (men), "White wins
 * in 5", "Black has won".
 */
export function formatWhiteScore(score: Score): string {
  if (score.kind === 'cp') {
    const men = (Math.abs(score.value) / 100).toFixed(2);
    return score.value > 0 ? `+${men}` : score.value < 0 ? `-${men}` : men;
  }
  const winner = score.kind === 'win' ? 'White' : 'Black';
  return score.moves === 0 ? `${winner} has won` : `${winner} wins in ${score.moves}`;
}
