/** Networks for the tests of the network evaluation: the shipped ones, and random ones of any width. */
import { readFileSync } from 'node:fs';
import type { VariantName } from '../../src/core/variant.js';
import { parseEvalFile } from '../../src/search/eval.js';
import { MAX_INPUT_WEIGHT, type NetworkWeights } from '../../src/search/network-weights.js';
import { FloatNetwork } from '../../src/tune/network-train.js';
import { ROOT, seededRandom } from '../helpers.js';

/** The shipped network of `variant` (data/network-<variant>.json). */
export function shippedNetwork(variant: VariantName): NetworkWeights {
  const parsed = parseEvalFile(readFileSync(`${ROOT}data/network-${variant}.json`, 'utf8'));
  if (!parsed.ok || parsed.value.network === null) throw new Error(`data/network-${variant}.json is no network`); // prettier-ignore
  return parsed.value.network;
}

/** A random network of `hidden` units with large input weights: the clipped ReLU saturates both ways. */
export function randomNetwork(variant: VariantName, seed: number, hidden: number): NetworkWeights {
  const float = new FloatNetwork(hidden, seed);
  const random = seededRandom(seed + 1);
  for (let i = 0; i < float.inputWeights.length; i++) {
    float.inputWeights[i] = (random() * 2 - 1) * MAX_INPUT_WEIGHT * 0.4;
  }
  float.outputBias = (random() * 2 - 1) * 0.5;
  return float.quantise(variant, 150);
}
