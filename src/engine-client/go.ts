/**
 * The two lines that start a search, built in one place for every client: `position ...`
 * from a start (position text, or the variant's start) and moves, and `go ...` from limits,
 * its words in one fixed order, the limits of a match game's mover from the clocks, and
 * when a search with those limits must be over.
 * Plain text: the page's bundle imports it too.
 */
import { WHITE, type Color } from '../core/variant.js';
import type { Clock, PlayerLimits } from '../clock/time-control.js';

/** What bounds a search, as `go` says it (times in milliseconds). */
export interface SearchLimits {
  readonly wtime?: number;
  readonly btime?: number;
  readonly winc?: number;
  readonly binc?: number;
  readonly movestogo?: number;
  readonly movetime?: number;
  readonly depth?: number;
  readonly nodes?: number;
  /** Search until `stop`. */
  readonly infinite?: boolean;
}

/** The numeric limits in the order `go` writes them. */
export const GO_LIMIT_NAMES = [
  'wtime',
  'btime',
  'winc',
  'binc',
  'movestogo',
  'movetime',
  'depth',
  'nodes',
] as const;

/** `position startpos` or `position fen F`, then `moves ...` when there are any. */
export function positionLine(fen: string | undefined, moves: readonly string[]): string {
  const start = fen === undefined ? 'position startpos' : `position fen ${fen}`;
  return moves.length > 0 ? `${start} moves ${moves.join(' ')}` : start;
}

/** `go` with each limit given: `go wtime 1000 btime 1000 winc 0 binc 0 depth 8`. */
export function goLine(limits: SearchLimits): string {
  const words = ['go'];
  for (const name of GO_LIMIT_NAMES) {
    const value = limits[name];
    if (value !== undefined) words.push(name, String(value));
  }
  if (limits.infinite === true) words.push('infinite');
  return words.join(' ');
}

/**
 * When a search must be over, in ms from its start: its move time, or else the time left
 * on the mover's clock, plus `marginMs` (the match's timemargin); undefined when only depth,
 * nodes or `stop` end it. Every client's deadline (the match's games, the page's tab).
 */
export function searchDeadline(
  limits: SearchLimits,
  mover: Color,
  marginMs: number,
): number | undefined {
  if (limits.infinite === true) return undefined;
  if (limits.movetime !== undefined) return limits.movetime + marginMs;
  const timeLeft = mover === WHITE ? limits.wtime : limits.btime;
  return timeLeft === undefined ? undefined : Math.max(0, timeLeft) + marginMs;
}

/**
 * The `go` limits for the side to move. With a clock they carry both clocks (a side
 * without a clock of its own is shown the mover's figures) and `movestogo` when periods
 * are used; depth and nodes are added to any of the forms.
 */
export function searchLimits(
  limits: PlayerLimits,
  mover: Color,
  moverClock: Clock | undefined,
  otherClock: Clock | undefined,
): SearchLimits {
  const { depth, nodes } = limits;
  if (moverClock === undefined) return { movetime: limits.moveTimeMs, depth, nodes };
  const other = otherClock ?? moverClock;
  const [white, black] = mover === WHITE ? [moverClock, other] : [other, moverClock];
  const ms = (value: number) => Math.max(0, Math.round(value));
  return {
    wtime: ms(white.remainingMs),
    btime: ms(black.remainingMs),
    winc: white.settings.incrementMs,
    binc: black.settings.incrementMs,
    movestogo: moverClock.settings.movesPerPeriod > 0 ? moverClock.movesLeft : undefined,
    depth,
    nodes,
  };
}
