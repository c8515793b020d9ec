/**
 * Turns of the event loop for a fit that holds the main thread (tama tune, tama train): a
 * signal's handler runs only between turns, so the fit gives one about every TURN_MS and
 * then sees whether it was asked to stop.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How often, at most, a fit gives the event loop a turn. */
export const TURN_MS = 50;

/** The event loop's turns of one fit, and the signal that stops it. */
export class EventTurns {
  private last = performance.now();

  constructor(private readonly signal: AbortSignal | undefined) {}

  /** Whether a turn is due: without a signal, never. */
  get due(): boolean {
    return this.signal !== undefined && performance.now() - this.last >= TURN_MS;
  }

  /** Gives the event loop a turn; resolves to whether the fit was asked to stop. */
  async take(): Promise<boolean> {
    await nextTurn();
    this.last = performance.now();
    return this.stopped;
  }

  /** Whether the fit was asked to stop. */
  get stopped(): boolean {
    return this.signal?.aborted === true;
  }
}
