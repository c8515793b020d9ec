/**
 * The board in words, for people who listen to the page: each square's accessible name
 * ("c3, white man", "d4, empty, can move here"), each move as a sentence ("Black d6-c5",
 * "White captures three: c5, e5, e7, b7") and the result. Plain functions: tests run them
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
 * A move as a sentence: "Black d6-c5", "White captures three: c5, e5, e7, b7" (the start
 * and every landing square), with ", crowned" when a man becomes a king.
 */
export function moveInWords(move: GameMove, crowned: boolean): string {
  const side = COLOR_NAMES[move.color];
  const squares = [move.from, ...move.path].map(squareName);
  const crown = crowned ? ', crowned' : '';
  if (move.captured.length === 0) return `${side} ${squares.join('-')}${crown}`;
  return `${side} captures ${countInWords(move.captured.length)}: ${squares.join(', ')}${crown}`;
}

/** The result as a sentence: "White wins: Black has no pieces left", "Draw: ...". */
export function outcomeInWords(outcome: Outcome): string {
  const head =
    outcome.result === 'draw' ? 'Draw' : `${outcome.result === 'white' ? 'White' : 'Black'} wins`;
  return `${head}: ${outcome.reason}`;
}
