/** The verifier's own checks: small cases whose answers can be worked out by hand. */
import { describe, expect, it } from 'vitest';
import { position } from '../helpers.js';
import {
  losesWithin,
  materialBalance,
  materialByMove,
  movesWinningWithin,
  winDistance,
} from './solver.js';

const values = (fen: string, plies: number) =>
  materialByMove(position(fen), plies).values.map((v) => [v.move.text, v.value]);

describe('verifier', () => {
  it('a side with no legal move has lost; one with a move (here a capture) has not', () => {
    expect(losesWithin(position('B:WKa1,Kb1,Kb2,Kc2:Ba2'), 0)).toBe(true);
    expect(losesWithin(position('B:WKa1,Kb1,Kb2:Ba2'), 0)).toBe(false);
  });

  it('finds a win in one by capture, and no win where there is none', () => {
    const proof = winDistance(position('W:WKa8:BKa2'), 3);
    expect(proof.moves).toBe(1);
    expect(proof.winning.map((m) => m.text)).toEqual(['a8xa1']);
    expect(winDistance(position('W:WKa1:BKh8'), 2).moves).toBe(0);
  });

  it('finds a win in one by blocking: only Kb5-b2 leaves the a2 man no move', () => {
    // Kb1-b2 would free b1, Ka1-b2 free a1, and Kc2-b2 let a2 take b2 sideways.
    const winning = movesWinningWithin(position('W:WKa1,Kb1,Kc2,Kb5,a3:Ba2'), 1);
    expect(winning.map((m) => m.text)).toEqual(['b5-b2']);
  });

  it('counts material from the side to move, a king as three men', () => {
    expect(materialBalance(position('W:WKa1:Ba2,b2').state)).toBe(1);
    expect(materialBalance(position('B:WKa1:Ba2,b2').state)).toBe(-1);
    expect(materialBalance(position('W:WKa1:Ba2,b2').state, 1)).toBe(-1);
  });

  it('plays the compulsory, maximal capture and counts only quiet leaves', () => {
    // The only move takes d5; after it Black has no capture: 2 men each.
    expect(values('W:Wd4,h2:Bd5,e5,a7', 1)).toEqual([['d4xd6', 0]]);
    // Two men must be taken rather than one (e4), and the man crowns on d8: 3 - 1.
    expect(values('W:Wd4:Bd5,d7,e4', 1)).toEqual([['d4xd6xd8', 2]]);
  });
});
