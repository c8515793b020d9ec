/**
 * Static evaluation, in centi-men (100 = one man), from the side to move's point of view.
 * Only ever called on a position where the side to move has no capture: search resolves
 * captures first, since capture is compulsory.
 *
 * An `Evaluator` holds one variant's weights and the tables derived from them; each search
 * thread owns its own (nothing here is shared or changed during a search). Weights come
 * from a JSON file (docs/evaluation.md); the engine's defaults are data/eval-weights.json.
 * Every term is worked out White minus Black into the evaluator's `terms`, so that the
 * protocol's `eval` can show the parts of exactly the number the search uses.
 */
import { NOT_FILE_A, NOT_FILE_H, popcount32 } from '../core/bitboard.js';
import { countQuietMoves } from '../core/movegen.js';
import { fail, ok, type Result } from '../core/result.js';
import { BLACK_KINGS, BLACK_MEN, SIDE, WHITE_KINGS, WHITE_MEN } from '../core/state.js';
import { VARIANT_NAMES, type Rules, type VariantName } from '../core/variant.js';
import SHIPPED_WEIGHTS from '../../data/eval-weights.json' with { type: 'json' };

/** One variant's evaluation weights (see docs/evaluation.md for each one's meaning). */
export interface EvalWeights {
  /** A man's worth (100: the unit of every score). */
  readonly man: number;
  readonly king: number;
  /** By rank counted from the man's own side (index 0 = its first rank); 8 entries. */
  readonly manAdvance: readonly number[];
  /** Extra for a man standing on one of the four centre files (c-f). */
  readonly manCentre: number;
  /** For each man on a side file (a, h). */
  readonly manEdge: number;
  /** For each man still on its home row (rank 2 for White, 7 for Black), while men abound. */
  readonly homeRowGuard: number;
  /** For each step or slide the side has (kings count their slides). */
  readonly mobility: number;
  /** For having the move. */
  readonly tempo: number;
  /** A man with no enemy piece in front of it or on the files beside, and no enemy king. */
  readonly runawayMan: number;
  /** Kings-only endings with about equal forces are hard to win: the score is divided. */
  readonly kingsOnlyDrawDivisor: number;
}

/** The weights of every variant: what a weights file holds. */
export type EvalWeightSet = Readonly<Record<VariantName, EvalWeights>>;

/** The `format` field every weights file carries, and the version this code reads. */
export const EVAL_FILE_FORMAT = 'tama-eval-weights';
export const EVAL_FILE_VERSION = 1;

/** Every weight field with its allowed range (whole numbers only). */
const WEIGHT_RANGES: Readonly<Record<Exclude<keyof EvalWeights, 'manAdvance'>, [number, number]>> =
  {
    man: [1, 10_000],
    king: [0, 10_000],
    manCentre: [-1000, 1000],
    manEdge: [-1000, 1000],
    homeRowGuard: [-1000, 1000],
    mobility: [-1000, 1000],
    tempo: [-1000, 1000],
    runawayMan: [-1000, 1000],
    kingsOnlyDrawDivisor: [1, 100],
  };
const ADVANCE_RANGE = [-1000, 1000] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const inRange = (value: unknown, [low, high]: readonly [number, number]): value is number =>
  Number.isInteger(value) && (value as number) >= low && (value as number) <= high;

/** Checks one variant's weights: every field present, whole, in range; no unknown field. */
function readWeights(value: unknown, where: string): Result<EvalWeights, 'bad-weights'> {
  if (!isRecord(value)) return fail('bad-weights', `${where} must be an object of weights`);
  for (const key of Object.keys(value)) {
    if (key !== 'manAdvance' && !(key in WEIGHT_RANGES)) {
      return fail('bad-weights', `${where}.${key} is not a weight (weights: manAdvance, ${Object.keys(WEIGHT_RANGES).join(', ')})`); // prettier-ignore
    }
  }
  for (const [key, range] of Object.entries(WEIGHT_RANGES)) {
    if (!inRange(value[key], range)) {
      return fail('bad-weights', `${where}.${key} must be a whole number from ${range[0]} to ${range[1]}, got ${JSON.stringify(value[key])}`); // prettier-ignore
    }
  }
  const advance = value.manAdvance;
  if (
    !Array.isArray(advance) ||
    advance.length !== 8 ||
    !advance.every((x) => inRange(x, ADVANCE_RANGE))
  ) {
    return fail('bad-weights', `${where}.manAdvance must be 8 whole numbers from ${ADVANCE_RANGE[0]} to ${ADVANCE_RANGE[1]}`); // prettier-ignore
  }
  return ok(value as unknown as EvalWeights);
}

/**
 * Reads the JSON of a weights file (docs/evaluation.md): its format and version, and the
 * weights of every variant. Any fault is an error that names the field.
 */
export function parseEvalWeights(json: string): Result<EvalWeightSet, 'bad-json' | 'bad-weights'> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    return fail('bad-json', `not JSON: ${(error as Error).message}`);
  }
  if (!isRecord(data)) return fail('bad-weights', 'a weights file is a JSON object');
  if (data.format !== EVAL_FILE_FORMAT) {
    return fail('bad-weights', `"format" must be "${EVAL_FILE_FORMAT}", got ${JSON.stringify(data.format)}`); // prettier-ignore
  }
  if (data.version !== EVAL_FILE_VERSION) {
    return fail('bad-weights', `"version" must be ${EVAL_FILE_VERSION}, got ${JSON.stringify(data.version)}`); // prettier-ignore
  }
  const variants = data.variants;
  if (!isRecord(variants)) return fail('bad-weights', '"variants" must be an object');
  const set: Partial<Record<VariantName, EvalWeights>> = {};
  for (const name of VARIANT_NAMES) {
    const weights = readWeights(variants[name], `variants.${name}`);
    if (!weights.ok) return weights;
    set[name] = weights.value;
  }
  for (const name of Object.keys(variants)) {
    if (!VARIANT_NAMES.includes(name as VariantName)) {
      return fail('bad-weights', `variants.${name} is not a variant (${VARIANT_NAMES.join(', ')})`); // prettier-ignore
    }
  }
  return ok(set as EvalWeightSet);
}

/** Writes a weight set as the JSON of a weights file, with a line saying where it came from. */
export function formatEvalWeights(set: EvalWeightSet, about: string): string {
  return JSON.stringify({ format: EVAL_FILE_FORMAT, version: EVAL_FILE_VERSION, about, variants: set }, null, 2) + '\n'; // prettier-ignore
}

/** The weights shipped in data/eval-weights.json: what the engine plays with by default. */
export const DEFAULT_EVAL_WEIGHTS: EvalWeightSet = (() => {
  const parsed = parseEvalWeights(JSON.stringify(SHIPPED_WEIGHTS));
  if (!parsed.ok) throw new Error(`data/eval-weights.json: ${parsed.error.message}`);
  return parsed.value;
})();

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

const CENTRE_FILES = 0x3c3c3c3c;
const EDGE_FILES = 0x81818181 | 0;

/** Set bits in each byte value: ranks are bytes, so rank counts are table look-ups. */
const BYTE_POPCOUNT = new Uint8Array(256);
for (let i = 1; i < 256; i++) BYTE_POPCOUNT[i] = (i & 1) + BYTE_POPCOUNT[i >> 1];

/** Sum of the advance weights `advance[color * 8 + rank]` of the men (lo, hi) of `color`. */
function advanceScore(advance: Int32Array, menLo: number, menHi: number, color: number): number {
  const table = color * 8;
  return (
    BYTE_POPCOUNT[menLo & 0xff] * advance[table] +
    BYTE_POPCOUNT[(menLo >>> 8) & 0xff] * advance[table + 1] +
    BYTE_POPCOUNT[(menLo >>> 16) & 0xff] * advance[table + 2] +
    BYTE_POPCOUNT[menLo >>> 24] * advance[table + 3] +
    BYTE_POPCOUNT[menHi & 0xff] * advance[table + 4] +
    BYTE_POPCOUNT[(menHi >>> 8) & 0xff] * advance[table + 5] +
    BYTE_POPCOUNT[(menHi >>> 16) & 0xff] * advance[table + 6] +
    BYTE_POPCOUNT[menHi >>> 24] * advance[table + 7]
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

/** One variant's evaluation: its rules, its weights and the tables made from them. */
export class Evaluator {
  /** The terms of the last evaluate() call, White minus Black, before scaling. */
  readonly terms = new Int32Array(TERM_NAMES.length);
  /** How many steps and slides the side to move had in the last evaluate() (0: it has lost). */
  sideToMoveMobility = 0;

  /** `advance[color * 8 + rank]`: the advance weight of a man of `color` on a board rank. */
  private readonly advance = new Int32Array(16);
  private readonly man: number;
  private readonly king: number;
  private readonly manCentre: number;
  private readonly manEdge: number;
  private readonly homeRowGuard: number;
  private readonly mobility: number;
  private readonly tempo: number;
  private readonly runawayMan: number;
  private readonly kingsOnlyDrawDivisor: number;

  constructor(
    readonly rules: Rules,
    readonly weights: EvalWeights,
  ) {
    for (let rank = 0; rank < 8; rank++) {
      this.advance[rank] = weights.manAdvance[rank];
      this.advance[8 + rank] = weights.manAdvance[7 - rank];
    }
    this.man = weights.man;
    this.king = weights.king;
    this.manCentre = weights.manCentre;
    this.manEdge = weights.manEdge;
    this.homeRowGuard = weights.homeRowGuard;
    this.mobility = weights.mobility;
    this.tempo = weights.tempo;
    this.runawayMan = weights.runawayMan;
    this.kingsOnlyDrawDivisor = weights.kingsOnlyDrawDivisor;
  }

  /** The evaluation of a state for its side to move (see the file comment). */
  evaluate(state: Int32Array): number {
    const wmLo = state[2 * WHITE_MEN];
    const wmHi = state[2 * WHITE_MEN + 1];
    const bmLo = state[2 * BLACK_MEN];
    const bmHi = state[2 * BLACK_MEN + 1];
    const wkLo = state[2 * WHITE_KINGS];
    const wkHi = state[2 * WHITE_KINGS + 1];
    const bkLo = state[2 * BLACK_KINGS];
    const bkHi = state[2 * BLACK_KINGS + 1];
    const whiteMen = popcount32(wmLo) + popcount32(wmHi);
    const blackMen = popcount32(bmLo) + popcount32(bmHi);
    const whiteKings = popcount32(wkLo) + popcount32(wkHi);
    const blackKings = popcount32(bkLo) + popcount32(bkHi);
    const emptyLo = ~(wmLo | bmLo | wkLo | bkLo);
    const emptyHi = ~(wmHi | bmHi | wkHi | bkHi);

    const material = (whiteMen - blackMen) * this.man + (whiteKings - blackKings) * this.king;
    const advance =
      advanceScore(this.advance, wmLo, wmHi, 0) - advanceScore(this.advance, bmLo, bmHi, 1);
    const centre =
      (popcount32(wmLo & CENTRE_FILES) + popcount32(wmHi & CENTRE_FILES) -
        popcount32(bmLo & CENTRE_FILES) - popcount32(bmHi & CENTRE_FILES)) * this.manCentre; // prettier-ignore
    const edge =
      (popcount32(wmLo & EDGE_FILES) + popcount32(wmHi & EDGE_FILES) -
        popcount32(bmLo & EDGE_FILES) - popcount32(bmHi & EDGE_FILES)) * this.manEdge; // prettier-ignore
    // Home rows: rank 2 is lo bits 8..15, rank 7 hi bits 16..23. Worth less as men leave.
    const totalMen = whiteMen + blackMen;
    const homeRow =
      totalMen > 12
        ? (popcount32(wmLo & 0xff00) - popcount32(bmHi & 0xff0000)) * this.homeRowGuard
        : 0;
    const rules = this.rules;
    const whiteMoves = countQuietMoves(rules, 0, wmLo, wmHi, wkLo, wkHi, emptyLo, emptyHi);
    const blackMoves = countQuietMoves(rules, 1, bmLo, bmHi, bkLo, bkHi, emptyLo, emptyHi);
    const mobility = (whiteMoves - blackMoves) * this.mobility;
    let runaway = 0;
    if ((bkLo | bkHi) === 0) runaway += runawayMen(wmLo, wmHi, 0, bmLo, bmHi);
    if ((wkLo | wkHi) === 0) runaway -= runawayMen(bmLo, bmHi, 1, wmLo, wmHi);
    runaway *= this.runawayMan;

    const color = state[SIDE];
    this.sideToMoveMobility = color === 0 ? whiteMoves : blackMoves;
    const terms = this.terms;
    terms[0] = material;
    terms[1] = advance;
    terms[2] = centre;
    terms[3] = edge;
    terms[4] = homeRow;
    terms[5] = mobility;
    terms[6] = runaway;
    terms[7] = color === 0 ? this.tempo : -this.tempo;

    let score = material + advance + centre + edge + homeRow + mobility + runaway + terms[7];
    if (totalMen === 0 && Math.abs(whiteKings - blackKings) <= 1) {
      score = (score / this.kingsOnlyDrawDivisor) | 0;
    }
    return (color === 0 ? score : -score) | 0;
  }

  /** The evaluation with its parts, for display: each term White minus Black. */
  evaluateWithTerms(state: Int32Array): { score: number; terms: Record<TermName, number> } {
    const score = this.evaluate(state);
    const parts = {} as Record<TermName, number>;
    TERM_NAMES.forEach((name, i) => (parts[name] = this.terms[i]));
    return { score, terms: parts };
  }
}

/** The evaluators of a weight set, one per variant, made when first asked for. */
export class Evaluators {
  private readonly made = new Map<VariantName, Evaluator>();

  constructor(readonly weights: EvalWeightSet = DEFAULT_EVAL_WEIGHTS) {}

  /** The evaluator of the variant whose rules these are. */
  for(rules: Rules): Evaluator {
    let evaluator = this.made.get(rules.name);
    if (evaluator === undefined) {
      evaluator = new Evaluator(rules, this.weights[rules.name]);
      this.made.set(rules.name, evaluator);
    }
    return evaluator;
  }
}
