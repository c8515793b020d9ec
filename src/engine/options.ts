/**
 * The engine's options as data: what `uci` lists and what `setoption` accepts, each with
 * its type, default and range. Names are matched without regard to case.
 */
import { availableParallelism } from 'node:os';
import { fail, ok, type Result } from '../core/result.js';
import { VARIANT_NAMES } from '../core/variant.js';
import { MAX_SKILL_LEVEL } from '../search/skill.js';
import { DEFAULT_EVAL_FILE } from './eval-file.js';

export type OptionDefinition =
  | { readonly name: string; readonly type: 'spin'; readonly default: number; readonly min: number; readonly max: number } // prettier-ignore
  | { readonly name: string; readonly type: 'check'; readonly default: boolean }
  | { readonly name: string; readonly type: 'combo'; readonly default: string; readonly choices: readonly string[] } // prettier-ignore
  | { readonly name: string; readonly type: 'string'; readonly default: string }
  | { readonly name: string; readonly type: 'button' };

/** How a string option with no value shows (the UCI convention). */
export const EMPTY_STRING = '<empty>';

export const MAX_THREADS = Math.max(1, availableParallelism()) * 4;

export const OPTIONS: readonly OptionDefinition[] = [
  { name: 'Hash', type: 'spin', default: 16, min: 1, max: 8192 },
  { name: 'Threads', type: 'spin', default: 1, min: 1, max: MAX_THREADS },
  { name: 'Variant', type: 'combo', default: 'armenian', choices: VARIANT_NAMES },
  { name: 'MultiPV', type: 'spin', default: 1, min: 1, max: 64 },
  { name: 'Move Overhead', type: 'spin', default: 30, min: 0, max: 5000 },
  { name: 'Ponder', type: 'check', default: false },
  { name: 'Draw Plies', type: 'spin', default: 100, min: 0, max: 1000 },
  { name: 'Skill Level', type: 'spin', default: MAX_SKILL_LEVEL, min: 0, max: MAX_SKILL_LEVEL },
  { name: 'Clear Hash', type: 'button' },
  // A folder of endgame tables (tama egdb build); <empty> for none.
  { name: 'EGDB Path', type: 'string', default: EMPTY_STRING },
  { name: 'EvalFile', type: 'string', default: DEFAULT_EVAL_FILE },
];

export type OptionValue = number | boolean | string | undefined;

/** The default value of an option (the engine starts with these). */
export function optionDefault(name: string): number | boolean | string {
  const option = findOption(name);
  if (option === undefined || option.type === 'button') throw new Error(`no default for ${name}`);
  return option.default;
}

/** Finds an option by name, ignoring case. */
export function findOption(name: string): OptionDefinition | undefined {
  const lower = name.trim().toLowerCase();
  return OPTIONS.find((o) => o.name.toLowerCase() === lower);
}

/** Checks a `setoption` value against the option's type and range. */
export function parseOptionValue(
  option: OptionDefinition,
  text: string | undefined,
): Result<OptionValue> {
  switch (option.type) {
    case 'button':
      return ok(undefined);
    case 'spin': {
      if (text === undefined || !/^-?\d+$/.test(text.trim())) {
        return fail('bad-value', `option ${option.name} needs a whole number from ${option.min} to ${option.max}, got '${text ?? ''}'`); // prettier-ignore
      }
      const value = Number(text);
      if (value < option.min || value > option.max) {
        return fail('out-of-range', `option ${option.name} must be from ${option.min} to ${option.max}, got ${value}`); // prettier-ignore
      }
      return ok(value);
    }
    case 'check': {
      const lower = text?.trim().toLowerCase();
      if (lower !== 'true' && lower !== 'false') {
        return fail('bad-value', `option ${option.name} needs true or false, got '${text ?? ''}'`);
      }
      return ok(lower === 'true');
    }
    case 'string': {
      const value = text?.trim() ?? '';
      if (value === '') {
        if (option.default === EMPTY_STRING) return ok(EMPTY_STRING);
        return fail('bad-value', `option ${option.name} needs a value`);
      }
      return ok(value);
    }
    case 'combo': {
      const lower = text?.trim().toLowerCase();
      const choice = option.choices.find((c) => c.toLowerCase() === lower);
      if (choice === undefined) {
        return fail('bad-value', `option ${option.name} must be one of ${option.choices.join(', ')}, got '${text ?? ''}'`); // prettier-ignore
      }
      return ok(choice);
    }
  }
}
