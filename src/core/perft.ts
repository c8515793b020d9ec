/**
 * Perft: the number of leaf positions of the legal-move tree to a given depth, the contract
 * between the rules and their implementation. Plain: every move generated and played, the
 * last ply counted, not played (countMoves), and no other shortcut.
 *
 * A subtree counter given with usePerftSubtreeCounter (the WebAssembly module's, from
 * src/search/perft-wasm.ts) counts the subtrees of SUBTREE_DEPTH plies or less, each in one
 * call; core walks the plies above them, and counts everything without one.
 */
import { countMoves, generateMoves, moveFrom, MoveList, moveTo } from './movegen.js';
import { legalMoves } from './notation.js';
import type { PerftTable } from './perft-table.js';
import type { Position } from './position.js';
import { applyMoveToSets, SIDE, STATE_SIZE } from './state.js';
import { VARIANT_NAMES, type Rules } from './variant.js';

/** The deepest perft this module has room for (its per-ply arrays); the commands allow less. */
export const PERFT_STACK_DEPTH = 64;

const states: Int32Array[] = [];
const lists: MoveList[] = [];
for (let ply = 0; ply <= PERFT_STACK_DEPTH; ply++) {
  states.push(new Int32Array(STATE_SIZE));
  lists.push(new MoveList());
}

/** The deepest subtree given to the subtree counter in one call, when there is one. */
export const SUBTREE_DEPTH = 5;

/**
 * The leaves `depth` plies (1 to SUBTREE_DEPTH) below the piece sets and side to move of
 * `state`, or -1 when the counter cannot count them (core then counts them itself).
 */
export type SubtreeCounter = (rules: Rules, state: Int32Array, depth: number) => number;

/** The counter perft gives its subtrees to: none (core counts everything) unless one is given. */
let subtreeCounter: SubtreeCounter | null = null;
/** The deepest subtree the count under way gives to the counter: 0 for none (set on entry). */
let counterDepth = 0;

/**
 * Gives perft the counter for its subtrees of SUBTREE_DEPTH plies or less in the counts
 * that follow, or none (null) to count everything in core. Returns the one it replaces.
 */
export function usePerftSubtreeCounter(counter: SubtreeCounter | null): SubtreeCounter | null {
  const previous = subtreeCounter;
  subtreeCounter = counter;
  return previous;
}

/** Sets counterDepth for a count that starts now. */
function chooseGenerator(): void {
  counterDepth = subtreeCounter === null ? 0 : SUBTREE_DEPTH;
}

/**
 * The leaves below `state` counted by the subtree counter, or -1 when the count under way
 * does not give it this subtree. A failure leaves the rest of the count to core.
 */
function counterLeaves(rules: Rules, state: Int32Array, depth: number): number {
  if (depth > counterDepth || subtreeCounter === null) return -1;
  const nodes = subtreeCounter(rules, state, depth);
  if (nodes < 0) counterDepth = 0;
  return nodes;
}

/** Asked between subtrees of 5 or more plies: true ends the count early (it is then partial). */
export type PerftStop = () => boolean;
const NEVER: PerftStop = () => false;

/** Leaves below the state at `ply`, `depth` >= 2 plies down. */
function perftFrom(rules: Rules, ply: number, depth: number, stop: PerftStop): number {
  const state = states[ply];
  const counted = counterLeaves(rules, state, depth);
  if (counted >= 0) return counted;
  const list = lists[ply];
  const count = generateMoves(rules, state, list);
  const moves = list.moves;
  const child = states[ply + 1];
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    // Perft reads only the piece sets and the side to move.
    if (depth >= 6 && stop()) break;
    for (let k = 0; k <= SIDE; k++) child[k] = state[k];
    const move = moves[i];
    applyMoveToSets(rules, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    nodes += depth === 2 ? countMoves(rules, child) : perftFrom(rules, ply + 1, depth - 1, stop);
  }
  return nodes;
}

/**
 * Leaf count of the move tree of `position` to `depth` plies (depth 0 counts 1). `stop`,
 * asked now and then on deep counts, can end it early with a partial count.
 */
export function perft(position: Position, depth: number, stop: PerftStop = NEVER): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > PERFT_STACK_DEPTH) {
    throw new RangeError(`perft depth must be an integer from 0 to ${PERFT_STACK_DEPTH}`);
  }
  if (depth === 0) return 1;
  chooseGenerator();
  states[0].set(position.state);
  const counted = counterLeaves(position.rules, states[0], depth);
  if (counted >= 0) return counted;
  if (depth === 1) return countMoves(position.rules, states[0]);
  return perftFrom(position.rules, 0, depth, stop);
}

/** The shallowest subtree that hashed perft looks up and stores (measured: see docs/rules.md). */
export const DEFAULT_HASH_MIN_DEPTH = 3;

/** Set when `stop` ended a hashed count: partial counts are then never stored. */
let hashedStopped = false;

/** Leaves below the state at `ply`, `depth` >= `minDepth` (>= 2) plies down, through `table`. */
function hashedFrom(
  rules: Rules,
  ply: number,
  depth: number,
  table: PerftTable,
  minDepth: number,
  stop: PerftStop,
): number {
  const state = states[ply];
  const found = table.probe(state, depth);
  if (found >= 0) return found;
  const list = lists[ply];
  let nodes = 0;
  const count = generateMoves(rules, state, list);
  const moves = list.moves;
  const child = states[ply + 1];
  for (let i = 0; i < count; i++) {
    if (depth >= 6 && stop()) {
      hashedStopped = true;
      break;
    }
    for (let k = 0; k <= SIDE; k++) child[k] = state[k];
    const move = moves[i];
    applyMoveToSets(rules, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    if (depth - 1 >= minDepth)
      nodes += hashedFrom(rules, ply + 1, depth - 1, table, minDepth, stop);
    else if (depth === 2) nodes += countMoves(rules, child);
    else nodes += perftFrom(rules, ply + 1, depth - 1, NEVER);
    if (hashedStopped) break;
  }
  if (!hashedStopped) table.store(state, depth, nodes);
  return nodes;
}

/**
 * Perft through a table of subtree counts: equal to `perft`, but a subtree of `minDepth` or
 * more plies met again by another move order is looked up instead of counted. The table
 * keeps its counts between calls (they stay exact); `table.probes` and `table.hits` add up.
 */
export function hashedPerft(
  position: Position,
  depth: number,
  table: PerftTable,
  stop: PerftStop = NEVER,
  minDepth = DEFAULT_HASH_MIN_DEPTH,
): number {
  if (!Number.isInteger(minDepth) || minDepth < 2 || minDepth > 5) {
    throw new RangeError('hashed perft looks up subtrees of 2 to 5 plies or more');
  }
  if (depth < minDepth) return perft(position, depth, stop);
  if (!Number.isInteger(depth) || depth > PERFT_STACK_DEPTH) {
    throw new RangeError(`perft depth must be an integer from 0 to ${PERFT_STACK_DEPTH}`);
  }
  table.variant = VARIANT_NAMES.indexOf(position.rules.name);
  chooseGenerator();
  states[0].set(position.state);
  hashedStopped = false;
  return hashedFrom(position.rules, 0, depth, table, minDepth, stop);
}

/**
 * Perft split by root move: each legal move's text with the leaf count below it; through
 * `table` (hashed perft, one table for every root move) when one is given.
 */
export function perftDivide(
  position: Position,
  depth: number,
  table?: PerftTable,
): { move: string; nodes: number }[] {
  if (depth < 1) throw new RangeError('divide needs depth 1 or more');
  return legalMoves(position).map((legal) => {
    const child = position.clone();
    child.play(legal.move, legal.capturedLo, legal.capturedHi);
    const nodes = table ? hashedPerft(child, depth - 1, table) : perft(child, depth - 1);
    return { move: legal.text, nodes };
  });
}
