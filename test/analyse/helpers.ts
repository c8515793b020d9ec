/** A scripted evaluator for review tests: scores by ply, best moves chosen by the test. */
import { Game } from '../../src/core/game.js';
import { fail, ok, type Result } from '../../src/core/result.js';
import type {
  Evaluation,
  EvaluationRequest,
  Evaluator,
  EvaluatorErrorCode,
} from '../../src/analyse/evaluator.js';
import type { Score } from '../../src/analyse/score.js';

/** What the scripted engine says at a ply: its score (side to move's view) and best move. */
export interface ScriptedAnswer {
  readonly score: Score;
  /** Move text; undefined: the first legal move. */
  readonly best?: string;
}

/** An Evaluator answering from a table by the number of moves played; it records the requests. */
export class ScriptedEvaluator implements Evaluator {
  readonly requests: EvaluationRequest[] = [];
  newGames = 0;

  constructor(
    private readonly answers: readonly ScriptedAnswer[],
    private readonly failAt?: number,
  ) {}

  newGame(): Promise<Result<void, EvaluatorErrorCode>> {
    this.newGames++;
    return Promise.resolve(ok(undefined));
  }

  evaluate(
    request: EvaluationRequest,
    signal?: AbortSignal,
  ): Promise<Result<Evaluation, EvaluatorErrorCode>> {
    this.requests.push(request);
    const ply = request.moves.length;
    if (signal?.aborted) return Promise.resolve(fail('aborted', 'cancelled'));
    if (ply === this.failAt) return Promise.resolve(fail('engine-failed', 'the engine crashed'));
    const answer = this.answers[ply];
    if (answer === undefined) throw new Error(`no scripted answer for ply ${ply}`);
    const game = Game.parse(request.fen, request.moves, request.variant);
    if (!game.ok) throw new Error(game.error.message);
    const best = answer.best ?? game.value.legalMoves()[0].text;
    return Promise.resolve(ok({ score: answer.score, bestMove: best, pv: [best], depth: 5 }));
  }
}

export const cp = (value: number): Score => ({ kind: 'cp', value });
export const win = (moves: number): Score => ({ kind: 'win', moves });
export const loss = (moves: number): Score => ({ kind: 'loss', moves });
