/**
 * The game on the page: the start position, the moves played, and whether and why the game
 * is over, judged by the rules core (no legal move loses; threefold repetition and the
 * no-progress rule draw; a fallen flag loses). Plain data, no DOM: tests run it in Node.
 */
import { hasSquare } from '../../core/bitboard.js';
import { legalMoves, parseMove, type LegalMove } from '../../core/notation.js';
import { Position, START_POSITION } from '../../core/position.js';
import { fail, ok, type Result } from '../../core/result.js';
import { squareName } from '../../core/square.js';
import { BLACK, WHITE, type Color, type VariantName } from '../../core/variant.js';

/** A move of the game with what the board needs to show it. */
export interface GameMove {
  readonly text: string;
  readonly color: Color;
  readonly from: number;
  /** Landing squares in order (one for a step). */
  readonly path: readonly number[];
  /** Squares of the pieces it took. */
  readonly captured: readonly number[];
}

export type GameResult = 'white' | 'black' | 'draw';

export interface Outcome {
  readonly result: GameResult;
  /** Why, for people: "Black has no legal move", "threefold repetition", ... */
  readonly reason: string;
}

export const COLOR_NAMES = ['White', 'Black'] as const;
/** Plies without capture or man move that draw the game (RULES.md). */
export const NO_PROGRESS_PLIES = 100;

export class Game {
  readonly positions: Position[];
  readonly moves: GameMove[] = [];
  /** Set when the game ended off the board: a flag fell, or a player resigned. */
  private ended: Outcome | undefined;

  constructor(
    readonly variant: VariantName,
    readonly start: Position,
  ) {
    this.positions = [start];
  }

  /** A new game from the variant's start position. */
  static fresh(variant: VariantName): Game {
    return new Game(variant, Position.start(variant));
  }

  /** A new game from the variant's start, or from position text. */
  static from(variant: VariantName, fen?: string): Result<Game> {
    if (fen === undefined || fen.trim() === '' || fen.trim() === START_POSITION) {
      return ok(new Game(variant, Position.start(variant)));
    }
    const parsed = Position.parse(fen, variant);
    if (!parsed.ok) return fail(parsed.error.code, `bad position text: ${parsed.error.message}`);
    return ok(new Game(variant, parsed.value));
  }

  /** Position text of the start, or undefined for the variant's start position. */
  get startFen(): string | undefined {
    const text = this.start.toString();
    return text === Position.start(this.variant).toString() ? undefined : text;
  }

  get position(): Position {
    return this.positions[this.positions.length - 1];
  }

  get sideToMove(): Color {
    return this.position.sideToMove;
  }

  legalMoves(): LegalMove[] {
    return this.outcome() === undefined ? legalMoves(this.position) : [];
  }

  /** Plays a legal move of the current position (as listed by legalMoves). */
  play(move: LegalMove): GameMove {
    const before = this.position;
    const after = before.clone();
    after.play(move.move, move.capturedLo, move.capturedHi);
    const captured: number[] = [];
    for (let square = 0; square < 64; square++) {
      if (hasSquare(move.capturedLo, move.capturedHi, square)) captured.push(square);
    }
    const played: GameMove = {
      text: move.text,
      color: before.sideToMove,
      from: move.move & 63,
      path: move.path,
      captured,
    };
    this.moves.push(played);
    this.positions.push(after);
    return played;
  }

  /** Plays move text; an error says why it is not legal here. */
  playText(text: string): Result<GameMove> {
    if (this.outcome() !== undefined) return fail('over', 'the game is over');
    const parsed = parseMove(this.position, text);
    if (!parsed.ok) return parsed;
    return ok(this.play(parsed.value));
  }

  /** Takes back moves so that `plies` remain. */
  truncate(plies: number): void {
    const keep = Math.max(0, Math.min(plies, this.moves.length));
    this.moves.length = keep;
    this.positions.length = keep + 1;
    this.ended = undefined;
  }

  /** Ends the game off the board (a fallen flag, a resignation). */
  end(outcome: Outcome): void {
    this.ended = outcome;
  }

  /** Whether and why the game is over. */
  outcome(): Outcome | undefined {
    if (this.ended !== undefined) return this.ended;
    const position = this.position;
    const side = position.sideToMove;
    if (legalMoves(position).length === 0) {
      const pieces = position.squares(side).length + position.squares(side + 2).length;
      return {
        result: side === WHITE ? 'black' : 'white',
        reason: `${COLOR_NAMES[side]} ${pieces === 0 ? 'has no pieces left' : 'has no legal move'}`,
      };
    }
    let seen = 0;
    for (const earlier of this.positions) {
      if (earlier.keyLo === position.keyLo && earlier.keyHi === position.keyHi) seen++;
    }
    if (seen >= 3) return { result: 'draw', reason: 'threefold repetition' };
    if (position.quietPlies >= NO_PROGRESS_PLIES) {
      return {
        result: 'draw',
        reason: `no progress: ${NO_PROGRESS_PLIES} plies without a capture or a man move`,
      };
    }
    return undefined;
  }
}

/** The outcome when `color`'s flag fell. */
export function flagOutcome(color: Color): Outcome {
  return {
    result: color === WHITE ? 'black' : 'white',
    reason: `${COLOR_NAMES[color]} lost on time`,
  };
}

/** "2. c3-c4" style label of ply `index` of a game that starts with `first` to move. */
export function moveNumberOf(index: number, first: Color): number {
  return Math.floor((index + (first === BLACK ? 1 : 0)) / 2) + 1;
}

export { squareName };
