/**
 * How large each kind of file the project reads may be, defined once: a reader refuses a
 * larger file before reading it (bounded-read.ts). Each cap is far above the largest real
 * file of its kind and far below what would strain the machine, so that a wrong path (a
 * device, a disk image, a log) is refused at once instead of read.
 */

/** A kind of file and the most bytes one may hold. */
export interface ReadCap {
  /** What the file is, in an error: "an evaluation file is at most 16 MiB". */
  readonly what: string;
  readonly bytes: number;
}

const MiB = 2 ** 20;

/**
 * Evaluation weights and networks (`EvalFile`, `tama tune --init`, `tama train --init`): a
 * network of the widest hidden layer (512) is about 1 MiB of JSON; the weights, 3 KB.
 */
export const EVAL_FILE_CAP: ReadCap = { what: 'an evaluation file', bytes: 16 * MiB };

/** Puzzle files (JSON Lines): the shipped ones are about 100 KB for 400 puzzles. */
export const PUZZLE_FILE_CAP: ReadCap = { what: 'a puzzle file', bytes: 64 * MiB };

/**
 * PDN files (`tama analyse`, `tama tune-data`, the puzzle miner's games): a game is about
 * 1 KB, so this holds some 250,000 games; a larger collection is split.
 */
export const PDN_FILE_CAP: ReadCap = { what: 'a PDN file', bytes: 256 * MiB };

/** Openings files (`tama match --openings`): the shipped ones are 60 KB for 1,000 lines. */
export const OPENINGS_FILE_CAP: ReadCap = { what: 'an openings file', bytes: 64 * MiB };

/**
 * Training positions files (`tama tune`, `tama train`): one position text and two numbers a
 * line, about 80 bytes, so some three million positions.
 */
export const POSITIONS_FILE_CAP: ReadCap = { what: 'a positions file', bytes: 256 * MiB };

/**
 * The page's files that `tama gui` serves (scripts, styles, the in-browser engine, puzzles,
 * networks): the largest, the page's script with its map, is a few MiB.
 */
export const PAGE_FILE_CAP: ReadCap = { what: 'a file of the page', bytes: 64 * MiB };

/** Anything else a command reads (an allow list, a settings file): small text. */
export const TEXT_FILE_CAP: ReadCap = { what: 'a settings file', bytes: 16 * MiB };
