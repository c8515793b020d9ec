/** Move text: formatting every landing square, and reading full and short forms. */
import { describe, expect, it } from 'vitest';
import { legalMoves, parseMove } from '../../src/core/notation.js';
import { position } from '../helpers.js';

describe('move text', () => {
  it('writes steps as from-to', () => {
    const texts = legalMoves(position('W:Wc3:Bh7')).map((m) => m.text);
    expect(texts.sort()).toEqual(['c3-b3', 'c3-b4', 'c3-c4', 'c3-d3', 'c3-d4']);
  });

  it('writes a capture with every landing square', () => {
    const texts = legalMoves(position('W:Wb3:Bb4,c5')).map((m) => m.text);
    expect(texts).toEqual(['b3xb5xd5']);
  });

  it('reads a step, a full capture path and the short capture form', () => {
    const p = position('W:Wb3,h2:Bb4,c5');
    const full = parseMove(p, 'b3xb5xd5');
    const short = parseMove(p, 'b3xd5');
    expect(full.ok && full.value.text).toBe('b3xb5xd5');
    expect(short.ok && short.value.text).toBe('b3xb5xd5');
    const step = parseMove(position('W:Wc3:Bh7'), 'c3-d4');
    expect(step.ok && step.value.text).toBe('c3-d4');
  });

  it('reads upper-case squares and surrounding spaces', () => {
    const step = parseMove(position('W:Wc3:Bh7'), '  C3-C4 ');
    expect(step.ok && step.value.text).toBe('c3-c4');
  });

  it('refuses a short form that matches two moves and names both', () => {
    // The king takes a3, then c5 or c7 along rank 5 or 7, then e3: two ways to e2.
    const p = position('W:WKa2:Bc7,c5,e3,a3');
    const parsed = parseMove(p, 'a2xe2');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('ambiguous');
      expect(parsed.error.message).toContain('a2xa5xe5xe2');
      expect(parsed.error.message).toContain('a2xa7xe7xe2');
    }
    const full = parseMove(p, 'a2xa7xe7xe2');
    expect(full.ok && full.value.text).toBe('a2xa7xe7xe2');
  });

  it('reads any path of a merged move as that move', () => {
    // Round the square a3-c3-c5-a5 either way: one move, two paths.
    const p = position('W:WKa1:Ba2,b3,c4,b5');
    const moves = legalMoves(p);
    for (const m of moves) {
      const again = parseMove(p, m.text);
      expect(again.ok && again.value.move).toBe(m.move);
    }
  });

  it.each([
    ['c3', 'syntax'],
    ['c3-', 'syntax'],
    ['c3--c4', 'syntax'],
    ['c3-c4-c5', 'syntax'],
    ['c3xc5-e5', 'syntax'],
    ['c3-c4xc5', 'syntax'],
    ['c3x', 'syntax'],
    ['', 'syntax'],
    ['hello', 'syntax'],
    ['c3-c9', 'unknown-square'],
    ['c3-z4', 'unknown-square'],
    ['c3-c5', 'illegal'],
    ['d4-d5', 'illegal'],
    ['c3xc5', 'illegal'],
  ])('refuses %j with %s', (text, code) => {
    const parsed = parseMove(position('W:Wc3:Bh7'), text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.code).toBe(code);
  });

  it('lists the legal moves of the piece when a move from it is illegal', () => {
    const parsed = parseMove(position('W:Wc3:Bh7'), 'c3-c5');
    expect(!parsed.ok && parsed.error.message).toContain('c3-c4');
  });

  it('says when the side to move has no move at all', () => {
    const parsed = parseMove(position('W:W:Bh7'), 'a1-a2');
    expect(!parsed.ok && parsed.error.message).toContain('no legal move');
  });

  it('refuses a step written for a capture and a capture when a step is forced', () => {
    const p = position('W:Wb3,h2:Bb4,c5');
    const step = parseMove(p, 'h2-h3');
    expect(!step.ok && step.error.code).toBe('illegal');
    expect(!step.ok && step.error.message).toContain('b3xb5xd5');
  });

  it('refuses text that is not squares between separators at once, however long', () => {
    const p = position('W:Wc3:Bh7');
    // A pattern that let a square's letters include x backtracked exponentially on this.
    for (const text of [
      'xy-Y'.repeat(200) + 'xy-',
      'c3',
      '-c3',
      'c3-',
      'c3--c4',
      'c3xxd5',
      'c3-ü4',
    ]) {
      const read = parseMove(p, text);
      expect(!read.ok && read.error.code, text.slice(0, 20)).toBe('syntax');
    }
  });
});
