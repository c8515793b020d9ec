/**
 * Static evaluation, in centi-men (100 = one man), from the side to move's point of view.
 * Only ever called on a position where the side to move has no capture: search resolves
 * captures first, since capture is compulsory.
 *
 * Every term is worked out White minus Black into `terms`, so that the protocol's `eval`
 * can show the parts of exactly the number the search uses.
 */
import { popcount32 } from '../core/bitboard.js';
import { countQuietMoves } from '../core/movegen.js';
import { SIDE } from '../core/state.js';
import type { Rules } from '../core/variant.js';

/** All evaluation weights, in one place. */
export const WEIGHTS = Object.freeze({
  man: 100,
  king: 330,
  /** By rank counted from the man's own side (index 0 = its first rank). */
  manAdvance: Object.freeze([0, 0, 0, 4, 9, 16, 32, 0]),
  /** Extra for a man standing on one of the four centre files (c-f). */
  manCentre: 4,
  /** For each man on a side file (a, h). */
  manEdge: -4,
  /** For each man still on its home row (rank 2 for White, 7 for Black), while men abound. */
  homeRowGuard: 6,
  /** For each step or slide the side has (kings count their slides). */
  mobility: 2,
  /** For having the move. */
  tempo: 8,
  /** A man with no enemy piece in front of it or on the files beside, and no enemy king. */
  runawayMan: 40,
  /** Kings-only endings with about equal forces are hard to win: the score is divided. */
  kingsOnlyDrawDivisor: 4,
});

export const TERM_NAMES = Object.freeze([
  'material',
  'advance',
  'centre',
  'edge',
  'home row',
  'mobility',
  'runaway',
  'tempo',
] as const);
export type TermName = (typeof TERM_NAMES)[number];

/** The terms of the last evaluate() call, White minus Black, before scaling. */
export const terms = new Int32Array(TERM_NAMES.length);

const CENTRE_FILES = 0x3c3c3c3c;
const EDGE_FILES = 0x81818181 | 0;

/** Squares on the same file and both neighbouring files, strictly ahead, per colour. */
const FRONT_SPAN_LO = new Int32Array(128);
const FRONT_SPAN_HI = new Int32Array(128);
for (let color = 0; color < 2; color++) {
  for (let square = 0; square < 64; square++) {
    const file = square & 7;
    const rank = square >> 3;
    for (let r = 0; r < 8; r++) {
      if (color === 0 ? r <= rank : r >= rank) continue;
      for (let f = Math.max(0, file - 1); f <= Math.min(7, file + 1); f++) {
        const s = r * 8 + f;
        if (s < 32) FRONT_SPAN_LO[color * 64 + square] |= 1 << s;
        else FRONT_SPAN_HI[color * 64 + square] |= 1 << s;
      }
    }
  }
}

/** Sum of a rank-indexed weight over the men of a set, ranks counted from `color`'s side. */
function advanceScore(menLo: number, menHi: number, color: number): number {
  let score = 0;
  const advance = WEIGHTS.manAdvance;
  for (let rank = 0; rank < 8; rank++) {
    const byte = rank < 4 ? (menLo >>> (rank * 8)) & 0xff : (menHi >>> ((rank - 4) * 8)) & 0xff;
    if (byte !== 0) score += popcount32(byte) * advance[color === 0 ? rank : 7 - rank];
  }
  return score;
}

function runawayMen(
  menLo: number,
  menHi: number,
  color: number,
  enemyLo: number,
  enemyHi: number,
): number {
  let count = 0;
  for (let half = 0; half < 2; half++) {
    let bits = half === 0 ? menLo : menHi;
    while (bits !== 0) {
      const square = half * 32 + 31 - Math.clz32(bits & -bits);
      bits &= bits - 1;
      const index = color * 64 + square;
      if (((FRONT_SPAN_LO[index] & enemyLo) | (FRONT_SPAN_HI[index] & enemyHi)) === 0) count++;
    }
  }
  return count;
}

/** The evaluation of a state for its side to move (see the file comment). */
export function evaluate(rules: Rules, state: Int32Array): number {
  const wmLo = state[0];
  const wmHi = state[1];
  const bmLo = state[2];
  const bmHi = state[3];
  const wkLo = state[4];
  const wkHi = state[5];
  const bkLo = state[6];
  const bkHi = state[7];
  const whiteMen = popcount32(wmLo) + popcount32(wmHi);
  const blackMen = popcount32(bmLo) + popcount32(bmHi);
  const whiteKings = popcount32(wkLo) + popcount32(wkHi);
  const blackKings = popcount32(bkLo) + popcount32(bkHi);
  const emptyLo = ~(wmLo | bmLo | wkLo | bkLo);
  const emptyHi = ~(wmHi | bmHi | wkHi | bkHi);

  const material = (whiteMen - blackMen) * WEIGHTS.man + (whiteKings - blackKings) * WEIGHTS.king;
  const advance = advanceScore(wmLo, wmHi, 0) - advanceScore(bmLo, bmHi, 1);
  const centre =
    (popcount32(wmLo & CENTRE_FILES) + popcount32(wmHi & CENTRE_FILES) -
      popcount32(bmLo & CENTRE_FILES) - popcount32(bmHi & CENTRE_FILES)) * WEIGHTS.manCentre; // prettier-ignore
  const edge =
    (popcount32(wmLo & EDGE_FILES) + popcount32(wmHi & EDGE_FILES) -
      popcount32(bmLo & EDGE_FILES) - popcount32(bmHi & EDGE_FILES)) * WEIGHTS.manEdge; // prettier-ignore
  // Home rows: rank 2 is lo bits 8..15, rank 7 hi bits 16..23. Worth less as men leave.
  const totalMen = whiteMen + blackMen;
  const homeRow =
    totalMen > 12
      ? (popcount32(wmLo & 0xff00) - popcount32(bmHi & 0xff0000)) * WEIGHTS.homeRowGuard
      : 0;
  const mobility =
    (countQuietMoves(rules, 0, wmLo, wmHi, wkLo, wkHi, emptyLo, emptyHi) -
      countQuietMoves(rules, 1, bmLo, bmHi, bkLo, bkHi, emptyLo, emptyHi)) * WEIGHTS.mobility; // prettier-ignore
  let runaway = 0;
  if ((bkLo | bkHi) === 0) runaway += runawayMen(wmLo, wmHi, 0, bmLo, bmHi);
  if ((wkLo | wkHi) === 0) runaway -= runawayMen(bmLo, bmHi, 1, wmLo, wmHi);
  runaway *= WEIGHTS.runawayMan;

  const color = state[SIDE];
  terms[0] = material;
  terms[1] = advance;
  terms[2] = centre;
  terms[3] = edge;
  terms[4] = homeRow;
  terms[5] = mobility;
  terms[6] = runaway;
  terms[7] = color === 0 ? WEIGHTS.tempo : -WEIGHTS.tempo;

  let score = material + advance + centre + edge + homeRow + mobility + runaway + terms[7];
  if (totalMen === 0 && Math.abs(whiteKings - blackKings) <= 1) {
    score = (score / WEIGHTS.kingsOnlyDrawDivisor) | 0;
  }
  return color === 0 ? score : -score;
}

/** The evaluation with its parts, for display: each term White minus Black. */
export function evaluateWithTerms(
  rules: Rules,
  state: Int32Array,
): { score: number; terms: Record<TermName, number> } {
  const score = evaluate(rules, state);
  const parts = {} as Record<TermName, number>;
  TERM_NAMES.forEach((name, i) => (parts[name] = terms[i]));
  return { score, terms: parts };
}
