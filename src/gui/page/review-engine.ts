/**
 * The game review's evaluator on the page: each position goes to the engine as a `go`
 * message (the server turns it into `position ...` and `go nodes N`), and the `info` and
 * `bestmove` messages of that search id come back through the same SearchReader that
 * `tama analyse` uses, so the page and the command line review alike. It needs only a
 * transport: a way to send a message, to listen to the server's messages, and search ids
 * that the page's own searches do not use.
 */
import { fail, ok, type Result } from '../../core/result.js';
import {
  SearchReader,
  type Evaluation,
  type EvaluationRequest,
  type Evaluator,
  type EvaluatorErrorCode,
} from '../../analyse/evaluator.js';
import type { ClientMessage, ServerMessage } from '../messages.js';

/** What the review needs of the page's connection to its engine. */
export interface ReviewTransport {
  send(message: ClientMessage): void;
  /** Calls `listener` with every message of the server until the returned function is called. */
  listen(listener: (message: ServerMessage) => void): () => void;
  /** A search id no other search of the page uses. */
  nextSearchId(): number;
}

/** The protocol's `Skill Level` at full strength: a review wants the engine's best. */
const FULL_STRENGTH = 10;

/** An Evaluator over the page's transport to its engine. */
export class PageEvaluator implements Evaluator {
  constructor(private readonly transport: ReviewTransport) {}

  /** `ucinewgame` (the server sends it when the engine is idle; there is no answer to wait for). */
  newGame(): Promise<Result<void, EvaluatorErrorCode>> {
    this.transport.send({ type: 'newgame' });
    return Promise.resolve(ok(undefined));
  }

  evaluate(
    request: EvaluationRequest,
    signal?: AbortSignal,
  ): Promise<Result<Evaluation, EvaluatorErrorCode>> {
    if (signal?.aborted) return Promise.resolve(fail('aborted', 'the review was cancelled'));
    return new Promise((resolve) => {
      const id = this.transport.nextSearchId();
      const reader = new SearchReader();
      const finish = (result: Result<Evaluation, EvaluatorErrorCode>) => {
        stopListening();
        signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const onAbort = () => {
        this.transport.send({ type: 'stop' });
        finish(fail('aborted', 'the review was cancelled'));
      };
      const stopListening = this.transport.listen((message) => {
        switch (message.type) {
          case 'info':
            if (message.id === id) reader.info(message.line);
            break;
          case 'bestmove':
            if (message.id === id) finish(reader.finish(message.move));
            break;
          case 'engine-error':
            finish(fail('engine-error', `the engine said: ${message.message}`));
            break;
          case 'engine-failed':
            finish(fail('engine-failed', message.message));
            break;
          case 'error':
            // A refusal that names another search of the page is not about this one.
            if ('id' in message && message.id !== undefined && message.id !== id) break;
            finish(fail(message.fatal ? 'engine-failed' : 'engine-error', `the server said: ${message.message}`)); // prettier-ignore
            break;
          case 'ready':
            break;
        }
      });
      signal?.addEventListener('abort', onAbort);
      this.transport.send({
        type: 'go',
        id,
        variant: request.variant,
        fen: request.fen,
        moves: [...request.moves],
        limits: { nodes: request.nodes },
        skillLevel: FULL_STRENGTH,
        multiPV: 1,
      });
    });
  }
}
