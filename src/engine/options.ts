/**
 * The engine's options as one table: what `uci` lists and what `setoption` accepts, each
 * with its type, default and range, and its own handler that applies a checked value to
 * the engine. Names are matched without regard to case.
 */
import { numberAsGiven, quote } from '../core/quote.js';
import { fail, ok, type Result } from '../core/result.js';
import { VARIANT_NAMES, type VariantName } from '../core/variant.js';
import { MAX_SKILL_LEVEL } from '../search/skill.js';
import { DEFAULT_EVAL_FILE } from './default-eval.js';
import { maxSearchThreads } from './machine.js';
import {
  DRAW_PLIES_RANGE,
  HASH_LIMIT,
  HASH_RANGE,
  MOVE_OVERHEAD_RANGE,
  MULTI_PV_RANGE,
  SKILL_LEVEL_RANGE,
  type SpinRange,
} from './option-ranges.js';

export type OptionDefinition =
  | { readonly name: string; readonly type: 'spin'; readonly default: number; readonly min: number; readonly max: number } // prettier-ignore
  | { readonly name: string; readonly type: 'check'; readonly default: boolean }
  | { readonly name: string; readonly type: 'combo'; readonly default: string; readonly choices: readonly string[] } // prettier-ignore
  | { readonly name: string; readonly type: 'string'; readonly default: string }
  | { readonly name: string; readonly type: 'button' };

/** How a string option with no value shows (the UCI convention). */
export const EMPTY_STRING = '<empty>';

export const MAX_THREADS = maxSearchThreads();

/** The values of the engine's options, as its searches read them. */
export interface OptionValues {
  hash: number;
  threads: number;
  variant: VariantName;
  multiPV: number;
  moveOverhead: number;
  drawPlies: number;
  skillLevel: number;
  egdbPath: string;
  evalFile: string;
}

/** What the engine starts with. */
export const DEFAULT_OPTION_VALUES: Readonly<OptionValues> = Object.freeze({
  hash: 16,
  threads: 1,
  variant: 'armenian',
  multiPV: 1,
  moveOverhead: 30,
  drawPlies: 100,
  skillLevel: MAX_SKILL_LEVEL,
  egdbPath: EMPTY_STRING,
  evalFile: DEFAULT_EVAL_FILE,
});

/**
 * What option handlers act on: the values, and the engine's operations behind the options
 * that change more than a value. Each operation that can fail leaves everything as it was.
 */
export interface OptionHost {
  readonly values: OptionValues;
  /** A new table of `mib` MiB. */
  resizeHash(mib: number): Result<void>;
  /** A new pool of `threads` search threads (and a memory with room for them), or why not. */
  setThreads(threads: number): Result<void>;
  /** A new game in `variant`, with that variant's tables from the same folder. */
  setVariant(variant: VariantName): void;
  /** The current variant's tables from `path` (EMPTY_STRING: none). */
  loadEndgameTables(path: string): Result<void>;
  /** The evaluation the files of `value` give (one or more, separated by `;`). */
  loadEvalFile(value: string): Result<void>;
  clearHash(): void;
}

/**
 * What setting an option did: done, or not and why; done, a value may have been carried out
 * other than as given (a size past what the engine can hold, clamped), which `warning` says.
 */
export type OptionSet = Result<void> & { readonly warning?: string };

/** An option: its definition, and `set`, which checks a `setoption` value and applies it. */
export type EngineOption = OptionDefinition & {
  /** Applies `text` to the engine; a bad value or a failed handler changes nothing. */
  set(host: OptionHost, text: string | undefined): OptionSet;
};

type Handler<T> = (host: OptionHost, value: T) => Result<void>;

const done = ok(undefined);

/** Stores a checked value: for options that only set a value. */
function store<K extends keyof OptionValues>(key: K): Handler<OptionValues[K]> {
  return (host, value) => {
    host.values[key] = value;
    return done;
  };
}

/** An option whose handler gets the value `parse` checked out of the `setoption` text. */
function option<D extends OptionDefinition, T>(
  definition: D,
  parse: (definition: D, text: string | undefined) => Result<T>,
  apply: Handler<T>,
): EngineOption {
  return {
    ...definition,
    set(host, text) {
      const parsed = parse(definition, text);
      return parsed.ok ? apply(host, parsed.value) : parsed;
    },
  };
}

type SpinDefinition = Extract<OptionDefinition, { type: 'spin' }>;

function spin(
  name: string,
  value: number,
  { min, max }: SpinRange,
  apply: Handler<number>,
): EngineOption {
  return option<SpinDefinition, number>({ name, type: 'spin', default: value, min, max }, parseSpin, apply); // prettier-ignore
}

/**
 * A spin option whose range ends at what the engine can hold (`why`): a value past its most
 * is clamped to it, set, and warned of, rather than refused.
 */
function clampedSpin(
  name: string,
  value: number,
  range: SpinRange,
  why: string,
  apply: Handler<number>,
): EngineOption {
  // prettier-ignore
  const plain = spin(name, value, range, apply);
  return {
    ...plain,
    set(host, text) {
      if (text === undefined || !/^\s*\d+\s*$/.test(text) || Number(text) <= range.max) return plain.set(host, text); // prettier-ignore
      const set = plain.set(host, String(range.max));
      return set.ok ? { ...set, warning: `option ${name} clamped to ${range.max}, got ${numberAsGiven(text.trim())}: ${why}` } : set; // prettier-ignore
    },
  };
}

function check(name: string, value: boolean, apply: Handler<boolean>): EngineOption {
  return option({ name, type: 'check', default: value }, parseCheck, apply);
}

function combo<T extends string>(
  name: string,
  value: T,
  choices: readonly T[],
  apply: Handler<T>,
): EngineOption {
  return option({ name, type: 'combo', default: value, choices }, (definition, text) => parseCombo(definition.name, choices, text), apply); // prettier-ignore
}

function text(name: string, value: string, apply: Handler<string>): EngineOption {
  return option({ name, type: 'string', default: value }, parseString, apply);
}

function button(name: string, press: (host: OptionHost) => void): EngineOption {
  return option(
    { name, type: 'button' },
    () => done,
    (host) => {
      press(host);
      return done;
    },
  );
}

const defaults = DEFAULT_OPTION_VALUES;

export const OPTIONS: readonly EngineOption[] = [
  clampedSpin('Hash', defaults.hash, HASH_RANGE, HASH_LIMIT, (host, mib) => host.resizeHash(mib)),
  spin('Threads', defaults.threads, { min: 1, max: MAX_THREADS }, (host, threads) => {
    return threads !== host.values.threads ? host.setThreads(threads) : done;
  }),
  combo('Variant', defaults.variant, VARIANT_NAMES, (host, variant) => {
    if (variant !== host.values.variant) host.setVariant(variant);
    return done;
  }),
  spin('MultiPV', defaults.multiPV, MULTI_PV_RANGE, store('multiPV')),
  spin('Move Overhead', defaults.moveOverhead, MOVE_OVERHEAD_RANGE, store('moveOverhead')),
  // Accepted for GUIs that send it before `go ponder`; pondering needs no setting here.
  check('Ponder', false, () => done),
  spin('Draw Plies', defaults.drawPlies, DRAW_PLIES_RANGE, store('drawPlies')),
  spin('Skill Level', defaults.skillLevel, SKILL_LEVEL_RANGE, store('skillLevel')),
  button('Clear Hash', (host) => host.clearHash()),
  // A folder of endgame tables (tama egdb build); <empty> for none.
  text('EGDB Path', defaults.egdbPath, (host, path) => host.loadEndgameTables(path)),
  text('EvalFile', defaults.evalFile, (host, path) => host.loadEvalFile(path)),
];

/** Finds an option by name, ignoring case. */
export function findOption(name: string): EngineOption | undefined {
  const lower = name.trim().toLowerCase();
  return OPTIONS.find((o) => o.name.toLowerCase() === lower);
}

function parseSpin(option: SpinDefinition, text: string | undefined): Result<number> {
  if (text === undefined || !/^-?\d+$/.test(text.trim())) {
    return fail('bad-value', `option ${option.name} needs a whole number from ${option.min} to ${option.max}, got ${quote(text ?? '')}`); // prettier-ignore
  }
  const value = Number(text);
  if (value < option.min || value > option.max) {
    return fail('out-of-range', `option ${option.name} must be from ${option.min} to ${option.max}, got ${numberAsGiven(text.trim())}`); // prettier-ignore
  }
  return ok(value);
}

function parseCheck(option: { readonly name: string }, text: string | undefined): Result<boolean> {
  const lower = text?.trim().toLowerCase();
  if (lower !== 'true' && lower !== 'false') {
    return fail('bad-value', `option ${option.name} needs true or false, got ${quote(text ?? '')}`);
  }
  return ok(lower === 'true');
}

function parseString(
  option: { readonly name: string; readonly default: string },
  text: string | undefined,
): Result<string> {
  const value = text?.trim() ?? '';
  if (value === '') {
    if (option.default === EMPTY_STRING) return ok(EMPTY_STRING);
    return fail('bad-value', `option ${option.name} needs a value`);
  }
  return ok(value);
}

function parseCombo<T extends string>(
  name: string,
  choices: readonly T[],
  text: string | undefined,
): Result<T> {
  const lower = text?.trim().toLowerCase();
  const choice = choices.find((c) => c.toLowerCase() === lower);
  if (choice === undefined) {
    return fail('bad-value', `option ${name} must be one of ${choices.join(', ')}, got ${quote(text ?? '')}`); // prettier-ignore
  }
  return ok(choice);
}
