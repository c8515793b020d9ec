/**
 * The evaluation the engine starts with. The `EvalFile` option's default value names the
 * shipped network of each variant; the same two files are built in here, so that the
 * default needs no file read when an engine starts (a browser has no file system, and the
 * library's `Engine` may run from any folder). Naming the files again (`setoption name
 * EvalFile value data/network-armenian.json;data/network-turkish.json`) gives the same
 * evaluation, read from disk; `data/eval-weights.json` alone plays the linear evaluation.
 */
import { ok } from '../core/result.js';
import { evalSourceOf, type EvalSource } from '../search/eval.js';
import ARMENIAN_NETWORK from '../../data/network-armenian.json' with { type: 'json' };
import TURKISH_NETWORK from '../../data/network-turkish.json' with { type: 'json' };

/** The shipped linear weights of both variants, as `EvalFile` names them. */
export const LINEAR_EVAL_FILE = 'data/eval-weights.json';

/** The shipped networks, one a variant, as `EvalFile` names them, with their contents. */
const SHIPPED_NETWORKS: Readonly<Record<string, unknown>> = {
  'data/network-armenian.json': ARMENIAN_NETWORK,
  'data/network-turkish.json': TURKISH_NETWORK,
};

/** Every file the engine ships for `EvalFile`: the linear weights and the networks. */
export const SHIPPED_EVAL_FILES: readonly string[] = [LINEAR_EVAL_FILE, ...Object.keys(SHIPPED_NETWORKS)]; // prettier-ignore

/** The `EvalFile` option's default: both shipped networks. */
export const DEFAULT_EVAL_FILE = Object.keys(SHIPPED_NETWORKS).join(';');

/** The evaluation DEFAULT_EVAL_FILE gives: the shipped linear weights and both networks. */
export const DEFAULT_EVAL_SOURCE: EvalSource = (() => {
  const source = evalSourceOf(DEFAULT_EVAL_FILE, (name) => ok(JSON.stringify(SHIPPED_NETWORKS[name]))); // prettier-ignore
  if (!source.ok) throw new Error(source.error.message);
  return source.value;
})();
