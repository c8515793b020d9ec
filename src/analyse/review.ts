/**
 * A game review: every position of a game evaluated at a fixed node budget, one after the
 * other, the score curve from White's point of view, and each move judged by the drop in
 * its mover's expected score (classify.ts), with the engine's better move for the marked
 * ones. Transport-agnostic: the command line and the page run this same code with their
 * own Evaluator. Positions where the game is over are scored by the rules, not the engine.
 */
import { DEFAULT_DRAW_RULES, Game, type GameEnd, type GameErrorCode } from '../core/game.js';
import { legalMoves, parseMove } from '../core/notation.js';
import type { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import type { Color, VariantName } from '../core/variant.js';
import { classifyMove, type MoveClass } from './classify.js';
import type { Evaluation, Evaluator, EvaluatorErrorCode } from './evaluator.js';
import { negateScore, whiteView, type Score } from './score.js';

/** A game to review: its variant, its first position (position text) and its moves. */
export interface ReviewGame {
  readonly variant: VariantName;
  /** Position text of the first position; undefined for the variant's start. */
  readonly fen?: string;
  readonly moves: readonly string[];
}

/** One position of the game as the review saw it. */
export interface PositionReview {
  /** Moves played before it: 0 is the first position. */
  readonly ply: number;
  readonly sideToMove: Color;
  /** The engine's evaluation; undefined where the game is over. */
  readonly evaluation?: Evaluation;
  /** How the game ended here, when it did. */
  readonly end?: GameEnd;
  /** The score from the side to move's view: the engine's, or the result's once over. */
  readonly score: Score;
  /** The same from White's view: a point of the curve. */
  readonly whiteScore: Score;
}

/** The engine's better move where a move was marked. */
export interface BetterMove {
  readonly move: string;
  readonly pv: readonly string[];
  /** The score of the position with the better move, White's view. */
  readonly whiteScore: Score;
}

/** One move of the game as the review judged it. */
export interface MoveReview {
  /** Its index: it was played from position `index` and led to position `index + 1`. */
  readonly index: number;
  /** Its full move text. */
  readonly text: string;
  readonly color: Color;
  /** Expected score (0..1) it gave away against the engine's best move. */
  readonly drop: number;
  readonly classification: MoveClass;
  /** The engine's move instead, for a marked move. */
  readonly better?: BetterMove;
}

/** A reviewed game: one entry per position (moves + 1) and one per move. */
export interface GameReview {
  readonly variant: VariantName;
  readonly fen?: string;
  readonly nodes: number;
  readonly positions: readonly PositionReview[];
  readonly moves: readonly MoveReview[];
}

/** Where the review is: after each position, with the move that led there once judged. */
export interface ReviewProgress {
  /** Positions done, of `total`. */
  readonly done: number;
  readonly total: number;
  readonly position: PositionReview;
  readonly move?: MoveReview;
}

/** The budget, the cancel signal and the progress callback of a review. */
export interface ReviewOptions {
  /** Node budget of each position's search. */
  readonly nodes: number;
  /** Aborting ends the review at once with the error 'aborted'. */
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ReviewProgress) => void;
}

/** Why a review stopped: a bad game, the evaluator's error, or an illegal best move. */
export type ReviewErrorCode = GameErrorCode | EvaluatorErrorCode | 'bad-best-move';

/** The rules' game of a review game: its moves checked; an illegal one says which. */
export function replayReviewGame(game: ReviewGame): Result<Game, GameErrorCode> {
  return Game.parse(game.fen, game.moves, game.variant);
}

/** Evaluates every position of `game` in order and judges every move. */
export async function reviewGame(
  game: ReviewGame,
  evaluator: Evaluator,
  options: ReviewOptions,
): Promise<Result<GameReview, ReviewErrorCode>> {
  const replayed = replayReviewGame(game);
  if (!replayed.ok) return replayed;
  const texts = replayed.value.moves;
  const walk = new Game(replayed.value.start);
  const total = texts.length + 1;
  const positions: PositionReview[] = [];
  const moves: MoveReview[] = [];
  const started = await evaluator.newGame();
  if (!started.ok) return started;
  let before: Position | undefined;
  for (let ply = 0; ply < total; ply++) {
    if (ply > 0) walk.playText(texts[ply - 1]);
    const position = walk.position;
    const reviewed = await reviewPosition(game, walk, ply, evaluator, options);
    if (!reviewed.ok) return reviewed;
    positions.push(reviewed.value);
    let move: MoveReview | undefined;
    if (before !== undefined) {
      const judged = judgeMove(game.variant, before, positions[ply - 1], reviewed.value, texts[ply - 1]); // prettier-ignore
      if (!judged.ok) return judged;
      move = judged.value;
      moves.push(move);
    }
    before = position.clone();
    options.onProgress?.({ done: ply + 1, total, position: reviewed.value, move });
  }
  return ok({ variant: game.variant, fen: game.fen, nodes: options.nodes, positions, moves });
}

/** The review of the position `walk` stands at: by the rules when over, else by the engine. */
async function reviewPosition(
  game: ReviewGame,
  walk: Game,
  ply: number,
  evaluator: Evaluator,
  options: ReviewOptions,
): Promise<Result<PositionReview, ReviewErrorCode>> {
  const sideToMove = walk.position.sideToMove;
  // Only the last position can end the game: a move was played from every other one.
  const end = ply === game.moves.length ? walk.outcome(DEFAULT_DRAW_RULES) : undefined;
  if (end !== undefined) {
    const score: Score =
      end.winner === undefined
        ? { kind: 'cp', value: 0 }
        : end.winner === sideToMove
          ? { kind: 'win', moves: 0 }
          : { kind: 'loss', moves: 0 };
    return ok({ ply, sideToMove, end, score, whiteScore: whiteView(score, sideToMove) });
  }
  const evaluated = await evaluator.evaluate(
    { variant: game.variant, fen: game.fen, moves: walk.moves.slice(), nodes: options.nodes },
    options.signal,
  );
  if (!evaluated.ok) return evaluated;
  const best = parseMove(walk.position, evaluated.value.bestMove);
  if (!best.ok) {
    return fail('bad-best-move', `ply ${ply}: the engine's best move is not legal here: ${best.error.message}`); // prettier-ignore
  }
  const evaluation: Evaluation = { ...evaluated.value, bestMove: best.value.text };
  const score = evaluation.score;
  return ok({ ply, sideToMove, evaluation, score, whiteScore: whiteView(score, sideToMove) });
}

/** Judges the move `text` played from `position` (reviewed as `from`) to `to`. */
function judgeMove(
  variant: VariantName,
  position: Position,
  from: PositionReview,
  to: PositionReview,
  text: string,
): Result<MoveReview, ReviewErrorCode> {
  const evaluation = from.evaluation;
  if (evaluation === undefined) {
    return fail('bad-best-move', `ply ${from.ply}: a move was played where the game was over`);
  }
  const verdict = classifyMove(
    {
      best: evaluation.score,
      played: negateScore(to.score),
      playedIsBest: evaluation.bestMove === text,
      forced: legalMoves(position).length === 1,
    },
    variant,
  );
  const better: BetterMove | undefined =
    verdict.classification === 'good'
      ? undefined
      : { move: evaluation.bestMove, pv: evaluation.pv, whiteScore: from.whiteScore };
  return ok({
    index: from.ply,
    text,
    color: from.sideToMove,
    drop: verdict.drop,
    classification: verdict.classification,
    better,
  });
}
