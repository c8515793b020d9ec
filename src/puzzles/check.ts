/**
 * The check of a shipped puzzle, run again: its position searched at the file's check
 * budget by the same settings must show the line's first move as the only winning one,
 * at a depth at least CHECK_MARGIN deeper than the depth the puzzle's move was found at;
 * and a material puzzle must pass the material check (material.ts), which needs no engine.
 * With the engine build that made the file the search is the same search, so the depths
 * and scores come back equal; another build may differ and still pass.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { CHECK_MARGIN, ratingDepth, uniqueWin } from './judge.js';
import { checkMaterial, type MaterialSearch } from './material.js';
import type { Puzzle, PuzzleSettings } from './puzzle-file.js';
import type { PositionSearcher } from './searcher.js';

export type RecheckErrorCode = 'engine-failed' | 'failed-check';

/** What the search said of a puzzle that passed. */
export interface Rechecked {
  readonly depth: number;
  /** The depth at which the search found the move. */
  readonly found: number;
}

/**
 * The material check of a material puzzle (other proofs pass): the gain on the board
 * within the line, and no other first move gaining as much. The error names the puzzle.
 */
export function checkPuzzleMaterial(
  puzzle: Puzzle,
  variant: VariantName,
  search?: MaterialSearch,
): Result<undefined, 'failed-check'> {
  if (puzzle.proof !== 'material') return ok(undefined);
  const verdict = checkMaterial(puzzle.position, puzzle.line, variant, search);
  if (!verdict.ok) return fail('failed-check', `puzzle ${puzzle.id}: material: ${verdict.error.message}`); // prettier-ignore
  return ok(undefined);
}

/** Searches `puzzle` again; an error says which part of the check failed. */
export async function recheckPuzzle(
  puzzle: Puzzle,
  settings: PuzzleSettings,
  searcher: PositionSearcher,
): Promise<Result<Rechecked, RecheckErrorCode>> {
  const searched = await searcher.search(puzzle.position, settings.checkNodes);
  if (!searched.ok) return searched;
  const report = searched.value;
  const win = uniqueWin(report, settings.check);
  const name = `puzzle ${puzzle.id}`;
  if (!win.ok) return fail('failed-check', `${name}: ${win.error.message}`);
  const move = win.value.best.move;
  if (move !== puzzle.line[0]) return fail('failed-check', `${name}: the winning move is ${move}, not ${puzzle.line[0]}`); // prettier-ignore
  const found = ratingDepth(report, move) ?? report.depth;
  if (report.depth < found + CHECK_MARGIN) {
    return fail('failed-check', `${name}: found at depth ${found}, checked only to depth ${report.depth}`); // prettier-ignore
  }
  return ok({ depth: report.depth, found });
}
