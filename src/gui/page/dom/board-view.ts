/**
 * The board on the page, drawn from the state: an SVG picture (hidden from assistive
 * technology) under a WAI-ARIA grid of 64 cells, one per square, each named with its
 * content ("c3, white man, selected"), with the keyboard cursor as the grid's active
 * descendant. Only what changed is written: the picture when its markup changes, a cell's
 * name when it changes, and during a drag only the dragged piece's transform.
 */
import { squareName } from '../../../core/square.js';
import { boardMarkup, dragTransform, type BoardState, type Piece } from '../board.js';
import type { GameMove } from '../game.js';
import { betterMoveArrow, judgedMoves } from '../review.js';
import { liveInput, type Drag, type PageState } from '../state.js';
import { squareLabel } from '../words.js';

/** The id of a square's grid cell. */
export const cellId = (square: number) => `square-${squareName(square)}`;

/** What the board shows for the state (the picture's input). */
export function boardState(state: PageState): BoardState {
  const game = state.game;
  const position = game.positions[state.viewPly];
  const before = state.viewPly > 0 ? game.positions[state.viewPly - 1] : undefined;
  const move: GameMove | undefined = game.moves[state.viewPly - 1];
  const pieces: Piece[] = [];
  for (let square = 0; square < 64; square++) pieces.push(position.pieceAt(square));
  const input = liveInput(state);
  const drag = state.dragging;
  return {
    pieces,
    flipped: state.flipped,
    selected: input?.selected,
    targets: input?.selected !== undefined ? input.targets() : [],
    hops: input?.hops ?? [],
    lastMove:
      move && before
        ? {
            from: move.from,
            path: move.path,
            captured: move.captured.map((square) => ({ square, piece: before.pieceAt(square) })),
          }
        : undefined,
    forced: input !== undefined && input.maxCapture > 0 ? input.movable() : [],
    hint: (state.viewPly === game.moves.length ? state.hint : undefined) ?? reviewArrow(state),
    cursor: state.showCursor ? state.cursor : undefined,
    dragging: drag?.moved ? { square: drag.square, x: drag.x, y: drag.y } : undefined,
  };
}

/** The review's better move for the move played from the shown position, where it was marked. */
function reviewArrow(state: PageState): BoardState['hint'] {
  if (state.review === undefined) return undefined;
  const moves = judgedMoves(state.review);
  return betterMoveArrow({ moves }, state.viewPly, state.game.positions[state.viewPly]);
}

/** The board's element: the picture and the grid of cells inside `#board`. */
export class BoardView {
  private readonly drawing: SVGSVGElement;
  private readonly cells = new Map<number, HTMLElement>();
  private markup = '';
  private cellsFlipped: boolean | undefined;
  private dragFrame = 0;

  constructor(readonly element: HTMLElement) {
    this.drawing = element.querySelector('svg')!;
  }

  /** Draws the board for the state. */
  render(state: PageState): void {
    const board = boardState(state);
    const markup = boardMarkup(board);
    if (markup !== this.markup) {
      this.drawing.innerHTML = markup;
      this.markup = markup;
    }
    if (this.cellsFlipped !== state.flipped) this.buildCells(state.flipped);
    const targets = new Set(board.targets);
    const forced = new Set(board.forced);
    for (const [square, cell] of this.cells) {
      const label = squareLabel(square, board.pieces[square], {
        selected: square === board.selected,
        target: targets.has(square),
        mustCapture: forced.has(square),
      });
      if (cell.getAttribute('aria-label') !== label) cell.setAttribute('aria-label', label);
    }
    const active = cellId(state.cursor);
    if (this.element.getAttribute('aria-activedescendant') !== active) {
      this.element.setAttribute('aria-activedescendant', active);
    }
  }

  /** Moves the dragged piece to where the pointer is, in the next animation frame. */
  moveDragged(drag: Drag, flipped: boolean): void {
    if (this.dragFrame !== 0) return;
    this.dragFrame = requestAnimationFrame(() => {
      this.dragFrame = 0;
      this.drawing
        .getElementById('dragged-piece')
        ?.setAttribute('transform', dragTransform(drag.square, drag.x, drag.y, flipped));
    });
  }

  /** The point of a pointer event in board coordinates (0..800 both ways). */
  pointOf(event: PointerEvent): [number, number] {
    const rect = this.element.getBoundingClientRect();
    return [
      ((event.clientX - rect.left) / rect.width) * 800,
      ((event.clientY - rect.top) / rect.height) * 800,
    ];
  }

  /** The grid's rows, top to bottom as seen, each with its eight cells left to right. */
  private buildCells(flipped: boolean): void {
    for (const row of this.element.querySelectorAll('[role=row]')) row.remove();
    this.cells.clear();
    for (let line = 0; line < 8; line++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'board-row-cells';
      row.setAttribute('aria-label', `rank ${(flipped ? line : 7 - line) + 1}`);
      for (let column = 0; column < 8; column++) {
        const file = flipped ? 7 - column : column;
        const rank = flipped ? line : 7 - line;
        const square = rank * 8 + file;
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.id = cellId(square);
        cell.className = 'cell';
        row.append(cell);
        this.cells.set(square, cell);
      }
      this.element.append(row);
    }
    this.cellsFlipped = flipped;
  }
}
