/** The board's picture as markup, in Node: the last capture's taken pieces, the hints. */
import { describe, expect, it } from 'vitest';
import { parseSquare as sq } from '../../src/core/square.js';
import {
  boardMarkup,
  squareCentre,
  type BoardState,
  type Piece,
} from '../../src/gui/page/board.js';

/** The cross drawn over a taken piece on `square` (White at the bottom). */
const crossAt = (square: number) => {
  const [x, y] = squareCentre(square, false);
  return `<path class="taken" d="M${x - 22} ${y - 22} `;
};

describe('the last capture on the board', () => {
  it('crosses out the pieces taken, but never the king that ended on a taken piece’s square', () => {
    // A king's capture whose last landing square, g7, held a piece it took on the way.
    const pieces: Piece[] = Array.from({ length: 64 }, () => '.');
    pieces[sq('g7')] = 'W';
    const state: BoardState = {
      pieces,
      flipped: false,
      targets: [],
      hops: [],
      forced: [],
      lastMove: {
        from: sq('a1'),
        path: [sq('a8'), sq('h8'), sq('h1'), sq('g1'), sq('g7')],
        captured: [sq('a4'), sq('g7'), sq('e8')].map((square) => ({ square, piece: 'b' })),
      },
    };
    const markup = boardMarkup(state);
    expect(markup).toContain(crossAt(sq('a4')));
    expect(markup).toContain(crossAt(sq('e8')));
    expect(markup).not.toContain(crossAt(sq('g7')));
    // Two faded pieces taken, and the king.
    expect(markup.match(/opacity="0.35"/g)).toHaveLength(2);
    expect(markup.match(/class="piece white king"/g)).toHaveLength(1);
  });
});

describe('a hint on the board', () => {
  const empty: BoardState = { pieces: Array.from({ length: 64 }, () => '.'), flipped: false, targets: [], hops: [], forced: [] }; // prettier-ignore
  it('rings the piece for a hint that names it, and draws an arrow for a move', () => {
    const [x, y] = squareCentre(sq('c3'), false);
    const piece = boardMarkup({ ...empty, hint: { from: sq('c3'), path: [] } });
    expect(piece).toContain(`<circle class="hint" cx="${x}" cy="${y}" r="42"/>`);
    expect(piece).not.toContain('<path class="hint"');
    const move = boardMarkup({ ...empty, hint: { from: sq('c3'), path: [sq('c4')] } });
    expect(move).toContain('<path class="hint"');
    expect(move).not.toContain('<circle class="hint"');
  });
});
