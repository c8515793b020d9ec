/**
 * The board in words, for people who listen to the page: each square's accessible name
 * ("c3, white man", "d4, empty, can move here"), each move as a sentence ("Black d6-c5",
 * "White, c5, takes three, ends on b7") and the result. Plain functions: tests run them
 * in Node, the view puts them in the accessibility tree and the live region.
 */
import { squareName } from '../../core/square.js';
import type { Piece } from './board.js';
import { COLOR_NAMES, type GameMove, type Outcome } from './game.js';

const PIECE_WORDS: Record<Piece, string> = {
  '.': 'empty',
  w: 'white man',
  W: 'white king',
  b: 'black man',
  B: 'black king',
};

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']; // prettier-ignore

/** A small count in words ("three"), larger ones in figures. */
export function countInWords(count: number): string {
  return NUMBER_WORDS[count] ?? String(count);
}

/** What a square shows, besides its piece. */
export interface SquareMarks {
  readonly selected?: boolean;
  readonly target?: boolean;
  readonly mustCapture?: boolean;
  readonly cursor?: boolean;
}

/** A square's accessible name: "c3, white man", "e5, black king, selected", "d4, empty, can move here". */
export function squareLabel(square: number, piece: Piece, marks: SquareMarks = {}): string {
  const parts = [squareName(square), PIECE_WORDS[piece]];
  if (marks.selected) parts.push('selected');
  if (marks.mustCapture) parts.push('must capture');
  if (marks.target) parts.push('can move here');
  return parts.join(', ');
}

/**
 * A move as a person says it: "Black d6-c5"; a capture by where it starts, how many it takes
 * and where it ends, "White, a7, takes 13, ends on g7" (its landing squares on the way
 * would sound like the pieces taken); ", crowned" when a man becomes a king.
 */
export function moveInWords(move: GameMove, crowned: boolean): string {
  const side = COLOR_NAMES[move.color];
  const crown = crowned ? ', crowned' : '';
  if (move.captured.length === 0) return `${side} ${[move.from, ...move.path].map(squareName).join('-')}${crown}`; // prettier-ignore
  const end = squareName(move.path[move.path.length - 1]);
  return `${side}, ${squareName(move.from)}, takes ${countInWords(move.captured.length)}, ends on ${end}${crown}`; // prettier-ignore
}

/** The result as a sentence: "White wins: Black has no pieces left", "Draw: ...". */
export function outcomeInWords(outcome: Outcome): string {
  const head =
    outcome.result === 'draw' ? 'Draw' : `${outcome.result === 'white' ? 'White' : 'Black'} wins`;
  return `${head}: ${outcome.reason}`;
}
