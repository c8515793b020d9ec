/**
 * The named state words and move fields: each name reads the piece set it says, and a
 * packed move's fields come back as they were packed.
 */
import { describe, expect, it } from 'vitest';
import { squaresOf } from '../../src/core/bitboard.js';
import {
  encodeMove,
  generateMoves,
  isCapture,
  moveCaptureCount,
  moveFrom,
  MoveList,
  moveSquares,
  moveTo,
} from '../../src/core/movegen.js';
import { legalMoves } from '../../src/core/notation.js';
import { parseSquare } from '../../src/core/square.js';
import {
  BLACK_KINGS,
  BLACK_KINGS_HI,
  BLACK_KINGS_LO,
  BLACK_MEN,
  BLACK_MEN_HI,
  BLACK_MEN_LO,
  kingsHiWord,
  kingsLoWord,
  kingsSet,
  menHiWord,
  menLoWord,
  menSet,
  occupancyHi,
  occupancyLo,
  piecesHi,
  piecesLo,
  PIECE_WORDS,
  setWord,
  SIDE,
  squareWord,
  WHITE_KINGS,
  WHITE_KINGS_HI,
  WHITE_KINGS_LO,
  WHITE_MEN,
  WHITE_MEN_HI,
  WHITE_MEN_LO,
} from '../../src/core/state.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import { position } from '../helpers.js';

// White men on a2 and c7, a White king on h8, Black men on b6 and g3, a Black king on d1.
const FEN = 'W:Wa2,c7,Kh8:Bb6,g3,Kd1';
const names = (lo: number, hi: number) => squaresOf(lo, hi).sort((a, b) => a - b);
const squares = (...list: string[]) => list.map(parseSquare).sort((a, b) => a - b);

describe('state words', () => {
  const p = position(FEN, 'armenian');
  const s = p.state;

  it('name each piece set by colour and kind', () => {
    expect(names(s[WHITE_MEN_LO], s[WHITE_MEN_HI])).toEqual(squares('a2', 'c7'));
    expect(names(s[BLACK_MEN_LO], s[BLACK_MEN_HI])).toEqual(squares('b6', 'g3'));
    expect(names(s[WHITE_KINGS_LO], s[WHITE_KINGS_HI])).toEqual(squares('h8'));
    expect(names(s[BLACK_KINGS_LO], s[BLACK_KINGS_HI])).toEqual(squares('d1'));
    expect(PIECE_WORDS).toBe(SIDE);
  });

  it('agree with the set numbers and the per-colour index functions', () => {
    expect([menSet(WHITE), menSet(BLACK), kingsSet(WHITE), kingsSet(BLACK)]).toEqual([
      WHITE_MEN,
      BLACK_MEN,
      WHITE_KINGS,
      BLACK_KINGS,
    ]);
    for (const color of [WHITE, BLACK]) {
      expect(s[menLoWord(color)]).toBe(s[setWord(menSet(color), 0)]);
      expect(s[menHiWord(color)]).toBe(s[setWord(menSet(color), 1)]);
      expect(s[kingsLoWord(color)]).toBe(s[setWord(kingsSet(color), 0)]);
      expect(s[kingsHiWord(color)]).toBe(s[setWord(kingsSet(color), 1)]);
      expect(names(piecesLo(s, color), piecesHi(s, color))).toEqual(
        [...p.squares(menSet(color)), ...p.squares(kingsSet(color))].sort((a, b) => a - b),
      );
    }
    expect(names(occupancyLo(s), occupancyHi(s))).toEqual(
      squares('a2', 'c7', 'h8', 'b6', 'g3', 'd1'),
    );
    for (const square of squares('a2', 'c7', 'h8')) {
      const set = square === parseSquare('h8') ? WHITE_KINGS : WHITE_MEN;
      expect((s[squareWord(set, square)] >>> square) & 1).toBe(1);
    }
  });
});

describe('move fields', () => {
  it('come back as they were packed', () => {
    for (const [from, to, count] of [
      [0, 63, 0],
      [63, 0, 5],
      [12, 20, 1],
    ]) {
      const move = encodeMove(from, to, count);
      expect([moveFrom(move), moveTo(move), moveCaptureCount(move)]).toEqual([from, to, count]);
      expect(isCapture(move)).toBe(count > 0);
      expect(moveSquares(move)).toBe(encodeMove(from, to, 0));
    }
  });

  it('name the squares of the generated moves as their text does', () => {
    const p = position('W:Wc3,e3:Bc4,f6', 'armenian');
    const list = new MoveList();
    const count = generateMoves(p.rules, p.state, list);
    const texts = legalMoves(p).map((m) => m.text);
    expect(count).toBe(texts.length);
    for (let i = 0; i < count; i++) {
      const text = texts[i];
      const parts = text.split(/[-x]/);
      expect(moveFrom(list.moves[i])).toBe(parseSquare(parts[0]));
      expect(moveTo(list.moves[i])).toBe(parseSquare(parts[parts.length - 1]));
      expect(isCapture(list.moves[i])).toBe(text.includes('x'));
    }
  });
});
