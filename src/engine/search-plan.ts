/**
 * How one search runs, worked out from the `go` limits and the options before any thread
 * starts: the limits with `searchmoves` as packed moves, the time budget (computed once for
 * every thread), how many threads take part and, below full strength, the skill level's
 * caps; then each thread's settings.
 */
import { parseMove } from '../core/notation.js';
import type { PackedMove } from '../core/movegen.js';
import type { Position } from '../core/position.js';
import { MAX_SKILL_LEVEL, SKILL_LINES, skillSettings } from '../search/skill.js';
import type { SearchSettings } from '../search/search.js';
import { timeBudget, type SearchLimits, type TimeBudget } from '../search/timeman.js';
import type { OptionValues } from './options.js';

/** What `go` asks for: the search's limits, with `searchmoves` as move text. */
export type GoLimits = Omit<SearchLimits, 'searchmoves'> & {
  /** Root moves to consider, as move text (text that is no legal move is left out). */
  readonly searchmoves?: readonly string[];
};

/** How one search runs (searchPlan). */
export interface SearchPlan {
  readonly limits: SearchLimits;
  /** The `searchmoves` left out: no legal move in the root (the caller says so). */
  readonly ignoredSearchmoves: readonly IgnoredMove[];
  /** The time budget, computed once here for every thread. */
  readonly timeBudget: TimeBudget;
  readonly threads: number;
  /** Lines the main thread searches. */
  readonly multiPV: number;
  /** The skill level when below full strength. */
  readonly skillLevel: number | undefined;
  /** The DrawPlies option: plies without progress to a draw (0: never). */
  readonly drawPlies: number;
  /**
   * Below full strength on a clock, the soonest the answer may come (ms after go): the
   * level's small search ends in milliseconds, which on a clock looks like no thought at
   * all; it answers instead at a pace its clock allows (MIN_THINK_SHARE of its budget).
   */
  readonly minThinkMs: number;
}

/** The share of its time budget's optimum a weakened level spends on a clock, at least. */
export const MIN_THINK_SHARE = 0.5;

/**
 * A search whose time budget allows it less than this many milliseconds runs on the main
 * thread alone, whatever `Threads` says: waking the helper threads and waiting for them to
 * stop costs about a millisecond each, more than such a search has to spare, and on a busy
 * machine one helper waiting for a core holds up the answer. It only happens on a nearly
 * empty clock or with a tiny `movetime`.
 */
const HELPERS_MIN_MS = 20;

/** A `searchmoves` text that is no legal move here, and why. */
export interface IgnoredMove {
  readonly text: string;
  readonly message: string;
}

/**
 * `searchmoves` read once, against the root: the legal ones packed (undefined when none is
 * legal: every move is then searched), and the others with why each is left out.
 */
function readSearchmoves(
  position: Position,
  texts: readonly string[],
): { moves: PackedMove[] | undefined; ignored: IgnoredMove[] } {
  const moves: PackedMove[] = [];
  const ignored: IgnoredMove[] = [];
  for (const text of texts) {
    const parsed = parseMove(position, text);
    if (parsed.ok)
      moves.push({ move: parsed.value.move, capturedLo: parsed.value.capturedLo, capturedHi: parsed.value.capturedHi }); // prettier-ignore
    else ignored.push({ text, message: parsed.error.message });
  }
  return { moves: moves.length > 0 ? moves : undefined, ignored };
}

/**
 * What a search of `root` runs with: the go limits (searchmoves as packed moves), the time
 * budget, one thread when its time is very short (HELPERS_MIN_MS) and, below full
 * strength, one thread, a few lines to choose from, the level's depth cap and node budget
 * (the go limits can only make them smaller).
 */
export function searchPlan(root: Position, requested: GoLimits, options: OptionValues): SearchPlan {
  const skill = options.skillLevel;
  const weakened = skill < MAX_SKILL_LEVEL;
  const capped = skillSettings(skill);
  const searchmoves = readSearchmoves(root, requested.searchmoves ?? []);
  const limits: SearchLimits = {
    ...requested,
    searchmoves: searchmoves.moves,
    ...(weakened && {
      depth: Math.min(requested.depth ?? Infinity, capped.depth),
      nodes: Math.min(requested.nodes ?? Infinity, capped.nodes),
    }),
  };
  const budget = timeBudget(limits, root.sideToMove, options.moveOverhead);
  // A ponder search has all the time until ponderhit: it runs on every thread.
  const short = limits.ponder !== true && budget.maximum < HELPERS_MIN_MS;
  return {
    limits,
    ignoredSearchmoves: searchmoves.ignored,
    timeBudget: budget,
    threads: weakened || short ? 1 : options.threads,
    multiPV: weakened ? Math.max(options.multiPV, SKILL_LINES) : options.multiPV,
    skillLevel: weakened ? skill : undefined,
    drawPlies: options.drawPlies,
    minThinkMs: weakened && onClock(limits) ? Math.floor(budget.optimum * MIN_THINK_SHARE) : 0,
  };
}

/** Whether a search is on a clock: wtime or btime, no fixed time, not infinite or pondering. */
function onClock(limits: SearchLimits): boolean {
  const clock = limits.wtime !== undefined || limits.btime !== undefined;
  return clock && limits.movetime === undefined && limits.infinite !== true && limits.ponder !== true; // prettier-ignore
}

/** The settings of thread `thread` (0: the main thread) of a search that started at `startTime`. */
export function threadSettings(
  plan: SearchPlan,
  thread: number,
  startTime: number,
): SearchSettings {
  return {
    multiPV: thread > 0 ? 1 : plan.multiPV,
    drawPlies: plan.drawPlies,
    timeBudget: plan.timeBudget,
    threadIndex: thread,
    // With one line and a search that ends by itself, the first thread through the last
    // depth ends it (a helper that got there first is not left idle waiting for the main).
    endsAtLastDepth: thread > 0 && plan.multiPV === 1 && plan.limits.infinite !== true && plan.limits.ponder !== true, // prettier-ignore
    startTime,
    skillLevel: plan.skillLevel,
  };
}
