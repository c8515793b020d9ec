/** The worked examples and reference figures of docs/rules.md, each as its own test. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { PERFT_GENERATORS, perftGenerator, position } from '../helpers.js';

const moveTexts = (text: string, variant: 'armenian' | 'turkish' = 'armenian') =>
  legalMoves(position(text, variant))
    .map((m) => m.text)
    .sort();

describe('docs/rules.md worked examples', () => {
  it('a king may not capture back the way it came (180-degree rule)', () => {
    expect(moveTexts('W:WKd4,a1:Bd6,d2,h8')).toEqual(['d4xd1', 'd4xd7', 'd4xd8']);
  });

  it('a man reaching the last row mid-capture goes on as a man and is crowned at the end', () => {
    expect(moveTexts('W:Wb6,h1:Bb7,c8,b4,h5')).toEqual(['b6xb8xd8']);
    const p = position('W:Wb6,h1:Bb7,c8,b4,h5');
    const [move] = legalMoves(p);
    p.play(move.move, move.capturedLo, move.capturedHi);
    expect(p.toString()).toBe('B:Wh1,Kd8:Bb4,h5');
  });

  it('captured pieces are removed at once, so their squares can be crossed later', () => {
    // The White piece on h8 only blocks that square; written as a man it would stand on its
    // own crowning row, which position text refuses.
    expect(moveTexts('W:WKa2,Kh8:Bc2,d4,b5,a3,f2,h6')).toEqual(['a2xd2xd5xa5xa2xh2xh7']);
    const literal = Position.parse('W:WKa2,h8:Bc2,d4,b5,a3,f2,h6');
    expect(literal.ok).toBe(false);
    if (!literal.ok) expect(literal.error.code).toBe('man-on-crowning-row');
  });
});

describe.each(PERFT_GENERATORS)('start position perft, %s', (_, webAssembly) => {
  perftGenerator(webAssembly);
  const armenian = [22, 484, 12_174, 268_670, 6_280_482];
  it.each(armenian.map((nodes, i) => [i + 1, nodes]))('armenian depth %i = %i', (depth, nodes) => {
    expect(perft(Position.start('armenian'), depth)).toBe(nodes);
  });

  const turkish = [8, 64, 708, 7_538, 85_090, 931_312];
  it.each(turkish.map((nodes, i) => [i + 1, nodes]))('turkish depth %i = %i', (depth, nodes) => {
    expect(perft(Position.start('turkish'), depth)).toBe(nodes);
  });

  it('depth 0 counts the position itself', () => {
    expect(perft(Position.start(), 0)).toBe(1);
  });
});

describe.each(PERFT_GENERATORS)('slow: deep start position perft, %s', (_, webAssembly) => {
  perftGenerator(webAssembly);
  it('armenian depth 6 = 135,963,566', () => {
    expect(perft(Position.start('armenian'), 6)).toBe(135_963_566);
  });
  it('turkish depth 7 = 10,782,308', () => {
    expect(perft(Position.start('turkish'), 7)).toBe(10_782_308);
  });
});
