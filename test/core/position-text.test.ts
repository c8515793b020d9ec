/** Position text: parse, format, round trips and one error per kind of bad text. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position, START_POSITION } from '../../src/core/position.js';
import { position, seededRandom } from '../helpers.js';

describe('position text', () => {
  it('reads the start position with 16 men a side and White to move', () => {
    const p = Position.start();
    expect(p.sideToMove).toBe(0);
    expect(p.squares(0)).toHaveLength(16);
    expect(p.squares(1)).toHaveLength(16);
    expect(p.toString()).toBe(START_POSITION);
  });

  it.each([
    ['W:Wa2,b2,Kd4:Ba6,Kh8', 'W:Wa2,b2,Kd4:Ba6,Kh8'],
    ['B:W:Bd5', 'B:W:Bd5'],
    ['  W : Wc3 , Kh1 : B Kb8 ', 'W:WKh1,c3:BKb8'],
    ['W:BKa1:Wh2', 'W:Wh2:BKa1'],
    ['w:wA2:bH7', 'W:Wa2:Bh7'],
  ])('%s is written back as %s', (text, expected) => {
    const parsed = Position.parse(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value.toString()).toBe(expected);
  });

  it('round-trips every position of seeded random games', () => {
    const random = seededRandom(7);
    for (let game = 0; game < 40; game++) {
      const p = Position.start(game % 2 === 0 ? 'armenian' : 'turkish');
      for (let ply = 0; ply < 80; ply++) {
        const again = Position.parse(p.toString(), p.rules.name);
        expect(again.ok).toBe(true);
        if (again.ok) {
          expect(again.value.toString()).toBe(p.toString());
          expect(again.value.keyHex()).toBe(p.keyHex());
        }
        const moves = legalMoves(p);
        if (moves.length === 0) break;
        const m = moves[Math.floor(random() * moves.length)];
        p.play(m.move, m.capturedLo, m.capturedHi);
      }
    }
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['W:Wa2', 'missing-field'],
    ['W', 'missing-field'],
    ['W:Wa2:Bh7:Wc3', 'extra-field'],
    ['X:Wa2:Bh7', 'bad-side'],
    [':Wa2:Bh7', 'bad-side'],
    ['W:Qa2:Bh7', 'bad-colour-field'],
    ['W::Bh7', 'bad-colour-field'],
    ['W:Wa2:Wh7', 'duplicate-colour'],
    ['W:Wa2,,b2:Bh7', 'empty-square-name'],
    ['W:Wa2,:Bh7', 'empty-square-name'],
    ['W:Wi2:Bh7', 'unknown-square'],
    ['W:Wa9:Bh7', 'unknown-square'],
    ['W:Wa22:Bh7', 'unknown-square'],
    ['W:WKz1:Bh7', 'unknown-square'],
    ['W:Wa2,a2:Bh7', 'duplicate-square'],
    ['W:Wa2:Ba2', 'duplicate-square'],
    ['W:Wa8:Bh7', 'man-on-crowning-row'],
    ['W:Wa2:Bh1', 'man-on-crowning-row'],
    ['W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3,a4:Bh7', 'too-many-pieces'],
  ])('%j is refused with %s', (text, code) => {
    const parsed = Position.parse(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe(code);
      expect(parsed.error.message.length).toBeGreaterThan(10);
    }
  });

  it('names the offending square in its message', () => {
    const parsed = Position.parse('W:Wa2,j5:Bh7');
    expect(!parsed.ok && parsed.error.message).toContain("'j5'");
    const twice = Position.parse('W:Wc3:Bc3');
    expect(!twice.ok && twice.error.message).toContain('c3');
  });

  it('accepts kings on any row and a side with no pieces', () => {
    const parsed = Position.parse('B:WKa8,Kh1:B');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(legalMoves(parsed.value)).toEqual([]);
  });

  it('draws a board diagram with rank 8 on top', () => {
    const lines = position('W:Wa2,Kd4:BKh8').diagram().split('\n');
    expect(lines[0]).toBe('8 | . . . . . . . B |');
    expect(lines[4]).toBe('4 | . . . W . . . . |');
    expect(lines[6]).toBe('2 | w . . . . . . . |');
    expect(lines[8]).toBe('    a b c d e f g h');
  });
});
