/**
 * Whether a search shows a puzzle: exactly one move wins, and at what depth the engine
 * first found it. Plain functions of a search report (searcher.ts), so the thresholds are
 * tested without an engine. Scores are the side to move's, in centi-men (100 = one man).
 */
import type { EngineScore } from '../engine-client/info.js';
import { fail, ok, type Result } from '../core/result.js';
import type { RootLine, SearchReport } from './searcher.js';

/** What "wins" and "does not win" mean for one pass of the miner. */
export interface Thresholds {
  /** The best move wins: a forced win, or at least this many centi-men. */
  readonly winCp: number;
  /** Every other move does not win: no forced win, and at most this many centi-men. */
  readonly otherCp: number;
}

/** The check's bar: two men won by the move, less than half a man by any other. */
export const CHECK_THRESHOLDS: Thresholds = Object.freeze({ winCp: 200, otherCp: 50 });
/** The screen's looser bar: a shallow search that lets the check decide the close ones. */
export const SCREEN_THRESHOLDS: Thresholds = Object.freeze({ winCp: 150, otherCp: 100 });
/** The check's last depth must be at least this much deeper than the rating. */
export const CHECK_MARGIN = 2;

/** How a puzzle's win was proven: a material gain, a forced win found, or the tables. */
export type Proof = 'material' | 'forced-win' | 'tables';

export type VerdictCode = 'no-lines' | 'forced' | 'not-winning' | 'not-unique';

/** The one winning move a search found, with both lines' scores. */
export interface UniqueWin {
  readonly best: RootLine;
  readonly second: RootLine;
}

/** Whether `score` wins by `thresholds`. */
export function wins(score: EngineScore, thresholds: Thresholds): boolean {
  return score.unit === 'mate' ? score.value > 0 : score.value >= thresholds.winCp;
}

/** Whether `score` stays below a win by `thresholds`. */
export function doesNotWin(score: EngineScore, thresholds: Thresholds): boolean {
  return score.unit === 'mate' ? score.value < 0 : score.value <= thresholds.otherCp;
}

/** The one winning move of a report, or why there is none (one legal move, two winners, ...). */
export function uniqueWin(
  report: SearchReport,
  thresholds: Thresholds,
): Result<UniqueWin, VerdictCode> {
  // prettier-ignore
  const [best, second] = report.lines;
  if (best === undefined) return fail('no-lines', 'the search reported no line');
  if (second === undefined) return fail('forced', 'one legal move');
  if (!wins(best.score, thresholds)) return fail('not-winning', `the best move ${best.move} does not win (${scoreText(best.score)})`); // prettier-ignore
  if (!doesNotWin(second.score, thresholds)) return fail('not-unique', `a second move ${second.move} also wins or comes close (${scoreText(second.score)})`); // prettier-ignore
  return ok({ best, second });
}

/**
 * The depth at which the engine first found `move` and kept it: the first depth of the
 * last run of depths whose best move is `move` (undefined when the last depth's is not).
 */
export function ratingDepth(report: SearchReport, move: string): number | undefined {
  const depths = report.bestByDepth;
  let first: number | undefined;
  for (let i = depths.length - 1; i >= 0 && depths[i].move === move; i--) first = depths[i].depth;
  return first;
}

/** How the best line's win is proven. */
export function proofOf(best: RootLine): Proof {
  if (best.score.unit === 'cp') return 'material';
  return best.tbhits > 0 ? 'tables' : 'forced-win';
}

/** A score as the puzzle file writes it: `cp 412`, `mate 7`, `mate -3`. */
export function scoreText(score: EngineScore): string {
  return `${score.unit} ${score.value}`;
}

/** Reads `cp N` / `mate N`; undefined for anything else. */
export function parseScoreText(text: string): EngineScore | undefined {
  const found = /^(cp|mate) (-?\d+)$/.exec(text);
  if (found === null) return undefined;
  return { unit: found[1] as 'cp' | 'mate', value: Number(found[2]) };
}
