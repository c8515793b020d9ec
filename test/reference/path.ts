// Test helper: the captured set implied by a capture's move text.
//
// Expected move lists name one path per move, but a generator that merges duplicate
// sequences may keep a different path of the same move. Comparing moves by
// (from, to, captured set) makes the comparison independent of the path kept.

import { parseSimple, squareIndex, squareName } from './simple-rules.js';

/**
 * Sorted captured squares of the capture `text` (e.g. `b3xb5xd5`) played in `fen`.
 * Each leg is a straight line; the piece it captures is the single enemy piece between its
 * two landing squares, removed at once so later legs may cross its square. Throws when a leg
 * is not straight, crosses an own piece, or does not cross exactly one enemy piece. A quiet
 * move text (`c3-c4`) captures nothing.
 */
export function capturedByPath(fen: string, text: string): string[] {
  if (text.includes('-')) return [];
  const board = parseSimple(fen, { allowManOnLastRow: true });
  const squares = text.split('x').map(squareIndex);
  if (squares.length < 2) throw new Error(`not a capture: "${text}"`);
  const cells = [...board.cells];
  const mover = cells[squares[0]];
  const moverIsWhite = mover === 'w' || mover === 'W';
  if (mover === '.') throw new Error(`no piece on ${squareName(squares[0])}`);
  cells[squares[0]] = '.';
  const captured: string[] = [];
  for (let leg = 1; leg < squares.length; leg++) {
    const start = squares[leg - 1];
    const end = squares[leg];
    const fileDelta = (end % 8) - (start % 8);
    const rankDelta = Math.floor(end / 8) - Math.floor(start / 8);
    const straight =
      fileDelta === 0 || rankDelta === 0 || Math.abs(fileDelta) === Math.abs(rankDelta);
    if (!straight || (fileDelta === 0 && rankDelta === 0)) {
      throw new Error(`leg ${squareName(start)}-${squareName(end)} is not a straight line`);
    }
    if (cells[end] !== '.') throw new Error(`landing square ${squareName(end)} is occupied`);
    const stride = Math.sign(rankDelta) * 8 + Math.sign(fileDelta);
    const victims: number[] = [];
    for (let square = start + stride; square !== end; square += stride) {
      const cell = cells[square];
      if (cell === '.') continue;
      const cellIsWhite = cell === 'w' || cell === 'W';
      if (cellIsWhite === moverIsWhite) {
        throw new Error(`leg ${squareName(start)}-${squareName(end)} crosses an own piece`);
      }
      victims.push(square);
    }
    if (victims.length !== 1) {
      throw new Error(
        `leg ${squareName(start)}-${squareName(end)} crosses ${victims.length} enemy pieces`,
      );
    }
    cells[victims[0]] = '.';
    captured.push(squareName(victims[0]));
  }
  return captured.sort();
}
