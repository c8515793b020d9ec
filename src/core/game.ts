/**
 * A game: the first position, the moves played from it, the keys of every position so far
 * (for repetition) and the no-progress count, with the one function that says whether and
 * why the game is over (docs/rules.md, "The end of the game"). The engine, the match runner,
 * self-play and the openings generator all keep their games in it.
 */
import { countMoves } from './movegen.js';
import { legalMoves, parseMove, type LegalMove, type MoveErrorCode } from './notation.js';
import { Position, type PositionErrorCode } from './position.js';
import { fail, ok, type Result } from './result.js';
import type { Color, VariantName } from './variant.js';

/** The draw rules; 0 turns a rule off. */
export interface DrawRules {
  /** The same position (same side to move) for this many times is a draw. */
  readonly repetitions: number;
  /** This many plies in a row without a capture or a man move is a draw. */
  readonly noProgressPlies: number;
}

/** The draw rules of docs/rules.md: threefold repetition, 100 plies without progress. */
export const DEFAULT_DRAW_RULES: DrawRules = Object.freeze({
  repetitions: 3,
  noProgressPlies: 100,
});

/** Why a game ended by the rules. */
export type GameEndReason = 'no-moves' | 'repetition' | 'no-progress';

/** How a game ended: the winner (none for a draw), why, and a sentence for people. */
export interface GameEnd {
  readonly winner: Color | undefined;
  readonly reason: GameEndReason;
  readonly description: string;
}

export const COLOR_NAMES = ['White', 'Black'] as const;

export type GameErrorCode = PositionErrorCode | MoveErrorCode;

export class Game {
  private readonly current: Position;
  private readonly moveTexts: string[] = [];
  /** Keys of the positions before the current one, low and high half in turn. */
  private readonly keyList: number[] = [];

  /** A game from `start` (copied; the game never changes the caller's position). */
  constructor(start: Position) {
    this.start = start.clone();
    this.current = start.clone();
  }

  /** A copy of this game that can be played on without changing this one. */
  copy(): Game {
    const game = new Game(this.start);
    game.current.state.set(this.current.state);
    for (const text of this.moveTexts) game.moveTexts.push(text);
    for (const key of this.keyList) game.keyList.push(key);
    return game;
  }

  /** The first position. */
  readonly start: Position;

  /** The start position of a variant. */
  static fromStart(variant: VariantName = 'armenian'): Game {
    return new Game(Position.start(variant));
  }

  /**
   * The game of position text `fen` (undefined: the start position) followed by `moves` in
   * move text. A bad text or an illegal move is an error that says which.
   */
  static parse(
    fen: string | undefined,
    moves: readonly string[],
    variant: VariantName = 'armenian',
  ): Result<Game, GameErrorCode> {
    let start: Position;
    if (fen === undefined) {
      start = Position.start(variant);
    } else {
      const parsed = Position.parse(fen, variant);
      if (!parsed.ok) return fail(parsed.error.code, `bad position text: ${parsed.error.message}`);
      start = parsed.value;
    }
    return new Game(start).playList(moves, 0);
  }

  /**
   * This game continued to `moves`, the whole list of moves from the start, when the moves
   * played so far begin it (a copy: this game stays as it is); undefined when they do not.
   * A GUI sends the whole game before every search, and reading a long game again from the
   * start would cost more than a fast game's increment: this reads only the new moves.
   */
  continuedTo(moves: readonly string[]): Result<Game, GameErrorCode> | undefined {
    const played = this.moveTexts;
    if (moves.length < played.length) return undefined;
    for (let i = 0; i < played.length; i++) if (moves[i] !== played[i]) return undefined;
    return this.copy().playList(moves, played.length);
  }

  /** Plays `moves` from index `first` on; an illegal one is an error that says which. */
  private playList(moves: readonly string[], first: number): Result<Game, GameErrorCode> {
    for (let i = first; i < moves.length; i++) {
      const played = this.playText(moves[i]);
      if (!played.ok) {
        return fail(played.error.code, `move ${i + 1} of the list: ${played.error.message}`);
      }
    }
    return ok(this);
  }

  /** The position now (read it, do not change it: play moves through the game). */
  get position(): Position {
    return this.current;
  }

  /** The moves played, in full move text. */
  get moves(): readonly string[] {
    return this.moveTexts;
  }

  /** Plies played. */
  get plies(): number {
    return this.moveTexts.length;
  }

  /** Keys of the positions before the current one, oldest first, low and high in turn. */
  get keys(): readonly number[] {
    return this.keyList;
  }

  /** The legal moves now. */
  legalMoves(): LegalMove[] {
    return legalMoves(this.current);
  }

  /** Plays a legal move of the current position (as listed by `legalMoves` or `parseMove`). */
  play(move: LegalMove): void {
    this.keyList.push(this.current.keyLo, this.current.keyHi);
    this.current.play(move.move, move.capturedLo, move.capturedHi);
    this.moveTexts.push(move.text);
  }

  /** Reads move text against the current position and plays it; an error changes nothing. */
  playText(text: string): Result<LegalMove, MoveErrorCode> {
    const parsed = parseMove(this.current, text);
    if (parsed.ok) this.play(parsed.value);
    return parsed;
  }

  /**
   * How many times the current position has occurred in the game, this time included.
   * Only positions since the last capture or forward man move can equal it (a man's
   * sideways step can be stepped back).
   */
  occurrences(): number {
    const keys = this.keyList;
    const lo = this.current.keyLo;
    const hi = this.current.keyHi;
    const reach = Math.min(this.current.reversiblePlies, keys.length >> 1);
    let count = 1;
    for (let back = 2; back <= reach; back += 2) {
      const at = keys.length - 2 * back;
      if (keys[at] === lo && keys[at + 1] === hi) count++;
    }
    return count;
  }

  /**
   * Whether the game is over before the side to move plays, and why: no legal move (the
   * side to move loses), then repetition, then no progress (draws).
   */
  outcome(rules: DrawRules = DEFAULT_DRAW_RULES): GameEnd | undefined {
    const mover = this.current.sideToMove;
    if (countMoves(this.current.rules, this.current.state) === 0) {
      return {
        winner: (mover ^ 1) as Color,
        reason: 'no-moves',
        description: `${COLOR_NAMES[mover]} has no legal move`,
      };
    }
    if (rules.repetitions > 0) {
      const times = this.occurrences();
      if (times >= rules.repetitions) {
        return {
          winner: undefined,
          reason: 'repetition',
          description: `the same position occurred ${times} times`,
        };
      }
    }
    const quiet = this.current.quietPlies;
    if (rules.noProgressPlies > 0 && quiet >= rules.noProgressPlies) {
      return {
        winner: undefined,
        reason: 'no-progress',
        description: `${quiet} plies without capture or man move`,
      };
    }
    return undefined;
  }
}
