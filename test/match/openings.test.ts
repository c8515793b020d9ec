import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position, START_POSITION } from '../../src/core/position.js';
import { looksBalanced } from '../../src/match/make-openings.js';
import {
  OpeningSequence,
  openingGame,
  parseOpeningLine,
  parseOpenings,
  type Opening,
} from '../../src/match/openings.js';
import { ROOT } from '../helpers.js';

describe('parseOpeningLine', () => {
  it('reads position text', () => {
    const parsed = parseOpeningLine('B:Wa2,b2:Ba6,Kh8', 'armenian');
    expect(parsed).toEqual({ ok: true, value: { fen: 'B:Wa2,b2:Ba6,Kh8', moves: [], line: 0 } });
  });

  it('reads moves from the start, with or without move numbers', () => {
    const parsed = parseOpeningLine('1. c3-c4 f6-f5 2. c4-c5 c6xc4', 'armenian');
    expect(parsed.ok && parsed.value).toEqual({
      fen: undefined,
      moves: ['c3-c4', 'f6-f5', 'c4-c5', 'c6xc4'],
      line: 0,
    });
  });

  it('reads position text followed by moves, and the start position as no FEN', () => {
    const parsed = parseOpeningLine(`${START_POSITION} d3-d4`, 'armenian');
    expect(parsed.ok && parsed.value).toEqual({ fen: undefined, moves: ['d3-d4'], line: 0 });
  });

  it('keeps only `plies` moves when asked', () => {
    const parsed = parseOpeningLine('c3-c4 f6-f5 c4-c5', 'armenian', 2);
    expect(parsed.ok && parsed.value.moves).toEqual(['c3-c4', 'f6-f5']);
  });

  it.each([
    ['W:Wz9:Ba6', 'bad-position'],
    ['c3-c5', 'bad-move'],
    ['B:Wa2:B', 'game-over'],
  ])('rejects %s with %s', (text, code) => {
    const parsed = parseOpeningLine(text, 'armenian');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe(code);
  });
});

describe('parseOpenings', () => {
  it('skips comments and blank lines and names the line of an error', () => {
    const parsed = parseOpenings('# header\n\nc3-c4\n  \nW:Wa2:Ba7\n', 'armenian');
    expect(parsed.ok && parsed.value.map((o) => o.line)).toEqual([3, 5]);
    const bad = parseOpenings('# header\nc3-c4\nh3-h5\n', 'armenian');
    expect(!bad.ok && bad.error.message).toMatch(/^line 3: illegal move 'h3-h5'/);
    expect(parseOpenings('# nothing\n', 'armenian').ok).toBe(false);
  });
});

describe('OpeningSequence', () => {
  const openings: Opening[] = Array.from({ length: 5 }, (_, i) => ({ moves: [], line: i + 1 }));

  it('goes through the file in order from `start`, wrapping around', () => {
    const sequence = new OpeningSequence(openings, 'sequential', 1, 4);
    expect([0, 1, 2, 3].map((k) => sequence.at(k).line)).toEqual([4, 5, 1, 2]);
  });

  it('shuffles by seed: the same seed the same order, every opening before any repeats', () => {
    const order = (seed: number) => {
      const sequence = new OpeningSequence(openings, 'random', seed);
      return [0, 1, 2, 3, 4].map((k) => sequence.at(k).line);
    };
    expect(order(7)).toEqual(order(7));
    expect([...order(7)].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4, 5, 6].map(order).some((o) => o.join() !== order(7).join())).toBe(true);
  });
});

describe('the shipped data/openings-armenian.txt', () => {
  const text = readFileSync(`${ROOT}data/openings-armenian.txt`, 'utf8');
  const parsed = parseOpenings(text, 'armenian');

  it('records the command that generated it', () => {
    expect(text).toMatch(
      /^# Generated (at commit [0-9a-f]+ )?by: tama match-openings .*--seed \d+/m,
    );
  });

  it('holds at least 500 distinct, legal, balanced openings', () => {
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.length).toBeGreaterThanOrEqual(500);
    const keys = new Set<string>();
    for (const opening of parsed.value) {
      const position: Position = openingGame(opening, 'armenian').position;
      keys.add(position.keyHex());
      expect(legalMoves(position).length).toBeGreaterThan(0);
      expect(looksBalanced(position, { mobilityGap: 4 })).toBe(true);
    }
    expect(keys.size).toBe(parsed.value.length);
  });
});
