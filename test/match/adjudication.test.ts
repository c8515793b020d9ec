import { describe, expect, it } from 'vitest';
import { Adjudicator, MATE_CP, scoreCp } from '../../src/match/adjudication.js';

const cp = (value: number) => ({ unit: 'cp' as const, value });

describe('scoreCp', () => {
  it('keeps centipawns and turns mate scores into huge ones, nearer mates larger', () => {
    expect(scoreCp(cp(-35))).toBe(-35);
    expect(scoreCp({ unit: 'mate', value: 3 })).toBe(MATE_CP - 3);
    expect(scoreCp({ unit: 'mate', value: -2 })).toBe(-MATE_CP + 2);
  });
});

describe('draw adjudication', () => {
  const rule = { moveNumber: 2, moveCount: 2, scoreCp: 10 };

  it('draws once both sides scored within the limit for movecount moves after movenumber', () => {
    const judge = new Adjudicator(rule, undefined);
    expect(judge.record(0, cp(5), 1)).toBeUndefined();
    expect(judge.record(1, cp(-10), 2)).toBeUndefined();
    expect(judge.record(0, cp(0), 3)).toBeUndefined(); // Black has 1 move in the window only
    expect(judge.record(1, cp(3), 4)).toEqual({
      kind: 'draw',
      reason: expect.stringContaining('10 cp'),
    });
  });

  it('waits for movenumber full moves', () => {
    const judge = new Adjudicator({ ...rule, moveNumber: 3 }, undefined);
    for (let ply = 1; ply <= 5; ply++)
      expect(judge.record(((ply - 1) % 2) as 0 | 1, cp(0), ply)).toBeUndefined();
    expect(judge.record(1, cp(0), 6)?.kind).toBe('draw');
  });

  it('restarts the count after a large score or a move without score', () => {
    const judge = new Adjudicator(rule, undefined);
    judge.record(0, cp(0), 1);
    judge.record(1, cp(0), 2);
    judge.record(0, cp(50), 3);
    expect(judge.record(1, cp(0), 4)).toBeUndefined();
    judge.record(0, undefined, 5);
    expect(judge.record(1, cp(0), 6)).toBeUndefined();
  });
});

describe('resign adjudication', () => {
  it('makes the side with movecount bad scores in a row lose', () => {
    const judge = new Adjudicator(undefined, { moveCount: 3, scoreCp: 500, twoSided: false });
    for (let ply = 1; ply <= 4; ply++) {
      expect(
        judge.record(((ply - 1) % 2) as 0 | 1, cp(ply % 2 === 0 ? -600 : 0), ply),
      ).toBeUndefined();
    }
    expect(judge.record(0, cp(0), 5)).toBeUndefined();
    expect(judge.record(1, cp(-500), 6)).toEqual({
      kind: 'resign',
      loser: 1,
      reason: expect.any(String),
    });
  });

  it('counts mate scores, and with twosided needs the winner to agree', () => {
    const judge = new Adjudicator(undefined, { moveCount: 1, scoreCp: 300, twoSided: true });
    expect(judge.record(0, { unit: 'mate', value: -4 }, 1)).toBeUndefined();
    expect(judge.record(1, cp(250), 2)).toBeUndefined();
    expect(judge.record(0, cp(-400), 3)).toBeUndefined();
    expect(judge.record(1, { unit: 'mate', value: 5 }, 4)).toEqual({
      kind: 'resign',
      loser: 0,
      reason: expect.any(String),
    });
  });
});
