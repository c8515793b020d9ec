/**
 * Time controls in cutechess style and the game clock.
 *
 * - `tc=40/60+0.6`: 40 moves in 60 seconds, 0.6 s added after every move; the time comes
 *   back every 40 moves. `tc=10+0.1`: 10 s for the whole game plus 0.1 s a move. Times are
 *   seconds or minutes:seconds (`tc=40/1:30`); `tc=inf` means no clock.
 * - `st=1`: a fixed 1 s a move (`go movetime 1000`).
 * - `depth=N`, `nodes=N`: search limits, alone or added to a clock.
 * - `timemargin=MS`: how far past its time an engine may answer before it loses on time.
 */
import { quote } from '../core/quote.js';
import { fail, ok, type Result } from '../core/result.js';

/**
 * The most a clock may give, here and in `go`'s limits (protocol/commands.ts): its time
 * (about 31 years), its increment (about 11 days) and the moves of a period. A time control past
 * these (a PDN tag of 1e30 seconds) is refused, never run as given.
 */
export const MAX_CLOCK_MS = 1e12;
export const MAX_INCREMENT_MS = 1e9;
export const MAX_MOVES_PER_PERIOD = 10_000;

/** A clock: `movesPerPeriod` moves (0 = the whole game) in `baseMs`, plus `incrementMs` a move. */
export interface ClockSettings {
  readonly movesPerPeriod: number;
  readonly baseMs: number;
  readonly incrementMs: number;
}

/** What bounds one engine's thinking; at least one field is set. */
export interface PlayerLimits {
  readonly clock?: ClockSettings;
  readonly moveTimeMs?: number;
  readonly depth?: number;
  readonly nodes?: number;
}

export type TimeControlErrorCode = 'bad-time-control' | 'bad-number' | 'no-limit' | 'conflict';

/** Reads seconds as `60`, `0.5` or `1:30` (minutes:seconds) into milliseconds. */
export function parseSeconds(text: string): number | undefined {
  const match = /^(?:(\d+):)?(\d+(?:\.\d*)?|\.\d+)$/.exec(text.trim());
  if (match === null) return undefined;
  const minutes = match[1] === undefined ? 0 : Number(match[1]);
  return Math.round((minutes * 60 + Number(match[2])) * 1000);
}

/** Reads a `tc` value: `moves/time+increment`, `time+increment`, `time`, or `inf` (no clock). */
export function parseClock(text: string): Result<ClockSettings | undefined, TimeControlErrorCode> {
  const trimmed = text.trim();
  if (trimmed === 'inf' || trimmed === 'infinite') return ok(undefined);
  const match = /^(?:(\d+)\/)?([^+/]+)(?:\+([^+/]+))?$/.exec(trimmed);
  const bad = fail(
    'bad-time-control',
    `bad time control ${quote(text)}: expected moves/seconds+increment such as 40/60+0.6, 10+0.1 or 60`,
  );
  if (match === null) return bad;
  const movesPerPeriod = match[1] === undefined ? 0 : Number(match[1]);
  const baseMs = parseSeconds(match[2]);
  const incrementMs = match[3] === undefined ? 0 : parseSeconds(match[3]);
  if (baseMs === undefined || incrementMs === undefined) return bad;
  if (baseMs <= 0 && incrementMs <= 0) {
    return fail('bad-time-control', `time control ${quote(text)} gives no time at all`);
  }
  if (match[1] !== undefined && movesPerPeriod === 0) {
    return fail('bad-time-control', `time control ${quote(text)}: the number of moves must be > 0`);
  }
  if (
    movesPerPeriod > MAX_MOVES_PER_PERIOD ||
    baseMs > MAX_CLOCK_MS ||
    incrementMs > MAX_INCREMENT_MS
  ) {
    return fail('bad-time-control', `time control ${quote(trimmed)}: at most ${MAX_MOVES_PER_PERIOD} moves in at most ${MAX_CLOCK_MS / 1000} seconds plus at most ${MAX_INCREMENT_MS / 1000} a move`); // prettier-ignore
  }
  return ok({ movesPerPeriod, baseMs, incrementMs });
}

function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

/** A clock as cutechess writes it: `40/60+0.6`, `10+0.1`, `60`. */
export function formatClock(clock: ClockSettings): string {
  const moves = clock.movesPerPeriod > 0 ? `${clock.movesPerPeriod}/` : '';
  const increment = clock.incrementMs > 0 ? `+${seconds(clock.incrementMs)}` : '';
  return `${moves}${seconds(clock.baseMs)}${increment}`;
}

/** All limits as text for the PDN TimeControl tag and reports: `10+0.1`, `st=1 depth=8`. */
export function formatLimits(limits: PlayerLimits): string {
  const parts: string[] = [];
  if (limits.clock) parts.push(formatClock(limits.clock));
  if (limits.moveTimeMs !== undefined) parts.push(`st=${seconds(limits.moveTimeMs)}`);
  if (limits.depth !== undefined) parts.push(`depth=${limits.depth}`);
  if (limits.nodes !== undefined) parts.push(`nodes=${limits.nodes}`);
  return parts.join(' ');
}

/**
 * Reads limits written by formatLimits back (a PDN TimeControl tag): a clock in seconds
 * (`300+3`, `10+0.1`, `40/60+0.6`, `inf`) and `st=`, `depth=`, `nodes=` in any order. PDN's
 * `-` (no time control), `?` (unknown) and an empty text read as no limits (undefined).
 */
export function parseLimits(text: string): Result<PlayerLimits | undefined, TimeControlErrorCode> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || (words.length === 1 && (words[0] === '-' || words[0] === '?'))) {
    return ok(undefined);
  }
  const limits: { -readonly [K in keyof PlayerLimits]: PlayerLimits[K] } = {};
  const bad = (why: string) => fail<TimeControlErrorCode>('bad-time-control', `time control ${quote(text)}: ${why}`); // prettier-ignore
  const seen = new Set<string>();
  for (const word of words) {
    const at = word.indexOf('=');
    const key = at < 0 ? 'tc' : word.slice(0, at);
    const value = at < 0 ? word : word.slice(at + 1);
    if (seen.has(key)) return bad(`${key} is given twice`);
    seen.add(key);
    if (key === 'tc') {
      const clock = parseClock(value);
      if (!clock.ok) return clock;
      if (clock.value !== undefined) limits.clock = clock.value;
    } else if (key === 'st') {
      const ms = parseSeconds(value);
      if (ms === undefined || ms <= 0 || ms > MAX_CLOCK_MS) return bad(`st must be seconds from 0.001 to ${MAX_CLOCK_MS / 1000}, got ${quote(value)}`); // prettier-ignore
      limits.moveTimeMs = ms;
    } else if (key === 'depth' || key === 'nodes') {
      if (!/^[1-9]\d{0,14}$/.test(value)) return bad(`${key} must be a whole number > 0, got '${value}'`); // prettier-ignore
      limits[key] = Number(value);
    } else return bad(`unknown limit '${key}'`);
  }
  if (Object.keys(limits).length === 0) return ok(undefined);
  const checked = checkLimits(limits);
  return checked.ok ? ok(checked.value) : bad(checked.error.message);
}

/** Checks that limits bound the search at all and do not contradict each other. */
export function checkLimits(limits: PlayerLimits): Result<PlayerLimits, TimeControlErrorCode> {
  if (limits.clock && limits.moveTimeMs !== undefined) {
    return fail('conflict', 'tc and st cannot be combined; choose one');
  }
  if (
    !limits.clock &&
    limits.moveTimeMs === undefined &&
    limits.depth === undefined &&
    limits.nodes === undefined
  ) {
    return fail('no-limit', 'no time control: give tc=..., st=..., depth=... or nodes=...');
  }
  return ok(limits);
}

/** One side's clock during a game. */
export class Clock {
  remainingMs: number;
  /** Moves left in the current period (0 when the whole game is one period). */
  movesLeft: number;

  constructor(readonly settings: ClockSettings) {
    this.remainingMs = settings.baseMs;
    this.movesLeft = settings.movesPerPeriod;
  }

  /**
   * Whether a move that took `elapsedMs` loses on time: the flag rule of every clock (the
   * match's, the page's), as cutechess has it. A side loses when its time left would be
   * below zero by more than `marginMs`; exactly zero left is in time.
   */
  overruns(elapsedMs: number, marginMs: number): boolean {
    return this.remainingMs - elapsedMs + marginMs < 0;
  }

  /** Charges one move that took `elapsedMs`; false when it overran the time plus `marginMs`. */
  charge(elapsedMs: number, marginMs: number): boolean {
    const late = this.overruns(elapsedMs, marginMs);
    this.remainingMs -= elapsedMs;
    if (late) return false;
    this.remainingMs += this.settings.incrementMs;
    if (this.settings.movesPerPeriod > 0) {
      this.movesLeft--;
      if (this.movesLeft === 0) {
        this.movesLeft = this.settings.movesPerPeriod;
        this.remainingMs += this.settings.baseMs;
      }
    }
    return true;
  }
}
