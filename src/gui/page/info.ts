/**
 * The engine's `info` lines as the analysis panel shows them: depth, score (in men, or a
 * win in N), nodes, speed and the principal variation, and the evaluation bar's share.
 */
import { engineScore, expectedScore } from '../../analyse/score.js';
import { WHITE, type Color, type VariantName } from '../../core/variant.js';
import type { GameResult } from './game.js';
import { parseInfo, type EngineInfo, type EngineScore } from '../../engine-client/info.js';

/** An `info` line the panel shows: one with a depth and a score. */
export type InfoLine = EngineInfo & { readonly depth: number; readonly score: EngineScore };

/**
 * Reads an `info depth ... score ...` line; undefined for other info lines (strings, the
 * once-a-second progress lines with `currmove`, the final nodes-and-time line).
 */
export function parseInfoLine(line: string): InfoLine | undefined {
  const info = parseInfo(line);
  if (info?.depth === undefined || info.score === undefined) return undefined;
  return { ...info, depth: info.depth, score: info.score };
}

/** The score from White's point of view. */
export function whiteScore(score: EngineScore, sideToMove: Color): EngineScore {
  return sideToMove === WHITE ? score : { unit: score.unit, value: -score.value };
}

/** "+0.42" (men, White's view) or "White wins in 5". */
export function formatScore(score: EngineScore): string {
  if (score.unit === 'mate') {
    if (score.value === 0) return 'game over';
    return `${score.value > 0 ? 'White' : 'Black'} wins in ${Math.abs(score.value)}`;
  }
  const men = score.value / 100;
  return `${men > 0 ? '+' : men < 0 ? '\u2212' : ''}${Math.abs(men).toFixed(2)}`;
}

/**
 * White's share of the evaluation bar, 0..1, for a score of White's view: White's expected
 * score, the review's one mapping (analyse/score.ts: 0.5 level, a forced win fills it).
 */
export function barShare(score: EngineScore, variant: VariantName): number {
  // "mate 0" seen from White's side no longer says who has won (see formatScore).
  if (score.unit === 'mate' && score.value === 0) return 0.5;
  return expectedScore(engineScore(score.unit, score.value), variant);
}

/** The evaluation bar once the game is over: full for the winner, level for a draw. */
export function resultBar(result: GameResult): { share: number; label: string } {
  if (result === 'draw') return { share: 0.5, label: 'draw' };
  return { share: result === 'white' ? 1 : 0, label: result === 'white' ? 'White won' : 'Black won' }; // prettier-ignore
}

/** Nodes or speed as people read them: 950, 12.3k, 4.1M. */
export function formatCount(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(1)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}
