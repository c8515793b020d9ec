/**
 * Static evaluation, in centi-men (100 = one man), from the side to move's point of view.
 * Only ever called on a position where the side to move has no capture: the search resolves
 * captures first, since capture is compulsory.
 *
 * This is the TypeScript evaluation: the search itself scores with the module's (src/wasm/
 * eval.ts and network.ts, held to this file and network.ts by differential tests). It stays
 * for what is not the search: the protocol's `eval` (the parts of exactly the number the
 * search uses: every term is worked out White minus Black into the evaluator's `terms`), the
 * tuner's features and fit, and the tests' reference. An `Evaluator` holds one variant's
 * weights and the tables derived from them. Weights come from a JSON file
 * (docs/evaluation.md), data/eval-weights.json unless another is loaded; the engine scores a
 * variant with its network instead when it has one (by default, the shipped networks:
 * ../engine/default-eval.ts). `Evaluators` is the weight set a search is given.
 */
import { NOT_FILE_A, NOT_FILE_H, popcount32, popcount64 } from '../core/bitboard.js';
import { countKingSlides, countManSteps } from '../core/movegen.js';
import {
  BLACK_KINGS_HI,
  BLACK_KINGS_LO,
  BLACK_MEN_HI,
  BLACK_MEN_LO,
  SIDE,
  WHITE_KINGS_HI,
  WHITE_KINGS_LO,
  WHITE_MEN_HI,
  WHITE_MEN_LO,
} from '../core/state.js';
import { fail, ok, type Result } from '../core/result.js';
import type { Rules, VariantName } from '../core/variant.js';
import SHIPPED_WEIGHTS from '../../data/eval-weights.json' with { type: 'json' };
import { parseEvalWeights, type EvalWeights, type EvalWeightSet } from './eval-weights.js';
import { NetworkEvaluator } from './network.js';
import { NETWORK_FILE_FORMAT, parseNetwork, type NetworkWeights } from './network-weights.js';

export * from './eval-weights.js';

/** The weights shipped in data/eval-weights.json: what the engine plays with by default. */
export const DEFAULT_EVAL_WEIGHTS: EvalWeightSet = (() => {
  const parsed = parseEvalWeights(JSON.stringify(SHIPPED_WEIGHTS));
  if (!parsed.ok) throw new Error(`data/eval-weights.json: ${parsed.error.message}`);
  return parsed.value;
})();

/** The network of each variant that has one; a variant without scores with its linear weights. */
export type NetworkSet = Readonly<Partial<Record<VariantName, NetworkWeights>>>;

/** The whole evaluation: linear weights for every variant, and the networks (docs/network.md). */
export interface EvalSource {
  readonly weights: EvalWeightSet;
  readonly networks: NetworkSet;
}

/** One evaluation file: linear weights for every variant, or one variant's network. */
export type EvalFileContent =
  | { readonly weights: EvalWeightSet; readonly network: null }
  | { readonly weights: null; readonly network: NetworkWeights };

/**
 * Reads an evaluation file of either kind, told apart by its `format`: linear weights
 * (docs/evaluation.md) or a network (docs/network.md). Any fault is one error naming it.
 */
export function parseEvalFile(json: string): Result<EvalFileContent> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    return fail('bad-json', `not JSON: ${(error as Error).message}`);
  }
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as { format?: unknown }).format === NETWORK_FILE_FORMAT
  ) {
    const network = parseNetwork(data as Record<string, unknown>);
    return network.ok ? ok({ weights: null, network: network.value }) : network;
  }
  const weights = parseEvalWeights(json);
  return weights.ok ? ok({ weights: weights.value, network: null }) : weights;
}

/** The files an `EvalFile` value names: separated by `;`, spaces around each name ignored. */
export function evalFileNames(value: string): string[] {
  return value
    .split(';')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * The evaluation an `EvalFile` value gives, each file's text read by `read` (whose errors
 * name the file): from the shipped linear weights and no network, file by file in order, a
 * linear weights file sets the linear weights of every variant and a network file its
 * variant's network. No file named, a file that cannot be read or is not a valid file of
 * its kind, or two networks of one variant: one error naming the file.
 */
export function evalSourceOf(
  value: string,
  read: (name: string) => Result<string>,
): Result<EvalSource> {
  const names = evalFileNames(value);
  if (names.length === 0) return fail('no-file', `EvalFile '${value}' names no file`);
  let weights = DEFAULT_EVAL_WEIGHTS;
  const networks: Partial<Record<VariantName, NetworkWeights>> = {};
  const networkFiles: Partial<Record<VariantName, string>> = {};
  for (const name of names) {
    const text = read(name);
    if (!text.ok) return text;
    const file = parseEvalFile(text.value);
    if (!file.ok) return fail(file.error.code, `EvalFile '${name}': ${file.error.message}`);
    if (file.value.network === null) {
      weights = file.value.weights;
      continue;
    }
    const { variant } = file.value.network;
    const earlier = networkFiles[variant];
    if (earlier !== undefined) {
      return fail('two-networks', `EvalFile '${value}': '${earlier}' and '${name}' are both networks of ${variant}; name one network a variant`); // prettier-ignore
    }
    networks[variant] = file.value.network;
    networkFiles[variant] = name;
  }
  return ok({ weights, networks });
}

export const TERM_NAMES = Object.freeze([
  'material',
  'men squares',
  'king squares',
  'home row',
  'mobility',
  'formation',
  'runaway',
  'tempo',
] as const);
export type TermName = (typeof TERM_NAMES)[number];

/** The home row guard counts while more men than this are on the board. */
export const HOME_ROW_MEN = 12;
/** The ending tempo counts with no king and at most this many men on the board. */
export const ENDING_MEN = 10;

/** Where a piece of `color` on `square` reads its square table: own-side rank, folded file. */
export function squareTableIndex(square: number, color: number): number {
  const rank = color === 0 ? square >> 3 : 7 - (square >> 3);
  const file = square & 7;
  return rank * 4 + Math.min(file, 7 - file);
}

/**
 * The square table of a set, summed a byte (a rank) at a time: `table[base + rank * 256 +
 * byte]` holds the sum of the weights of the squares in that byte of that rank.
 */
function squareScore(table: Int32Array, base: number, lo: number, hi: number): number {
  if ((lo | hi) === 0) return 0;
  return (
    table[base + (lo & 0xff)] +
    table[base + 256 + ((lo >>> 8) & 0xff)] +
    table[base + 512 + ((lo >>> 16) & 0xff)] +
    table[base + 768 + (lo >>> 24)] +
    table[base + 1024 + (hi & 0xff)] +
    table[base + 1280 + ((hi >>> 8) & 0xff)] +
    table[base + 1536 + ((hi >>> 16) & 0xff)] +
    table[base + 1792 + (hi >>> 24)]
  );
}

/**
 * Men of `color` with no enemy piece on any rank ahead on their own or a neighbouring file:
 * nothing can stop them but a king. The enemy pieces are spread one file each way, then
 * filled backwards (towards `color`'s side) one rank past themselves.
 */
export function runawayMen(
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
  return popcount64(menLo & ~lo, menHi & ~hi);
}

/**
 * Men of `color` with a piece of their own (`own`) right behind them: no enemy man can
 * jump them from the front.
 */
export function backedMen(
  menLo: number,
  menHi: number,
  ownLo: number,
  ownHi: number,
  color: number,
): number {
  if (color === 0) {
    return popcount64(menLo & (ownLo << 8), menHi & ((ownHi << 8) | (ownLo >>> 24)));
  }
  return popcount64(menLo & ((ownLo >>> 8) | (ownHi << 24)), menHi & (ownHi >>> 8));
}

/** Pairs of men side by side on a rank (three in a row are two pairs). */
export function menPairs(menLo: number, menHi: number): number {
  return popcount64(menLo & (menLo << 1) & NOT_FILE_A, menHi & (menHi << 1) & NOT_FILE_A); // prettier-ignore
}

/** One variant's evaluation: its rules, its weights and the tables made from them. */
export class Evaluator {
  /** The terms of the last evaluate() call, White minus Black, before scaling. */
  readonly terms = new Int32Array(TERM_NAMES.length);
  /** How many steps and slides the side to move had in the last evaluate() (0: it has lost). */
  sideToMoveMobility = 0;

  /**
   * The square tables of the four piece sets (White men, Black men, White kings, Black
   * kings) by rank and byte, 2048 entries a set; Black's are negated (White minus Black).
   */
  private readonly squareTables = new Int32Array(4 * 2048);
  private readonly man: number;
  private readonly king: number;
  private readonly kingPerMan: number;
  private readonly homeRowGuard: number;
  private readonly manMobility: number;
  private readonly kingMobility: number;
  private readonly backedMan: number;
  private readonly manPair: number;
  private readonly runawayMan: number;
  private readonly tempo: number;
  private readonly endingTempo: number;
  private readonly kingsOnlyDrawDivisor: number;

  constructor(
    readonly rules: Rules,
    readonly weights: EvalWeights,
  ) {
    for (let set = 0; set < 4; set++) {
      const color = set & 1;
      const squareWeights = set < 2 ? weights.manSquare : weights.kingSquare;
      const sign = color === 0 ? 1 : -1;
      for (let rank = 0; rank < 8; rank++) {
        for (let byte = 0; byte < 256; byte++) {
          let sum = 0;
          for (let file = 0; file < 8; file++) {
            if ((byte >> file) & 1) sum += squareWeights[squareTableIndex(rank * 8 + file, color)];
          }
          this.squareTables[set * 2048 + rank * 256 + byte] = sign * sum;
        }
      }
    }
    this.man = weights.man;
    this.king = weights.king;
    this.kingPerMan = weights.kingPerMan;
    this.homeRowGuard = weights.homeRowGuard;
    this.manMobility = weights.manMobility;
    this.kingMobility = weights.kingMobility;
    this.backedMan = weights.backedMan;
    this.manPair = weights.manPair;
    this.runawayMan = weights.runawayMan;
    this.tempo = weights.tempo;
    this.endingTempo = weights.endingTempo;
    this.kingsOnlyDrawDivisor = weights.kingsOnlyDrawDivisor;
  }

  /** The evaluation of a state for its side to move (see the file comment). */
  evaluate(state: Int32Array): number {
    const wmLo = state[WHITE_MEN_LO];
    const wmHi = state[WHITE_MEN_HI];
    const bmLo = state[BLACK_MEN_LO];
    const bmHi = state[BLACK_MEN_HI];
    const wkLo = state[WHITE_KINGS_LO];
    const wkHi = state[WHITE_KINGS_HI];
    const bkLo = state[BLACK_KINGS_LO];
    const bkHi = state[BLACK_KINGS_HI];
    const whiteMen = popcount64(wmLo, wmHi);
    const blackMen = popcount64(bmLo, bmHi);
    const whiteKings = popcount64(wkLo, wkHi);
    const blackKings = popcount64(bkLo, bkHi);
    const emptyLo = ~(wmLo | bmLo | wkLo | bkLo);
    const emptyHi = ~(wmHi | bmHi | wkHi | bkHi);
    const totalMen = whiteMen + blackMen;
    const noKings = (wkLo | wkHi | bkLo | bkHi) === 0;

    const material =
      (whiteMen - blackMen) * this.man +
      (whiteKings - blackKings) * (this.king + totalMen * this.kingPerMan);
    const tables = this.squareTables;
    const menSquares = squareScore(tables, 0, wmLo, wmHi) + squareScore(tables, 2048, bmLo, bmHi);
    const kingSquares = noKings ? 0 : squareScore(tables, 4096, wkLo, wkHi) + squareScore(tables, 6144, bkLo, bkHi); // prettier-ignore
    // Home rows: rank 2 is lo bits 8..15, rank 7 hi bits 16..23. Worth less as men leave.
    const homeRow =
      totalMen > HOME_ROW_MEN
        ? (popcount32(wmLo & 0xff00) - popcount32(bmHi & 0xff0000)) * this.homeRowGuard
        : 0;
    const rules = this.rules;
    const whiteManMoves = countManSteps(rules, 0, wmLo, wmHi, emptyLo, emptyHi);
    const blackManMoves = countManSteps(rules, 1, bmLo, bmHi, emptyLo, emptyHi);
    const whiteKingMoves = (wkLo | wkHi) === 0 ? 0 : countKingSlides(rules, wkLo, wkHi, emptyLo, emptyHi); // prettier-ignore
    const blackKingMoves = (bkLo | bkHi) === 0 ? 0 : countKingSlides(rules, bkLo, bkHi, emptyLo, emptyHi); // prettier-ignore
    const mobility =
      (whiteManMoves - blackManMoves) * this.manMobility +
      (whiteKingMoves - blackKingMoves) * this.kingMobility;
    const whiteLo = wmLo | wkLo;
    const whiteHi = wmHi | wkHi;
    const blackLo = bmLo | bkLo;
    const blackHi = bmHi | bkHi;
    const formation =
      (backedMen(wmLo, wmHi, whiteLo, whiteHi, 0) - backedMen(bmLo, bmHi, blackLo, blackHi, 1)) * this.backedMan +
      (menPairs(wmLo, wmHi) - menPairs(bmLo, bmHi)) * this.manPair; // prettier-ignore
    let runaway = 0;
    if ((bkLo | bkHi) === 0) runaway += runawayMen(wmLo, wmHi, 0, bmLo, bmHi);
    if ((wkLo | wkHi) === 0) runaway -= runawayMen(bmLo, bmHi, 1, wmLo, wmHi);
    runaway *= this.runawayMan;

    const color = state[SIDE];
    this.sideToMoveMobility =
      color === 0 ? whiteManMoves + whiteKingMoves : blackManMoves + blackKingMoves;
    const moving = this.tempo + (noKings && totalMen <= ENDING_MEN ? this.endingTempo : 0);
    const tempo = color === 0 ? moving : -moving;
    const terms = this.terms;
    terms[0] = material;
    terms[1] = menSquares;
    terms[2] = kingSquares;
    terms[3] = homeRow;
    terms[4] = mobility;
    terms[5] = formation;
    terms[6] = runaway;
    terms[7] = tempo;

    let score = material + menSquares + kingSquares + homeRow + mobility + formation + runaway + tempo; // prettier-ignore
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
  private readonly madeNetworks = new Map<VariantName, NetworkEvaluator>();

  /**
   * The linear `weights` of every variant, and `networks`: a variant with a network is
   * scored by it in searches instead of its linear weights.
   */
  constructor(
    readonly weights: EvalWeightSet = DEFAULT_EVAL_WEIGHTS,
    readonly networks: NetworkSet = {},
  ) {}

  /** The evaluator of the variant whose rules these are. */
  for(rules: Rules): Evaluator {
    let evaluator = this.made.get(rules.name);
    if (evaluator === undefined) {
      evaluator = new Evaluator(rules, this.weights[rules.name]);
      this.made.set(rules.name, evaluator);
    }
    return evaluator;
  }

  /** The network evaluator of the variant; null when it has none. */
  networkFor(rules: Rules): NetworkEvaluator | null {
    const network = this.networks[rules.name];
    if (network === undefined) return null;
    let evaluator = this.madeNetworks.get(rules.name);
    if (evaluator === undefined) {
      evaluator = new NetworkEvaluator(rules, network);
      this.madeNetworks.set(rules.name, evaluator);
    }
    return evaluator;
  }
}
