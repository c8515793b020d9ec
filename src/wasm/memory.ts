/**
 * The module's memory, laid out once here and never allocated from again: nothing in the hot
 * path allocates. The search's module imports its memory (one `WebAssembly.Memory` that the
 * engine makes, shared between every search thread where memory can be shared), so the
 * layout is fixed by this file rather than by an allocator, and every thread finds the same
 * areas at the same addresses:
 *
 * | part                    | holds                                                         |
 * |-------------------------|---------------------------------------------------------------|
 * | static data             | the compiler's constants                                      |
 * | shared areas            | tables every thread writes alike at start-up, and the crumbs  |
 * | thread region 0         | thread 0's stacks and scratch (below)                         |
 * | thread region 1 ...     | one region a search thread, THREAD_BYTES each                 |
 * | TABLE                   | the transposition table (tt.ts), the host's Hash, last        |
 *
 * The shared areas (layOutShared):
 *
 * | area           | bytes                          | holds                                              |
 * |----------------|--------------------------------|----------------------------------------------------|
 * | NEXT           | 8 x 64                         | the square one step from a square, or -1 (i8)      |
 * | RAYS           | 8 x 64 x 8                     | the squares from a square to the edge one way (u64) |
 * | ZOBRIST        | (4 x 64 + 1) x 8               | each piece set's key of each square, side key      |
 * | REDUCTIONS     | REDUCTION_ENTRIES                   | late move reductions by depth and move number      |
 * | CRUMBS         | CRUMB_SLOTS x 8                | breadcrumbs: a thread's number + 1 and a key's low word per slot (control.ts) |
 *
 * A thread's region (layOutThread), each area starting on 64 bytes:
 *
 * | area           | bytes                          | holds                                              |
 * |----------------|--------------------------------|----------------------------------------------------|
 * | RULES          | RULE_WORDS x 4                 | core's rule record, as the host writes it (rules.ts) |
 * | POSITIONS      | PLIES x 64                     | each ply's position: core's 13 state words          |
 * | MOVES          | PLIES x MAX_MOVES x 4          | each ply's moves, packed as core packs them         |
 * | CAPTURED       | PLIES x MAX_MOVES x 8          | each ply's moves' captured sets                    |
 * | MOVE_COUNTS    | PLIES x 4                      | how many moves each ply's list holds               |
 * | WEIGHTS        | WEIGHT_SLOTS x 4               | the linear weights as the host gives them          |
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
 * | NET_INPUT      | 256 x MAX_HIDDEN x 2           | the network's input weights, input by input (i16)  |
 * | NET_BIAS       | MAX_HIDDEN x 2                 | its input bias (i16)                               |
 * | NET_OUTPUT     | 2 x MAX_HIDDEN x 2             | its output weights, widened to i16                 |
 * | ACCUMULATORS   | (PLIES + 1) x 2 x MAX_HIDDEN x 2 | each ply's hidden layers, White's then Black's, and a scratch slot (i16) |
 * | ACC_VALID      | PLIES + 1                      | whether each ply's accumulators are up to date     |
 *
 * The shared areas are written by every instance as it starts, with the same bytes, so that
 * a thread that starts while another searches changes nothing it reads. A thread's region is
 * its alone: the host binds a search to region `threadIndex` (the search's own thread
 * number), so the threads of one search never write each other's stacks. The perft counter,
 * a module of its own with its own memory, takes one set of areas from its heap.
 *
 * The network's areas (network.ts) are sized for the widest network a file may hold; a
 * network of `hidden` units uses a stride of `hidden` rounded up to 8 (one v128 of i16s),
 * the units past `hidden` zero in every weight, so they add nothing.
 *
 * Directions are numbered as core/rule-record.ts numbers them: 0 north, 1 south, 2 east, 3 west,
 * 4 north-east, 5 north-west, 6 south-east, 7 south-west.
 *
 * A position is laid out word for word as core's state array (core/state.ts), so the host
 * copies one in or out as 13 int32 words: piece set p (0 White men, 1 Black men, 2 White
 * kings, 3 Black kings) is the u64 at byte 8p (its low word squares 0-31, as core's), then
 * the side to move, the key (low word, high word), the no-progress count and the plies since
 * the last irreversible move.
 */

import { RULE_WORDS } from '../core/rule-record';
import { CRUMB_SLOTS, MAX_GAME_PLIES, MAX_HIDDEN, MAX_MOVES, MAX_PLY, NETWORK_INPUTS, REDUCTION_ENTRIES, WEIGHT_SLOTS } from '../search/module-constants'; // prettier-ignore

// The constants the host shares (src/search/module-constants.ts), for the module's files.
export { CRUMB_SLOTS, MAX_GAME_PLIES, MAX_HIDDEN, MAX_MOVES, MAX_PLY, NETWORK_INPUTS };

/** Plies of the search's stacks: the root (0) to MAX_PLY + 1. */
export const PLIES = MAX_PLY + 2;

/** Bytes of one ply's position, and where each part of it lies. */
export const POSITION_BYTES = 64;
export const SIDE_OFFSET = 32;
export const KEY_OFFSET = 36;
export const QUIET_OFFSET = 44;
export const REVERSIBLE_OFFSET = 48;
/** Core's state words (core/state.ts STATE_SIZE). */
export const STATE_WORDS = 13;


// The shared areas.
export let NEXT: usize = 0;
export let RAYS: usize = 0;
export let ZOBRIST: usize = 0;
export let REDUCTIONS: usize = 0;
export let CRUMBS: usize = 0;

// The areas of the thread region the module is bound to.
export let RULES: usize = 0;
export let POSITIONS: usize = 0;
export let MOVES: usize = 0;
export let CAPTURED: usize = 0;
export let MOVE_COUNTS: usize = 0;
export let WEIGHTS: usize = 0;
export let SQUARE_TABLES: usize = 0;
export let ORDERS: usize = 0;
export let SCORES: usize = 0;
export let PV_MOVES: usize = 0;
export let PV_CAPTURED: usize = 0;
export let PV_LENGTHS: usize = 0;
export let KILLERS: usize = 0;
export let HISTORY: usize = 0;
export let KEYS: usize = 0;
export let ROOT_ORDER: usize = 0;
export let ROOT_STATUS: usize = 0;
export let NET_INPUT: usize = 0;
export let NET_BIAS: usize = 0;
export let NET_OUTPUT: usize = 0;
export let ACCUMULATORS: usize = 0;
export let ACC_VALID: usize = 0;

/** `bytes` rounded up to a whole number of 64-byte lines. */
// @ts-ignore: decorator
@inline function lines(bytes: usize): usize {
  return (bytes + 63) & ~(<usize>63);
}

/** Where the next area goes while areas are laid out. */
let cursor: usize = 0;

/** Takes `bytes` (rounded up to whole 64-byte lines) at the cursor for an area: where it starts. */
function take(bytes: usize): usize {
  const start = cursor;
  cursor += lines(bytes);
  return start;
}

/** Lays the shared areas out from `base` (64-byte aligned); returns where they end. */
export function layOutShared(base: usize): usize {
  cursor = base;
  NEXT = take(8 * 64);
  RAYS = take(8 * 64 * 8);
  ZOBRIST = take((4 * 64 + 1) * 8);
  REDUCTIONS = take(REDUCTION_ENTRIES);
  CRUMBS = take(CRUMB_SLOTS * 8);
  return cursor;
}

/** Lays a thread's region out from `base` (64-byte aligned); returns where it ends. */
export function layOutThread(base: usize): usize {
  cursor = base;
  RULES = take(RULE_WORDS * 4);
  POSITIONS = take(PLIES * POSITION_BYTES);
  MOVES = take(PLIES * MAX_MOVES * 4);
  CAPTURED = take(PLIES * MAX_MOVES * 8);
  MOVE_COUNTS = take(PLIES * 4);
  WEIGHTS = take(WEIGHT_SLOTS * 4);
  SQUARE_TABLES = take(4 * 8 * 256 * 4);
  ORDERS = take(PLIES * MAX_MOVES * 4);
  SCORES = take(PLIES * MAX_MOVES * 4);
  PV_MOVES = take(MAX_PLY * MAX_PLY * 4);
  PV_CAPTURED = take(MAX_PLY * MAX_PLY * 8);
  PV_LENGTHS = take(PLIES * 4);
  KILLERS = take(2 * PLIES * 4);
  HISTORY = take(2 * 64 * 64 * 4);
  KEYS = take((MAX_GAME_PLIES + PLIES) * 8);
  ROOT_ORDER = take(MAX_MOVES * 4);
  ROOT_STATUS = take(MAX_MOVES);
  NET_INPUT = take(NETWORK_INPUTS * MAX_HIDDEN * 2);
  NET_BIAS = take(MAX_HIDDEN * 2);
  NET_OUTPUT = take(2 * MAX_HIDDEN * 2);
  ACCUMULATORS = take((PLIES + 1) * 2 * MAX_HIDDEN * 2);
  ACC_VALID = take(PLIES + 1);
  return cursor;
}

/**
 * Takes one set of areas (the shared ones and one thread's region) from the stub runtime's
 * heap: for the perft counter, whose memory is its own.
 */
export function layOutOnHeap(): void {
  const bytes = layOutThread(layOutShared(0));
  layOutThread(layOutShared(heap.alloc(bytes)));
}

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
