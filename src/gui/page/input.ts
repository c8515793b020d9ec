/**
 * Move input on the board, by click or drag: select a piece, then click (or drop on) a
 * target. A capture may be entered by its final square when only one legal move ends there,
 * otherwise hop by hop through its landing squares. An attempt that is not legal gets a
 * sentence saying why ("a capture is compulsory", "the maximum capture takes 3"). Plain
 * logic over the rules core; the view only draws what this state says.
 */
import { listCapturePaths, moveCaptureCount, moveFrom, moveTo } from '../../core/movegen.js';
import type { LegalMove } from '../../core/notation.js';
import type { Position } from '../../core/position.js';
import { squareName } from '../../core/square.js';

/** One way to play a capture: its landing squares, and the legal move it makes. */
interface Path {
  readonly from: number;
  readonly landings: readonly number[];
  readonly capturedLo: number;
  readonly capturedHi: number;
  /** The legal move it is, or undefined for a capture shorter than the maximum. */
  readonly move: LegalMove | undefined;
}

export type InputResult =
  | { readonly kind: 'selected' | 'hop' | 'cleared' | 'none' }
  | { readonly kind: 'move'; readonly move: LegalMove }
  | { readonly kind: 'illegal'; readonly message: string };

const list = (texts: readonly string[]) =>
  texts.length <= 4 ? texts.join(', ') : `${texts.slice(0, 4).join(', ')}, ...`;

export class MoveInput {
  private readonly paths: Path[] = [];
  /** The maximum number of pieces a capture takes here (0: no capture). */
  readonly maxCapture: number;
  private selectedSquare: number | undefined;
  private hopSquares: number[] = [];

  constructor(
    private readonly position: Position,
    readonly moves: readonly LegalMove[],
  ) {
    this.maxCapture = moves.length > 0 ? moveCaptureCount(moves[0].move) : 0;
    if (this.maxCapture > 0) {
      listCapturePaths(position.rules, position.state, (from, landings, count, lo, hi) => {
        const path = Array.from(landings.subarray(1, count + 1));
        const to = path[path.length - 1];
        const move = moves.find(
          (m) =>
            moveFrom(m.move) === from &&
            moveTo(m.move) === to &&
            m.capturedLo === lo &&
            m.capturedHi === hi,
        );
        this.paths.push({ from, landings: path, capturedLo: lo, capturedHi: hi, move });
      });
    } else {
      for (const move of moves) {
        this.paths.push({
          from: moveFrom(move.move),
          landings: move.path,
          capturedLo: 0,
          capturedHi: 0,
          move,
        });
      }
    }
  }

  get selected(): number | undefined {
    return this.selectedSquare;
  }

  /** The landing squares chosen so far in a capture entered hop by hop. */
  get hops(): readonly number[] {
    return this.hopSquares;
  }

  /** Squares with a piece that has a legal move (all of them must capture, if one must). */
  movable(): number[] {
    return [...new Set(this.moves.map((m) => moveFrom(m.move)))];
  }

  /** Squares to highlight for the selection: final squares and the next hop of each path. */
  targets(): number[] {
    const squares = new Set<number>();
    for (const path of this.candidates()) {
      squares.add(path.landings[path.landings.length - 1]);
      squares.add(path.landings[this.hopSquares.length]);
    }
    return [...squares];
  }

  /** Drops the selection. */
  clear(): void {
    this.selectedSquare = undefined;
    this.hopSquares = [];
  }

  /** A click (or a drag's start or drop) on `square`. */
  click(square: number): InputResult {
    const own = this.isOwnPiece(square);
    if (this.selectedSquare === undefined || (own && this.hopSquares.length === 0)) {
      if (square === this.selectedSquare) {
        this.clear();
        return { kind: 'cleared' };
      }
      if (!own) return { kind: 'none' };
      if (this.movable().includes(square)) {
        this.selectedSquare = square;
        this.hopSquares = [];
        return { kind: 'selected' };
      }
      this.clear();
      return { kind: 'illegal', message: this.whyNot(square) };
    }
    const candidates = this.candidates();
    const ending = candidates.filter((p) => p.landings[p.landings.length - 1] === square);
    const endingMoves = new Set(ending.map((p) => p.move));
    const continuing = candidates.filter(
      (p) => p.landings.length > this.hopSquares.length + 1 && p.landings[this.hopSquares.length] === square, // prettier-ignore
    );
    if (endingMoves.size === 1 && continuing.length === 0) return this.finish(ending[0].move!);
    if (continuing.length > 0) {
      this.hopSquares.push(square);
      const moves = new Set(this.candidates().map((p) => p.move));
      if (moves.size === 1) return this.finish([...moves][0]!);
      return { kind: 'hop' };
    }
    if (endingMoves.size > 1) {
      return {
        kind: 'illegal',
        message: `${endingMoves.size} captures end on ${squareName(square)}: click the squares of the one you mean hop by hop`, // prettier-ignore
      };
    }
    const message = this.whyNotTo(square);
    this.clear();
    return { kind: 'illegal', message };
  }

  private finish(move: LegalMove): InputResult {
    this.clear();
    return { kind: 'move', move };
  }

  /** Legal paths from the selection that follow the hops chosen so far. */
  private candidates(): Path[] {
    return this.paths.filter(
      (p) =>
        p.move !== undefined &&
        p.from === this.selectedSquare &&
        p.landings.length > this.hopSquares.length &&
        this.hopSquares.every((square, i) => p.landings[i] === square),
    );
  }

  private isOwnPiece(square: number): boolean {
    const piece = this.position.pieceAt(square);
    if (piece === '.') return false;
    return (piece.toLowerCase() === 'w') === (this.position.sideToMove === 0);
  }

  private compulsory(): string {
    const from = [...new Set(this.moves.map((m) => squareName(moveFrom(m.move))))];
    const pieces = `take with ${list(from)}`;
    return this.maxCapture > 1
      ? `a capture is compulsory, and the maximum capture takes ${this.maxCapture}: ${pieces}`
      : `a capture is compulsory: ${pieces}`;
  }

  /** Why the piece on `square` cannot move. */
  private whyNot(square: number): string {
    if (this.moves.length === 0) return 'the side to move has no legal move';
    if (this.maxCapture > 0) return this.compulsory();
    return `the piece on ${squareName(square)} has no legal move`;
  }

  /** Why the selected piece cannot go to `square`. */
  private whyNotTo(square: number): string {
    const from = this.selectedSquare!;
    const fromHere = this.moves.filter((m) => moveFrom(m.move) === from).map((m) => m.text);
    if (this.maxCapture > 0) {
      const shorter = this.paths.find(
        (p) =>
          p.move === undefined &&
          p.from === from &&
          p.landings[p.landings.length - 1] === square &&
          this.hopSquares.every((hop, i) => p.landings[i] === hop),
      );
      if (shorter !== undefined) {
        return `that capture takes ${shorter.landings.length}, but the maximum capture takes ${this.maxCapture}: play ${list(fromHere)}`; // prettier-ignore
      }
      if (this.hopSquares.length > 0) {
        return `${squareName(square)} does not continue this capture: play ${list(fromHere)}`;
      }
      return this.maxCapture > 1
        ? `the maximum capture takes ${this.maxCapture}: play ${list(fromHere)}`
        : `a capture is compulsory: play ${list(fromHere)}`;
    }
    return `${squareName(from)}-${squareName(square)} is not legal: ${squareName(from)} can go to ${list(fromHere.map((t) => t.slice(3)))}`; // prettier-ignore
  }
}
