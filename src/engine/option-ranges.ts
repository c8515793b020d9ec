/**
 * The ranges of the engine's numeric options that do not depend on the machine: the option
 * table (options.ts) declares them, and a GUI that checks a value before it sends it (the
 * page's server, the page) reads them here, so that both say the same. Plain data: the
 * page's bundle imports it.
 */
import { MAX_SKILL_LEVEL } from '../search/skill.js';

/** The whole numbers an option accepts, both ends included. */
export interface SpinRange {
  readonly min: number;
  readonly max: number;
}

export const HASH_RANGE: SpinRange = { min: 1, max: 8192 };
export const MULTI_PV_RANGE: SpinRange = { min: 1, max: 64 };
export const MOVE_OVERHEAD_RANGE: SpinRange = { min: 0, max: 5000 };
export const DRAW_PLIES_RANGE: SpinRange = { min: 0, max: 1000 };
export const SKILL_LEVEL_RANGE: SpinRange = { min: 0, max: MAX_SKILL_LEVEL };
