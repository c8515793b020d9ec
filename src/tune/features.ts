/**
 * The evaluation as a linear function, for the tuner: a position's features are the counts
 * that each tuned weight multiplies (White minus Black), laid out as the weights' vector
 * (`TUNED_WEIGHTS`). The evaluator's score from White's side, before the kings-only
 * scaling, is exactly their dot product with the weights (test/tune/features.test.ts holds
 * the two to that).
 */
import { popcount32 } from '../core/bitboard.js';
import { countQuietMoves } from '../core/movegen.js';
import { SIDE, squareWord } from '../core/state.js';
import type { Rules } from '../core/variant.js';
import {
  backedMen,
  ENDING_MEN,
  HOME_ROW_MEN,
  menPairs,
  runawayMen,
  squareTableIndex,
  TUNED_WEIGHT_COUNT,
  TUNED_WEIGHTS,
  type EvalWeights,
} from '../search/eval.js';

const OFFSET = Object.fromEntries(TUNED_WEIGHTS.map((w) => [w.name, w.offset])) as Record<
  keyof EvalWeights,
  number
>;

/**
 * Writes the features of `state` into `out` (TUNED_WEIGHT_COUNT entries) and returns
 * whether the kings-only scaling applies (no men, kings within one of each other).
 */
export function evalFeatures(rules: Rules, state: Int32Array, out: Float64Array): boolean {
  out.fill(0, 0, TUNED_WEIGHT_COUNT);
  const [wmLo, wmHi, bmLo, bmHi, wkLo, wkHi, bkLo, bkHi] = state;
  const count = (lo: number, hi: number) => popcount32(lo) + popcount32(hi);
  const totalMen = count(wmLo, wmHi) + count(bmLo, bmHi);
  const kingBalance = count(wkLo, wkHi) - count(bkLo, bkHi);
  const noKings = (wkLo | wkHi | bkLo | bkHi) === 0;
  for (let set = 0; set < 4; set++) {
    const color = set & 1;
    const sign = color === 0 ? 1 : -1;
    const isMan = set < 2;
    for (let square = 0; square < 64; square++) {
      if (((state[squareWord(set, square)] >>> square) & 1) === 0) continue;
      const table = isMan ? OFFSET.manSquare : OFFSET.kingSquare;
      out[table + squareTableIndex(square, color)] += sign;
      out[isMan ? OFFSET.man : OFFSET.king] += sign;
      if (isMan && totalMen > HOME_ROW_MEN && square >> 3 === (color === 0 ? 1 : 6)) {
        out[OFFSET.homeRowGuard] += sign;
      }
    }
  }
  out[OFFSET.kingPerMan] = kingBalance * totalMen;
  const emptyLo = ~(wmLo | bmLo | wkLo | bkLo);
  const emptyHi = ~(wmHi | bmHi | wkHi | bkHi);
  out[OFFSET.manMobility] =
    countQuietMoves(rules, 0, wmLo, wmHi, 0, 0, emptyLo, emptyHi) -
    countQuietMoves(rules, 1, bmLo, bmHi, 0, 0, emptyLo, emptyHi);
  out[OFFSET.kingMobility] =
    countQuietMoves(rules, 0, 0, 0, wkLo, wkHi, emptyLo, emptyHi) -
    countQuietMoves(rules, 1, 0, 0, bkLo, bkHi, emptyLo, emptyHi);
  out[OFFSET.backedMan] =
    backedMen(wmLo, wmHi, wmLo | wkLo, wmHi | wkHi, 0) -
    backedMen(bmLo, bmHi, bmLo | bkLo, bmHi | bkHi, 1);
  out[OFFSET.manPair] = menPairs(wmLo, wmHi) - menPairs(bmLo, bmHi);
  out[OFFSET.runawayMan] =
    ((bkLo | bkHi) === 0 ? runawayMen(wmLo, wmHi, 0, bmLo, bmHi) : 0) -
    ((wkLo | wkHi) === 0 ? runawayMen(bmLo, bmHi, 1, wmLo, wmHi) : 0);
  const moving = state[SIDE] === 0 ? 1 : -1;
  out[OFFSET.tempo] = moving;
  out[OFFSET.endingTempo] = noKings && totalMen <= ENDING_MEN ? moving : 0;
  return totalMen === 0 && Math.abs(kingBalance) <= 1;
}
