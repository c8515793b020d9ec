/**
 * A second material check of a puzzle's line, written apart from src/puzzles: the oracle
 * the shipped material puzzles are held to. The line is replayed by the plain rules of
 * simple-rules.ts (each move's text must be one of the oracle's capture paths or quiet
 * moves), and the material is searched by a small alpha-beta of its own over core's move
 * generator: a man counts 1, a king 3, a side with no move has lost, and a leaf is scored
 * only once the side to move has no capture (captures are compulsory).
 *
 * A material puzzle is confirmed when the solver was less than two men up at the start,
 * is two men or more up on the board since the start at the line's end with no capture
 * pending for either side, keeps two men or more against every defence searched to the
 * line's length + 2 plies, and no other first move gains as much as the line by the same
 * search.
 */
import { popcount32 } from '../../src/core/bitboard.js';
import { generateMoves, hasCapture, moveFrom, MoveList, moveTo } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { applyMoveInto, KEY_HI, KEY_LO, kingsHiWord, kingsLoWord, menHiWord, menLoWord, SIDE, STATE_SIZE } from '../../src/core/state.js'; // prettier-ignore
import type { VariantName } from '../../src/core/variant.js';
import {
  formatSimple,
  moveText,
  parseSimple,
  simpleMoves,
  simplePlay,
  simpleUnmergedCaptures,
  type SimpleBoard,
} from './simple-rules.js';

export const MAN = 1;
export const KING = 3;
/** The least gain a material puzzle must show, and the lead that makes a position already won. */
export const TWO_MEN = 2 * MAN;
/** Plies searched past the line's end. */
export const PAST_LINE = 2;
/** A search that visits more nodes than this leaves the puzzle unconfirmed. */
export const NODE_BUDGET = 2_000_000;

const LOST = 1000;
const PLIES = 64;

/** Why a puzzle was not confirmed, or `confirmed`. */
export type MaterialOutcome =
  | 'confirmed'
  | 'illegal-line'
  | 'already-won'
  | 'no-gain'
  | 'capture-pending'
  | 'defended'
  | 'other-move-gains'
  | 'undecided';

/** The balance of the side `white` (true: White) in an oracle board: men 1, kings 3. */
function boardBalance(board: SimpleBoard, white: boolean): number {
  let total = 0;
  for (const cell of board.cells) {
    if (cell === '.') continue;
    const value = cell === 'W' || cell === 'B' ? KING : MAN;
    const mine = (cell === 'w' || cell === 'W') === white;
    total += mine ? value : -value;
  }
  return total;
}

/** Whether the side to move of the oracle board, or the other were it to move, can capture. */
function capturePending(board: SimpleBoard, variant: VariantName): boolean {
  if (simpleUnmergedCaptures(board, variant).length > 0) return true;
  return simpleUnmergedCaptures({ ...board, white: !board.white }, variant).length > 0;
}

/** The material alpha-beta: stacks allocated once, a map of values searched, a node budget. */
class MaterialProbe {
  private readonly states: Int32Array[] = [];
  private readonly lists: MoveList[] = [];
  /** Values already searched: key and depth to value and bound (the value is true wherever met). */
  private readonly known = new Map<string, { value: number; bound: 'exact' | 'lower' | 'upper' }>(); // prettier-ignore
  nodes = 0;

  constructor(private readonly rules: Position['rules']) {
    for (let ply = 0; ply < PLIES; ply++) {
      this.states.push(new Int32Array(STATE_SIZE));
      this.lists.push(new MoveList());
    }
  }

  /** The side to move's balance, `depth` plies deep and on through every capture. */
  value(state: Int32Array, depth: number, alpha: number, beta: number): number {
    this.nodes = 0;
    this.states[0].set(state);
    return this.negamax(0, depth, alpha, beta);
  }

  get overBudget(): boolean {
    return this.nodes > NODE_BUDGET;
  }

  private negamax(ply: number, depth: number, alpha: number, beta: number): number {
    const state = this.states[ply];
    this.nodes++;
    const side = state[SIDE];
    if ((depth <= 0 && !hasCapture(this.rules, state)) || this.overBudget || ply === PLIES - 1) {
      return stateBalance(state, side);
    }
    const key = `${state[KEY_LO]}:${state[KEY_HI]}:${Math.max(depth, 0)}`;
    const seen = this.known.get(key);
    if (seen !== undefined) {
      if (seen.bound === 'exact') return seen.value;
      if (seen.bound === 'lower' && seen.value >= beta) return seen.value;
      if (seen.bound === 'upper' && seen.value <= alpha) return seen.value;
    }
    const list = this.lists[ply];
    list.count = 0;
    const count = generateMoves(this.rules, state, list);
    if (count === 0) return -LOST;
    const child = this.states[ply + 1];
    let best = -LOST - 1;
    for (let i = 0; i < count && best < beta; i++) {
      applyMoveInto(this.rules, state, child, moveFrom(list.moves[i]), moveTo(list.moves[i]), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
      const score = -this.negamax(ply + 1, depth - 1, -beta, -Math.max(alpha, best));
      if (score > best) best = score;
    }
    if (!this.overBudget) {
      this.known.set(key, { value: best, bound: best >= beta ? 'lower' : best <= alpha ? 'upper' : 'exact' }); // prettier-ignore
    }
    return best;
  }
}

/** `color`'s balance (0 White, 1 Black) in core's state: men 1, kings 3. */
function stateBalance(state: Int32Array, color: number): number {
  const count = (c: number) =>
    (popcount32(state[menLoWord(c)]) + popcount32(state[menHiWord(c)])) * MAN +
    (popcount32(state[kingsLoWord(c)]) + popcount32(state[kingsHiWord(c)])) * KING;
  return count(color) - count(color ^ 1);
}

/** The oracle's moves of `board` with their text: each capture path, and each quiet move. */
function movesByText(
  board: SimpleBoard,
  variant: VariantName,
): Map<string, ReturnType<typeof simpleMoves>[number]> {
  // prettier-ignore
  const captures = simpleUnmergedCaptures(board, variant);
  const moves = captures.length > 0 ? captures : simpleMoves(board, variant);
  return new Map(moves.map((move) => [moveText(move), move]));
}

/** Whether every move of `line` from `position` is legal by the oracle, in its full text. */
export function lineIsLegal(
  position: string,
  line: readonly string[],
  variant: VariantName,
): boolean {
  // prettier-ignore
  let board = parseSimple(position);
  for (const text of line) {
    const move = movesByText(board, variant).get(text);
    if (move === undefined) return false;
    board = simplePlay(board, move);
  }
  return line.length > 0;
}

/** The material check of one puzzle (see the file's comment). */
export function confirmMaterial(
  position: string,
  line: readonly string[],
  variant: VariantName,
): MaterialOutcome {
  if (!lineIsLegal(position, line, variant)) return 'illegal-line';
  const start = parseSimple(position);
  const solverIsWhite = start.white;
  const startBalance = boardBalance(start, solverIsWhite);
  if (startBalance >= TWO_MEN) return 'already-won';
  let board = start;
  for (const text of line) board = simplePlay(board, movesByText(board, variant).get(text)!);
  const gain = boardBalance(board, solverIsWhite) - startBalance;
  if (gain < TWO_MEN) return 'no-gain';
  if (capturePending(board, variant)) return 'capture-pending';

  const parsed = Position.parse(position, variant);
  if (!parsed.ok) return 'illegal-line';
  const root = parsed.value;
  const probe = new MaterialProbe(root.rules);
  const list = new MoveList();
  const count = generateMoves(root.rules, root.state, list);
  const child = new Int32Array(STATE_SIZE);
  const firstBoard = simplePlay(start, movesByText(start, variant).get(line[0])!);
  const after = (i: number) => {
    applyMoveInto(root.rules, root.state, child, moveFrom(list.moves[i]), moveTo(list.moves[i]), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    return child;
  };
  // The first move is the core move whose position is the oracle's after the line's first move.
  const next = Position.parse(formatSimple(firstBoard), variant);
  if (!next.ok) return 'illegal-line';
  let first = -1;
  for (let i = 0; i < count && first < 0; i++)
    if (samePieces(after(i), next.value.state)) first = i;
  if (first < 0) return 'illegal-line';
  const depth = line.length + PAST_LINE - 1;
  // What the first move keeps against every defence: a null window at the line's gain first
  // (it mostly keeps all of it, and then that is all the rest needs), the whole window else.
  const atGain = -(startBalance + gain);
  let kept = -probe.value(after(first), depth, atGain, atGain + 1) - startBalance;
  if (probe.overBudget) return 'undecided';
  if (kept < gain) kept = -probe.value(after(first), depth, -LOST - 1, LOST + 1) - startBalance;
  if (probe.overBudget) return 'undecided';
  if (kept < TWO_MEN) return 'defended';
  const target = Math.min(gain, kept);
  for (let i = 0; i < count; i++) {
    if (i === first) continue;
    // A null window at the line's gain: does this move reach it?
    const bound = startBalance + target;
    const other = -probe.value(after(i), depth, -bound, -bound + 1) - startBalance;
    if (probe.overBudget) return 'undecided';
    if (other >= target) return 'other-move-gains';
  }
  return 'confirmed';
}

/** Whether two core states hold the same pieces and side to move. */
function samePieces(a: Int32Array, b: Int32Array): boolean {
  for (let word = 0; word <= SIDE; word++) if (a[word] !== b[word]) return false;
  return true;
}
