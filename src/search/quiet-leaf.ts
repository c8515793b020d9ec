/**
 * Quiet leaves for the tuner: the position the engine's search would evaluate for a given
 * one (its quiescence search's principal variation played out) and the score it gives it,
 * found by the search's WebAssembly module (SearchModule.quietLeaf), with the linear weights
 * of each variant or, where one is given, its network.
 */
import type { Result } from '../core/result.js';
import { ok } from '../core/result.js';
import type { Rules, VariantName } from '../core/variant.js';
import { DEFAULT_EVAL_WEIGHTS, type EvalWeightSet, type NetworkSet } from './eval.js';
import { SearchModule } from './search-wasm.js';

/** One instance of the module, set up for the variant of the last position asked about. */
export class QuietLeaves {
  private variant: VariantName | undefined;

  private constructor(
    private readonly module: SearchModule,
    private readonly weights: EvalWeightSet,
    private readonly networks: NetworkSet,
  ) {}

  /**
   * A finder scoring with `weights` (each variant's linear weights) or, for a variant that
   * has one in `networks`, its network; or why the module cannot start.
   */
  static create(
    weights: EvalWeightSet = DEFAULT_EVAL_WEIGHTS,
    networks: NetworkSet = {},
  ): Result<QuietLeaves> {
    const module = SearchModule.create();
    if (!module.ok) return module;
    return ok(new QuietLeaves(module.value, weights, networks));
  }

  /**
   * The position the search would evaluate for `state`, a position of `rules`' variant,
   * written into `leaf` (`state` itself when no capture is pending), and the quiescence
   * score for its side to move. Allocates nothing.
   */
  find(rules: Rules, state: Int32Array, leaf: Int32Array): number {
    if (rules.name !== this.variant) {
      const module = this.module;
      module.setRules(rules);
      module.setWeights(this.weights[rules.name]);
      const network = this.networks[rules.name];
      if (network !== undefined) module.setNetwork(network);
      module.useNetwork(network !== undefined);
      this.variant = rules.name;
    }
    return this.module.quietLeaf(state, leaf);
  }
}
