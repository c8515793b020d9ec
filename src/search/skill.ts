/**
 * Playing strength for people: `Skill Level` 0 (weakest) to MAX_SKILL_LEVEL (full strength).
 * Below the maximum the engine searches a few root lines (MultiPV) on one thread, within a
 * depth cap and a node budget that grow with the level, then plays one of the lines that
 * score within a margin of the best one (each line gets a random bonus of up to the margin,
 * and the highest total is played), the margin shrinking fast as the level rises. At the
 * lowest levels it now and then plays a random legal move instead: a deliberate blunder,
 * rarer at each level. Levels whose depth cap is below the variant's NETWORK_MIN_DEPTH score
 * with the linear evaluation even where a network is loaded. At the maximum nothing of this
 * runs.
 */
import type { PackedMove } from '../core/movegen.js';
import type { VariantName } from '../core/variant.js';

export const MAX_SKILL_LEVEL = 10;

/** Root lines searched below the maximum level, so that there is something to choose from. */
export const SKILL_LINES = 4;

/** How a level below the maximum plays. */
export interface SkillSettings {
  /** The deepest iteration searched. */
  readonly depth: number;
  /** The node budget of one move. */
  readonly nodes: number;
  /** How far below the best line (centi-men) a line may score and still be played. */
  readonly margin: number;
  /** The chance (0-1) that a move is a random legal move instead. */
  readonly blunderRate: number;
}

/**
 * Per variant, the shallowest depth cap at which a level below the maximum scores with the
 * variant's network; a level with a smaller cap scores with the linear weights of the
 * evaluation in use even where a network is loaded. In Armenian a search of one to four
 * plies stands on the network's view of quiet positions a move or two after a man was given
 * away, and there it misjudges: it scores a man down with the taker's man "active" far
 * above what it is worth, so that at depth 1 it gives a man for nothing in a sixth to a
 * third of quiet positions where the linear evaluation almost never does, and at levels 0
 * to 3 it loses games to a random mover that the linear evaluation does not lose. From a
 * depth cap of 5 the search sees the man go and the network is the stronger. The Turkish
 * network shows no such fault and plays at every level. docs/skill-levels.md has the
 * measurements.
 */
export const NETWORK_MIN_DEPTH: Readonly<Record<VariantName, number>> = Object.freeze({
  armenian: 5,
  turkish: 1,
});

/**
 * Levels 0 to MAX_SKILL_LEVEL - 1, weakest first. Every field gets stronger at each level:
 * the node budget grows by 1.8 a level (150 to about 30,000), the depth cap by one or two,
 * the margin shrinks from two and a half men to a twentieth of one, and blunders (30 % of
 * moves at level 0) stop after level 3. In Armenian levels 0 to 3 (depth caps 1 to 4) score
 * with the linear evaluation (NETWORK_MIN_DEPTH). Measured in docs/skill-levels.md.
 */
export const SKILL_TABLE: readonly SkillSettings[] = Object.freeze(
  [
    { depth: 1, margin: 250, blunderRate: 0.3 },
    { depth: 2, margin: 150, blunderRate: 0.12 },
    { depth: 3, margin: 100, blunderRate: 0.05 },
    { depth: 4, margin: 70, blunderRate: 0.015 },
    { depth: 5, margin: 60, blunderRate: 0 },
    { depth: 6, margin: 40, blunderRate: 0 },
    { depth: 7, margin: 25, blunderRate: 0 },
    { depth: 8, margin: 15, blunderRate: 0 },
    { depth: 10, margin: 10, blunderRate: 0 },
    { depth: 12, margin: 5, blunderRate: 0 },
  ].map((level, index) => Object.freeze({ ...level, nodes: Math.round(150 * 1.8 ** index) })),
);

/** The settings of a level below the maximum. */
export function skillSettings(level: number): SkillSettings {
  return SKILL_TABLE[Math.max(0, Math.min(SKILL_TABLE.length - 1, Math.floor(level)))];
}

/**
 * Whether a search of `variant` at `level` scores with the network loaded for the variant
 * (if any): always at the maximum, below it from the variant's NETWORK_MIN_DEPTH. Where it
 * does not, the linear weights of the evaluation in use (the `EvalFile`'s) score.
 */
export function skillUsesNetwork(level: number, variant: VariantName): boolean {
  return level >= MAX_SKILL_LEVEL || skillSettings(level).depth >= NETWORK_MIN_DEPTH[variant];
}

/** Whether this move is a deliberate blunder (a random legal move); `random` in [0, 1). */
export function skillBlunders(level: number, random: number): boolean {
  return level < MAX_SKILL_LEVEL && random < skillSettings(level).blunderRate;
}

/**
 * Which line to play: `scores` are the lines' scores, best first (centi-men; wins and
 * losses as large values), `random` gives numbers in [0, 1). Each line within the margin
 * of the best gets a random bonus of up to the margin; the line with the highest score plus
 * bonus is played, so a line is the likelier the closer it is to the best, and a line
 * further below than the margin never. Returns an index into `scores`.
 */
export function pickSkillLine(
  scores: readonly number[],
  level: number,
  random: () => number,
): number {
  if (level >= MAX_SKILL_LEVEL || scores.length <= 1) return 0;
  const margin = skillSettings(level).margin;
  let chosen = 0;
  let chosenValue = -Infinity;
  for (let line = 0; line < scores.length && scores[line] >= scores[0] - margin; line++) {
    const value = scores[line] + random() * margin;
    if (value > chosenValue) {
      chosen = line;
      chosenValue = value;
    }
  }
  return chosen;
}

/** A root line the skill's choice picks from: its score, root move index and moves. */
export interface SkillLine {
  readonly score: number;
  readonly index: number;
  readonly pv: readonly PackedMove[];
}

/** The root move a level below the maximum plays, and the line it expects (if any). */
export interface SkillChoice {
  readonly index: number;
  readonly pv: readonly PackedMove[] | undefined;
}

/**
 * What a level below the maximum plays after its search. `lines` are the lines of the last
 * iteration that completed them all, best first; `candidates` the indices of the root moves
 * the search was allowed to play. Now and then (the level's blunder rate) a random candidate
 * with no line to ponder on; otherwise one of the lines close to the best (pickSkillLine).
 */
export function chooseSkillMove(
  lines: readonly SkillLine[],
  candidates: readonly number[],
  level: number,
  random: () => number,
): SkillChoice {
  if (skillBlunders(level, random()) && candidates.length > 0) {
    return { index: candidates[Math.floor(random() * candidates.length)], pv: undefined };
  }
  const chosen =
    lines[
      pickSkillLine(
        lines.map((line) => line.score),
        level,
        random,
      )
    ];
  return { index: chosen.index, pv: chosen.pv };
}
