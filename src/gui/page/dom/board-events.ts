/**
 * The board's input: pointer (click, tap, drag) and keyboard (arrow keys move the cursor,
 * Enter or Space pick its square, Escape drops the selection), turned into state changes
 * and the controller's actions. The keyboard cursor shows only after keyboard use, as
 * :focus-visible does: a click or a tap never draws it.
 */
import { WHITE } from '../../../core/variant.js';
import { squareAt } from '../board.js';
import type { BoardView } from './board-view.js';
import type { PageController } from '../controller.js';
import { liveInput } from '../state.js';

/** How far (board units, a square is 100) a held piece moves before it is a drag. */
const DRAG_THRESHOLD = 12;

const STEPS: Record<string, [number, number]> = {
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

/** Listens to the board's pointer and keyboard events. */
export function setUpBoardEvents(
  controller: PageController,
  view: BoardView,
  redraw: () => void,
): void {
  const state = controller.state;
  const element = view.element;

  element.addEventListener('pointerdown', (event) => {
    const [x, y] = view.pointOf(event);
    const square = squareAt(x, y, state.flipped);
    if (square === undefined) return;
    state.showCursor = false;
    state.cursor = square;
    const input = liveInput(state);
    const wasSelected = input?.selected === square;
    const piece = state.game.positions[state.viewPly].pieceAt(square);
    const own = piece !== '.' && (piece.toLowerCase() === 'w') === (state.game.sideToMove === WHITE); // prettier-ignore
    if (input !== undefined && own && input.hops.length === 0) {
      if (!wasSelected) controller.clickSquare(square);
      if (input.selected === square) {
        state.dragging = { square, startX: x, startY: y, x, y, moved: false, wasSelected };
        element.setPointerCapture(event.pointerId);
      }
      return;
    }
    controller.clickSquare(square);
  });

  element.addEventListener('pointermove', (event) => {
    const drag = state.dragging;
    if (drag === undefined) return;
    const [x, y] = view.pointOf(event);
    drag.x = x;
    drag.y = y;
    if (!drag.moved) {
      if (Math.hypot(x - drag.startX, y - drag.startY) < DRAG_THRESHOLD) return;
      drag.moved = true;
      redraw(); // once: the held piece is drawn on its own
      return;
    }
    view.moveDragged(drag, state.flipped);
  });

  element.addEventListener('pointerup', (event) => {
    const drag = state.dragging;
    if (drag === undefined) return;
    state.dragging = undefined;
    const [x, y] = view.pointOf(event);
    const square = squareAt(x, y, state.flipped);
    if (square !== undefined && square !== drag.square) controller.clickSquare(square);
    else if (square === drag.square && drag.wasSelected && !drag.moved)
      controller.clickSquare(square); // prettier-ignore
    else redraw();
  });

  element.addEventListener('pointercancel', () => {
    state.dragging = undefined;
    redraw();
  });

  element.addEventListener('keydown', (event) => {
    const step = STEPS[event.key];
    if (step !== undefined) {
      const sign = state.flipped ? -1 : 1;
      const file = Math.min(7, Math.max(0, (state.cursor & 7) + sign * step[0]));
      const rank = Math.min(7, Math.max(0, (state.cursor >> 3) + sign * step[1]));
      state.cursor = rank * 8 + file;
      state.showCursor = true;
      event.preventDefault();
      redraw();
    } else if (event.key === 'Enter' || event.key === ' ') {
      state.showCursor = true;
      event.preventDefault();
      controller.clickSquare(state.cursor);
    } else if (event.key === 'Escape') {
      controller.clearSelection();
    }
  });

  // Focus by keyboard shows the cursor; focus by a click or a tap does not.
  element.addEventListener('focus', () => {
    state.showCursor = element.matches(':focus-visible');
    redraw();
  });
  element.addEventListener('blur', () => {
    state.showCursor = false;
    redraw();
  });
}
