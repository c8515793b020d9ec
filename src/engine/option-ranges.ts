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

/**
 * The table lives in the search's WebAssembly memory (search-wasm.ts), which a 32-bit module
 * holds to 4 GiB together with a region of about 3.4 MiB for each search thread: 2048 MiB
 * leaves room for the most threads the option allows on machines of up to 128 logical cores
 * (512 threads). A larger Hash is clamped to it, with a warning that says so.
 */
export const HASH_RANGE: SpinRange = { min: 1, max: 2048 };
/** Why Hash stops at HASH_RANGE.max, as its warning says. */
export const HASH_LIMIT = "the search's WebAssembly memory holds at most 2048 MiB of table";
export const MULTI_PV_RANGE: SpinRange = { min: 1, max: 64 };
export const MOVE_OVERHEAD_RANGE: SpinRange = { min: 0, max: 5000 };
export const DRAW_PLIES_RANGE: SpinRange = { min: 0, max: 1000 };
export const SKILL_LEVEL_RANGE: SpinRange = { min: 0, max: MAX_SKILL_LEVEL };
