/**
 * The constants the host (search-wasm.ts, search.ts, control.ts) and the search's
 * WebAssembly module (src/wasm/) share, defined once: AssemblyScript compiles this file into
 * the module as TypeScript compiles it into the host, so the two cannot disagree. Plain
 * constants only, written so that both languages read them alike.
 */

/** The deepest ply of the search's stacks. */
export const MAX_PLY = 128;
/** The score of a mate at the root; a mate `n` plies away scores MATE - n. */
export const MATE = 30000;
/** Positions of the game before the root that repetition checks can look back on. */
export const MAX_GAME_PLIES = 2048;
/**
 * Room in one ply's move list of the module. Real positions stay far below it (a side's
 * quiet moves are at most 16 x 27); a list that would pass it sets the module's overflow,
 * and the host refuses the result instead of trusting a cut list.
 */
export const MAX_MOVES = 1024;
/** The deepest count perft's module takes (src/wasm/perft.ts keeps a capture list a ply). */
export const PERFT_MAX_DEPTH = 32;

/**
 * Why a root move is or is not searched: the root status area holds one of these a move.
 * A move with a line of the current iteration is left out of the iteration's later MultiPV
 * lines; a move that is no candidate (not in `searchmoves`, or one that gives up a
 * database position's value) is never searched.
 */
export const ROOT_SEARCHED = 0;
export const ROOT_HAS_LINE = 1;
export const ROOT_NOT_CANDIDATE = 2;

/** The search's optional parts (search.ts SearchFeatures), as the bits of beginSearch's `features`. */
export const LATE_MOVE_REDUCTIONS = 1;
export const SINGLE_REPLY_EXTENSION = 2;
export const KILLERS_FEATURE = 4;
export const HISTORY_FEATURE = 8;

/** The breadcrumbs' slots (control.ts): a thread's number + 1 and a key's low word each. */
export const CRUMB_SLOTS = 1024;

/** Late move reductions: one a depth (0-63) and move number (0-63), at depth * 64 + number. */
export const REDUCTION_ENTRIES = 64 * 64;

/** The network's inputs, and the widest hidden layer a network may have (network-weights.ts). */
export const NETWORK_INPUTS = 256;
export const MAX_HIDDEN = 512;

/** The linear weights' slots (eval-weights.ts EvalWeights), in the order the module reads them. */
export const MAN_SLOT = 0;
export const KING_SLOT = 1;
export const KING_PER_MAN_SLOT = 2;
/** 32 slots: the men's square weights. */
export const MAN_SQUARE_SLOT = 3;
/** 32 slots: the kings' square weights. */
export const KING_SQUARE_SLOT = 35;
export const HOME_ROW_GUARD_SLOT = 67;
export const MAN_MOBILITY_SLOT = 68;
export const KING_MOBILITY_SLOT = 69;
export const BACKED_MAN_SLOT = 70;
export const MAN_PAIR_SLOT = 71;
export const RUNAWAY_MAN_SLOT = 72;
export const TEMPO_SLOT = 73;
export const ENDING_TEMPO_SLOT = 74;
export const KINGS_ONLY_DRAW_DIVISOR_SLOT = 75;
export const WEIGHT_SLOTS = 76;
