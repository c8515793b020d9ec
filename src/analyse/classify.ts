/**
 * How good a played move was: the drop in the mover's expected score from the engine's best
 * move to the move played, sorted into inaccuracy `?!`, mistake `?` and blunder `??` by
 * fixed thresholds (docs/analyse.md). Forced wins and losses count as expected scores 1 and
 * 0, so a win in 5 that becomes a win in 7 costs nothing, and a forced win thrown away is a
 * blunder.
 */
import type { VariantName } from '../core/variant.js';
import { expectedScore, type Score } from './score.js';

/** What a review says of a move; 'good' moves carry no mark. */
export type MoveClass = 'good' | 'inaccuracy' | 'mistake' | 'blunder';

/** The lowest expected-score drop (0..1, the mover's view) of each marked class. */
export const CLASS_THRESHOLDS: Readonly<Record<Exclude<MoveClass, 'good'>, number>> = Object.freeze(
  { inaccuracy: 0.05, mistake: 0.1, blunder: 0.15 },
);

/** The PDN mark of each class (the NAG-style suffix written after the move). */
export const CLASS_MARKS: Readonly<Record<MoveClass, string>> = Object.freeze({
  good: '',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
});

/** What the judgement of one move needs. */
export interface MoveJudgement {
  /** The engine's score of the position before the move (its best move), mover's view. */
  readonly best: Score;
  /** The score of the position after the move played, mover's view. */
  readonly played: Score;
  /** Whether the move played is the engine's best move. */
  readonly playedIsBest: boolean;
  /** Whether the move played was the only legal move. */
  readonly forced: boolean;
}

/** The drop and the class of a move. */
export interface MoveVerdict {
  /** How much expected score (0..1) the move gave away against the best move; never below 0. */
  readonly drop: number;
  readonly classification: MoveClass;
}

/**
 * Judges a move. The engine's own choice and a forced move are never marked (a search at
 * the next position may see further than the one before it, and that is no fault of the
 * move). Leaving a forced win for anything but another forced win is a blunder; otherwise
 * the drop in expected score decides.
 */
export function classifyMove(judgement: MoveJudgement, variant: VariantName): MoveVerdict {
  const drop = Math.max(
    0,
    expectedScore(judgement.best, variant) - expectedScore(judgement.played, variant),
  );
  if (judgement.playedIsBest || judgement.forced) return { drop, classification: 'good' };
  if (judgement.best.kind === 'win' && judgement.played.kind !== 'win') {
    return { drop, classification: 'blunder' };
  }
  const classification: MoveClass =
    drop >= CLASS_THRESHOLDS.blunder
      ? 'blunder'
      : drop >= CLASS_THRESHOLDS.mistake
        ? 'mistake'
        : drop >= CLASS_THRESHOLDS.inaccuracy
          ? 'inaccuracy'
          : 'good';
  return { drop, classification };
}
