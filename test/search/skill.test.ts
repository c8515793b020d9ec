/** Skill levels: which of the near-best lines a weakened engine may play. */
import { describe, expect, it } from 'vitest';
import {
  MAX_SKILL_LEVEL,
  pickSkillLine,
  skillMargin,
  skillNodeLimit,
} from '../../src/search/skill.js';

describe('pickSkillLine', () => {
  const scores = [50, 40, -20, -400];

  it('always plays the best line at the maximum level', () => {
    for (const random of [0, 0.3, 0.99]) {
      expect(pickSkillLine(scores, MAX_SKILL_LEVEL, random)).toBe(0);
    }
  });

  it('chooses only among lines within the margin of the best', () => {
    // Level 7: margin 90, so lines 0-2 (50, 40, -20) qualify and -400 never does.
    expect(skillMargin(7)).toBe(90);
    expect([0, 0.34, 0.67, 0.999].map((r) => pickSkillLine(scores, 7, r))).toEqual([0, 1, 2, 2]);
    // Level 0: margin 300; still not the line 450 below the best.
    expect(pickSkillLine(scores, 0, 0.999)).toBe(2);
  });

  it('keeps a won line: other lines far below it are never chosen', () => {
    expect(pickSkillLine([29990, 10, 0], 0, 0.999)).toBe(0);
  });

  it('has nothing to choose with one line', () => {
    expect(pickSkillLine([10], 0, 0.9)).toBe(0);
  });
});

describe('skillNodeLimit', () => {
  it('grows with the level', () => {
    for (let level = 1; level < MAX_SKILL_LEVEL; level++) {
      expect(skillNodeLimit(level)).toBeGreaterThan(skillNodeLimit(level - 1));
    }
    expect(skillNodeLimit(0)).toBe(100);
  });
});
