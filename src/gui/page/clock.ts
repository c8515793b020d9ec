/**
 * Chess clocks for the page: each side's time, the increment added after each move, and
 * the flag, by the rules of the match's clocks (clock/time-control.ts). Time is passed in
 * (milliseconds from any origin), so tests need no timers.
 */
import { Clock as SideClock, type ClockSettings } from '../../clock/time-control.js';
import { BLACK, WHITE, type Color } from '../../core/variant.js';

/**
 * A clock the page offers: the time controls' settings (clock/time-control.ts, whose text
 * is seconds: `300+3`), one period for the whole game, and the name people use, like "5+3"
 * (minutes + seconds a move), which is only ever shown.
 */
export interface TimeControl extends ClockSettings {
  readonly name: string;
}

/** The controls the page offers (no clock is `undefined`). */
export const TIME_CONTROLS: readonly TimeControl[] = [
  [1, 0],
  [3, 2],
  [5, 3],
  [10, 5],
  [15, 10],
  [30, 20],
].map(([minutes, seconds]) => ({
  name: `${minutes}+${seconds}`,
  movesPerPeriod: 0,
  baseMs: minutes * 60_000,
  incrementMs: seconds * 1000,
}));

/** The page gives no time past zero: a side loses as soon as its time left is below it. */
const PAGE_MARGIN_MS = 0;

/**
 * The page's two clocks: each side's is a clock of clock/time-control.ts, charged by its
 * rule (the increment, periods, the flag: exactly zero left is in time); this class keeps
 * which one runs and since when, and shows the time left.
 */
export class Clock {
  private readonly sides: readonly [SideClock, SideClock];
  private running: Color | undefined;
  private since = 0;

  constructor(readonly control: TimeControl) {
    this.sides = [new SideClock(control), new SideClock(control)];
  }

  /** Whose clock runs, if any. */
  get runningFor(): Color | undefined {
    return this.running;
  }

  /** Time left for `color` at `now` (never below 0). */
  remaining(color: Color, now: number): number {
    return Math.max(0, this.sides[color].remainingMs - this.spent(color, now));
  }

  /** Starts `color`'s clock (stopping the other's). */
  start(color: Color, now: number): void {
    this.stop(now);
    this.running = color;
    this.since = now;
  }

  /** Stops the running clock: its time spent is taken off, as no move (no increment). */
  stop(now: number): void {
    if (this.running === undefined) return;
    this.sides[this.running].remainingMs -= this.spent(this.running, now);
    this.running = undefined;
  }

  /**
   * `mover` finished its move at `now`: its clock is charged for it (the increment added)
   * and the other clock starts (the first move of a game starts the clocks, as online). A
   * move made after the flag fell does not count: returns false, and the clocks stop.
   */
  press(mover: Color, now: number): boolean {
    if (this.running === mover) {
      const spent = this.spent(mover, now);
      this.running = undefined;
      if (!this.sides[mover].charge(spent, PAGE_MARGIN_MS)) return false;
    }
    this.start((mover ^ 1) as Color, now);
    return true;
  }

  /** The side whose flag has fallen at `now`, if any. */
  flagged(now: number): Color | undefined {
    for (const color of [WHITE, BLACK] as const) {
      if (this.sides[color].overruns(this.spent(color, now), PAGE_MARGIN_MS)) return color;
    }
    return undefined;
  }

  /** The time `color` has spent since its clock started, if it runs. */
  private spent(color: Color, now: number): number {
    return this.running === color ? now - this.since : 0;
  }
}

/** Time left as a clock shows it: m:ss, or s.t under ten seconds. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, ms);
  if (total < 10_000) return (Math.floor(total / 100) / 10).toFixed(1);
  const seconds = Math.floor(total / 1000);
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0
    ? `${hours}:${pad(minutes % 60)}:${pad(seconds % 60)}`
    : `${minutes}:${pad(seconds % 60)}`;
}
