/** Skill levels: each level's settings, and which of the near-best lines a level plays. */
import { describe, expect, it } from 'vitest';
import {
  chooseSkillMove,
  MAX_SKILL_LEVEL,
  pickSkillLine,
  SKILL_TABLE,
  skillBlunders,
  skillSettings,
} from '../../src/search/skill.js';

/** A random source that gives these numbers in turn. */
function sequence(...numbers: number[]): () => number {
  let next = 0;
  return () => numbers[next++ % numbers.length];
}

describe('the level table', () => {
  it('has one row for each level below the maximum', () => {
    expect(SKILL_TABLE.length).toBe(MAX_SKILL_LEVEL);
    expect(skillSettings(0)).toBe(SKILL_TABLE[0]);
    expect(skillSettings(MAX_SKILL_LEVEL - 1)).toBe(SKILL_TABLE[MAX_SKILL_LEVEL - 1]);
  });

  it.each(SKILL_TABLE.slice(1).map((settings, i) => [i + 1, settings, SKILL_TABLE[i]] as const))(
    'level %i is stronger than the level below in every setting',
    (_level, settings, below) => {
      expect(settings.nodes).toBeGreaterThan(below.nodes);
      expect(settings.depth).toBeGreaterThan(below.depth);
      expect(settings.margin).toBeLessThan(below.margin);
      if (below.blunderRate > 0) expect(settings.blunderRate).toBeLessThan(below.blunderRate);
      else expect(settings.blunderRate).toBe(0);
    },
  );

  it('starts weak and ends close to a real search', () => {
    expect(SKILL_TABLE[0]).toEqual({ depth: 1, nodes: 150, margin: 250, blunderRate: 0.3 });
    const top = SKILL_TABLE[MAX_SKILL_LEVEL - 1];
    expect(top.nodes).toBeGreaterThan(25_000);
    expect(top.blunderRate).toBe(0);
    expect(top.margin).toBeLessThanOrEqual(5);
  });
});

describe('skillBlunders', () => {
  it('blunders at the level’s rate, and never from level 4 up', () => {
    expect(skillBlunders(0, 0.29)).toBe(true);
    expect(skillBlunders(0, 0.3)).toBe(false);
    expect(skillBlunders(3, 0.014)).toBe(true);
    expect(skillBlunders(3, 0.015)).toBe(false);
    for (let level = 4; level <= MAX_SKILL_LEVEL; level++) expect(skillBlunders(level, 0)).toBe(false); // prettier-ignore
  });
});

describe('pickSkillLine', () => {
  const scores = [50, 40, -20, -400];

  it('always plays the best line at the maximum level', () => {
    for (const random of [0, 0.3, 0.99]) {
      expect(pickSkillLine(scores, MAX_SKILL_LEVEL, () => random)).toBe(0);
    }
  });

  it('plays the line with the highest score plus a bonus of up to the margin', () => {
    // Level 2: margin 100, so lines 50, 40 and -20 may be played, -400 never.
    expect(skillSettings(2).margin).toBe(100);
    // Bonuses 0, 0.5 and 0.6 of the margin: 50, 90 and 40; the second line wins.
    expect(pickSkillLine(scores, 2, sequence(0, 0.5, 0.6))).toBe(1);
    // Bonuses 0, 0, 0.99: 50, 40 and 79; the third.
    expect(pickSkillLine(scores, 2, sequence(0, 0, 0.99))).toBe(2);
    // Equal bonuses keep the best line.
    expect(pickSkillLine(scores, 2, () => 0.5)).toBe(0);
  });

  it('never plays a line further below the best than the margin', () => {
    for (const random of [0, 0.5, 0.999]) {
      expect(pickSkillLine(scores, 0, sequence(0, 0, 0, random))).not.toBe(3);
    }
  });

  it('plays a worse line more rarely at a higher level', () => {
    const worseShare = (level: number) => {
      let state = 12345;
      const random = () => {
        state = (Math.imul(state, 1103515245) + 12345) >>> 0;
        return state / 2 ** 32;
      };
      let worse = 0;
      for (let i = 0; i < 4000; i++) if (pickSkillLine([20, 0], level, random) !== 0) worse++;
      return worse / 4000;
    };
    // A line 20 centi-men below the best: less and less often up to level 6 (margin 25),
    // never from level 7 (margin 15).
    const shares = [0, 1, 2, 3, 4, 5, 6].map(worseShare);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeLessThan(shares[i - 1]);
    expect(shares[6]).toBeGreaterThan(0);
    expect(worseShare(7)).toBe(0);
  });

  it('keeps a won line: other lines far below it are never chosen', () => {
    expect(pickSkillLine([29990, 10, 0], 0, () => 0.999)).toBe(0);
  });

  it('has nothing to choose with one line', () => {
    expect(pickSkillLine([10], 0, () => 0.9)).toBe(0);
  });
});

describe('chooseSkillMove', () => {
  const lines = [
    { score: 50, index: 3, pv: [{ move: 30, capturedLo: 0, capturedHi: 0 }] },
    { score: 40, index: 0, pv: [{ move: 10, capturedLo: 0, capturedHi: 0 }] },
  ];

  it("blunders into a random candidate with no line, at the level's rate", () => {
    // Level 0 blunders when the first number is below 0.3; the second picks the candidate.
    expect(chooseSkillMove(lines, [0, 3, 5, 7], 0, sequence(0.1, 0.6))).toEqual({ index: 5, pv: undefined }); // prettier-ignore
    expect(chooseSkillMove(lines, [0, 3, 5, 7], 0, sequence(0.1, 0))).toEqual({ index: 0, pv: undefined }); // prettier-ignore
  });

  it('otherwise plays the near-best line pickSkillLine picks, with its moves', () => {
    // No blunder (0.5 >= 0.3); bonuses 0 and 0.99 of the margin 250: 50 and 287.5.
    expect(chooseSkillMove(lines, [0, 3, 5], 0, sequence(0.5, 0, 0.99))).toEqual({ index: 0, pv: lines[1].pv }); // prettier-ignore
    // Level 9 never blunders; equal bonuses keep the best line.
    expect(chooseSkillMove(lines, [0, 3, 5], 9, () => 0)).toEqual({ index: 3, pv: lines[0].pv });
  });
});
