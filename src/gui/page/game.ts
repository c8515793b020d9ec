/**
 * The game on the page: core's `Game` (the rules core's record of the moves, the repetition
 * keys and the no-progress count, and the one judge of whether and why the game is over),
 * with what only the page needs beside it: each ply's position for moving through the
 * game, each move's path and captured squares for the board, taking moves back, and an
 * ending off the board (a fallen flag, a result read from a PDN). Plain data, no DOM: tests
 * run it in Node.
 */
import { COLOR_NAMES, Game as RulesGame, type GameEnd } from '../../core/game.js';
import { hasSquare } from '../../core/bitboard.js';
import { moveFrom } from '../../core/movegen.js';
import { parseMove, type LegalMove } from '../../core/notation.js';
import { Position, START_POSITION } from '../../core/position.js';
import { fail, ok, type Result } from '../../core/result.js';
import { BLACK, WHITE, type Color, type VariantName } from '../../core/variant.js';
import type { GameResult as PdnGameResult } from '../../pdn/pdn.js';

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

/** A finished game's result (PDN's result less the unfinished one). */
export type GameResult = Exclude<PdnGameResult, 'none'>;

export interface Outcome {
  readonly result: GameResult;
  /** Why, for people: "Black has no legal move", "White lost on time", ... */
  readonly reason: string;
}

export { COLOR_NAMES };

/** The page's words for core's judgement: the result, and why. */
export function outcomeOf(end: GameEnd, position: Position): Outcome {
  if (end.winner === undefined) return { result: 'draw', reason: end.description };
  const loser = (end.winner ^ 1) as Color;
  const pieces = position.squares(loser).length + position.squares(loser + 2).length;
  return {
    result: end.winner === WHITE ? 'white' : 'black',
    reason: pieces === 0 ? `${COLOR_NAMES[loser]} has no pieces left` : end.description,
  };
}

export class Game {
  /** The game as the rules core keeps and judges it. */
  private rules: RulesGame;
  /** The position before each move and after the last (index: plies played). */
  readonly positions: Position[];
  readonly moves: GameMove[] = [];
  /** The moves as the core plays them, to rebuild the core's game on a take-back. */
  private readonly played: LegalMove[] = [];
  /** Set when the game ended off the board: a flag fell, or a recorded result. */
  private ended: Outcome | undefined;

  constructor(
    readonly variant: VariantName,
    start: Position,
  ) {
    this.rules = new RulesGame(start);
    this.positions = [this.rules.start.clone()];
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

  /** The first position (read it, do not change it). */
  get start(): Position {
    return this.rules.start;
  }

  /** Position text of the start, or undefined for the variant's start position. */
  get startFen(): string | undefined {
    const text = this.start.toString();
    return text === Position.start(this.variant).toString() ? undefined : text;
  }

  /** The position now (read it, do not change it: play moves through the game). */
  get position(): Position {
    return this.rules.position;
  }

  get sideToMove(): Color {
    return this.position.sideToMove;
  }

  legalMoves(): LegalMove[] {
    return this.outcome() === undefined ? this.rules.legalMoves() : [];
  }

  /** Plays a legal move of the current position (as listed by legalMoves). */
  play(move: LegalMove): GameMove {
    const captured: number[] = [];
    for (let square = 0; square < 64; square++) {
      if (hasSquare(move.capturedLo, move.capturedHi, square)) captured.push(square);
    }
    const played: GameMove = {
      text: move.text,
      color: this.sideToMove,
      from: moveFrom(move.move),
      path: move.path,
      captured,
    };
    this.rules.play(move);
    this.played.push(move);
    this.moves.push(played);
    this.positions.push(this.rules.position.clone());
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
    this.played.length = keep;
    this.positions.length = keep + 1;
    this.ended = undefined;
    this.rules = new RulesGame(this.start);
    for (const move of this.played) this.rules.play(move);
  }

  /** Ends the game off the board (a fallen flag, a recorded result). */
  end(outcome: Outcome): void {
    this.ended = outcome;
  }

  /** Whether and why the game is over: an ending off the board, else the rules core's. */
  outcome(): Outcome | undefined {
    if (this.ended !== undefined) return this.ended;
    const end = this.rules.outcome();
    return end === undefined ? undefined : outcomeOf(end, this.position);
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
