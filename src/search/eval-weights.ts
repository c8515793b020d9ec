/**
 * The evaluation's weights and their file (docs/evaluation.md): one record of whole numbers
 * per variant, read and checked (`parseEvalWeights`), written (`formatEvalWeights`), and laid
 * out as one flat vector for the tuner (`TUNED_WEIGHTS`, `weightsToVector`, `vectorToWeights`).
 * Version 1 files (the first, smaller set of terms) are still read: each is converted to
 * the version 2 weights that evaluate every position exactly as it did.
 */
import { fail, ok, type Result } from '../core/result.js';
import { VARIANT_NAMES, type VariantName } from '../core/variant.js';

/** Entries of a square table: rank from the piece's own side (0-7) times 4 files folded. */
export const SQUARE_TABLE_SIZE = 32;

/** One variant's evaluation weights (see docs/evaluation.md for each one's meaning). */
export interface EvalWeights {
  /** A man's worth (100: the unit of every score). */
  readonly man: number;
  readonly king: number;
  /** For each king, per man on the board: a king's worth by phase. */
  readonly kingPerMan: number;
  /** A man on each square: `manSquare[rank * 4 + file]`, rank from its own side, file a/h = 0 to d/e = 3. */
  readonly manSquare: readonly number[];
  /** A king on each square, laid out as `manSquare`. */
  readonly kingSquare: readonly number[];
  /** For each man still on its home row (rank 2 for White, 7 for Black), while men abound. */
  readonly homeRowGuard: number;
  /** For each step a man could make. */
  readonly manMobility: number;
  /** For each square a king could slide to. */
  readonly kingMobility: number;
  /** For a man with a piece of its own side right behind it. */
  readonly backedMan: number;
  /** For each two men of a side side by side on a rank. */
  readonly manPair: number;
  /** A man with no enemy piece in front of it or on the files beside, and no enemy king. */
  readonly runawayMan: number;
  /** For having the move. */
  readonly tempo: number;
  /** For having the move in a men-only ending (no kings, at most 10 men). */
  readonly endingTempo: number;
  /** Kings-only endings with about equal forces are hard to win: the score is divided. */
  readonly kingsOnlyDrawDivisor: number;
}

/** The weights of every variant: what a weights file holds. */
export type EvalWeightSet = Readonly<Record<VariantName, EvalWeights>>;

/** The `format` field every weights file carries, and the version this code writes. */
export const EVAL_FILE_FORMAT = 'tama-eval-weights';
export const EVAL_FILE_VERSION = 2;

type Range = readonly [number, number];
const TERM_RANGE: Range = [-1000, 1000];

/** Every weight with its allowed range (whole numbers only) and length (1: a number). */
const FIELDS: Readonly<Record<keyof EvalWeights, { range: Range; length: number }>> = {
  man: { range: [1, 10_000], length: 1 },
  king: { range: [0, 10_000], length: 1 },
  kingPerMan: { range: TERM_RANGE, length: 1 },
  manSquare: { range: TERM_RANGE, length: SQUARE_TABLE_SIZE },
  kingSquare: { range: TERM_RANGE, length: SQUARE_TABLE_SIZE },
  homeRowGuard: { range: TERM_RANGE, length: 1 },
  manMobility: { range: TERM_RANGE, length: 1 },
  kingMobility: { range: TERM_RANGE, length: 1 },
  backedMan: { range: TERM_RANGE, length: 1 },
  manPair: { range: TERM_RANGE, length: 1 },
  runawayMan: { range: TERM_RANGE, length: 1 },
  tempo: { range: TERM_RANGE, length: 1 },
  endingTempo: { range: TERM_RANGE, length: 1 },
  kingsOnlyDrawDivisor: { range: [1, 100], length: 1 },
};

/** The fields of a version 1 file and their ranges. */
const V1_FIELDS: Readonly<Record<string, { range: Range; length: number }>> = {
  man: FIELDS.man,
  king: FIELDS.king,
  manAdvance: { range: TERM_RANGE, length: 8 },
  manCentre: FIELDS.homeRowGuard,
  manEdge: FIELDS.homeRowGuard,
  homeRowGuard: FIELDS.homeRowGuard,
  mobility: FIELDS.homeRowGuard,
  tempo: FIELDS.tempo,
  runawayMan: FIELDS.runawayMan,
  kingsOnlyDrawDivisor: FIELDS.kingsOnlyDrawDivisor,
};

/**
 * The weights the tuner fits, in the order of its vector: every weight except the
 * kings-only divisor (which scales the score instead of adding to it).
 */
export const TUNED_WEIGHTS: readonly {
  name: keyof EvalWeights;
  offset: number;
  length: number;
  range: Range;
}[] = (() => {
  // prettier-ignore
  let offset = 0;
  return (Object.keys(FIELDS) as (keyof EvalWeights)[])
    .filter((name) => name !== 'kingsOnlyDrawDivisor')
    .map((name) => {
      const entry = { name, offset, length: FIELDS[name].length, range: FIELDS[name].range };
      offset += entry.length;
      return entry;
    });
})();
/** The length of the tuner's vector. */
export const TUNED_WEIGHT_COUNT = TUNED_WEIGHTS.reduce((n, w) => n + w.length, 0);

/** The weights as the tuner's vector. */
export function weightsToVector(weights: EvalWeights): Float64Array {
  const vector = new Float64Array(TUNED_WEIGHT_COUNT);
  for (const { name, offset, length } of TUNED_WEIGHTS) {
    const value = weights[name];
    if (typeof value === 'number') vector[offset] = value;
    else for (let i = 0; i < length; i++) vector[offset + i] = value[i];
  }
  return vector;
}

/** A vector rounded to whole numbers and kept in range, with `base`'s other weights. */
export function vectorToWeights(vector: Float64Array, base: EvalWeights): EvalWeights {
  const weights: Record<string, number | readonly number[]> = { ...base };
  for (const { name, offset, length, range } of TUNED_WEIGHTS) {
    const whole = (x: number) => Math.min(range[1], Math.max(range[0], Math.round(x)));
    weights[name] =
      length === 1
        ? whole(vector[offset])
        : Array.from(vector.subarray(offset, offset + length), whole);
  }
  return weights as unknown as EvalWeights;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const inRange = (value: unknown, [low, high]: Range): value is number =>
  Number.isInteger(value) && (value as number) >= low && (value as number) <= high;

/** Checks one variant's weights against `fields`: each present, whole, in range, none unknown. */
function checkFields(
  value: unknown,
  where: string,
  fields: Readonly<Record<string, { range: Range; length: number }>>,
): Result<Record<string, number | number[]>, 'bad-weights'> {
  if (!isRecord(value)) return fail('bad-weights', `${where} must be an object of weights`);
  for (const key of Object.keys(value)) {
    if (!(key in fields)) {
      return fail('bad-weights', `${where}.${key} is not a weight (weights: ${Object.keys(fields).join(', ')})`); // prettier-ignore
    }
  }
  for (const [key, { range, length }] of Object.entries(fields)) {
    const field = value[key];
    if (length === 1 && !inRange(field, range)) {
      return fail('bad-weights', `${where}.${key} must be a whole number from ${range[0]} to ${range[1]}, got ${JSON.stringify(field)}`); // prettier-ignore
    }
    if (
      length > 1 &&
      (!Array.isArray(field) || field.length !== length || !field.every((x) => inRange(x, range)))
    ) {
      return fail('bad-weights', `${where}.${key} must be ${length} whole numbers from ${range[0]} to ${range[1]}`); // prettier-ignore
    }
  }
  return ok(value as Record<string, number | number[]>);
}

/**
 * Version 1 weights as version 2: advance, centre and edge become the man square table,
 * one mobility weight both mobilities; the new terms are 0. The evaluation is unchanged.
 */
function fromVersion1(v1: Record<string, number | number[]>): EvalWeights {
  const advance = v1.manAdvance as number[];
  const manSquare: number[] = [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 4; file++) {
      const side = file === 0 ? (v1.manEdge as number) : file >= 2 ? (v1.manCentre as number) : 0;
      manSquare.push(advance[rank] + side);
    }
  }
  return {
    man: v1.man as number,
    king: v1.king as number,
    kingPerMan: 0,
    manSquare,
    kingSquare: new Array<number>(SQUARE_TABLE_SIZE).fill(0),
    homeRowGuard: v1.homeRowGuard as number,
    manMobility: v1.mobility as number,
    kingMobility: v1.mobility as number,
    backedMan: 0,
    manPair: 0,
    runawayMan: v1.runawayMan as number,
    tempo: v1.tempo as number,
    endingTempo: 0,
    kingsOnlyDrawDivisor: v1.kingsOnlyDrawDivisor as number,
  };
}

/**
 * Reads the JSON of a weights file (docs/evaluation.md): its format and version (1 or 2),
 * and the weights of every variant. Any fault is an error that names the field.
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
  if (data.version !== 1 && data.version !== EVAL_FILE_VERSION) {
    return fail('bad-weights', `"version" must be 1 or ${EVAL_FILE_VERSION}, got ${JSON.stringify(data.version)}`); // prettier-ignore
  }
  const version1 = data.version === 1;
  const variants = data.variants;
  if (!isRecord(variants)) return fail('bad-weights', '"variants" must be an object');
  for (const name of Object.keys(variants)) {
    if (!VARIANT_NAMES.includes(name as VariantName)) {
      return fail('bad-weights', `variants.${name} is not a variant (${VARIANT_NAMES.join(', ')})`); // prettier-ignore
    }
  }
  const set: Partial<Record<VariantName, EvalWeights>> = {};
  for (const name of VARIANT_NAMES) {
    const checked = checkFields(variants[name], `variants.${name}`, version1 ? V1_FIELDS : FIELDS); // prettier-ignore
    if (!checked.ok) return checked;
    set[name] = version1 ? fromVersion1(checked.value) : (checked.value as unknown as EvalWeights);
  }
  return ok(set as EvalWeightSet);
}

/** Writes a weight set as the JSON of a weights file, with a line saying where it came from. */
export function formatEvalWeights(set: EvalWeightSet, about: string): string {
  const file = { format: EVAL_FILE_FORMAT, version: EVAL_FILE_VERSION, about, variants: set };
  // Square tables print a rank (four files) a line, so that they read as a board.
  return (
    JSON.stringify(file, null, 2).replace(
      /^( *)("\w+Square": )\[([^\]]*)\]/gm,
      (_, indent: string, key: string, list: string) => {
        // prettier-ignore
        const values = list.split(',').map((x) => x.trim().padStart(4));
        const rows = [0, 1, 2, 3, 4, 5, 6, 7].map((rank) => `${indent}  ${values.slice(rank * 4, rank * 4 + 4).join(',')}`); // prettier-ignore
        return `${indent}${key}[\n${rows.join(',\n')}\n${indent}]`;
      },
    ) + '\n'
  );
}
