/**
 * Time management: how long a move may take, from the clock, the increment, the moves to
 * the next time control and the move overhead (time lost between engine and GUI), and when
 * a search on the clock stops: at once past the maximum, or between two iterations once
 * the optimum (scaled by how settled the search is) is spent.
 */
import type { PackedMove } from '../core/movegen.js';
import { nowMs, type SearchControl } from './control.js';

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

/** The budget of a search that no clock limits (depth, nodes, infinite, or no limit). */
export const NO_TIME_LIMIT: TimeBudget = Object.freeze({ optimum: Infinity, maximum: Infinity });

/**
 * The time budget of a search: computed once per `go` (by the engine, which hands it to
 * every search thread). With a fixed move time both bounds are that time less the
 * overhead. On a clock the optimum is a share of the time left plus most of the increment
 * and the maximum a few times that, never more than what keeps a reserve on the clock.
 * `go ponder` gets the budget of its clock: it counts from ponderhit (TimeManager).
 */
export function timeBudget(limits: SearchLimits, color: number, moveOverhead: number): TimeBudget {
  if (limits.infinite) return NO_TIME_LIMIT;
  if (limits.movetime !== undefined) {
    const time = Math.max(1, limits.movetime - moveOverhead);
    return { optimum: time, maximum: time };
  }
  const time = color === 0 ? limits.wtime : limits.btime;
  if (time === undefined) return NO_TIME_LIMIT;
  const increment = (color === 0 ? limits.winc : limits.binc) ?? 0;
  const movesToGo = Math.min(limits.movestogo ?? 40, 40);
  // What may be spent this move and keep the overhead for each move still to play.
  const usable = Math.max(1, time - moveOverhead * Math.min(movesToGo, 10) - 10);
  const optimum = Math.min(usable * 0.5, usable / movesToGo + increment * 0.75);
  const maximum = Math.min(usable * (movesToGo === 1 ? 0.9 : 0.35), optimum * 5);
  return { optimum: Math.max(1, optimum), maximum: Math.max(1, maximum) };
}

/** A fall of the best score by more than this (centi-men) between iterations means trouble. */
const SCORE_DROP = 30;

/**
 * The time policy of one search thread: the budget, when the clock started (`go`, or
 * ponderhit), and how settled the best move is from iteration to iteration. Only the main
 * thread (0) decides on time; helper threads stop when it does.
 */
export class TimeManager {
  private budget: TimeBudget = NO_TIME_LIMIT;
  private startTime = 0;
  private mainThread = false;
  /** A fixed move time is used whole: only the maximum ends it. */
  private fixedTime = false;
  /** `go infinite` ends by stop alone. */
  private infinite = false;
  private previousBest = -1;
  private previousScore = 0;
  private stableIterations = 0;

  /** Prepares for a search that began at `startTime` (epoch ms) within `budget`. */
  start(budget: TimeBudget, limits: SearchLimits, startTime: number, mainThread: boolean): void {
    this.budget = budget;
    this.startTime = startTime;
    this.mainThread = mainThread;
    this.fixedTime = limits.movetime !== undefined;
    this.infinite = limits.infinite === true;
    this.previousBest = -1;
    this.previousScore = 0;
    this.stableIterations = 0;
  }

  /** The time (ms) at which the search stops at once (Infinity: none). */
  get maximum(): number {
    return this.budget.maximum;
  }

  /** Milliseconds on the clock: since ponderhit when the search pondered, else since `go`. */
  elapsed(control: SearchControl): number {
    const hit = control.ponderhitTime;
    return nowMs() - (hit > 0 ? hit : this.startTime);
  }

  /** Whether the main thread has passed the maximum (never while pondering). */
  outOfTime(control: SearchControl): boolean {
    if (!this.mainThread || control.pondering || this.budget.maximum === Infinity) return false;
    return this.elapsed(control) >= this.budget.maximum;
  }

  /**
   * After a completed iteration: whether to start no other. On a clock, stop once the
   * optimum is spent (a best move settled for three iterations needs half of it, a new best
   * move or a falling score more), and soon with a single candidate move; a fixed move time
   * is used whole and an infinite or pondering search goes on.
   */
  stopAfterIteration(
    depth: number,
    bestIndex: number,
    bestScore: number,
    candidates: number,
    control: SearchControl,
  ): boolean {
    const scoreBefore = this.previousScore;
    this.previousScore = bestScore;
    if (bestIndex === this.previousBest) this.stableIterations++;
    else this.stableIterations = 0;
    this.previousBest = bestIndex;
    if (!this.mainThread || this.infinite || this.fixedTime || control.pondering) return false;
    const optimum = this.budget.optimum;
    const elapsed = this.elapsed(control);
    if (candidates === 1 && optimum !== Infinity && elapsed > Math.min(optimum * 0.1, 50)) return true; // prettier-ignore
    const stable = this.stableIterations;
    let scale = stable >= 3 ? 0.5 : stable === 0 ? 1.5 : 1;
    if (depth > 1 && bestScore < scoreBefore - SCORE_DROP) scale *= 1.5;
    return elapsed > optimum * scale;
  }
}
