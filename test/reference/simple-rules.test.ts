// Checks the reference oracle against docs/rules.md (worked examples, perft figures) and against the
// hand-worked named positions, so that the oracle can in turn check src/core.

import { describe, it, expect } from 'vitest';
import {
  formatSimple,
  moveText,
  parseSimple,
  simpleMoves,
  simpleMoveTexts,
  simplePerft,
  simplePlay,
  simpleUnmergedCaptures,
} from './simple-rules.js';
import { capturedByPath } from './path.js';
import { namedPerft, namedPositions } from '../positions/named.js';

const START =
  'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:' +
  'Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7';

/** A move as (from, to, captured set): independent of which merged path was kept. */
function moveKey(fen: string, text: string): string {
  const quiet = text.includes('-');
  const squares = text.split(quiet ? '-' : 'x');
  return `${squares[0]}|${squares[squares.length - 1]}|${capturedByPath(fen, text).join(',')}`;
}

describe('position text', () => {
  it('round-trips the start position', () => {
    expect(formatSimple(parseSimple(START))).toBe(START);
  });

  it('lists squares by index with K for kings', () => {
    expect(formatSimple(parseSimple('B:WKh8,a1,Kd4:Bc8,Kb1'))).toBe('B:Wa1,Kd4,Kh8:BKb1,c8');
  });

  it('accepts a side with no pieces', () => {
    expect(formatSimple(parseSimple('W:W:Bd5,Ke8'))).toBe('W:W:Bd5,Ke8');
  });

  it.each([
    ['unknown square', 'W:Wa9:Bb6'],
    ['square listed twice', 'W:Wa2,a2:Bb6'],
    ['square of both colours', 'W:Wa2:Ba2'],
    ['White man on rank 8', 'W:Wa8:Bb6'],
    ['Black man on rank 1', 'W:Wa2:Bb1'],
    ['more than 16 pieces', `W:W${'a2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4'}:Bb6`],
    ['missing field', 'W:Wa2'],
    ['bad side to move', 'X:Wa2:Bb6'],
    ['colour listed twice', 'W:Wa2:Wb6'],
  ])('rejects %s', (_name, fen) => {
    expect(() => parseSimple(fen)).toThrow();
  });
});

describe('docs/rules.md worked examples', () => {
  it('180-degree rule', () => {
    expect(simpleMoveTexts('W:WKd4,a1:Bd6,d2,h8', 'armenian')).toEqual(['d4xd1', 'd4xd7', 'd4xd8']);
  });

  it('promotion timing', () => {
    const board = parseSimple('W:Wb6,h1:Bb7,c8,b4,h5');
    const moves = simpleMoves(board, 'armenian');
    expect(moves.map(moveText)).toEqual(['b6xb8xd8']);
    expect(formatSimple(simplePlay(board, moves[0]))).toBe('B:Wh1,Kd8:Bb4,h5');
  });

  it('immediate removal', () => {
    const board = parseSimple('W:WKa2,Kh8:Bc2,d4,b5,a3,f2,h6');
    const moves = simpleMoves(board, 'armenian');
    expect(moves.map(moveText)).toEqual(['a2xd2xd5xa5xa2xh2xh7']);
    expect(moves[0].captured).toEqual(['a3', 'b5', 'c2', 'd4', 'f2', 'h6']);
  });
});

describe('start-position perft', () => {
  it.each([
    [1, 22],
    [2, 484],
    [3, 12174],
    [4, 268670],
  ])('Armenian depth %i = %i', (depth, nodes) => {
    expect(simplePerft(parseSimple(START), 'armenian', depth)).toBe(nodes);
  });

  it.each([
    [1, 8],
    [2, 64],
    [3, 708],
    [4, 7538],
    [5, 85090],
  ])('Turkish depth %i = %i', (depth, nodes) => {
    expect(simplePerft(parseSimple(START), 'turkish', depth)).toBe(nodes);
  });
});

describe('named positions', () => {
  it('have unique names and sorted move lists', () => {
    expect(namedPositions.length).toBeGreaterThanOrEqual(30);
    expect(new Set(namedPositions.map((position) => position.name)).size).toBe(
      namedPositions.length,
    );
    for (const position of namedPositions) {
      expect(position.moves, position.name).toEqual([...position.moves].sort());
    }
  });

  it.each(namedPositions.map((position) => [position.name, position] as const))(
    '%s',
    (_name, position) => {
      const moves = simpleMoves(parseSimple(position.fen), position.variant);
      // Exact text (the oracle keeps the path the tables were written with) ...
      expect(moves.map(moveText).sort()).toEqual(position.moves);
      // ... and the path-independent identity, via the path helper.
      const expectedKeys = position.moves.map((text) => moveKey(position.fen, text)).sort();
      const generatedKeys = moves
        .map((move) => `${move.from}|${move.to}|${move.captured.join(',')}`)
        .sort();
      expect(generatedKeys).toEqual(expectedKeys);
    },
  );

  it.each([
    ['merged-landing-choice', 2, 1],
    ['merged-square-loop-from-corner', 4, 3],
    ['merged-square-loop-from-corner-turkish', 4, 3],
    ['merged-square-loop-mid-board', 9, 8],
    ['merged-black-king-loop', 4, 3],
  ])('%s merges %i raw paths into %i moves', (name, rawPaths, moveCount) => {
    const position = namedPositions.find((candidate) => candidate.name === name)!;
    expect(simpleUnmergedCaptures(parseSimple(position.fen))).toHaveLength(rawPaths);
    expect(position.moves).toHaveLength(moveCount);
  });

  it.each(namedPerft.map((position) => [position.name, position] as const))(
    'perft %s',
    (_name, position) => {
      const board = parseSimple(position.fen);
      const counts = position.counts.map((_count, index) =>
        simplePerft(board, position.variant, index + 1),
      );
      expect(counts).toEqual(position.counts);
    },
  );
});

describe('playing moves', () => {
  it('a man capturing through the last row is crowned only where it ends', () => {
    const board = parseSimple('W:Wg6:Bd8,f8,g7');
    const [move] = simpleMoves(board, 'armenian');
    expect(formatSimple(simplePlay(board, move))).toBe('B:WKc8:B');
  });

  it('a Black man ending on rank 1 is crowned', () => {
    const board = parseSimple('B:Wb1,d1,e2:Be3');
    const [move] = simpleMoves(board, 'armenian');
    expect(formatSimple(simplePlay(board, move))).toBe('W:W:BKa1');
  });

  it('a quiet step onto the last row crowns', () => {
    const board = parseSimple('W:Wc7:Ba6');
    const move = simpleMoves(board, 'armenian').find((candidate) => candidate.to === 'c8')!;
    expect(formatSimple(simplePlay(board, move))).toBe('B:WKc8:Ba6');
  });

  it('a king loop ending on its start square keeps the king there', () => {
    const board = parseSimple('W:WKa1:Ba3,c5,e3,Kc1');
    const move = simpleMoves(board, 'armenian').find((candidate) => candidate.to === 'a1')!;
    expect(move.captured).toEqual(['a3', 'c1', 'c5', 'e3']);
    expect(formatSimple(simplePlay(board, move))).toBe('B:WKa1:B');
  });
});

describe('capturedByPath', () => {
  it('removes each captured piece at once so later legs may cross it', () => {
    expect(capturedByPath('W:WKa2,Kh8:Bc2,d4,b5,a3,f2,h6', 'a2xd2xd5xa5xa2xh2xh7')).toEqual([
      'a3',
      'b5',
      'c2',
      'd4',
      'f2',
      'h6',
    ]);
  });

  it('names the same set for both paths of a merged move', () => {
    const fen = 'W:WKa1:Ba3,c5,e3,Kc1';
    expect(capturedByPath(fen, 'a1xa5xe5xe1xa1')).toEqual(capturedByPath(fen, 'a1xe1xe5xa5xa1'));
  });

  it('returns nothing for a quiet move', () => {
    expect(capturedByPath(START, 'c3-c4')).toEqual([]);
  });

  it.each([
    ['a leg that is not straight', 'W:WKa1:Bb3', 'a1xc4'],
    ['a leg over two enemies', 'W:WKa1:Ba3,a4', 'a1xa5'],
    ['a leg over no enemy', 'W:WKa1:Bh8', 'a1xa5'],
    ['a leg over an own piece', 'W:WKa1,a2:Ba3', 'a1xa4'],
  ])('throws on %s', (_name, fen, text) => {
    expect(() => capturedByPath(fen, text)).toThrow();
  });
});
