/**
 * An exhaustive verifier for the search tests: plain minimax over the legal move tree of
 * src/core, with no evaluation heuristics, so that what it reports is proven.
 *
 * Wins (`winDistance`, `movesWinningWithin`, `losesWithin`): the side to move wins when
 * its opponent is left with no legal move (docs/rules.md), and a distance counts the winner's
 * moves. Draw rules play no part: a shortest forced win never repeats a position.
 *
 * Material (`materialMargin`, `materialOfMove`, `materialByMove`): the exact minimax
 * material balance `plies` plies deep, every capture sequence resolved: a leaf is counted
 * only where the side to move has no capture pending (capture is compulsory, so captures go
 * on past the depth). A man counts 1 and a king KING_VALUE, from the side to move at the
 * root; a side with no legal move scores LOSS, worse than any material.
 *
 * Results are cached by position: found through the Zobrist key, but an entry answers only
 * for the very board it was stored for, so a key collision cannot corrupt a proof.
 */
import { popcount32 } from '../../src/core/bitboard.js';
import {
  generateMoves,
  isCapture,
  moveFrom,
  MoveList,
  moveTo,
  sameMove,
  type PackedMove,
} from '../../src/core/movegen.js';
import { formatMove } from '../../src/core/notation.js';
import type { Position } from '../../src/core/position.js';
import { applyMove, KEY_HI, KEY_LO, setWord, SIDE, STATE_SIZE } from '../../src/core/state.js';
import type { Rules } from '../../src/core/variant.js';

/** A king's worth in men for the material proofs. */
export const KING_VALUE = 3;
/** The score of a side left without a legal move: beyond any material. */
export const LOSS = 1000;
/** Deepest line the verifier follows (plies, captures included). */
const MAX_PLIES = 96;

/** A legal root move with its text. */
export interface RootMove extends PackedMove {
  readonly text: string;
}

export interface WinProof {
  /** The fewest moves to a forced win (0: none within the limit). */
  readonly moves: number;
  /** The root moves that win in that many moves. */
  readonly winning: readonly RootMove[];
  /** Positions visited, for reporting cost. */
  readonly nodes: number;
}

export interface MaterialProof {
  /** Each root move with its exact value, best first. */
  readonly values: readonly { readonly move: RootMove; readonly value: number }[];
  readonly nodes: number;
}

/**
 * Results by exact position: looked up by the Zobrist key and a tag (such as the depth),
 * but an entry only answers for the very board it was stored for.
 */
class BoardCache<T> {
  private readonly entries = new Map<number, { board: Int32Array; tag: number; value: T }[]>();

  private slot(state: Int32Array, tag: number): number {
    const hi = (state[KEY_HI] ^ Math.imul(tag + 1, 0x9e3779b1)) >>> 0;
    return hi * 2097152 + (state[KEY_LO] >>> 11);
  }

  private static sameBoard(board: Int32Array, state: Int32Array): boolean {
    for (let i = 0; i <= SIDE; i++) if (board[i] !== state[i]) return false;
    return true;
  }

  get(state: Int32Array, tag: number): T | undefined {
    const list = this.entries.get(this.slot(state, tag));
    if (list === undefined) return undefined;
    for (const entry of list) {
      if (entry.tag === tag && BoardCache.sameBoard(entry.board, state)) return entry.value;
    }
    return undefined;
  }

  set(state: Int32Array, tag: number, value: T): void {
    const slot = this.slot(state, tag);
    let list = this.entries.get(slot);
    if (list === undefined) {
      list = [];
      this.entries.set(slot, list);
    }
    for (const entry of list) {
      if (entry.tag === tag && BoardCache.sameBoard(entry.board, state)) {
        entry.value = value;
        return;
      }
    }
    list.push({ board: state.slice(0, SIDE + 1), tag, value });
  }
}

/** Material of the side to move minus the opponent's: a man 1, a king KING_VALUE. */
export function materialBalance(state: Int32Array, kingValue = KING_VALUE): number {
  const color = state[SIDE];
  const enemy = color ^ 1;
  const men = (set: number) =>
    popcount32(state[setWord(set, 0)]) + popcount32(state[setWord(set, 1)]);
  return men(color) - men(enemy) + kingValue * (men(2 + color) - men(2 + enemy));
}

class Prover {
  readonly states: Int32Array[] = [];
  readonly lists: MoveList[] = [];
  nodes = 0;
  /** Proofs give up (throw) past this many positions, so a search for examples stays short. */
  nodeLimit = Infinity;
  kingValue = KING_VALUE;
  /** Win proofs: board -> the fewest moves known to win (win) / most known not to (noWin). */
  private readonly win = new BoardCache<number>();
  private readonly noWin = new BoardCache<number>();
  /** Material proofs: (board, depth) -> [lower, upper] bounds of the exact value. */
  private readonly bounds = new BoardCache<[number, number]>();

  constructor(readonly rules: Rules) {
    for (let ply = 0; ply <= MAX_PLIES + 1; ply++) {
      this.states.push(new Int32Array(STATE_SIZE));
      this.lists.push(new MoveList());
    }
  }

  count(): void {
    if (++this.nodes > this.nodeLimit) throw new Error('verifier: node limit reached');
  }

  child(ply: number, index: number): void {
    const next = this.states[ply + 1];
    next.set(this.states[ply]);
    const list = this.lists[ply];
    const move = list.moves[index];
    applyMove(this.rules, next, moveFrom(move), moveTo(move), list.capturedLo[index], list.capturedHi[index]); // prettier-ignore
  }

  /** Whether the side to move at `ply` wins within `moves` of its own moves. */
  winsWithin(ply: number, moves: number): boolean {
    if (moves <= 0 || ply >= MAX_PLIES) return false;
    const state = this.states[ply];
    const known = this.win.get(state, 0);
    if (known !== undefined && known <= moves) return true;
    const refuted = this.noWin.get(state, 0);
    if (refuted !== undefined && refuted >= moves) return false;
    this.count();
    const count = generateMoves(this.rules, this.states[ply], this.lists[ply]);
    let wins = false;
    for (let i = 0; i < count && !wins; i++) {
      this.child(ply, i);
      wins = this.losesWithin(ply + 1, moves - 1);
    }
    if (wins) this.win.set(state, 0, Math.min(moves, known ?? moves));
    else this.noWin.set(state, 0, Math.max(moves, refuted ?? moves));
    return wins;
  }

  /** Whether the side to move at `ply` loses whatever it does, the winner needing `moves` more. */
  losesWithin(ply: number, moves: number): boolean {
    this.count();
    const count = generateMoves(this.rules, this.states[ply], this.lists[ply]);
    if (count === 0) return true;
    if (moves <= 0 || ply >= MAX_PLIES) return false;
    for (let i = 0; i < count; i++) {
      this.child(ply, i);
      if (!this.winsWithin(ply + 1, moves)) return false;
    }
    return true;
  }

  /** The exact material value (side to move at `ply`) `depth` plies deep, within (alpha, beta). */
  material(ply: number, depth: number, alpha: number, beta: number): number {
    this.count();
    const state = this.states[ply];
    const list = this.lists[ply];
    const count = generateMoves(this.rules, state, list);
    if (count === 0) return -LOSS;
    const captures = isCapture(list.moves[0]);
    if ((depth <= 0 && !captures) || ply >= MAX_PLIES) {
      if (ply >= MAX_PLIES) throw new Error('verifier: line too long');
      return materialBalance(state, this.kingValue);
    }
    const tag = Math.max(depth, 0);
    const known = this.bounds.get(state, tag);
    let lower = -LOSS;
    let upper = LOSS;
    if (known !== undefined) {
      [lower, upper] = known;
      if (lower === upper) return lower;
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      alpha = Math.max(alpha, lower);
      beta = Math.min(beta, upper);
    }
    const originalAlpha = alpha;
    let best = -LOSS - 1;
    for (let i = 0; i < count; i++) {
      this.child(ply, i);
      const value = 0 - this.material(ply + 1, depth - 1, -beta, -alpha);
      if (value > best) {
        best = value;
        if (value > alpha) alpha = value;
        if (alpha >= beta) break;
      }
    }
    // Fail-soft: best <= originalAlpha is an upper bound, best >= beta a lower bound.
    if (best <= originalAlpha) upper = Math.min(upper, best);
    else if (best >= beta) lower = Math.max(lower, best);
    else lower = upper = best;
    this.bounds.set(state, tag, [lower, upper]);
    return best;
  }
}

/** Limits and weights for a proof. */
export interface ProofOptions {
  /** Give up (throw) after this many positions; the default is no limit. */
  readonly nodeLimit?: number;
  /** A king's worth in men for material proofs (KING_VALUE by default). */
  readonly kingValue?: number;
}

function prover(position: Position, options: ProofOptions): { prover: Prover; moves: RootMove[] } {
  const result = new Prover(position.rules);
  result.nodeLimit = options.nodeLimit ?? Infinity;
  result.kingValue = options.kingValue ?? KING_VALUE;
  result.states[0].set(position.state);
  const list = result.lists[0];
  const count = generateMoves(result.rules, result.states[0], list);
  const moves: RootMove[] = [];
  for (let i = 0; i < count; i++) {
    const move = list.moves[i];
    const capturedLo = list.capturedLo[i];
    const capturedHi = list.capturedHi[i];
    moves.push({ move, capturedLo, capturedHi, text: formatMove(position, move, capturedLo, capturedHi) }); // prettier-ignore
  }
  return { prover: result, moves };
}

/** Sets up ply 1 of `prover` as the position after root move `m`. */
function playRoot(prover: Prover, position: Position, m: RootMove): void {
  const state = prover.states[1];
  state.set(position.state);
  applyMove(prover.rules, state, moveFrom(m.move), moveTo(m.move), m.capturedLo, m.capturedHi);
}

/**
 * The fewest moves (up to `maxMoves`) in which the side to move of `position` wins by force,
 * with every root move that wins that fast. `moves` is 0 when there is no win that fast.
 */
export function winDistance(
  position: Position,
  maxMoves: number,
  options: ProofOptions = {},
): WinProof {
  const { prover: proof, moves } = prover(position, options);
  for (let n = 1; n <= maxMoves; n++) {
    const winning = moves.filter((m) => {
      playRoot(proof, position, m);
      return proof.losesWithin(1, n - 1);
    });
    if (winning.length > 0) return { moves: n, winning, nodes: proof.nodes };
  }
  return { moves: 0, winning: [], nodes: proof.nodes };
}

/**
 * Root moves of `position` that win within `maxMoves` moves (not only the fastest), to
 * show that a key move is the only winning one within a horizon.
 */
export function movesWinningWithin(
  position: Position,
  maxMoves: number,
  options: ProofOptions = {},
): RootMove[] {
  const { prover: proof, moves } = prover(position, options);
  return moves.filter((m) => {
    playRoot(proof, position, m);
    return proof.losesWithin(1, maxMoves - 1);
  });
}

/**
 * Whether the side to move of `position` loses whatever it plays, the opponent needing at
 * most `moves` moves (the loser's view of a win proof).
 */
export function losesWithin(
  position: Position,
  moves: number,
  options: ProofOptions = {},
): boolean {
  const { prover: proof } = prover(position, options);
  return proof.losesWithin(0, moves);
}

/**
 * Every root move of `position` with its exact material value `plies` plies deep (see the
 * file comment), best first.
 */
export function materialByMove(
  position: Position,
  plies: number,
  options: ProofOptions = {},
): MaterialProof {
  const { prover: proof, moves } = prover(position, options);
  const values = moves.map((m) => {
    playRoot(proof, position, m);
    return { move: m, value: 0 - proof.material(1, plies - 1, -LOSS - 1, LOSS + 1) };
  });
  values.sort((a, b) => b.value - a.value);
  return { values, nodes: proof.nodes };
}

/**
 * The exact material value of one root move of `position`, `plies` plies deep (`legal` is
 * false when the move is not legal there).
 */
export function materialOfMove(
  position: Position,
  plies: number,
  expected: PackedMove,
  options: ProofOptions = {},
): { readonly value: number; readonly legal: boolean } {
  const { prover: proof, moves } = prover(position, options);
  const key = moves.find((m) => sameMove(m, expected));
  if (key === undefined) return { value: -LOSS, legal: false };
  playRoot(proof, position, key);
  return { value: 0 - proof.material(1, plies - 1, -LOSS - 1, LOSS + 1), legal: true };
}

export interface MarginProof {
  /** The exact material value of the expected move, `plies` plies deep. */
  readonly value: number;
  /** Root moves (other than the expected one) not held to `value - margin` or less. */
  readonly notHeld: readonly RootMove[];
  /** Whether the expected move is legal here at all. */
  readonly legal: boolean;
  readonly nodes: number;
}

/**
 * Proves that `expected` gains at least `margin` more material than any other move of
 * `position`, `plies` plies deep: its exact value, then a null-window test of each other
 * move against `value - margin` (much cheaper than every move's exact value).
 */
export function materialMargin(
  position: Position,
  plies: number,
  expected: PackedMove,
  margin: number,
  options: ProofOptions = {},
): MarginProof {
  const { prover: proof, moves } = prover(position, options);
  const same = (m: RootMove) => sameMove(m, expected);
  const key = moves.find(same);
  if (key === undefined) return { value: -LOSS, notHeld: [], legal: false, nodes: 0 };
  playRoot(proof, position, key);
  const value = 0 - proof.material(1, plies - 1, -LOSS - 1, LOSS + 1);
  const bound = value - margin;
  const notHeld = moves.filter((m) => {
    if (same(m)) return false;
    playRoot(proof, position, m);
    return -proof.material(1, plies - 1, -bound - 1, -bound) > bound;
  });
  return { value, notHeld, legal: true, nodes: proof.nodes };
}
