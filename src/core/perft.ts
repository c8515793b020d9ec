/**
 * Perft: the number of leaf positions of the legal-move tree to a given depth, the contract
 * between the rules and their implementation. The last ply is counted, not played.
 *
 * Subtrees of WASM_SUBTREE_DEPTH plies or less are counted by the WebAssembly build of the
 * leaf counter (perft-wasm.ts) where it loads, each in one call; TypeScript walks the plies
 * above them, and counts everything when the WebAssembly build is switched off or missing.
 */
import { popcount32, SQUARE_HI, SQUARE_LO } from './bitboard.js';
import { countManCaptureMoves, manCaptureThreats, threats } from './mancapture.js';
import {
  countKingSlides,
  countManSteps,
  countMoves,
  countMovesOfSets,
  countQuietMoves,
  generateMoves,
  generateQuietMoves,
  hasCapture,
  kingLines,
  kingsCanCapture,
  markKingLines,
  moveFrom,
  MoveList,
  moveTo,
  shiftHi,
  shiftLo,
} from './movegen.js';
import { legalMoves } from './notation.js';
import type { PerftTable } from './perft-table.js';
import { countLeavesWebAssembly, perftWebAssemblyAvailable } from './perft-wasm.js';
import type { Position } from './position.js';
import {
  applyMoveToSets,
  kingsHiWord,
  kingsLoWord,
  menHiWord,
  menLoWord,
  piecesHi,
  piecesLo,
  SIDE,
  STATE_SIZE,
} from './state.js';
import { DIRECTION_DELTA, OPPOSITE_DIRECTION, VARIANT_NAMES, type Rules } from './variant.js';

/** The deepest perft this module has room for (its per-ply arrays); the commands allow less. */
export const PERFT_STACK_DEPTH = 64;

const states: Int32Array[] = [];
const lists: MoveList[] = [];
for (let ply = 0; ply <= PERFT_STACK_DEPTH; ply++) {
  states.push(new Int32Array(STATE_SIZE));
  lists.push(new MoveList());
}

/** The deepest subtree counted by the WebAssembly build in one call, when it is used. */
export const WASM_SUBTREE_DEPTH = 5;

/** Whether perft counts subtrees with the WebAssembly build where it is available. */
let webAssemblyChosen = true;
/** The deepest subtree the count under way gives to WebAssembly: 0 for none (set on entry). */
let webAssemblyDepth = 0;

/**
 * Chooses perft's generator for the counts that follow: the WebAssembly build for subtrees
 * of WASM_SUBTREE_DEPTH plies or less where it is available (the default), or the
 * TypeScript generator the search uses, throughout. Returns the choice it replaces.
 */
export function usePerftWebAssembly(on: boolean): boolean {
  const previous = webAssemblyChosen;
  webAssemblyChosen = on;
  return previous;
}

/** Sets webAssemblyDepth for a count that starts now. */
function chooseGenerator(): void {
  webAssemblyDepth = webAssemblyChosen && perftWebAssemblyAvailable() ? WASM_SUBTREE_DEPTH : 0;
}

/**
 * The leaves below `state` counted by the WebAssembly build, or -1 when the count under way
 * does not give it this subtree. A failure (perft-wasm.ts) leaves the rest to TypeScript.
 */
function webAssemblyLeaves(rules: Rules, state: Int32Array, depth: number): number {
  if (depth > webAssemblyDepth) return -1;
  const nodes = countLeavesWebAssembly(rules, state, depth);
  if (nodes < 0) webAssemblyDepth = 0;
  return nodes;
}

/** Asked between subtrees of 5 or more plies: true ends the count early (it is then partial). */
export type PerftStop = () => boolean;
const NEVER: PerftStop = () => false;

/** Leaves below the state at `ply`, `depth` >= 2 plies down. */
function perftFrom(rules: Rules, ply: number, depth: number, stop: PerftStop): number {
  const state = states[ply];
  const counted = webAssemblyLeaves(rules, state, depth);
  if (counted >= 0) return counted;
  const list = lists[ply];
  if (depth === 2) return perftTwo(rules, state, list);
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
    nodes += perftFrom(rules, ply + 1, depth - 1, stop);
  }
  return nodes;
}

/**
 * Leaves two plies below `state`: each move's resulting sets are worked out in locals and
 * the opponent's replies counted, never listed. When we only step, the opponent's steps
 * are counted once for the node and adjusted per move (perftTwoAgainstKings when it has
 * kings); a node with a capture lists its moves (countRepliesOfList).
 */
function perftTwo(rules: Rules, state: Int32Array, list: MoveList): number {
  // The loops below read a move's fields with the literals of movegen.ts's layout
  // (bits 0-5 from, 6-11 to) rather than moveFrom and moveTo: V8 leaves those calls
  // un-inlined here, which cost perft about 8 % (measured in one process, the two
  // versions alternated).
  // The opponent moves next, so its sets are the "own" sets of the count.
  const color = state[SIDE];
  const enemy = color ^ 1;
  const ownLo = piecesLo(state, color);
  const ownHi = piecesHi(state, color);
  const enemyMenLo = state[menLoWord(enemy)];
  const enemyMenHi = state[menHiWord(enemy)];
  if (hasCapture(rules, state)) return countRepliesOfList(rules, state, list);
  if ((state[kingsLoWord(enemy)] | state[kingsHiWord(enemy)]) !== 0) {
    return perftTwoAgainstKings(rules, state, list);
  }
  // A step changes two squares, so the opponent's steps after it are its steps now, plus
  // those onto the square left, minus those onto the square taken.
  const emptyLo = ~(ownLo | enemyMenLo);
  const emptyHi = ~(ownHi | enemyMenHi);
  const steps = countQuietMoves(rules, enemy, enemyMenLo, enemyMenHi, 0, 0, emptyLo, emptyHi);
  const sources = rules.manStepSources[enemy];
  const moves = list.moves;
  let nodes = 0;
  if (
    countManCaptureMoves(rules, enemy, enemyMenLo, enemyMenHi, ownLo, ownHi, emptyLo, emptyHi) !== 0
  ) {
    // The opponent could capture already: test each move's result in full.
    const count = generateQuietMoves(rules, state, moves);
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      const from = move & 63; // moveFrom, written out (see perftTwo)
      const to = (move >>> 6) & 63; // moveTo
      const changedLo = SQUARE_LO[from] | SQUARE_LO[to];
      const changedHi = SQUARE_HI[from] | SQUARE_HI[to];
      const captures = countManCaptureMoves(rules, enemy, enemyMenLo, enemyMenHi, ownLo ^ changedLo, ownHi ^ changedHi, emptyLo ^ changedLo, emptyHi ^ changedHi); // prettier-ignore
      if (captures !== 0) {
        nodes += captures;
      } else {
        nodes += stepsAfter(steps, enemyMenLo, enemyMenHi, sources, from, to);
      }
    }
    return nodes;
  }
  // It cannot capture now, so only our move can give it a capture: by landing where it can
  // be taken, by leaving a square it can land on, or both (taken with a landing on `from`).
  manCaptureThreats(rules, enemy, enemyMenLo, enemyMenHi, ownLo, ownHi, emptyLo, emptyHi);
  if ((state[kingsLoWord(color)] | state[kingsHiWord(color)]) === 0) {
    return steppedMen(rules, color, ownLo, ownHi, enemyMenLo, enemyMenHi, steps);
  }
  const back = rules.manCaptureBack[enemy];
  const count = generateQuietMoves(rules, state, moves);
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    const from = move & 63; // moveFrom, written out (see perftTwo)
    const to = (move >>> 6) & 63; // moveTo
    if (mayGiveCapture(enemyMenLo, enemyMenHi, from, to, back[move & 0xfff])) {
      const changedLo = SQUARE_LO[from] | SQUARE_LO[to];
      const changedHi = SQUARE_HI[from] | SQUARE_HI[to];
      nodes += countManCaptureMoves(rules, enemy, enemyMenLo, enemyMenHi, ownLo ^ changedLo, ownHi ^ changedHi, emptyLo ^ changedLo, emptyHi ^ changedHi); // prettier-ignore
    } else {
      nodes += stepsAfter(steps, enemyMenLo, enemyMenHi, sources, from, to);
    }
  }
  return nodes;
}

/**
 * perftTwo's last loop when both sides have men only and the opponent (men enemyMenLo,
 * enemyMenHi; `steps` steps now) has no capture, once `threats` is filled: our steps are
 * walked as the target set of each direction, not listed, and the moves that may give the
 * opponent a capture are told apart as sets too.
 */
function steppedMen(
  rules: Rules,
  color: number,
  ownLo: number,
  ownHi: number,
  enemyMenLo: number,
  enemyMenHi: number,
  steps: number,
): number {
  const enemy = color ^ 1;
  const emptyLo = ~(ownLo | enemyMenLo);
  const emptyHi = ~(ownHi | enemyMenHi);
  const sources = rules.manStepSources[enemy];
  const ontoLo = threats[0];
  const ontoHi = threats[1];
  const leaveLo = threats[2];
  const leaveHi = threats[3];
  const directions = rules.manSteps[color];
  const enemyCaptures = rules.manCaptures[enemy];
  let nodes = 0;
  let quiet = 0;
  for (let k = 0; k < directions.length; k++) {
    const direction = directions[k];
    const delta = DIRECTION_DELTA[direction];
    const toLo = shiftLo(ownLo, ownHi, direction) & emptyLo;
    const toHi = shiftHi(ownLo, ownHi, direction) & emptyHi;
    // Taken where it lands, landed on where it left, or taken by a man beyond it that
    // lands where it left (when the opponent's men capture that way).
    let threatenedLo = ontoLo | shiftLo(leaveLo, leaveHi, direction);
    let threatenedHi = ontoHi | shiftHi(leaveLo, leaveHi, direction);
    const back = OPPOSITE_DIRECTION[direction];
    for (let j = 0; j < enemyCaptures.length; j++) {
      if (enemyCaptures[j] === back) {
        threatenedLo |= shiftLo(enemyMenLo, enemyMenHi, back);
        threatenedHi |= shiftHi(enemyMenLo, enemyMenHi, back);
      }
    }
    threatenedLo &= toLo;
    threatenedHi &= toHi;
    for (let half = 0; half < 2; half++) {
      let quietTo = half === 0 ? toLo & ~threatenedLo : toHi & ~threatenedHi;
      while (quietTo !== 0) {
        const to = half * 32 + 31 - Math.clz32(quietTo & -quietTo);
        quietTo &= quietTo - 1;
        quiet++;
        nodes += stepsOnto(enemyMenLo, enemyMenHi, sources, to - delta) - stepsOnto(enemyMenLo, enemyMenHi, sources, to); // prettier-ignore
      }
      let takenTo = half === 0 ? threatenedLo : threatenedHi;
      while (takenTo !== 0) {
        const to = half * 32 + 31 - Math.clz32(takenTo & -takenTo);
        takenTo &= takenTo - 1;
        const changedLo = SQUARE_LO[to - delta] | SQUARE_LO[to];
        const changedHi = SQUARE_HI[to - delta] | SQUARE_HI[to];
        nodes += countManCaptureMoves(rules, enemy, enemyMenLo, enemyMenHi, ownLo ^ changedLo, ownHi ^ changedHi, emptyLo ^ changedLo, emptyHi ^ changedHi); // prettier-ignore
      }
    }
  }
  return nodes + quiet * steps;
}

/**
 * perftTwo when the opponent has kings and we have no capture. Its men's steps are adjusted
 * per move as there; its kings' slides are counted once, and again (with a look for their
 * captures) only after a move that enters or leaves a square on one of their lines.
 */
function perftTwoAgainstKings(rules: Rules, state: Int32Array, list: MoveList): number {
  const color = state[SIDE];
  const enemy = color ^ 1;
  const ownLo = piecesLo(state, color);
  const ownHi = piecesHi(state, color);
  const menLo = state[menLoWord(enemy)];
  const menHi = state[menHiWord(enemy)];
  const kingsLo = state[kingsLoWord(enemy)];
  const kingsHi = state[kingsHiWord(enemy)];
  const emptyLo = ~(ownLo | menLo | kingsLo);
  const emptyHi = ~(ownHi | menHi | kingsHi);
  const moves = list.moves;
  const count = generateQuietMoves(rules, state, moves);
  let nodes = 0;
  if (
    countManCaptureMoves(rules, enemy, menLo, menHi, ownLo, ownHi, emptyLo, emptyHi) !== 0 ||
    kingsCanCapture(rules, kingsLo, kingsHi, ~emptyLo, ~emptyHi, ownLo, ownHi)
  ) {
    // The opponent could capture already: count each move's replies in full.
    for (let i = 0; i < count; i++) {
      const move = moves[i];
      const changedLo = SQUARE_LO[move & 63] | SQUARE_LO[(move >>> 6) & 63]; // from, to
      const changedHi = SQUARE_HI[move & 63] | SQUARE_HI[(move >>> 6) & 63];
      nodes += countMovesOfSets(rules, enemy, menLo, menHi, kingsLo, kingsHi, ownLo ^ changedLo, ownHi ^ changedHi); // prettier-ignore
    }
    return nodes;
  }
  const steps = countManSteps(rules, enemy, menLo, menHi, emptyLo, emptyHi);
  const slides = countKingSlides(rules, kingsLo, kingsHi, emptyLo, emptyHi);
  const sources = rules.manStepSources[enemy];
  markKingLines(rules, kingsLo, kingsHi);
  const linesLo = kingLines[0];
  const linesHi = kingLines[1];
  // Only our move can give it a capture, as in perftTwo; its kings' only by touching a line.
  manCaptureThreats(rules, enemy, menLo, menHi, ownLo, ownHi, emptyLo, emptyHi);
  const back = rules.manCaptureBack[enemy];
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    const from = move & 63; // moveFrom, written out (see perftTwo)
    const to = (move >>> 6) & 63; // moveTo
    const changedLo = SQUARE_LO[from] | SQUARE_LO[to];
    const changedHi = SQUARE_HI[from] | SQUARE_HI[to];
    const afterLo = ownLo ^ changedLo;
    const afterHi = ownHi ^ changedHi;
    let kingMoves = slides;
    if (((changedLo & linesLo) | (changedHi & linesHi)) !== 0) {
      // prettier-ignore
      if (kingsCanCapture(rules, kingsLo, kingsHi, ~emptyLo ^ changedLo, ~emptyHi ^ changedHi, afterLo, afterHi)) {
        nodes += countMovesOfSets(rules, enemy, menLo, menHi, kingsLo, kingsHi, afterLo, afterHi); // prettier-ignore
        continue;
      }
      kingMoves = countKingSlides(rules, kingsLo, kingsHi, emptyLo ^ changedLo, emptyHi ^ changedHi); // prettier-ignore
    }
    if (mayGiveCapture(menLo, menHi, from, to, back[move & 0xfff])) {
      nodes += countManCaptureMoves(rules, enemy, menLo, menHi, afterLo, afterHi, emptyLo ^ changedLo, emptyHi ^ changedHi); // prettier-ignore
    } else {
      nodes += stepsAfter(steps, menLo, menHi, sources, from, to) + kingMoves;
    }
  }
  return nodes;
}

/**
 * Whether our step from `from` to `to` may give the opponent's men (menLo, menHi) a capture,
 * once manCaptureThreats has filled `threats`: the piece lands where it can be taken, leaves
 * a square a man can land on, or is taken from `taker` (manCaptureBack) with a landing on
 * `from`. For the lists of moves perftTwo walks one by one; steppedMen asks the same as sets.
 */
function mayGiveCapture(
  menLo: number,
  menHi: number,
  from: number,
  to: number,
  taker: number,
): boolean {
  return (
    ((threats[0] & SQUARE_LO[to]) |
      (threats[1] & SQUARE_HI[to]) |
      (threats[2] & SQUARE_LO[from]) |
      (threats[3] & SQUARE_HI[from]) |
      (menLo & SQUARE_LO[taker]) |
      (menHi & SQUARE_HI[taker])) !==
    0
  );
}

/** The opponent's men's `steps` after our quiet step from `from` to `to` (sources: manStepSources). */
function stepsAfter(
  steps: number,
  menLo: number,
  menHi: number,
  sources: Int32Array,
  from: number,
  to: number,
): number {
  return steps + stepsOnto(menLo, menHi, sources, from) - stepsOnto(menLo, menHi, sources, to);
}

/** How many steps of the men (lo, hi) end on `square`, given `sources` (manStepSources). */
function stepsOnto(menLo: number, menHi: number, sources: Int32Array, square: number): number {
  // The sources of one square lie on two adjacent ranks, so lo | hi loses no bit.
  return popcount32((menLo & sources[2 * square]) | (menHi & sources[2 * square + 1]));
}

/** perftTwo in general: the moves listed, then each one's replies counted from sets. */
function countRepliesOfList(rules: Rules, state: Int32Array, list: MoveList): number {
  const count = generateMoves(rules, state, list);
  const color = state[SIDE];
  const enemy = color ^ 1;
  const ownLo = piecesLo(state, color);
  const ownHi = piecesHi(state, color);
  const enemyMenLo = state[menLoWord(enemy)];
  const enemyMenHi = state[menHiWord(enemy)];
  const enemyKingsLo = state[kingsLoWord(enemy)];
  const enemyKingsHi = state[kingsHiWord(enemy)];
  const moves = list.moves;
  const capturedLo = list.capturedLo;
  const capturedHi = list.capturedHi;
  let nodes = 0;
  for (let i = 0; i < count; i++) {
    const move = moves[i];
    const from = move & 63; // moveFrom, written out (see perftTwo)
    const to = (move >>> 6) & 63; // moveTo
    // The mover's pieces after the move (men and kings alike: the opponent sees one set).
    // A king's capture may end where it started, so leave before landing.
    let afterLo = ownLo;
    let afterHi = ownHi;
    if (from < 32) afterLo ^= 1 << from;
    else afterHi ^= 1 << from;
    if (to < 32) afterLo |= 1 << to;
    else afterHi |= 1 << to;
    const cutLo = capturedLo[i];
    const cutHi = capturedHi[i];
    nodes += countMovesOfSets(
      rules,
      enemy,
      enemyMenLo & ~cutLo,
      enemyMenHi & ~cutHi,
      enemyKingsLo & ~cutLo,
      enemyKingsHi & ~cutHi,
      afterLo,
      afterHi,
    );
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
  const counted = webAssemblyLeaves(position.rules, states[0], depth);
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
  if (depth === 2) {
    nodes = perftTwo(rules, state, list);
  } else {
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
      nodes +=
        depth - 1 >= minDepth
          ? hashedFrom(rules, ply + 1, depth - 1, table, minDepth, stop)
          : perftFrom(rules, ply + 1, depth - 1, NEVER);
      if (hashedStopped) break;
    }
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
