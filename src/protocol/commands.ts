/**
 * Parsing protocol lines into typed commands. A bad line becomes an error with a message
 * that says what is wrong; parsing never touches the engine.
 */
import { MAX_CLOCK_MS, MAX_INCREMENT_MS, MAX_MOVES_PER_PERIOD } from '../clock/time-control.js';
import { numberAsGiven, quote } from '../core/quote.js';
import { fail, ok, type Result } from '../core/result.js';
import type { GoLimits } from '../engine/engine.js';

export type Command =
  | { readonly kind: 'empty' }
  | { readonly kind: 'uci' }
  | { readonly kind: 'isready' }
  | { readonly kind: 'ucinewgame' }
  | { readonly kind: 'setoption'; readonly name: string; readonly value?: string }
  | { readonly kind: 'position'; readonly fen?: string; readonly moves: readonly string[] }
  | {
      readonly kind: 'go';
      readonly limits: GoLimits;
      readonly clamped: readonly ClampedLimit[];
    }
  | { readonly kind: 'perft'; readonly depth: number }
  | { readonly kind: 'stop' }
  | { readonly kind: 'ponderhit' }
  | { readonly kind: 'quit' }
  | { readonly kind: 'd' }
  | { readonly kind: 'moves' }
  | { readonly kind: 'eval' }
  | { readonly kind: 'bench'; readonly depth?: number }
  | { readonly kind: 'debug'; readonly on: boolean }
  | { readonly kind: 'register' }
  | { readonly kind: 'help' };

/** A `go` limit given out of its range, and the value the search uses instead. */
export interface ClampedLimit {
  readonly key: string;
  /** The number as the command gave it (its text: a float would show 1e+23). */
  readonly given: string;
  readonly used: number;
  readonly min: number;
  readonly max: number;
}

export const MAX_GO_DEPTH = 100;
/** The deepest perft that `go perft` and `tama perft` accept. */
export const MAX_COMMAND_PERFT_DEPTH = 20;

const NO_ARGUMENTS = new Set(['uci', 'isready', 'ucinewgame', 'stop', 'ponderhit', 'quit', 'd', 'moves', 'eval', 'help']); // prettier-ignore

/** Parses one line of input. */
export function parseCommand(line: string): Result<Command> {
  const tokens = line
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) return ok({ kind: 'empty' });
  const [name, ...rest] = tokens;
  if (NO_ARGUMENTS.has(name)) {
    if (rest.length > 0) return fail('extra-arguments', `'${name}' takes no arguments, got ${quote(rest.join(' '))}`); // prettier-ignore
    return ok({ kind: name } as Command);
  }
  switch (name) {
    case 'setoption':
      return parseSetOption(rest);
    case 'position':
      return parsePosition(rest);
    case 'go':
      return parseGo(rest);
    case 'bench':
      return parseBench(rest);
    case 'debug':
      // UCI: `debug [on | off]`; a bare `debug` switches it on.
      if (rest.length > 1 || (rest.length === 1 && rest[0] !== 'on' && rest[0] !== 'off')) {
        return fail('syntax', `debug takes 'on' or 'off', got ${quote(rest.join(' '))}`);
      }
      return ok({ kind: 'debug', on: rest[0] !== 'off' });
    case 'register':
      return parseRegister(rest);
    default:
      return fail('unknown-command', `unknown command ${quote(name)}`);
  }
}

/** UCI's `register later` or `register name <x> code <y>`: Tama needs no registration. */
function parseRegister(rest: string[]): Result<Command> {
  if (rest.length === 1 && rest[0] === 'later') return ok({ kind: 'register' });
  const nameAt = rest.indexOf('name');
  const codeAt = rest.indexOf('code');
  const wellFormed =
    rest.length > 0 &&
    (nameAt === 0 || codeAt === 0) &&
    (nameAt < 0 || (rest.length > nameAt + 1 && nameAt + 1 !== codeAt)) &&
    (codeAt < 0 || rest.length > codeAt + 1);
  if (!wellFormed) return fail('syntax', "register takes 'later' or 'name <name> code <code>'");
  return ok({ kind: 'register' });
}

function parseSetOption(rest: string[]): Result<Command> {
  if (rest[0] !== 'name' || rest.length < 2) {
    return fail('syntax', "setoption needs 'name <option name>' and, except for buttons, 'value <value>'"); // prettier-ignore
  }
  const valueAt = rest.indexOf('value');
  const nameTokens = rest.slice(1, valueAt < 0 ? undefined : valueAt);
  if (nameTokens.length === 0) return fail('syntax', 'setoption: the option name is missing');
  if (valueAt >= 0 && valueAt === rest.length - 1) {
    return fail(
      'syntax',
      `setoption: 'value' given without a value for ${quote(nameTokens.join(' '))}`,
    );
  }
  const value = valueAt < 0 ? undefined : rest.slice(valueAt + 1).join(' ');
  return ok({ kind: 'setoption', name: nameTokens.join(' '), value });
}

function parsePosition(rest: string[]): Result<Command> {
  const movesAt = rest.indexOf('moves');
  const head = movesAt < 0 ? rest : rest.slice(0, movesAt);
  const moves = movesAt < 0 ? [] : rest.slice(movesAt + 1);
  if (head[0] === 'startpos') {
    if (head.length > 1) return fail('syntax', `position startpos: unexpected ${quote(head.slice(1).join(' '))} (expected 'moves')`); // prettier-ignore
    return ok({ kind: 'position', moves });
  }
  if (head[0] === 'fen') {
    if (head.length < 2) return fail('syntax', 'position fen: the position text is missing');
    return ok({ kind: 'position', fen: head.slice(1).join(' '), moves });
  }
  return fail('syntax', "position needs 'startpos' or 'fen <text>', optionally followed by 'moves <m1> <m2> ...'"); // prettier-ignore
}

type NumberKey = 'wtime' | 'btime' | 'winc' | 'binc' | 'movestogo' | 'depth' | 'nodes' | 'movetime' | 'mate'; // prettier-ignore
/** The range of each number; a value outside is clamped into it (GUIs send 0 and less). */
const NUMBER_RANGE: Record<NumberKey, [number, number]> = {
  wtime: [0, MAX_CLOCK_MS],
  btime: [0, MAX_CLOCK_MS],
  winc: [0, MAX_INCREMENT_MS],
  binc: [0, MAX_INCREMENT_MS],
  movestogo: [1, MAX_MOVES_PER_PERIOD],
  depth: [1, MAX_GO_DEPTH],
  nodes: [1, 1e15],
  movetime: [0, MAX_CLOCK_MS],
  mate: [1, 1000],
};
const GO_KEYWORDS = new Set([...Object.keys(NUMBER_RANGE), 'infinite', 'ponder', 'searchmoves', 'perft']); // prettier-ignore

function parseGo(rest: string[]): Result<Command> {
  if (rest[0] === 'perft') {
    const depth = rest[1];
    if (
      rest.length !== 2 ||
      !/^\d+$/.test(depth ?? '') ||
      Number(depth) < 1 ||
      Number(depth) > MAX_COMMAND_PERFT_DEPTH
    ) {
      const got = rest.length === 1 ? 'got none' : `got ${quote(rest.slice(1).join(' '))}`;
      return fail('bad-value', `go perft needs one depth from 1 to ${MAX_COMMAND_PERFT_DEPTH}, ${got}`); // prettier-ignore
    }
    return ok({ kind: 'perft', depth: Number(depth) });
  }
  const limits: Record<string, unknown> = {};
  const clamped: ClampedLimit[] = [];
  for (let i = 0; i < rest.length; i++) {
    const key = rest[i];
    if (!GO_KEYWORDS.has(key) || key === 'perft') {
      return fail('syntax', `go: unknown parameter ${quote(key)}`);
    }
    if (key in limits) return fail('syntax', `go: '${key}' is given twice`);
    if (key === 'infinite' || key === 'ponder') {
      limits[key] = true;
    } else if (key === 'searchmoves') {
      const moves: string[] = [];
      while (i + 1 < rest.length && !GO_KEYWORDS.has(rest[i + 1])) moves.push(rest[++i]);
      if (moves.length === 0) return fail('syntax', 'go searchmoves: no moves given');
      limits.searchmoves = moves;
    } else {
      const text = rest[i + 1];
      const [min, max] = NUMBER_RANGE[key as NumberKey];
      if (text === undefined || !/^-?\d+$/.test(text)) {
        return fail(
          'bad-value',
          `go ${key}: expected a whole number from ${min} to ${max}, got ${text === undefined ? 'none' : quote(text)}`, // prettier-ignore
        );
      }
      const given = Number(text);
      const used = Math.min(max, Math.max(min, given));
      if (used !== given) clamped.push({ key, given: numberAsGiven(text), used, min, max });
      limits[key] = used;
      i++;
    }
  }
  return ok({ kind: 'go', limits, clamped });
}

function parseBench(rest: string[]): Result<Command> {
  if (rest.length === 0) return ok({ kind: 'bench' });
  const depth = rest[0];
  if (rest.length === 1 && /^\d+$/.test(depth) && Number(depth) >= 1 && Number(depth) <= 30) {
    return ok({ kind: 'bench', depth: Number(depth) });
  }
  return fail('bad-value', `bench takes an optional depth from 1 to 30, got ${quote(rest.join(' '))}`); // prettier-ignore
}
