/**
 * The settings of `tama match`, read from its argument list in cutechess style: options
 * that take a group of `key=value` words (`--engine cmd=... name=A option.Hash=16`, `--each`,
 * `--openings`, `--draw`, `--resign`, `--sprt`) and options with one value (`--games 200`
 * or `--games=200`). Commander cannot group repeated multi-word options, so this module
 * reads the list itself; bad input is an error naming the option, never a guess.
 */
import { isAbsolute, resolve } from 'node:path';
import { fail, ok, type Result } from '../core/result.js';
import { parseVariantName, type VariantName } from '../core/variant.js';
import type { DrawAdjudication, ResignAdjudication } from './adjudication.js';
import type { EngineSettings } from '../engine-client/engine-pool.js';
import { DEFAULT_GAME_RULES } from './game.js';
import { shippedOpeningsFile } from './openings.js';
import type { SprtSettings } from './report.js';
import { splitCommandLine } from '../engine-client/shell-words.js';
import { checkLimits, parseClock, parseSeconds, type PlayerLimits } from '../clock/time-control.js';
import type { MatchConfig, OpeningsSettings } from './tournament.js';

export interface MatchArguments {
  readonly config: MatchConfig;
  /** Print all engine traffic to stderr. */
  readonly debug: boolean;
}

export const DEFAULT_STALL_MS = 10_000;
export const DEFAULT_STARTUP_MS = 10_000;

type Group = Map<string, string[]>;
type Parsed<T> = Result<T, 'bad-argument'>;

const bad = (message: string) => fail('bad-argument', message);

const GROUP_OPTIONS = ['engine', 'each', 'openings', 'draw', 'resign', 'sprt'] as const;
const VALUE_OPTIONS = [
  'games',
  'concurrency',
  'pgnout',
  'pdnout',
  'maxplies',
  'noprogress',
  'repetition',
  'variant',
  'tournament',
  'event',
  'rating-interval',
] as const;
const FLAG_OPTIONS = ['debug'] as const;

/** Whole-number options: name, default, least value. */
const NUMBER_OPTIONS: readonly (readonly [string, number, number])[] = [
  ['games', 2, 1],
  ['concurrency', 1, 1],
  ['maxplies', DEFAULT_GAME_RULES.maxPlies, 0],
  ['noprogress', DEFAULT_GAME_RULES.noProgressPlies, 0],
  ['repetition', DEFAULT_GAME_RULES.repetitions, 0],
  ['rating-interval', 10, 0],
];

const ENGINE_KEYS = [
  'cmd',
  'name',
  'dir',
  'arg',
  'tc',
  'st',
  'depth',
  'nodes',
  'timemargin',
  'stall',
  'startup',
  'restart',
];

/** The keys each group option knows. */
const GROUP_KEYS: Record<string, readonly string[]> = {
  engine: ENGINE_KEYS,
  each: ENGINE_KEYS,
  openings: ['file', 'order', 'seed', 'plies', 'start'],
  draw: ['movenumber', 'movecount', 'score'],
  resign: ['movecount', 'score', 'twosided'],
  sprt: ['elo0', 'elo1', 'alpha', 'beta'],
};

function wholeNumber(text: string, what: string, min = 0): Parsed<number> {
  if (!/^\d+$/.test(text) || Number(text) < min) {
    return bad(`${what} must be a whole number${min > 0 ? ` >= ${min}` : ''}, got '${text}'`);
  }
  return ok(Number(text));
}

function realNumber(text: string, what: string): Parsed<number> {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    return bad(`${what} must be a number, got '${text}'`);
  return ok(value);
}

/** Splits the argument list into option occurrences with their words. */
function scan(args: readonly string[]): Parsed<{ name: string; words: string[] }[]> {
  const found: { name: string; words: string[] }[] = [];
  let i = 0;
  while (i < args.length) {
    const token = args[i++];
    const match = /^--?([a-z][a-z-]*)(?:=(.*))?$/s.exec(token);
    if (match === null)
      return bad(`unexpected '${token}': settings follow an option such as --engine`);
    const [, name, inline] = match;
    const words: string[] = [];
    if ((GROUP_OPTIONS as readonly string[]).includes(name)) {
      if (inline !== undefined) words.push(inline);
      while (i < args.length && !args[i].startsWith('-')) words.push(args[i++]);
    } else if ((VALUE_OPTIONS as readonly string[]).includes(name)) {
      if (inline !== undefined) words.push(inline);
      else if (i < args.length) words.push(args[i++]);
      else return bad(`--${name} needs a value`);
    } else if ((FLAG_OPTIONS as readonly string[]).includes(name)) {
      if (inline !== undefined) return bad(`--${name} takes no value`);
    } else return bad(`unknown option '--${name}'`);
    found.push({ name, words });
  }
  return ok(found);
}

/** `key=value` words into a map (a key may repeat: `arg=`). */
function keyValues(option: string, words: readonly string[]): Parsed<Group> {
  const group: Group = new Map();
  for (const word of words) {
    const equals = word.indexOf('=');
    if (equals <= 0) return bad(`--${option}: expected key=value, got '${word}'`);
    const key = word.slice(0, equals);
    group.set(key, [...(group.get(key) ?? []), word.slice(equals + 1)]);
  }
  return ok(group);
}

function allowOnly(option: string, group: Group, keys: readonly string[]): Parsed<Group> {
  for (const key of group.keys()) {
    if (
      !keys.includes(key) &&
      !(option === 'engine' || option === 'each' ? key.startsWith('option.') : false)
    ) {
      return bad(`--${option}: unknown key '${key}' (known: ${keys.join(', ')})`);
    }
  }
  return ok(group);
}

const last = (group: Group, key: string) => group.get(key)?.at(-1);

function engineSettings(group: Group, each: Group, index: number): Parsed<EngineSettings> {
  // The engine's own keys win over --each; option.X and arg= from both are kept.
  const get = (key: string) => last(group, key) ?? last(each, key);
  const label = `engine ${index + 1}`;
  const cmd = get('cmd');
  if (cmd === undefined) return bad(`${label}: cmd=... is missing`);
  const words = splitCommandLine(cmd);
  if (!words.ok) return bad(`${label}: ${words.error.message}`);
  const dir = get('dir');
  const args = [...words.value.slice(1), ...(each.get('arg') ?? []), ...(group.get('arg') ?? [])];
  const options = new Map<string, string>();
  for (const source of [each, group]) {
    for (const [key, values] of source) {
      if (key.startsWith('option.')) options.set(key.slice('option.'.length), values.at(-1) ?? '');
    }
  }
  let limits: PlayerLimits = {};
  const tc = get('tc');
  if (tc !== undefined) {
    const clock = parseClock(tc);
    if (!clock.ok) return bad(`${label}: ${clock.error.message}`);
    limits = { ...limits, clock: clock.value };
  }
  const st = get('st');
  if (st !== undefined) {
    const ms = parseSeconds(st);
    if (ms === undefined || ms <= 0) return bad(`${label}: st must be seconds > 0, got '${st}'`);
    limits = { ...limits, moveTimeMs: ms };
  }
  for (const key of ['depth', 'nodes'] as const) {
    const text = get(key);
    if (text === undefined) continue;
    const value = wholeNumber(text, `${label}: ${key}`, 1);
    if (!value.ok) return value;
    limits = { ...limits, [key]: value.value };
  }
  const checked = checkLimits(limits);
  if (!checked.ok) return bad(`${label}: ${checked.error.message}`);
  const margin = wholeNumber(get('timemargin') ?? '0', `${label}: timemargin (ms)`);
  if (!margin.ok) return margin;
  const stall = wholeNumber(get('stall') ?? String(DEFAULT_STALL_MS), `${label}: stall (ms)`, 1);
  if (!stall.ok) return stall;
  const startup = wholeNumber(
    get('startup') ?? String(DEFAULT_STARTUP_MS),
    `${label}: startup (ms)`,
    1,
  );
  if (!startup.ok) return startup;
  const restart = get('restart') ?? 'off';
  if (restart !== 'on' && restart !== 'off') return bad(`${label}: restart must be on or off`);
  return ok({
    name: get('name'),
    command: {
      program: words.value[0],
      args,
      cwd: dir === undefined ? undefined : isAbsolute(dir) ? dir : resolve(dir),
    },
    options: [...options],
    limits,
    timeMarginMs: margin.value,
    stallMs: stall.value,
    startupMs: startup.value,
    restart: restart === 'on',
  });
}

function openingsSettings(group: Group): Parsed<OpeningsSettings> {
  const file = last(group, 'file');
  if (file === undefined) return bad('--openings: file=... is missing');
  const order = last(group, 'order') ?? 'sequential';
  if (order !== 'sequential' && order !== 'random') {
    return bad(`--openings: order must be sequential or random, got '${order}'`);
  }
  const seed = wholeNumber(last(group, 'seed') ?? '1', '--openings seed');
  if (!seed.ok) return seed;
  const start = wholeNumber(last(group, 'start') ?? '1', '--openings start', 1);
  if (!start.ok) return start;
  const pliesText = last(group, 'plies');
  const plies = pliesText === undefined ? undefined : wholeNumber(pliesText, '--openings plies');
  if (plies !== undefined && !plies.ok) return plies;
  return ok({ file, order, seed: seed.value, start: start.value, plies: plies?.value });
}

/** The variant's shipped openings in the file's order, when the file is there. */
function defaultOpenings(variant: VariantName): OpeningsSettings | undefined {
  const file = shippedOpeningsFile(variant);
  return file === undefined ? undefined : { file, order: 'sequential', seed: 1, start: 1 };
}

function drawSettings(group: Group): Parsed<DrawAdjudication> {
  const moveNumber = wholeNumber(last(group, 'movenumber') ?? '0', '--draw movenumber');
  if (!moveNumber.ok) return moveNumber;
  const moveCount = wholeNumber(last(group, 'movecount') ?? '', '--draw movecount', 1);
  if (!moveCount.ok) return moveCount;
  const score = wholeNumber(last(group, 'score') ?? '', '--draw score (cp)');
  if (!score.ok) return score;
  return ok({ moveNumber: moveNumber.value, moveCount: moveCount.value, scoreCp: score.value });
}

function resignSettings(group: Group): Parsed<ResignAdjudication> {
  const moveCount = wholeNumber(last(group, 'movecount') ?? '', '--resign movecount', 1);
  if (!moveCount.ok) return moveCount;
  const score = wholeNumber(last(group, 'score') ?? '', '--resign score (cp)', 1);
  if (!score.ok) return score;
  const twoSided = last(group, 'twosided') ?? 'false';
  if (twoSided !== 'true' && twoSided !== 'false')
    return bad('--resign twosided must be true or false');
  return ok({ moveCount: moveCount.value, scoreCp: score.value, twoSided: twoSided === 'true' });
}

function sprtSettings(group: Group): Parsed<SprtSettings> {
  const values: number[] = [];
  for (const [key, fallback] of [
    ['elo0', undefined],
    ['elo1', undefined],
    ['alpha', '0.05'],
    ['beta', '0.05'],
  ] as const) {
    const text = last(group, key) ?? fallback;
    if (text === undefined) return bad(`--sprt: ${key}=... is missing`);
    const value = realNumber(text, `--sprt ${key}`);
    if (!value.ok) return value;
    values.push(value.value);
  }
  const [elo0, elo1, alpha, beta] = values;
  if (!(elo1 > elo0)) return bad('--sprt: elo1 must be greater than elo0');
  if (!(alpha > 0 && alpha < 0.5 && beta > 0 && beta < 0.5))
    return bad('--sprt: alpha and beta must lie between 0 and 0.5');
  return ok({ elo0, elo1, alpha, beta });
}

/** The scanned options sorted: each engine's group, `--each`, the other groups, single values. */
interface SortedOptions {
  readonly engineGroups: readonly Group[];
  readonly each: Group;
  readonly groups: ReadonlyMap<string, Group>;
  readonly single: ReadonlyMap<string, string>;
  readonly debug: boolean;
  /** `--openings startpos`: every game from the start position. */
  readonly startPositionOnly: boolean;
}

/** Sorts the scanned options, checking each group's keys against those its option knows. */
function sortOptions(scanned: readonly { name: string; words: string[] }[]): Parsed<SortedOptions> {
  const engineGroups: Group[] = [];
  let each: Group = new Map();
  const single = new Map<string, string>();
  const groups = new Map<string, Group>();
  let debug = false;
  let startPositionOnly = false;
  for (const { name, words } of scanned) {
    if (name === 'debug') {
      debug = true;
      continue;
    }
    if (name === 'openings' && words.length === 1 && words[0] === 'startpos') {
      startPositionOnly = true;
      continue;
    }
    if (!(GROUP_OPTIONS as readonly string[]).includes(name)) {
      single.set(name === 'pdnout' ? 'pgnout' : name, words[0]);
      continue;
    }
    const group = keyValues(name, words);
    if (!group.ok) return group;
    const checked = allowOnly(name, group.value, GROUP_KEYS[name]);
    if (!checked.ok) return checked;
    if (name === 'engine') engineGroups.push(group.value);
    else if (name === 'each') each = new Map([...each, ...group.value]);
    else groups.set(name, group.value);
  }
  return ok({ engineGroups, each, groups, single, debug, startPositionOnly });
}

/** The whole-number options (NUMBER_OPTIONS), each given or its default. */
function numberSettings(single: ReadonlyMap<string, string>): Parsed<Map<string, number>> {
  const numbers = new Map<string, number>();
  for (const [key, fallback, min] of NUMBER_OPTIONS) {
    const text = single.get(key);
    const parsed = text === undefined ? ok(fallback) : wholeNumber(text, `--${key}`, min);
    if (!parsed.ok) return parsed;
    numbers.set(key, parsed.value);
  }
  if (numbers.get('repetition') === 1) return bad('--repetition must be 0 (off) or at least 2');
  return ok(numbers);
}

/** Reads the arguments of `tama match` into a match configuration. */
export function parseMatchArguments(args: readonly string[]): Parsed<MatchArguments> {
  const scanned = scan(args);
  if (!scanned.ok) return scanned;
  const sorted = sortOptions(scanned.value);
  if (!sorted.ok) return sorted;
  const { engineGroups, each, groups, single, debug, startPositionOnly } = sorted.value;
  if (engineGroups.length < 2) return bad('a match needs at least two --engine options');
  const engines: EngineSettings[] = [];
  for (let i = 0; i < engineGroups.length; i++) {
    const engine = engineSettings(engineGroups[i], each, i);
    if (!engine.ok) return engine;
    engines.push(engine.value);
  }
  const numbers = numberSettings(single);
  if (!numbers.ok) return numbers;
  const count = (key: string) => numbers.value.get(key) ?? 0;
  const variant = parseVariantName(single.get('variant') ?? 'armenian');
  if (variant === undefined) {
    return bad(`--variant must be armenian or turkish, got '${single.get('variant')}'`);
  }
  const tournament = single.get('tournament') ?? 'round-robin';
  if (tournament !== 'round-robin' && tournament !== 'gauntlet') {
    return bad(`--tournament must be round-robin or gauntlet, got '${tournament}'`);
  }
  const read = <T>(name: string, parse: (group: Group) => Parsed<T>): Parsed<T | undefined> => {
    const group = groups.get(name);
    return group === undefined ? ok(undefined) : parse(group);
  };
  // Without --openings, the variant's shipped file; `--openings startpos`: the start only.
  const openings = groups.has('openings')
    ? read('openings', openingsSettings)
    : ok(startPositionOnly ? undefined : defaultOpenings(variant));
  if (!openings.ok) return openings;
  const draw = read('draw', drawSettings);
  if (!draw.ok) return draw;
  const resign = read('resign', resignSettings);
  if (!resign.ok) return resign;
  const sprt = read('sprt', sprtSettings);
  if (!sprt.ok) return sprt;
  if (sprt.value !== undefined && engines.length !== 2)
    return bad('--sprt needs exactly two engines');
  return ok({
    debug,
    config: {
      engines,
      variant,
      tournament,
      gamesPerPairing: count('games'),
      concurrency: count('concurrency'),
      openings: openings.value,
      pdnOut: single.get('pgnout'),
      rules: {
        repetitions: count('repetition'),
        noProgressPlies: count('noprogress'),
        maxPlies: count('maxplies'),
        draw: draw.value,
        resign: resign.value,
      },
      sprt: sprt.value,
      event: single.get('event') ?? 'tama match',
      ratingInterval: count('rating-interval'),
    },
  });
}
