/**
 * The evaluation network's weights and their file (docs/network.md): one variant's network,
 * quantised, with a header that says what it is (format, version, variant, shape) so that a
 * file made for other code, another variant or another shape is refused, never misread.
 *
 * The network: 256 inputs a side (piece kind x square, seen from that side), one hidden
 * layer of `hidden` units a side (the accumulator), clipped ReLU, one output.
 *
 *   input index = kind * 64 + square, kind 0 own man, 1 own king, 2 enemy man, 3 enemy king;
 *   square as that side sees the board: White's as it is, Black's mirrored rank for rank
 *   (square ^ 56), so each side sees its men moving north.
 *
 * Both sides' accumulators use the same input weights; the output reads the side to move's
 * hidden layer first, then the other side's. Quantised: input weights and biases are int16
 * with ACTIVATION_ONE standing for 1.0 (where the clipped ReLU saturates), output weights
 * int8 with OUTPUT_ONE for 1.0; the output, in units of ACTIVATION_ONE * OUTPUT_ONE, is a
 * logit of the side to move's winning chance, turned into centi-men by `scale`.
 */
import { fail, ok, type Result } from '../core/result.js';
import { VARIANT_NAMES, type VariantName } from '../core/variant.js';
import { MAX_HIDDEN, NETWORK_INPUTS } from './module-constants.js';

/** The `format` of a network file, and the version this code reads and writes. */
export const NETWORK_FILE_FORMAT = 'tama-eval-network';
export const NETWORK_FILE_VERSION = 1;

/** Inputs a side: 4 piece kinds x 64 squares; the hidden layer's width a side: from 8 to 512 (module-constants.ts). */
export { NETWORK_INPUTS } from './module-constants.js';
export const MIN_HIDDEN = 8;
/** The quantised value of an activation of 1.0 (the clipped ReLU's ceiling). */
export const ACTIVATION_ONE = 127;
/** The quantised value of an output weight of 1.0. */
export const OUTPUT_ONE = 64;
/** The largest input weight or bias magnitude, in floats: 32 pieces and a bias stay in int16. */
export const MAX_INPUT_WEIGHT = 2;
/** The largest output weight magnitude, in floats: what int8 holds at OUTPUT_ONE. */
export const MAX_OUTPUT_WEIGHT = 127 / OUTPUT_ONE;

/** One variant's quantised network. */
export interface NetworkWeights {
  readonly variant: VariantName;
  readonly hidden: number;
  /** Centi-men per unit of the output logit. */
  readonly scale: number;
  /** `inputWeights[input * hidden + unit]`, ACTIVATION_ONE = 1.0. */
  readonly inputWeights: Int16Array;
  /** One per hidden unit, ACTIVATION_ONE = 1.0. */
  readonly inputBias: Int16Array;
  /** The side to move's `hidden` units, then the other side's; OUTPUT_ONE = 1.0. */
  readonly outputWeights: Int8Array;
  /** In units of ACTIVATION_ONE * OUTPUT_ONE. */
  readonly outputBias: number;
}

/** The input index of a piece of set `set` (0 White men, 1 Black men, 2 White kings, 3 Black kings) on `square`, seen by `side`. */
export function inputIndex(side: number, set: number, square: number): number {
  const kind = (((set & 1) ^ side) << 1) | (set >> 1);
  return kind * 64 + (side === 0 ? square : square ^ 56);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whole numbers from `low` to `high`, exactly `length` of them, or the error naming `field`. */
function wholeNumbers(
  value: unknown,
  field: string,
  length: number,
  low: number,
  high: number,
): Result<number[], 'bad-network'> {
  if (!Array.isArray(value) || value.length !== length) {
    return fail('bad-network', `"${field}" must be a list of ${length} numbers, got ${Array.isArray(value) ? value.length : typeof value}`); // prettier-ignore
  }
  for (let i = 0; i < length; i++) {
    const x: unknown = value[i];
    if (!Number.isInteger(x) || (x as number) < low || (x as number) > high) {
      return fail('bad-network', `"${field}"[${i}] must be a whole number from ${low} to ${high}, got ${JSON.stringify(x)}`); // prettier-ignore
    }
  }
  return ok(value as number[]);
}

/**
 * Reads a network file's JSON, already parsed: its header first (format, version, variant,
 * shape), then the weights. Any fault is one error that names it.
 */
export function parseNetwork(data: Record<string, unknown>): Result<NetworkWeights, 'bad-network'> {
  if (data.format !== NETWORK_FILE_FORMAT) {
    return fail('bad-network', `"format" must be "${NETWORK_FILE_FORMAT}", got ${JSON.stringify(data.format)}`); // prettier-ignore
  }
  if (data.version !== NETWORK_FILE_VERSION) {
    return fail('bad-network', `network file version ${JSON.stringify(data.version)} is not supported (this engine reads version ${NETWORK_FILE_VERSION})`); // prettier-ignore
  }
  const variant = data.variant as VariantName;
  if (!VARIANT_NAMES.includes(variant)) {
    return fail('bad-network', `"variant" must be one of ${VARIANT_NAMES.join(', ')}, got ${JSON.stringify(data.variant)}`); // prettier-ignore
  }
  const shape = data.shape;
  if (!isRecord(shape) || shape.inputs !== NETWORK_INPUTS) {
    return fail('bad-network', `"shape" must be {"inputs": ${NETWORK_INPUTS}, "hidden": N}, got ${JSON.stringify(shape)}`); // prettier-ignore
  }
  const hidden = shape.hidden;
  if (
    !Number.isInteger(hidden) ||
    (hidden as number) < MIN_HIDDEN ||
    (hidden as number) > MAX_HIDDEN
  ) {
    return fail('bad-network', `"shape".hidden must be a whole number from ${MIN_HIDDEN} to ${MAX_HIDDEN}, got ${JSON.stringify(hidden)}`); // prettier-ignore
  }
  const width = hidden as number;
  if (typeof data.scale !== 'number' || !(data.scale > 0 && data.scale < 10_000)) {
    return fail('bad-network', `"scale" must be a number of centi-men above 0 and below 10000, got ${JSON.stringify(data.scale)}`); // prettier-ignore
  }
  const inputLimit = MAX_INPUT_WEIGHT * ACTIVATION_ONE;
  const inputWeights = wholeNumbers(data.inputWeights, 'inputWeights', NETWORK_INPUTS * width, -inputLimit, inputLimit); // prettier-ignore
  if (!inputWeights.ok) return inputWeights;
  const inputBias = wholeNumbers(data.inputBias, 'inputBias', width, -inputLimit, inputLimit);
  if (!inputBias.ok) return inputBias;
  const outputWeights = wholeNumbers(data.outputWeights, 'outputWeights', 2 * width, -127, 127);
  if (!outputWeights.ok) return outputWeights;
  const outputBias = wholeNumbers([data.outputBias], 'outputBias', 1, -(2 ** 30), 2 ** 30);
  if (!outputBias.ok) return outputBias;
  return ok({
    variant,
    hidden: width,
    scale: data.scale,
    inputWeights: Int16Array.from(inputWeights.value),
    inputBias: Int16Array.from(inputBias.value),
    outputWeights: Int8Array.from(outputWeights.value),
    outputBias: outputBias.value[0],
  });
}

/** Writes a network as the JSON of a network file, with a line saying where it came from. */
export function formatNetwork(network: NetworkWeights, about: string): string {
  const { variant, hidden, scale } = network;
  const header = { format: NETWORK_FILE_FORMAT, version: NETWORK_FILE_VERSION, variant, shape: { inputs: NETWORK_INPUTS, hidden }, scale, about }; // prettier-ignore
  const lines = JSON.stringify(header, null, 2).split('\n').slice(0, -1);
  const list = (values: ArrayLike<number>, perLine: number): string => {
    const all = Array.from(values);
    const rows: string[] = [];
    for (let i = 0; i < all.length; i += perLine) rows.push('    ' + all.slice(i, i + perLine).join(', ')); // prettier-ignore
    return `[\n${rows.join(',\n')}\n  ]`;
  };
  lines[lines.length - 1] += ',';
  lines.push(`  "inputWeights": ${list(network.inputWeights, hidden)},`);
  lines.push(`  "inputBias": ${list(network.inputBias, hidden)},`);
  lines.push(`  "outputWeights": ${list(network.outputWeights, hidden)},`);
  lines.push(`  "outputBias": ${network.outputBias}`, '}');
  return lines.join('\n') + '\n';
}
