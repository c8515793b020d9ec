/**
 * Static evaluation, in centi-men (100 = one man), from the side to move's point of view.
 * Only ever called on a position where the side to move has no capture: search resolves
 * captures first, since capture is compulsory.
 *
 * Every term is worked out White minus Black into `terms`, so that the protocol's `eval`
 * can show the parts of exactly the number the search uses.
 */
import { NOT_FILE_A, NOT_FILE_H, popcount32 } from '../core/bitboard.js';
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

/** Set bits in each byte value: ranks are bytes, so rank counts are table look-ups. */
const BYTE_POPCOUNT = new Uint8Array(256);
for (let i = 1; i < 256; i++) BYTE_POPCOUNT[i] = (i & 1) + BYTE_POPCOUNT[i >> 1];

/** `ADVANCE[color * 8 + rank]`: the advance weight of a man of `color` on a board rank. */
const ADVANCE = new Int32Array(16);
for (let rank = 0; rank < 8; rank++) {
  ADVANCE[rank] = WEIGHTS.manAdvance[rank];
  ADVANCE[8 + rank] = WEIGHTS.manAdvance[7 - rank];
}

/** Sum of the advance weights of the men (lo, hi) of `color`. */
function advanceScore(menLo: number, menHi: number, color: number): number {
  const table = color * 8;
  return (
    BYTE_POPCOUNT[menLo & 0xff] * ADVANCE[table] +
    BYTE_POPCOUNT[(menLo >>> 8) & 0xff] * ADVANCE[table + 1] +
    BYTE_POPCOUNT[(menLo >>> 16) & 0xff] * ADVANCE[table + 2] +
    BYTE_POPCOUNT[menLo >>> 24] * ADVANCE[table + 3] +
    BYTE_POPCOUNT[menHi & 0xff] * ADVANCE[table + 4] +
    BYTE_POPCOUNT[(menHi >>> 8) & 0xff] * ADVANCE[table + 5] +
    BYTE_POPCOUNT[(menHi >>> 16) & 0xff] * ADVANCE[table + 6] +
    BYTE_POPCOUNT[menHi >>> 24] * ADVANCE[table + 7]
  );
}

/**
 * Men of `color` with no enemy piece on any rank ahead on their own or a neighbouring file:
 * nothing can stop them but a king. The enemy pieces are spread one file each way, then
 * filled backwards (towards `color`'s side) one rank past themselves.
 */
function runawayMen(
  menLo: number,
  menHi: number,
  color: number,
  enemyLo: number,
  enemyHi: number,
): number {
  let lo = enemyLo | ((enemyLo << 1) & NOT_FILE_A) | ((enemyLo >>> 1) & NOT_FILE_H);
  let hi = enemyHi | ((enemyHi << 1) & NOT_FILE_A) | ((enemyHi >>> 1) & NOT_FILE_H);
  if (color === 0) {
    // White runs north: block everything south of each spread enemy square.
    lo = (lo >>> 8) | (hi << 24);
    hi = hi >>> 8;
    lo |= (lo >>> 8) | (hi << 24);
    hi |= hi >>> 8;
    lo |= (lo >>> 16) | (hi << 16);
    hi |= hi >>> 16;
    lo |= hi; // the 32-rank step: every blocked square of ranks 5-8 blocks its file below
  } else {
    // Black runs south: block everything north of each spread enemy square.
    hi = (hi << 8) | (lo >>> 24);
    lo = lo << 8;
    hi |= (hi << 8) | (lo >>> 24);
    lo |= lo << 8;
    hi |= (hi << 16) | (lo >>> 16);
    lo |= lo << 16;
    hi |= lo; // the 32-rank step
  }
  return popcount32(menLo & ~lo) + popcount32(menHi & ~hi);
}

/** How many steps and slides the side to move had in the last evaluate() (0: it has lost). */
export let sideToMoveMobility = 0;

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
  const whiteMoves = countQuietMoves(rules, 0, wmLo, wmHi, wkLo, wkHi, emptyLo, emptyHi);
  const blackMoves = countQuietMoves(rules, 1, bmLo, bmHi, bkLo, bkHi, emptyLo, emptyHi);
  const mobility = (whiteMoves - blackMoves) * WEIGHTS.mobility;
  let runaway = 0;
  if ((bkLo | bkHi) === 0) runaway += runawayMen(wmLo, wmHi, 0, bmLo, bmHi);
  if ((wkLo | wkHi) === 0) runaway -= runawayMen(bmLo, bmHi, 1, wmLo, wmHi);
  runaway *= WEIGHTS.runawayMan;

  const color = state[SIDE];
  sideToMoveMobility = color === 0 ? whiteMoves : blackMoves;
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
  return (color === 0 ? score : -score) | 0;
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
