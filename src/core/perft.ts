/**
 * Perft: the number of leaf positions of the legal-move tree to a given depth, the contract
 * between the rules and their implementation. The last ply is counted, not played.
 */
import { countMoves, countMovesOfSets, generateMoves, MoveList } from './movegen.js';
import { legalMoves } from './notation.js';
import type { Position } from './position.js';
import { applyMove, SIDE, STATE_SIZE } from './state.js';
import type { Rules } from './variant.js';

/** The deepest perft this module supports. */
export const MAX_PERFT_DEPTH = 64;

const states: Int32Array[] = [];
const lists: MoveList[] = [];
for (let ply = 0; ply <= MAX_PERFT_DEPTH; ply++) {
  states.push(new Int32Array(STATE_SIZE));
  lists.push(new MoveList());
}

/**
 * Leaves below the state at `ply`, `depth` >= 2 plies down. One ply above the leaves, each
 * move's resulting sets are worked out in locals and their moves counted without a state.
 */
function perftFrom(rules: Rules, ply: number, depth: number): number {
  const state = states[ply];
  const list = lists[ply];
  const count = generateMoves(rules, state, list);
  const moves = list.moves;
  const child = states[ply + 1];
  let nodes = 0;
  if (depth > 2) {
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < STATE_SIZE; k++) child[k] = state[k];
      const move = moves[i];
      applyMove(rules, child, move & 63, (move >>> 6) & 63, list.capturedLo[i], list.capturedHi[i]);
      nodes += perftFrom(rules, ply + 1, depth - 1);
    }
    return nodes;
  }
  // depth 2: the opponent moves next, so its sets are the "own" sets of the count.
  const color = state[SIDE];
  const enemy = color ^ 1;
  const menLo = state[2 * color];
  const menHi = state[2 * color + 1];
  const kingsLo = state[4 + 2 * color];
  const kingsHi = state[5 + 2 * color];
  const enemyMenLo = state[2 * enemy];
  const enemyMenHi = state[2 * enemy + 1];
  const enemyKingsLo = state[4 + 2 * enemy];
  const enemyKingsHi = state[5 + 2 * enemy];
  const capturedLo = list.capturedLo;
  const capturedHi = list.capturedHi;
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    const from = move & 63;
    const to = (move >>> 6) & 63;
    // The mover's pieces after the move (men and kings alike: the opponent sees one set).
    let ownLo = menLo | kingsLo;
    let ownHi = menHi | kingsHi;
    if (from < 32) ownLo ^= 1 << from;
    else ownHi ^= 1 << from;
    if (to < 32) ownLo |= 1 << to;
    else ownHi |= 1 << to;
    const cutLo = capturedLo[i];
    const cutHi = capturedHi[i];
    nodes += countMovesOfSets(
      rules,
      enemy,
      enemyMenLo & ~cutLo,
      enemyMenHi & ~cutHi,
      enemyKingsLo & ~cutLo,
      enemyKingsHi & ~cutHi,
      ownLo,
      ownHi,
    );
  }
  return nodes;
}

/** Leaf count of the move tree of `position` to `depth` plies (depth 0 counts 1). */
export function perft(position: Position, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_PERFT_DEPTH) {
    throw new RangeError(`perft depth must be an integer from 0 to ${MAX_PERFT_DEPTH}`);
  }
  if (depth === 0) return 1;
  states[0].set(position.state);
  if (depth === 1) return countMoves(position.rules, states[0]);
  return perftFrom(position.rules, 0, depth);
}

/** Perft split by root move: each legal move's text with the leaf count below it. */
export function perftDivide(position: Position, depth: number): { move: string; nodes: number }[] {
  if (depth < 1) throw new RangeError('divide needs depth 1 or more');
  return legalMoves(position).map((legal) => {
    const child = position.clone();
    child.play(legal.move, legal.capturedLo, legal.capturedHi);
    return { move: legal.text, nodes: perft(child, depth - 1) };
  });
}
