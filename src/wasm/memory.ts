/**
 * The search module's memory, laid out once here at start-up and never allocated again: every
 * area below is taken from the stub runtime's heap (heap.alloc, a bump allocator) as the
 * module is instantiated, so nothing in the hot path allocates.
 *
 * | area           | bytes                          | holds                                              |
 * |----------------|--------------------------------|----------------------------------------------------|
 * | NEXT           | 8 x 64                         | the square one step from a square, or -1 (i8)      |
 * | RAYS           | 8 x 64 x 8                     | the squares from a square to the edge one way (u64) |
 * | ZOBRIST        | (4 x 64 + 1) x 8               | each piece set's key of each square, side key      |
 * | POSITIONS      | PLIES x 64                     | each ply's position: core's 13 state words          |
 * | MOVES          | PLIES x MAX_MOVES x 4          | each ply's moves, packed as core packs them         |
 * | CAPTURED       | PLIES x MAX_MOVES x 8          | each ply's moves' captured sets                    |
 * | MOVE_COUNTS    | PLIES x 4                      | how many moves each ply's list holds               |
 * | WEIGHTS        | WEIGHT_COUNT x 4               | the linear weights as the host gives them          |
 * | SQUARE_TABLES  | 4 x 8 x 256 x 4                | square weights summed by set, rank and byte        |
 * | ORDERS         | PLIES x MAX_MOVES x 4          | each ply's move indices in the order tried          |
 * | SCORES         | PLIES x MAX_MOVES x 4          | each ply's ordering scores                         |
 * | PV_MOVES       | MAX_PLY x MAX_PLY x 4          | the principal variation from each ply (triangular) |
 * | PV_CAPTURED    | MAX_PLY x MAX_PLY x 8          | its moves' captured sets                           |
 * | PV_LENGTHS     | PLIES x 4                      | each ply's principal variation's length            |
 * | KILLERS        | 2 x PLIES x 4                  | two killer moves a ply                             |
 * | HISTORY        | 2 x 64 x 64 x 4                | quiet moves' history by colour, from and to        |
 * | KEYS           | (MAX_GAME_PLIES + PLIES) x 8   | the keys of the game before the root, then the line |
 * | ROOT_ORDER     | MAX_MOVES x 4                  | the root moves' order from the last iteration      |
 * | ROOT_STATUS    | MAX_MOVES                      | whether each root move is searched (the host's)    |
 * | REDUCTIONS     | 64 x 64                        | late move reductions by depth and move number      |
 * | NET_INPUT      | 256 x MAX_HIDDEN x 2           | the network's input weights, input by input (i16)  |
 * | NET_BIAS       | MAX_HIDDEN x 2                 | its input bias (i16)                               |
 * | NET_OUTPUT     | 2 x MAX_HIDDEN x 2             | its output weights, widened to i16                 |
 * | ACCUMULATORS   | (PLIES + 1) x 2 x MAX_HIDDEN x 2 | each ply's hidden layers, White's then Black's, and a scratch slot (i16) |
 * | ACC_VALID      | PLIES + 1                      | whether each ply's accumulators are up to date     |
 * | TABLE          | the host's Hash                | the transposition table (tt.ts), last, resized in place |
 *
 * The network's areas (network.ts) are sized for the widest network a file may hold; a
 * network of `hidden` units uses a stride of `hidden` rounded up to 8 (one v128 of i16s),
 * the units past `hidden` zero in every weight, so they add nothing.
 *
 * Directions are numbered as core/variant.ts numbers them: 0 north, 1 south, 2 east, 3 west,
 * 4 north-east, 5 north-west, 6 south-east, 7 south-west.
 *
 * A position is laid out word for word as core's state array (core/state.ts), so the host
 * copies one in or out as 13 int32 words: piece set p (0 White men, 1 Black men, 2 White
 * kings, 3 Black kings) is the u64 at byte 8p (its low word squares 0-31, as core's), then
 * the side to move, the key (low word, high word), the no-progress count and the plies since
 * the last irreversible move.
 */

/** Plies of the search's stacks: the root (0) to MAX_PLY + 1, as search.ts sizes its own. */
export const MAX_PLY = 128;
export const PLIES = MAX_PLY + 2;
/**
 * Room in one ply's move list. Real positions stay far below it (a side's quiet moves are at
 * most 16 x 27); a capture search that finds more distinct moves sets `overflow`, and the
 * host refuses the result instead of trusting a cut list.
 */
export const MAX_MOVES = 1024;

/** Positions of the game before the root that repetition checks can look back on. */
export const MAX_GAME_PLIES = 2048;

/** Bytes of one ply's position, and where each part of it lies. */
export const POSITION_BYTES = 64;
export const SIDE_OFFSET = 32;
export const KEY_OFFSET = 36;
export const QUIET_OFFSET = 44;
export const REVERSIBLE_OFFSET = 48;
/** Core's state words (core/state.ts STATE_SIZE). */
export const STATE_WORDS = 13;

/** The linear weights' slots, in the order the host writes them (eval.ts reads them). */
export const WEIGHT_COUNT = 76;

export const NEXT: usize = heap.alloc(8 * 64);
export const RAYS: usize = heap.alloc(8 * 64 * 8);
export const ZOBRIST: usize = heap.alloc((4 * 64 + 1) * 8);
export const POSITIONS: usize = heap.alloc(PLIES * POSITION_BYTES);
export const MOVES: usize = heap.alloc(PLIES * MAX_MOVES * 4);
export const CAPTURED: usize = heap.alloc(PLIES * MAX_MOVES * 8);
export const MOVE_COUNTS: usize = heap.alloc(PLIES * 4);
export const WEIGHTS: usize = heap.alloc(WEIGHT_COUNT * 4);
export const SQUARE_TABLES: usize = heap.alloc(4 * 8 * 256 * 4);
export const ORDERS: usize = heap.alloc(PLIES * MAX_MOVES * 4);
export const SCORES: usize = heap.alloc(PLIES * MAX_MOVES * 4);
export const PV_MOVES: usize = heap.alloc(MAX_PLY * MAX_PLY * 4);
export const PV_CAPTURED: usize = heap.alloc(MAX_PLY * MAX_PLY * 8);
export const PV_LENGTHS: usize = heap.alloc(PLIES * 4);
export const KILLERS: usize = heap.alloc(2 * PLIES * 4);
export const HISTORY: usize = heap.alloc(2 * 64 * 64 * 4);
export const KEYS: usize = heap.alloc((MAX_GAME_PLIES + PLIES) * 8);
export const ROOT_ORDER: usize = heap.alloc(MAX_MOVES * 4);
export const ROOT_STATUS: usize = heap.alloc(MAX_MOVES);
export const REDUCTIONS: usize = heap.alloc(64 * 64);

/** The widest hidden layer a network file may have (network-weights.ts MAX_HIDDEN). */
export const MAX_HIDDEN = 512;
export const NETWORK_INPUTS = 256;
export const NET_INPUT: usize = heap.alloc(NETWORK_INPUTS * MAX_HIDDEN * 2);
export const NET_BIAS: usize = heap.alloc(MAX_HIDDEN * 2);
export const NET_OUTPUT: usize = heap.alloc(2 * MAX_HIDDEN * 2);
export const ACCUMULATORS: usize = heap.alloc((PLIES + 1) * 2 * MAX_HIDDEN * 2);
export const ACC_VALID: usize = heap.alloc(PLIES + 1);

/** Set when a move list ran out of room; the host reads and clears it. */
export let overflow: bool = false;
export function setOverflow(): void {
  overflow = true;
}
export function clearOverflow(): void {
  overflow = false;
}

/** The position of `ply`. */
// @ts-ignore: decorator
@inline export function positionAt(ply: i32): usize {
  return POSITIONS + <usize>(ply * POSITION_BYTES);
}
/** The first move of `ply`'s list. */
// @ts-ignore: decorator
@inline export function movesAt(ply: i32): usize {
  return MOVES + <usize>(ply * MAX_MOVES * 4);
}
/** The first captured set of `ply`'s list. */
// @ts-ignore: decorator
@inline export function capturedAt(ply: i32): usize {
  return CAPTURED + <usize>(ply * MAX_MOVES * 8);
}
