/**
 * The page's game review under way: it runs analyse/review.ts over the page's transport
 * (review-engine.ts), with search ids from the page's own sequence, keeps its progress and
 * result in the state's `review`, and can be stopped (cancelled, or discarded when the
 * game changes). The controller decides when; this only does it. No DOM: tests run it in
 * Node through the controller.
 */
import { annotatePdnText, annotatorName } from '../../analyse/annotated-pdn.js';
import { reviewGame, type GameReview, type ReviewErrorCode } from '../../analyse/review.js';
import { fail, type Result } from '../../core/result.js';
import type { ServerMessage } from '../messages.js';
import type { PageReview } from './review.js';
import { PageEvaluator, type ReviewTransport } from './review-engine.js';
import type { PageState } from './state.js';
import type { EngineTransport } from './transport.js';

/** What the reviewer tells the controller. */
export interface ReviewerEvents {
  /** One more position was reviewed. */
  readonly progressed: () => void;
  /** The review ended by itself: done, or stopped by an error. */
  readonly ended: () => void;
}

/** Runs the review of the state's game; at most one at a time. */
export class Reviewer {
  private abort: AbortController | undefined;
  private nextId = 1;
  private readonly listeners = new Set<(message: ServerMessage) => void>();
  /** The page's transport as the review's evaluator uses it. */
  private readonly transport: ReviewTransport;

  constructor(
    private readonly state: PageState,
    transport: EngineTransport,
    private readonly events: ReviewerEvents,
  ) {
    this.transport = {
      send: (message) => transport.send(message),
      listen: (listener) => {
        this.listeners.add(listener);
        return () => this.listeners.delete(listener);
      },
      nextSearchId: () => this.state.nextSearchId++,
    };
  }

  /** A message of the engine's side, passed to the running review's search. */
  message(message: ServerMessage): void {
    for (const listener of [...this.listeners]) listener(message);
  }

  /** Starts reviewing the state's game at the state's budget (the controller checked it may). */
  start(): void {
    const { state } = this;
    const game = state.game;
    const review: PageReview = {
      id: this.nextId++,
      phase: 'running',
      variant: game.variant,
      nodes: state.reviewNodes,
      total: game.moves.length + 1,
      progress: [],
      result: undefined,
      stopReason: undefined,
    };
    const abort = new AbortController();
    state.review = review;
    this.abort = abort;
    const reviewed = reviewGame(
      { variant: game.variant, fen: game.startFen, moves: game.moves.map((m) => m.text) },
      new PageEvaluator(this.transport),
      {
        nodes: review.nodes,
        signal: abort.signal,
        onProgress: (step) => {
          if (state.review !== review || review.phase !== 'running') return;
          review.progress.push(step);
          this.events.progressed();
        },
      },
    );
    void reviewed.then((result) => this.ended(review, result));
  }

  /** Ends the running review (its search stopped), saying why; nothing when none runs. */
  stop(why: string): void {
    const review = this.state.review;
    if (review === undefined || review.phase !== 'running') return;
    review.phase = 'stopped';
    review.stopReason = why;
    this.abort?.abort();
    this.abort = undefined;
  }

  /** The review no longer matches the game: it goes (stopped first if running); true if there was one. */
  discard(): boolean {
    if (this.state.review === undefined) return false;
    this.stop('discarded');
    this.state.review = undefined;
    return true;
  }

  /** `pdnText` (the page's export of the reviewed game) annotated with the review. */
  annotated(pdnText: string): Result<string> {
    const review = this.state.review;
    if (review?.result === undefined) return fail('no-review', 'no review of this game is done');
    return annotatePdnText(pdnText, review.result, annotatorName(this.state.engine.name, review.nodes)); // prettier-ignore
  }

  private ended(review: PageReview, result: Result<GameReview, ReviewErrorCode>): void {
    if (this.state.review !== review || review.phase !== 'running') return;
    this.abort = undefined;
    if (result.ok) {
      review.phase = 'done';
      review.result = result.value;
    } else {
      review.phase = 'stopped';
      review.stopReason = result.error.message;
    }
    this.events.ended();
  }
}
