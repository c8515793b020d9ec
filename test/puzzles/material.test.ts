/**
 * The material check, over the rules core alone: balance and quiet positions, the small
 * search, the verdict on lines that win two men on the board and on every kind of line
 * that does not (among them puzzles once shipped that claimed a gain they did not make),
 * the claim's words, and the count of moves that look safe at a glance.
 */
import { describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import { balance, checkMaterial, claimText, isQuiet, MaterialSearch, safeAlternatives } from '../../src/puzzles/material.js'; // prettier-ignore
import { position } from '../helpers.js';
import { MATERIAL_POSITION, MATERIAL_PUZZLE } from './shot.js';

describe('balance and quiet', () => {
  it.each([
    ['even men', 'W:Wa2,b2:Ba7,b7', 0],
    ['a man up', 'W:Wa2,b2,c2:Ba7,b7', 1],
    ['a king is three men', 'B:WKa1:Ba7,b7', -1],
    ['kings both sides', 'W:WKa1,b2:BKh8', 1],
  ])('%s', (_, text, expected) => {
    const at = position(text);
    expect(balance(at.state, at.sideToMove)).toBe(expected);
  });

  it.each([
    ['nothing to take', 'W:Wa2:Bh7', true],
    ['the side to move must take', 'W:Wa2:Ba3', false],
    ['the other side could take', 'W:Wa2:Bb2', false],
  ])('%s', (_, text, expected) => {
    const at = position(text);
    expect(isQuiet(at.rules, at.state)).toBe(expected);
  });
});

describe('MaterialSearch', () => {
  it('follows compulsory captures past its depth, and scores a side with no move as lost', () => {
    const search = new MaterialSearch(position('W:Wa2:Bh7').rules);
    // White must take a3 and Black has nothing left: depth 0 still plays the capture, and counts the man.
    const forced = position('W:Wa2:Ba3');
    expect(search.value(forced.state, 0)).toBe(1);
    const stuck = position('B:Wa2:B');
    expect(search.value(stuck.state, 2)).toBeLessThan(-100);
    expect(search.exhausted).toBe(false);
  });
});

describe('checkMaterial', () => {
  it('confirms a line that wins two men on the board, ends quiet, and is the only such first move', () => {
    const verdict = checkMaterial(MATERIAL_POSITION, MATERIAL_PUZZLE.line, 'armenian');
    if (!verdict.ok) throw new Error(verdict.error.message);
    expect(verdict.value.gain).toBeGreaterThanOrEqual(2);
    expect(verdict.value.searchedGain).toBeGreaterThanOrEqual(2);
    expect(verdict.value.otherGain).toBeLessThan(Math.min(verdict.value.gain, verdict.value.searchedGain)); // prettier-ignore
    expect(claimText(verdict.value.won)).toBe(MATERIAL_PUZZLE.claim);
  });

  // Puzzles once shipped as "win material" (issue 47), each refused for its fault.
  it.each([
    ['armenian', '0581e053526cb087: one man on the board', 'B:WKa1,d2,e2,a3,c3,e3,f4,g4:BKg1,Kh1,e5,e6,f6,f7,h7', ['g1xg8'], 'no-gain'], // prettier-ignore
    ['armenian', '22d1b604af4bf6b9: the king wins them back', 'W:WKa1,d2,b5,c5:BKh5,a6,d6', ['a1xa8'], 'no-gain'], // prettier-ignore
    ['armenian', '00e5246feca6e5ee: ends with a capture to make', 'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,e3,g3,h3,f4,g4:Bb5,e5,h5,a6,b6,c6,e6,h6,a7,b7,c7,d7,e7,f7,g7,h7', ['f4-f5', 'e5xg5', 'g4xg6xg8', 'h7-g6', 'g8xg5xa5'], 'not-quiet'], // prettier-ignore
    ['armenian', 'f3019006d462781e: the best defence keeps all but a man', 'W:Wa2,b2,d2,e2,f2,g2,b3,c3,f3,g3,h3,c4,f4,g4,a5:Bc5,e5,f5,g5,a6,b6,c6,f6,g6,h6,a7,c7,d7,e7,h7', ['c4-d5', 'a6xa4', 'd5xb5xb7', 'f5-e4', 'f4xd4'], 'given-back'], // prettier-ignore
    ['turkish', '7f550f4104a30cae: already two men up', 'B:Wa3,h3,h4,g5:Ba5,f5,a6,b6,g6,h6', ['f5xh5'], 'already-won'], // prettier-ignore
    ['turkish', '3c9d590235bddff4: already two men up', 'B:Wa2,a3,b3,h3,f5,d7:Ba5,g5,a6,g6,h6,Kd8', ['g5xe5', 'b3-c3', 'd8xd3xb3'], 'already-won'], // prettier-ignore
    ['armenian', 'an illegal move', 'W:Wa2:Bh7', ['a2-a4'], 'bad-line'],
  ] as const)('%s %s', (variant, _, text, line, code) => {
    const verdict = checkMaterial(text, line, variant);
    expect(!verdict.ok && verdict.error.code).toBe(code);
  });

  it('refuses a line when another first move wins as much', () => {
    // Once shipped: the king's capture wins, and so does another first move.
    const verdict = checkMaterial('W:Wb2,c2,d2,h2,b3,c3,g6,Kd8:BKa4,a5,c5,g5,e6,c7,d7,e7,f7,h7', ['d8xd5xh5xh8'], 'armenian'); // prettier-ignore
    expect(!verdict.ok && verdict.error.code).toBe('not-unique');
  });
});

describe('claimText', () => {
  it.each([
    [{ men: 2, kings: 0 }, 'wins two men'],
    [{ men: 3, kings: 0 }, 'wins three men'],
    [{ men: 0, kings: 1 }, 'wins a king'],
    [{ men: 1, kings: 1 }, 'wins a king and a man'],
    [{ men: -1, kings: 1 }, 'wins a king for a man'],
    [{ men: -1, kings: 2 }, 'wins two kings for a man'],
    [{ men: 1, kings: 0, crowned: 1 }, 'wins a man and crowns a king'],
    [{ men: 0, kings: 0, crowned: 1 }, 'crowns a king'],
    [{ men: -2, kings: 0, crowned: 2 }, 'wins material'],
    ['tables', 'wins a won ending'],
    ['forced-win', 'forced win'],
  ] as const)('%j: %s', (won, text) => {
    expect(claimText(won)).toBe(text);
  });
});

describe('safeAlternatives', () => {
  it('counts the other moves that lose nothing within a move and its reply', () => {
    // Black's h7 is far: every White move is safe.
    const at = position('W:Wa2,c2:Bh7');
    const search = new MaterialSearch(at.rules);
    const first = parseMove(at, 'a2-a3');
    if (!first.ok) throw new Error(first.error.message);
    // Men step forward, forward on the diagonal and sideways: eight moves, seven others.
    expect(safeAlternatives(at, first.value, search)).toBe(7);
    // In front of the black man on c4, c2-c3 is taken (c4xc2): six others are safe.
    const near = position('W:Wa2,c2:Bc4');
    const step = parseMove(near, 'a2-a3');
    if (!step.ok) throw new Error(step.error.message);
    expect(safeAlternatives(near, step.value, search)).toBe(6);
  });
});
