/**
 * How a client decides that an engine stalled during a search: one rule for every client
 * (the match's games through EngineProcess.search, the page's tab through the supervisor).
 *
 * - During a search the client pings `isready` every stall period; an engine that does not
 *   answer a ping within the stall period has stalled. A search with only depth or nodes
 *   limits never stalls while the engine answers its pings, however long it thinks.
 * - When the search has a deadline (when it must be over: go.ts's searchDeadline), the
 *   client may send `stop` at the deadline (the match does; the tab's searches stop
 *   themselves), and an engine with no bestmove a stall period after the deadline has
 *   stalled.
 *
 * The pings' `readyok` answers go to the watch alone (EngineProcess.ping), never to the
 * client's own waits or line handlers.
 */
import type { ParseError } from '../core/result.js';

/** The engine a watch looks after: lines to it, and pings whose answers come back here. */
export interface PingedEngine {
  send(line: string): void;
  /** Sends `isready`; `answered` hears its `readyok`. */
  ping(answered: () => void): void;
}

/** Why a watched engine stalled. */
export type Stall = ParseError<'stall'>;

/** One engine's search watch (see above); `stalled` hears the first stall of a search. */
export class SearchWatch {
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  /** Counts the watches started, so that a late answer to an earlier one is ignored. */
  private round = 0;
  private pingUnanswered = false;
  private started = 0;

  constructor(
    private readonly engine: PingedEngine,
    private readonly stallMs: number,
    private readonly stalled: (stall: Stall) => void,
  ) {}

  /**
   * A search started (or, called again, its deadline moved): the pings begin, and when
   * `deadlineMs` is given the search must be over that many ms from now, `stop` being sent
   * then when `stopAtDeadline`.
   */
  start(deadlineMs: number | undefined, stopAtDeadline: boolean): void {
    this.end();
    const round = ++this.round;
    this.started = performance.now();
    this.pingTimer = setInterval(() => this.ping(round), this.stallMs);
    if (deadlineMs === undefined) return;
    this.deadlineTimer = setTimeout(() => {
      if (stopAtDeadline) this.engine.send('stop');
      this.deadlineTimer = setTimeout(() => {
        this.stall(`no bestmove after ${Math.round(performance.now() - this.started)} ms`);
      }, this.stallMs);
    }, deadlineMs);
  }

  /** The search ended (or the client gave it up): no more pings, no stall. */
  end(): void {
    clearInterval(this.pingTimer);
    clearTimeout(this.deadlineTimer);
    this.pingTimer = undefined;
    this.deadlineTimer = undefined;
    this.pingUnanswered = false;
    this.round++;
  }

  private ping(round: number): void {
    if (this.pingUnanswered) {
      this.stall(`no readyok within ${this.stallMs} ms`);
      return;
    }
    this.pingUnanswered = true;
    this.engine.ping(() => {
      if (round === this.round) this.pingUnanswered = false;
    });
  }

  private stall(message: string): void {
    this.end();
    this.stalled({ code: 'stall', message });
  }
}
