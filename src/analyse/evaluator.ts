/**
 * The engine as a review sees it: given a game's start, the moves played so far and a node
 * budget, the score of the position reached (side to move's view) and the best move with
 * its line. One interface, two transports: an engine process for `tama analyse`
 * (process-evaluator.ts) and the page's connection to its engine (gui/page/review-engine.ts).
 * Both read the engine's `info` and `bestmove` lines with the SearchReader below.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { goLine, positionLine } from '../engine-client/go.js';
import { engineError, parseInfo } from '../engine-client/info.js';
import { engineScore, type Score } from './score.js';

/** One position to evaluate: the game's start (position text, or the variant's start) and moves. */
export interface EvaluationRequest {
  readonly variant: VariantName;
  /** Position text of the game's first position; undefined for the variant's start. */
  readonly fen?: string;
  /** The moves played from it, in move text. */
  readonly moves: readonly string[];
  /** The node budget of the search (`go nodes N`). */
  readonly nodes: number;
}

/** What the engine said of a position. */
export interface Evaluation {
  /** The score of its last completed iteration, from the side to move's point of view. */
  readonly score: Score;
  /** Its best move, in move text. */
  readonly bestMove: string;
  /** Its principal variation (starting with the best move when the engine gave one). */
  readonly pv: readonly string[];
  /** The depth of that iteration, when the engine said it. */
  readonly depth?: number;
}

/** Why an evaluation failed: cancelled, the engine gone, its error, or no score from it. */
export type EvaluatorErrorCode = 'aborted' | 'engine-failed' | 'engine-error' | 'no-score';

/** An engine that evaluates positions, one at a time. */
export interface Evaluator {
  /** A new game begins: the engine may forget what it learnt (`ucinewgame`). */
  newGame(): Promise<Result<void, EvaluatorErrorCode>>;
  /** Evaluates one position; an aborted signal ends the search at once with 'aborted'. */
  evaluate(
    request: EvaluationRequest,
    signal?: AbortSignal,
  ): Promise<Result<Evaluation, EvaluatorErrorCode>>;
}

/** The protocol lines of a request: `position ...` and `go nodes N`. */
export function searchLines(request: EvaluationRequest): [string, string] {
  return [positionLine(request.fen, request.moves), goLine({ nodes: request.nodes })];
}

/**
 * Reads the `info` lines of one search and then its `bestmove`: the score, depth and line of
 * the last completed iteration of the first line (`multipv 1`). Lines without a score (the
 * engine's progress lines, `info string`) are skipped.
 */
export class SearchReader {
  private score: Score | undefined;
  private depth: number | undefined;
  private pv: readonly string[] = [];
  private error: string | undefined;

  /** Takes one `info` line (other lines are ignored); `info string error` fails the search. */
  info(line: string): void {
    const error = engineError(line);
    if (error !== undefined) {
      this.error ??= error;
      return;
    }
    const info = parseInfo(line);
    if (info?.score === undefined || info.multipv !== 1) return;
    this.score = engineScore(info.score.unit, info.score.value);
    this.depth = info.depth;
    this.pv = info.pv;
  }

  /**
   * The evaluation once `bestmove <move>` came; an error when the engine reported one or
   * gave no score before it.
   */
  finish(bestMove: string): Result<Evaluation, EvaluatorErrorCode> {
    if (this.error !== undefined) return fail('engine-error', `the engine said: ${this.error}`);
    if (this.score === undefined || bestMove === '' || bestMove === '0000') {
      return fail('no-score', `the engine answered bestmove ${bestMove || '(none)'} without a score`); // prettier-ignore
    }
    const pv = this.pv[0] === bestMove ? this.pv : [bestMove];
    return ok({ score: this.score, bestMove, pv, depth: this.depth });
  }
}
