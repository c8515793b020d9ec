/**
 * One puzzle being solved, as plain logic over the moves played: the moves so far either
 * follow the puzzle's line (the next thing is the person's move, or a reply the page plays
 * for the other side), finish it (solved), or leave it on the person's move (a wrong move:
 * the page takes it back and the person tries again). The shipped puzzles are read by
 * src/puzzles/puzzle-file.ts; this module only plays one (DESIGN: the page only plays it).
 */
import { BLACK, WHITE, type Color } from '../../core/variant.js';
import type { Puzzle } from '../../puzzles/puzzle-file.js';

/** What the moves played so far mean for the puzzle. */
export type LineVerdict =
  /** The person is to find the move at index `next` of the line. */
  | { readonly kind: 'your-move'; readonly next: number }
  /** The other side answers with `reply`, at index `next` of the line. */
  | { readonly kind: 'reply'; readonly next: number; readonly reply: string }
  /** Every move of the line was played. */
  | { readonly kind: 'solved' }
  /** The person's move at index `at` is not the line's `expected`. */
  | { readonly kind: 'wrong'; readonly at: number; readonly played: string; readonly expected: string } // prettier-ignore
  /** A move for the other side that is not the line's: the game left the puzzle. */
  | { readonly kind: 'off-line'; readonly at: number };

/** The verdict on `played`, the moves from the puzzle's position, in full move text. */
export function judgeLine(puzzle: Puzzle, played: readonly string[]): LineVerdict {
  const line = puzzle.line;
  for (let i = 0; i < played.length; i++) {
    if (i >= line.length) return { kind: 'off-line', at: i };
    if (played[i] === line[i]) continue;
    return i % 2 === 0 ? { kind: 'wrong', at: i, played: played[i], expected: line[i] } : { kind: 'off-line', at: i }; // prettier-ignore
  }
  const next = played.length;
  if (next === line.length) return { kind: 'solved' };
  return next % 2 === 0 ? { kind: 'your-move', next } : { kind: 'reply', next, reply: line[next] };
}

/** The side that solves: the side to move in the puzzle's position. */
export function solverOf(puzzle: Puzzle): Color {
  return puzzle.position.startsWith('B') ? BLACK : WHITE;
}

/** How many of the solver's moves the line holds. */
export function solverMoves(puzzle: Puzzle): number {
  return (puzzle.line.length + 1) / 2;
}

/** The order puzzles are offered in: easiest (lowest rating) first, then by id. */
export function puzzleOrder(puzzles: readonly Puzzle[]): Puzzle[] {
  return [...puzzles].sort((a, b) => a.rating - b.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)); // prettier-ignore
}

/**
 * The task in words: "White to play and win: find the only winning move (wins two men;
 * rating 900, 2 moves)", with the record's claim; a blank one (a record made by hand) gives
 * the proof's "win material" or "win".
 */
export function taskInWords(puzzle: Puzzle): string {
  const side = solverOf(puzzle) === WHITE ? 'White' : 'Black';
  const moves = solverMoves(puzzle);
  const size = `rating ${puzzle.rating}, ${moves} ${moves === 1 ? 'move' : 'moves'}`;
  const claim = claimOf(puzzle);
  if (claim !== undefined) return `${side} to play and win: find the only winning move (${claim}; ${size})`; // prettier-ignore
  const win = puzzle.proof === 'material' ? 'win material' : 'win';
  return `${side} to play and ${win}: find the only winning move (${size})`;
}

/** The record's claim ("wins two men", "forced win"), unless it is blank. */
function claimOf(puzzle: Puzzle): string | undefined {
  const claim = puzzle.claim.trim();
  return claim === '' ? undefined : claim;
}
