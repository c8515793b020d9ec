/**
 * Playing strength for people: `Skill Level` 0 (weakest) to MAX_SKILL_LEVEL (full strength).
 * Below the maximum the engine searches a few root lines (MultiPV) within a node budget
 * that grows with the level, then picks at random among the lines that score within a
 * margin of the best one; the margin shrinks as the level rises. At the maximum nothing of
 * this runs.
 */

export const MAX_SKILL_LEVEL = 10;

/** Root lines searched below the maximum level, so that there is something to choose from. */
export const SKILL_LINES = 4;

/** The node budget of one move at a level below the maximum: 100 at level 0, x2.2 a level. */
export function skillNodeLimit(level: number): number {
  return Math.round(100 * 2.2 ** level);
}

/** How far below the best line (centi-men) a line may score and still be chosen. */
export function skillMargin(level: number): number {
  return (MAX_SKILL_LEVEL - level) * 30;
}

/**
 * Which line to play: `scores` are the lines' scores, best first (centi-men; wins and
 * losses as large values), `random` a number in [0, 1). Returns an index into `scores`.
 */
export function pickSkillLine(scores: readonly number[], level: number, random: number): number {
  if (level >= MAX_SKILL_LEVEL || scores.length <= 1) return 0;
  const margin = skillMargin(level);
  let eligible = 1;
  while (eligible < scores.length && scores[eligible] >= scores[0] - margin) eligible++;
  return Math.min(eligible - 1, Math.floor(random * eligible));
}
