/**
 * Material alone, over the rules core and apart from the engine's search: what a line wins
 * on the board, whether its end is quiet, and a small alpha-beta search that counts only
 * men (1) and kings (3), to a fixed number of plies and then on through every compulsory
 * capture. The miner keeps a material puzzle only when this search agrees with the engine,
 * and the checks run it over every shipped material puzzle: the gain is on the board within
 * the line, and no other first move gains as much.
 */
import {
  generateMoves,
  hasCapture,
  moveFrom,
  MoveList,
  moveTo,
  type PackedMove,
} from '../core/movegen.js';
import { parseMove } from '../core/notation.js';
import { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import { popcount32 } from '../core/bitboard.js';
import { applyMoveInto, KEY_HI, KEY_LO, kingsHiWord, kingsLoWord, menHiWord, menLoWord, SIDE, STATE_SIZE } from '../core/state.js'; // prettier-ignore
import type { Rules, VariantName } from '../core/variant.js';

/** What a man and a king count for. */
export const MAN_VALUE = 1;
export const KING_VALUE = 3;
/** Plies the check searches past the line's end. */
export const PLIES_PAST_LINE = 2;
/** The smallest gain a material puzzle claims: two men. */
export const MIN_GAIN = 2;
/** A side already this far ahead on the board is won: its position is no material puzzle. */
export const WON_MARGIN = 2;
/** The most nodes one material search may visit before it gives up (undecided). */
export const MATERIAL_NODE_LIMIT = 3_000_000;

/** A side with no move has lost: worth more than any material. */
const LOSS = 1000;
const STACK = 96;

/** One side's pieces and material in a position. */
interface Material {
  readonly men: number;
  readonly kings: number;
}

/** The men and kings of `color` (0 White, 1 Black). */
function materialOf(state: Int32Array, color: number): Material {
  const men = popcount32(state[menLoWord(color)]) + popcount32(state[menHiWord(color)]);
  const kings = popcount32(state[kingsLoWord(color)]) + popcount32(state[kingsHiWord(color)]);
  return { men, kings };
}

/** `color`'s material less the other side's, men 1 and kings 3. */
export function balance(state: Int32Array, color: number): number {
  const mine = materialOf(state, color);
  const theirs = materialOf(state, color ^ 1);
  return (mine.men - theirs.men) * MAN_VALUE + (mine.kings - theirs.kings) * KING_VALUE;
}

/** Whether neither side has a capture: the side to move now, nor the other were it to move. */
export function isQuiet(rules: Rules, state: Int32Array): boolean {
  if (hasCapture(rules, state)) return false;
  const flipped = Int32Array.from(state);
  flipped[SIDE] ^= 1;
  return !hasCapture(rules, flipped);
}

/**
 * The material search's table: one entry a slot, indexed by the low bits of the position's
 * key. Its values are material balances, true of a position wherever it is met, so the
 * table serves every search of one instance (it is cleared when a search runs out of
 * nodes, whose values are not to be trusted).
 *
 *   keyLo, keyHi   Int32  the position's key (0, 0 with depth -1: empty)
 *   depth          Int8   the plies searched below it (-1: empty)
 *   value          Int16  its value for the side to move
 *   bound          Int8   EXACT, LOWER (value or more) or UPPER (value or less)
 *   move           Int16  the index of its best move in generation order
 */
const TABLE_BITS = 18;
const TABLE_MASK = (1 << TABLE_BITS) - 1;
const EXACT = 0;
const LOWER = 1;
const UPPER = 2;

/**
 * The material search. Values are the side to move's balance at the end (a side with no
 * move scores -LOSS); stacks and the table are allocated once, so one instance serves many
 * searches.
 */
export class MaterialSearch {
  private readonly states: Int32Array[] = [];
  private readonly lists: MoveList[] = [];
  private readonly tableKeyLo = new Int32Array(1 << TABLE_BITS);
  private readonly tableKeyHi = new Int32Array(1 << TABLE_BITS);
  private readonly tableDepth = new Int8Array(1 << TABLE_BITS).fill(-1);
  private readonly tableValue = new Int16Array(1 << TABLE_BITS);
  private readonly tableBound = new Int8Array(1 << TABLE_BITS);
  private readonly tableMove = new Int16Array(1 << TABLE_BITS);
  private nodes = 0;
  /** Whether the last search ran out of nodes (its value is then not to be trusted). */
  exhausted = false;

  constructor(private readonly rules: Rules) {
    for (let ply = 0; ply < STACK; ply++) {
      this.states.push(new Int32Array(STATE_SIZE));
      this.lists.push(new MoveList());
    }
  }

  /**
   * The value of `state` for its side to move, `depth` plies deep and then through the
   * compulsory captures, within (alpha, beta): exact inside the window, a bound outside.
   */
  value(state: Int32Array, depth: number, alpha = -LOSS - 1, beta = LOSS + 1): number {
    this.nodes = 0;
    this.exhausted = false;
    this.states[0].set(state);
    // Shallower searches first fill the table with the best moves to try first.
    for (let shallower = 1; shallower < depth; shallower++) this.search(0, shallower, alpha, beta);
    const value = this.search(0, depth, alpha, beta);
    if (this.exhausted) this.tableDepth.fill(-1);
    return value;
  }

  private search(ply: number, depth: number, alpha: number, beta: number): number {
    const state = this.states[ply];
    if (++this.nodes > MATERIAL_NODE_LIMIT || ply >= STACK - 1) {
      this.exhausted = true;
      return balance(state, state[SIDE]);
    }
    const capture = hasCapture(this.rules, state);
    if (depth <= 0 && !capture) return balance(state, state[SIDE]);
    const stored = depth > 0 ? depth : 0;
    const keyLo = state[KEY_LO];
    const keyHi = state[KEY_HI];
    const slot = (keyLo ^ (keyHi >>> 7)) & TABLE_MASK;
    let first = -1;
    if (
      this.tableKeyLo[slot] === keyLo &&
      this.tableKeyHi[slot] === keyHi &&
      this.tableDepth[slot] >= 0
    ) {
      first = this.tableMove[slot];
      if (this.tableDepth[slot] >= stored) {
        const known = this.tableValue[slot];
        const bound = this.tableBound[slot];
        if (bound === EXACT || (bound === LOWER && known >= beta) || (bound === UPPER && known <= alpha)) return known; // prettier-ignore
      }
    }
    const list = this.lists[ply];
    list.count = 0;
    const count = generateMoves(this.rules, state, list);
    if (count === 0) return -LOSS;
    const child = this.states[ply + 1];
    const startAlpha = alpha;
    let best = -LOSS - 1;
    let bestIndex = 0;
    for (let n = 0; n < count; n++) {
      // The table's move first, then the others in order.
      const i = first >= 0 && first < count ? (n === 0 ? first : n <= first ? n - 1 : n) : n;
      const move = list.moves[i];
      applyMoveInto(this.rules, state, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
      const score = -this.search(ply + 1, depth - 1, -beta, -alpha);
      if (score > best) {
        best = score;
        bestIndex = i;
      }
      if (best > alpha) alpha = best;
      if (alpha >= beta) break;
    }
    this.tableKeyLo[slot] = keyLo;
    this.tableKeyHi[slot] = keyHi;
    this.tableDepth[slot] = stored;
    this.tableValue[slot] = best;
    this.tableBound[slot] = best >= beta ? LOWER : best <= startAlpha ? UPPER : EXACT;
    this.tableMove[slot] = bestIndex;
    return best;
  }
}

/** Plies a glance looks ahead: the move and the reply, then the captures they force. */
export const GLANCE_PLIES = 2;

/**
 * How many legal moves of `position` other than `move` look safe at a glance: after
 * GLANCE_PLIES plies and the captures they force, the side to move has lost no material.
 * These are the tempting alternatives a solver must see through (the engine's check
 * found none of them winning).
 */
export function safeAlternatives(
  position: Position,
  move: PackedMove,
  search: MaterialSearch,
): number {
  const rules = position.rules;
  const state = position.state;
  const side = state[SIDE];
  const start = balance(state, side);
  const list = new MoveList();
  const count = generateMoves(rules, state, list);
  const child = new Int32Array(STATE_SIZE);
  let safe = 0;
  for (let i = 0; i < count; i++) {
    const other = list.moves[i];
    if (other === move.move && list.capturedLo[i] === move.capturedLo && list.capturedHi[i] === move.capturedHi) continue; // prettier-ignore
    applyMoveInto(rules, state, child, moveFrom(other), moveTo(other), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    if (-search.value(child, GLANCE_PLIES - 1) >= start) safe++;
  }
  return safe;
}

export type MaterialErrorCode =
  'bad-line' | 'no-gain' | 'not-quiet' | 'given-back' | 'not-unique' | 'already-won' | 'undecided';

/** What the material check found of a line. */
export interface MaterialVerdict {
  /** The solver's balance at the start. */
  readonly start: number;
  /** The solver's gain on the board at the line's end. */
  readonly gain: number;
  /** The gain the search gives the first move against every defence (line length + 2 plies). */
  readonly searchedGain: number;
  /** The best gain of any other first move by the same search. */
  readonly otherGain: number;
  /** What the solver won on the board (claimText says it in words). */
  readonly won: Won;
}

/** Pieces won in a line, net: men and kings taken, and kings crowned. */
export interface Won {
  /** Men the solver took less men it lost (negative: it gave men). */
  readonly men: number;
  /** Kings the solver took less kings it lost. */
  readonly kings: number;
  /** Men the solver crowned less men the opponent crowned. */
  readonly crowned?: number;
}

/**
 * The material check of a line from `positionText`: the solver wins at least MIN_GAIN on
 * the board by the line's end, the end is quiet, the first move keeps that gain against
 * every defence to the line's length + PLIES_PAST_LINE plies, every other first move
 * gains less, and the solver was not already WON_MARGIN ahead. An error says which failed.
 */
export function checkMaterial(
  positionText: string,
  line: readonly string[],
  variant: VariantName,
  search?: MaterialSearch,
): Result<MaterialVerdict, MaterialErrorCode> {
  const parsed = Position.parse(positionText, variant);
  if (!parsed.ok) return fail('bad-line', parsed.error.message);
  const walk = parsed.value;
  const rules = walk.rules;
  const solver = walk.sideToMove;
  const start = balance(walk.state, solver);
  if (start >= WON_MARGIN) return fail('already-won', `the solver is already ${start} up`);
  const kingsAtStart = [materialOf(walk.state, 0).kings, materialOf(walk.state, 1).kings];
  const first = parseMove(walk, line[0] ?? '');
  if (!first.ok) return fail('bad-line', `move 1 of the line: ${first.error.message}`);
  /** Pieces taken by each side along the line: [solver's, opponent's]. */
  const taken = [
    { men: 0, kings: 0 },
    { men: 0, kings: 0 },
  ];
  let afterFirst: Int32Array | undefined;
  for (const [ply, text] of line.entries()) {
    const move = parseMove(walk, text);
    if (!move.ok) return fail('bad-line', `move ${ply + 1} of the line: ${move.error.message}`);
    const victim = walk.sideToMove ^ 1;
    const { capturedLo, capturedHi } = move.value;
    const count = taken[walk.sideToMove === solver ? 0 : 1];
    count.men += popcount32(capturedLo & walk.state[menLoWord(victim)]) + popcount32(capturedHi & walk.state[menHiWord(victim)]); // prettier-ignore
    count.kings += popcount32(capturedLo & walk.state[kingsLoWord(victim)]) + popcount32(capturedHi & walk.state[kingsHiWord(victim)]); // prettier-ignore
    walk.play(move.value.move, capturedLo, capturedHi);
    if (ply === 0) afterFirst = Int32Array.from(walk.state);
  }
  if (afterFirst === undefined) return fail('bad-line', 'the line is empty');
  // A side's kings now, less its kings at the start, plus its kings taken: its crownings.
  const crowned = (color: number) => materialOf(walk.state, color).kings - kingsAtStart[color] + taken[color === solver ? 1 : 0].kings; // prettier-ignore
  const gain = balance(walk.state, solver) - start;
  if (gain < MIN_GAIN) return fail('no-gain', `the line wins ${gain} on the board, not ${MIN_GAIN}`); // prettier-ignore
  if (!isQuiet(rules, walk.state)) return fail('not-quiet', 'a capture is pending at the line\'s end'); // prettier-ignore
  const searcher = search ?? new MaterialSearch(rules);
  const depth = line.length + PLIES_PAST_LINE - 1;
  const searchedGain = -searcher.value(afterFirst, depth) - start;
  if (searcher.exhausted) return fail('undecided', 'the material search ran out of nodes');
  if (searchedGain < MIN_GAIN) return fail('given-back', `against the best defence the first move wins ${searchedGain}, not ${MIN_GAIN}`); // prettier-ignore
  const target = Math.min(gain, searchedGain);
  let otherGain = -LOSS;
  const root = Position.parse(positionText, variant);
  if (!root.ok) return fail('bad-line', root.error.message);
  const list = new MoveList();
  const count = generateMoves(rules, root.value.state, list);
  const child = new Int32Array(STATE_SIZE);
  for (let i = 0; i < count; i++) {
    const move = list.moves[i];
    if (move === first.value.move && list.capturedLo[i] === first.value.capturedLo && list.capturedHi[i] === first.value.capturedHi) continue; // prettier-ignore
    applyMoveInto(rules, root.value.state, child, moveFrom(move), moveTo(move), list.capturedLo[i], list.capturedHi[i]); // prettier-ignore
    // A null window just under the first move's gain: does this move reach it?
    const bound = start + target;
    const other = -searcher.value(child, depth, -bound, -bound + 1) - start;
    if (searcher.exhausted) return fail('undecided', 'the material search ran out of nodes');
    if (other > otherGain) otherGain = other;
    if (other >= target) return fail('not-unique', `another first move also wins ${target}`);
  }
  return ok({
    start,
    gain,
    searchedGain,
    otherGain,
    won: {
      men: taken[0].men - taken[1].men,
      kings: taken[0].kings - taken[1].kings,
      crowned: crowned(solver) - crowned(solver ^ 1),
    },
  });
}

/**
 * What a puzzle claims, in words for the page: the material won ("wins two men", "wins a
 * king and a man", "wins two kings for a man", "wins a man and crowns a king"), "wins a
 * won ending" for the tables' proofs and "forced win" for a forced win the search found.
 */
export function claimText(won: Won | 'tables' | 'forced-win'): string {
  if (won === 'tables') return 'wins a won ending';
  if (won === 'forced-win') return 'forced win';
  const count = (n: number, one: string, many: string) => (n === 1 ? `a ${one}` : `${NUMBERS[n] ?? String(n)} ${many}`); // prettier-ignore
  const gained: string[] = [];
  const given: string[] = [];
  if (won.kings > 0) gained.push(count(won.kings, 'king', 'kings'));
  if (won.men > 0) gained.push(count(won.men, 'man', 'men'));
  if (won.kings < 0) given.push(count(-won.kings, 'king', 'kings'));
  if (won.men < 0) given.push(count(-won.men, 'man', 'men'));
  const crowned = won.crowned ?? 0;
  let text = gained.length > 0 ? `wins ${gained.join(' and ')}` : '';
  if (given.length > 0 && text !== '') text += ` for ${given.join(' and ')}`;
  if (crowned > 0) text += `${text === '' ? '' : ' and '}crowns ${count(crowned, 'king', 'kings')}`; // prettier-ignore
  if (text === '' || (given.length > 0 && gained.length === 0)) text = 'wins material';
  return text;
}

const NUMBERS: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six', 7: 'seven', 8: 'eight' }; // prettier-ignore
