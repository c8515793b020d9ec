/**
 * The board, drawn in SVG from one state object (as lichess's chessground does): squares
 * with coordinates, pieces, the selection and its targets, the last move with its capture
 * path and the pieces it took, the pieces that must capture, a hint arrow and a dragged
 * piece. boardMarkup() draws the whole board from the state and keeps nothing of its own;
 * while a piece is dragged only that piece's transform changes (dragTransform).
 */
import { FILE_NAMES } from '../../core/square.js';

export type Piece = '.' | 'w' | 'W' | 'b' | 'B';

export interface BoardState {
  /** What stands on each square, a1 = 0 ... h8 = 63. */
  readonly pieces: readonly Piece[];
  /** Black at the bottom. */
  readonly flipped: boolean;
  readonly selected?: number;
  readonly targets: readonly number[];
  /** Landing squares chosen so far in a capture entered hop by hop. */
  readonly hops: readonly number[];
  readonly lastMove?: {
    readonly from: number;
    readonly path: readonly number[];
    /** The squares and the pieces the move took. */
    readonly captured: readonly { readonly square: number; readonly piece: Piece }[];
  };
  /** Pieces that must capture (shown when a capture is compulsory). */
  readonly forced: readonly number[];
  /** A hint: an arrow along the path, or with an empty path a ring round the piece. */
  readonly hint?: { readonly from: number; readonly path: readonly number[] };
  /** The keyboard cursor, when the board has focus. */
  readonly cursor?: number;
  /** A piece held by the pointer, drawn at the point (x, y) in board coordinates. */
  readonly dragging?: { readonly square: number; readonly x: number; readonly y: number };
}

export const SQUARE = 100;

/** The centre of a square in board coordinates. */
export function squareCentre(square: number, flipped: boolean): [number, number] {
  const file = square & 7;
  const rank = square >> 3;
  const column = flipped ? 7 - file : file;
  const row = flipped ? rank : 7 - rank;
  return [column * SQUARE + SQUARE / 2, row * SQUARE + SQUARE / 2];
}

/** The square under a point in board coordinates, or undefined outside the board. */
export function squareAt(x: number, y: number, flipped: boolean): number | undefined {
  const column = Math.floor(x / SQUARE);
  const row = Math.floor(y / SQUARE);
  if (column < 0 || column > 7 || row < 0 || row > 7) return undefined;
  const file = flipped ? 7 - column : column;
  const rank = flipped ? row : 7 - row;
  return rank * 8 + file;
}

function pieceSvg(piece: Piece, x: number, y: number, extra = ''): string {
  if (piece === '.') return '';
  const white = piece === 'w' || piece === 'W';
  const king = piece === 'W' || piece === 'B';
  const cls = `piece ${white ? 'white' : 'black'}${king ? ' king' : ''}`;
  const crown = king
    ? `<path class="crown" d="M${x - 20} ${y + 10} L${x - 24} ${y - 12} L${x - 10} ${y - 2} L${x} ${y - 18} L${x + 10} ${y - 2} L${x + 24} ${y - 12} L${x + 20} ${y + 10} Z"/>`
    : '';
  return `<g class="${cls}"${extra}><circle cx="${x}" cy="${y + 4}" r="40" class="rim"/><circle cx="${x}" cy="${y}" r="40" class="body"/><circle cx="${x}" cy="${y}" r="28" class="ring"/>${crown}</g>`;
}

function arrowPath(points: [number, number][]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

/** The transform that moves the piece of `square` to the point (x, y) in board coordinates. */
export function dragTransform(square: number, x: number, y: number, flipped: boolean): string {
  const [cx, cy] = squareCentre(square, flipped);
  return `translate(${(x - cx).toFixed(1)} ${(y - cy).toFixed(1)})`;
}

/** Draws the whole board for `state` as SVG markup (the inside of the <svg>). */
export function boardMarkup(state: BoardState): string {
  const parts: string[] = [];
  const { flipped } = state;
  const lastSquares = new Set<number>();
  if (state.lastMove) {
    lastSquares.add(state.lastMove.from);
    lastSquares.add(state.lastMove.path[state.lastMove.path.length - 1]);
  }
  for (let square = 0; square < 64; square++) {
    const [cx, cy] = squareCentre(square, flipped);
    const dark = ((square & 7) + (square >> 3)) % 2 === 0;
    const classes = ['square', dark ? 'dark' : 'light'];
    if (lastSquares.has(square)) classes.push('last');
    if (square === state.selected) classes.push('selected');
    if (state.hops.includes(square)) classes.push('hop');
    parts.push(
      `<rect class="${classes.join(' ')}" x="${cx - SQUARE / 2}" y="${cy - SQUARE / 2}" width="${SQUARE}" height="${SQUARE}" data-square="${square}"/>`,
    );
  }
  // Coordinates on the bottom rank and the left file, as on a real board.
  for (let i = 0; i < 8; i++) {
    const file = flipped ? 7 - i : i;
    const rank = flipped ? i : 7 - i;
    parts.push(`<text class="coord" x="${i * SQUARE + SQUARE - 8}" y="${8 * SQUARE - 8}" text-anchor="end">${FILE_NAMES[file]}</text>`); // prettier-ignore
    parts.push(`<text class="coord" x="6" y="${i * SQUARE + 22}">${rank + 1}</text>`);
  }
  if (state.lastMove && state.lastMove.captured.length > 0) {
    const points = [state.lastMove.from, ...state.lastMove.path].map((s) => squareCentre(s, flipped)); // prettier-ignore
    parts.push(`<path class="capture-path" d="${arrowPath(points)}"/>`);
  }
  // The pieces taken, faded and crossed out, under the pieces that stand: a king's capture
  // may end on a square whose piece it took on the way (taken pieces leave one by one).
  for (const taken of state.lastMove?.captured ?? []) {
    if (state.pieces[taken.square] !== '.') continue;
    const [x, y] = squareCentre(taken.square, flipped);
    parts.push(pieceSvg(taken.piece, x, y, ' opacity="0.35"'));
    parts.push(`<path class="taken" d="M${x - 22} ${y - 22} L${x + 22} ${y + 22} M${x + 22} ${y - 22} L${x - 22} ${y + 22}"/>`); // prettier-ignore
  }
  for (let square = 0; square < 64; square++) {
    const piece = state.pieces[square];
    if (piece === '.' || state.dragging?.square === square) continue;
    const [x, y] = squareCentre(square, flipped);
    parts.push(pieceSvg(piece, x, y));
    if (state.forced.includes(square)) {
      parts.push(`<circle class="forced" cx="${x}" cy="${y}" r="45"/>`);
    }
  }
  for (const square of state.targets) {
    const [x, y] = squareCentre(square, flipped);
    const occupied = state.pieces[square] !== '.';
    parts.push(
      occupied
        ? `<circle class="target ring" cx="${x}" cy="${y}" r="44"/>`
        : `<circle class="target" cx="${x}" cy="${y}" r="15"/>`,
    );
  }
  if (state.hint && state.hint.path.length === 0) {
    // A hint that names the piece alone (a puzzle's first hint): a ring round it.
    const [x, y] = squareCentre(state.hint.from, flipped);
    parts.push(`<circle class="hint" cx="${x}" cy="${y}" r="42"/>`);
  } else if (state.hint) {
    const points = [state.hint.from, ...state.hint.path].map((s) => squareCentre(s, flipped));
    parts.push(`<path class="hint" d="${arrowPath(points)}" marker-end="url(#arrowhead)"/>`);
  }
  if (state.cursor !== undefined) {
    const [x, y] = squareCentre(state.cursor, flipped);
    // Two tones, so that it stands out on light and dark squares and on pieces alike.
    parts.push(`<g class="cursor"><rect class="cursor-outer" x="${x - 46}" y="${y - 46}" width="92" height="92"/><rect class="cursor-inner" x="${x - 41}" y="${y - 41}" width="82" height="82"/></g>`); // prettier-ignore
  }
  if (state.dragging) {
    // Drawn at its square and moved by a transform alone (dragTransform) while it is held.
    const { square, x, y } = state.dragging;
    const [cx, cy] = squareCentre(square, flipped);
    parts.push(pieceSvg(state.pieces[square], cx, cy, ` id="dragged-piece" transform="${dragTransform(square, x, y, flipped)}"`)); // prettier-ignore
  }
  const defs =
    '<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" class="hint-head"/></marker></defs>';
  return defs + parts.join('');
}
