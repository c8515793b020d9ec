/** The `--variant <name>` option the commands share: one of the rules, Armenian unless told. */
import { Option } from 'commander';
import { VARIANT_NAMES } from '../core/variant.js';

/** `--variant <name>` described as `description`, choosing among the variants, Armenian by default. */
export function variantOption(description = 'rules to play'): Option {
  return new Option('--variant <name>', description).choices(VARIANT_NAMES).default('armenian');
}
