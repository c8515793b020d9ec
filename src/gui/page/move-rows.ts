/**
 * The move list as people write it down: one row per full move, its number, White's move
 * and Black's. A game that starts with Black to move has an empty White cell in its first
 * row. Plain data: the view draws it as a table, tests read it in Node.
 */
import { WHITE, type Color } from '../../core/variant.js';
import { moveNumberOf, type GameMove } from './game.js';

/** One ply in the list: its text and the ply it leads to (1 for the first move). */
export interface PlyCell {
  readonly text: string;
  readonly ply: number;
}

export interface MoveRow {
  readonly number: number;
  readonly white?: PlyCell;
  readonly black?: PlyCell;
}

/** The rows of a game's moves, from a start with `first` to move. */
export function moveRows(moves: readonly GameMove[], first: Color): MoveRow[] {
  const rows: { number: number; white?: PlyCell; black?: PlyCell }[] = [];
  moves.forEach((move, index) => {
    const number = moveNumberOf(index, first);
    let row = rows[rows.length - 1];
    if (row === undefined || row.number !== number) {
      row = { number };
      rows.push(row);
    }
    const cell = { text: move.text, ply: index + 1 };
    if (move.color === WHITE) row.white = cell;
    else row.black = cell;
  });
  return rows;
}
