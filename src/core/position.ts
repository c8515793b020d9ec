/**
 * A position: the pieces, the side to move, the Zobrist key and the no-progress counter,
 * over one state array (state.ts). Reading and writing position text lives here too.
 */
import { quote } from './quote.js';
import { squaresOf } from './bitboard.js';
import { moveFrom, moveTo } from './movegen.js';
import { fail, ok, type Result } from './result.js';
import { parseSquare, squareName } from './square.js';
import {
  applyMove,
  BLACK_KINGS,
  BLACK_MEN,
  computeKey,
  KEY_HI,
  KEY_LO,
  QUIET_PLIES,
  REVERSIBLE_PLIES,
  setWord,
  SIDE,
  squareWord,
  STATE_SIZE,
  toggleSquare,
  WHITE_KINGS,
  WHITE_MEN,
} from './state.js';
import { BLACK, rulesFor, WHITE, type Color, type Rules, type VariantName } from './variant.js';

export const START_POSITION =
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7';

/** The most pieces a side may have. */
export const MAX_PIECES_PER_SIDE = 16;

export type PositionErrorCode =
  | 'empty'
  | 'missing-field'
  | 'extra-field'
  | 'bad-side'
  | 'bad-colour-field'
  | 'duplicate-colour'
  | 'empty-square-name'
  | 'unknown-square'
  | 'duplicate-square'
  | 'man-on-crowning-row'
  | 'too-many-pieces';

export class Position {
  /** The raw state; hot code reads and copies it directly. */
  readonly state: Int32Array;

  constructor(
    readonly rules: Rules,
    state?: Int32Array,
  ) {
    this.state = state ? Int32Array.from(state) : new Int32Array(STATE_SIZE);
  }

  /** The start position of a variant. */
  static start(variant: VariantName = 'armenian'): Position {
    const parsed = Position.parse(START_POSITION, variant);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  }

  /**
   * Reads position text such as `W:Wa2,b2,Kd4:Ba6,Kh8`: the side to move, then one field
   * per colour listing its squares, `K` before a king's. Returns a specific error for each
   * kind of bad text.
   */
  static parse(
    text: string,
    variant: VariantName = 'armenian',
  ): Result<Position, PositionErrorCode> {
    const trimmed = text.trim();
    if (trimmed === '') return fail('empty', 'position text is empty');
    const fields = trimmed.split(':');
    if (fields.length < 3) {
      return fail(
        'missing-field',
        `position text needs three fields separated by ':' (side to move, White's pieces, Black's pieces), got ${fields.length}`,
      );
    }
    if (fields.length > 3) {
      return fail('extra-field', `position text has ${fields.length} fields; expected 3`);
    }
    const side = fields[0].trim().toUpperCase();
    if (side !== 'W' && side !== 'B') {
      return fail('bad-side', `side to move must be W or B, got ${quote(fields[0].trim())}`);
    }
    const position = new Position(rulesFor(variant));
    const state = position.state;
    /** The piece already on each listed square, as a message names it: `White king`. */
    const seen = new Map<number, string>();
    const colourSeen = [false, false];
    for (const raw of fields.slice(1)) {
      const field = raw.trim();
      const letter = field.charAt(0).toUpperCase();
      if (letter !== 'W' && letter !== 'B') {
        return fail(
          'bad-colour-field',
          `a piece field must start with W or B, got ${field === '' ? "'(empty)'" : quote(field)}`,
        );
      }
      const color: Color = letter === 'W' ? WHITE : BLACK;
      const colourName = color === WHITE ? 'White' : 'Black';
      if (colourSeen[color]) {
        return fail('duplicate-colour', `${colourName}'s pieces are listed twice`);
      }
      colourSeen[color] = true;
      const body = field.slice(1).trim();
      const items = body === '' ? [] : body.split(',');
      if (items.length > MAX_PIECES_PER_SIDE) {
        return fail(
          'too-many-pieces',
          `${colourName} has ${items.length} pieces; at most ${MAX_PIECES_PER_SIDE} are allowed`,
        );
      }
      for (const rawItem of items) {
        const item = rawItem.trim();
        if (item === '') {
          return fail('empty-square-name', `${colourName}'s list has an empty entry`);
        }
        const king = item[0] === 'K' || item[0] === 'k';
        const name = king ? item.slice(1) : item;
        const square = parseSquare(name);
        if (square < 0) {
          return fail(
            'unknown-square',
            `${quote(item)} in ${colourName}'s list is not a square (a1..h8)`,
          );
        }
        const piece = `${colourName} ${king ? 'king' : 'man'}`;
        const previous = seen.get(square);
        if (previous !== undefined) {
          return fail(
            'duplicate-square',
            `square ${squareName(square)} is listed twice (${previous} and ${piece})`,
          );
        }
        seen.set(square, piece);
        if (!king && square >> 3 === position.rules.crownRank[color]) {
          return fail(
            'man-on-crowning-row',
            `${colourName} man on ${squareName(square)} stands on its crowning row; it would be a king (write K${squareName(square)})`,
          );
        }
        toggleSquare(state, king ? 2 + color : color, square);
      }
    }
    state[SIDE] = side === 'W' ? WHITE : BLACK;
    const [lo, hi] = computeKey(state);
    state[KEY_LO] = lo;
    state[KEY_HI] = hi;
    return ok(position);
  }

  /** The side to move: 0 White, 1 Black. */
  get sideToMove(): Color {
    return this.state[SIDE] as Color;
  }

  /** The 64-bit Zobrist key as two int32 halves. */
  get keyLo(): number {
    return this.state[KEY_LO];
  }
  get keyHi(): number {
    return this.state[KEY_HI];
  }

  /** Plies since the last capture or man move. */
  get quietPlies(): number {
    return this.state[QUIET_PLIES];
  }

  /** Plies since the last capture or forward man move: how far back repetition looks. */
  get reversiblePlies(): number {
    return this.state[REVERSIBLE_PLIES];
  }

  /** The key as 16 hex digits, for display. */
  keyHex(): string {
    const hex = (x: number) => (x >>> 0).toString(16).padStart(8, '0');
    return hex(this.keyHi) + hex(this.keyLo);
  }

  /** An independent copy. */
  clone(): Position {
    return new Position(this.rules, this.state);
  }

  /** Plays a legal move (as listed by the move generator) in place. */
  play(move: number, capturedLo: number, capturedHi: number): void {
    applyMove(this.rules, this.state, moveFrom(move), moveTo(move), capturedLo, capturedHi);
  }

  /** What stands on a square: '.', 'w' White man, 'W' White king, 'b', 'B'. */
  pieceAt(square: number): '.' | 'w' | 'W' | 'b' | 'B' {
    const has = (set: number) => ((this.state[squareWord(set, square)] >>> square) & 1) === 1;
    if (has(WHITE_MEN)) return 'w';
    if (has(BLACK_MEN)) return 'b';
    if (has(WHITE_KINGS)) return 'W';
    if (has(BLACK_KINGS)) return 'B';
    return '.';
  }

  /** Position text, squares in index order (a1, b1, ..., h8), kings marked `K`. */
  toString(): string {
    const side = this.sideToMove === WHITE ? 'W' : 'B';
    const field = (color: Color) => {
      const names: string[] = [];
      for (let square = 0; square < 64; square++) {
        const piece = this.pieceAt(square);
        if (piece === '.' || (piece.toLowerCase() === 'w') !== (color === WHITE)) continue;
        names.push((piece === 'W' || piece === 'B' ? 'K' : '') + squareName(square));
      }
      return (color === WHITE ? 'W' : 'B') + names.join(',');
    };
    return `${side}:${field(WHITE)}:${field(BLACK)}`;
  }

  /** A board diagram, rank 8 on top: w/b men, W/B kings, '.' empty. */
  diagram(): string {
    const lines: string[] = [];
    for (let rank = 7; rank >= 0; rank--) {
      const cells: string[] = [];
      for (let file = 0; file < 8; file++) cells.push(this.pieceAt(rank * 8 + file));
      lines.push(`${rank + 1} | ${cells.join(' ')} |`);
    }
    lines.push('    a b c d e f g h');
    return lines.join('\n');
  }

  /** Squares of one piece set (0 White men, 1 Black men, 2 White kings, 3 Black kings). */
  squares(set: number): number[] {
    return squaresOf(this.state[setWord(set, 0)], this.state[setWord(set, 1)]);
  }
}
