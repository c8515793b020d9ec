/**
 * Time management: how long a move may take, from the clock, the increment, the moves to
 * the next time control and the move overhead (time lost between engine and GUI).
 */
import type { PackedMove } from '../core/movegen.js';

export interface SearchLimits {
  depth?: number;
  nodes?: number;
  movetime?: number;
  infinite?: boolean;
  ponder?: boolean;
  mate?: number;
  wtime?: number;
  btime?: number;
  winc?: number;
  binc?: number;
  movestogo?: number;
  /** Root moves to consider; all when absent. */
  searchmoves?: readonly PackedMove[];
}

export interface TimeBudget {
  /** Time (ms) after which no new iteration starts, scaled by how settled the search is. */
  readonly optimum: number;
  /** Time (ms) at which the search stops at once. */
  readonly maximum: number;
}

const UNLIMITED: TimeBudget = { optimum: Infinity, maximum: Infinity };

/** Whether limits put the engine on a clock (its own time or a fixed move time). */
export function isTimed(limits: SearchLimits, color: number): boolean {
  const time = color === 0 ? limits.wtime : limits.btime;
  return limits.movetime !== undefined || time !== undefined;
}

/**
 * The time budget of a search. With a fixed move time both bounds are that time less the
 * overhead. On a clock the optimum is a share of the time left plus most of the increment
 * and the maximum a few times that, never more than what keeps a reserve on the clock.
 */
export function timeBudget(limits: SearchLimits, color: number, moveOverhead: number): TimeBudget {
  if (limits.infinite || limits.ponder) return UNLIMITED;
  if (limits.movetime !== undefined) {
    const time = Math.max(1, limits.movetime - moveOverhead);
    return { optimum: time, maximum: time };
  }
  const time = color === 0 ? limits.wtime : limits.btime;
  if (time === undefined) return UNLIMITED;
  const increment = (color === 0 ? limits.winc : limits.binc) ?? 0;
  const movesToGo = Math.min(limits.movestogo ?? 40, 40);
  // What may be spent this move and keep the overhead for each move still to play.
  const usable = Math.max(1, time - moveOverhead * Math.min(movesToGo, 10) - 10);
  const optimum = Math.min(usable * 0.5, usable / movesToGo + increment * 0.75);
  const maximum = Math.min(usable * (movesToGo === 1 ? 0.9 : 0.35), optimum * 5);
  return { optimum: Math.max(1, optimum), maximum: Math.max(1, maximum) };
}
