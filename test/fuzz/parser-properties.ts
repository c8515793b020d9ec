/**
 * Property tests of the parsers at the boundary: position text, move text, protocol lines,
 * PDN, puzzle files and option values, fed random and mutated input (a good text with
 * characters deleted, inserted, replaced or a slice doubled). The invariant, stated once
 * in `isClearResult`: a parser never throws across its boundary, and always answers with a
 * result; a refusal has a code and one short line of message (input quoted by core/quote.ts).
 * Used by test/fuzz/parsers.test.ts (a short seeded run) and bench/fuzz.ts (a long one).
 * Training shards belong to the shard readers' own tests; a shard property would go here,
 * fed mutated shard bytes with their manifest, holding the same invariant.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { legalMoves, parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { VARIANT_NAMES } from '../../src/core/variant.js';
import { OPTIONS, DEFAULT_OPTION_VALUES, type OptionHost } from '../../src/engine/options.js';
import { projectRoot } from '../../src/engine/project-root.js';
import { parsePdn, replayPdnGame } from '../../src/pdn/pdn.js';
import { parseCommand } from '../../src/protocol/commands.js';
import { parsePuzzleFile } from '../../src/puzzles/puzzle-file.js';
import { ok } from '../../src/core/result.js';

/** The longest error message a refusal may carry (quoted input included). */
export const MAX_ERROR_CHARS = 1000;

/** Why `result` is no clear result, or undefined when it is one. */
export function unclear(result: unknown): string | undefined {
  if (typeof result !== 'object' || result === null || !('ok' in result)) return 'no result';
  if (result.ok === true) return undefined;
  if (result.ok !== false || !('error' in result)) return 'no ok flag';
  const error = result.error as { code?: unknown; message?: unknown };
  if (typeof error.code !== 'string' || error.code === '') return 'no error code';
  if (typeof error.message !== 'string' || error.message === '') return 'no error message';
  if (/[\r\n]/.test(error.message)) return `a message of more than one line: ${error.message.slice(0, 200)}`; // prettier-ignore
  if (error.message.length > MAX_ERROR_CHARS) return `a message of ${error.message.length} characters: ${error.message.slice(0, 200)}...`; // prettier-ignore
  return undefined;
}

/** Throws (for fast-check to shrink) when `parse` throws or gives no clear result. */
function isClearResult(parse: () => unknown): void {
  const problem = unclear(parse());
  if (problem !== undefined) throw new Error(problem);
}

/** A good text with a few random edits. */
function mutated(good: fc.Arbitrary<string>): fc.Arbitrary<string> {
  const edit = fc.record({
    at: fc.nat(),
    op: fc.constantFrom('delete', 'insert', 'replace', 'double'),
    text: fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.constantFrom(':', ',', 'K', 'x', '-', '"', '{', '}', '[', ']', '\n', '0', '9', ' ')), // prettier-ignore
  });
  return fc.tuple(good, fc.array(edit, { minLength: 1, maxLength: 4 })).map(([text, edits]) => {
    let out = text;
    for (const { at, op, text: piece } of edits) {
      const i = out.length === 0 ? 0 : at % out.length;
      if (op === 'delete') out = out.slice(0, i) + out.slice(i + 1);
      else if (op === 'insert') out = out.slice(0, i) + piece + out.slice(i);
      else if (op === 'replace') out = out.slice(0, i) + piece + out.slice(i + piece.length);
      else out = out.slice(0, i) + out.slice(i, i + 40) + out.slice(i);
    }
    return out;
  });
}

/** Random text: short, binary, and very long. */
const randomText = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.tuple(fc.string({ maxLength: 5 }), fc.integer({ min: 500, max: 50_000 })).map(([s, n]) => s.repeat(Math.ceil(n / Math.max(1, s.length))).slice(0, n) || 'z'.repeat(n)), // prettier-ignore
);

/** A position reached by `plies` seeded random moves from the start of `variant`. */
function walked(seed: number, plies: number, variant: (typeof VARIANT_NAMES)[number]): Position {
  const position = Position.start(variant);
  let state = seed >>> 0;
  for (let i = 0; i < plies; i++) {
    const legal = legalMoves(position);
    if (legal.length === 0) break;
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const move = legal[state % legal.length];
    position.play(move.move, move.capturedLo, move.capturedHi);
  }
  return position;
}

const variant = fc.constantFrom(...VARIANT_NAMES);
const somePosition = fc.tuple(fc.nat(), fc.nat({ max: 40 }), variant).map(([s, p, v]) => walked(s, p, v)); // prettier-ignore

const root = projectRoot();
const PDN_SAMPLE = readFileSync(join(root, 'test/fixtures/games-armenian.pdn'), 'utf8').slice(0, 4000); // prettier-ignore
const PUZZLE_SAMPLE = readFileSync(join(root, 'data/puzzles-armenian.jsonl'), 'utf8').split('\n').slice(0, 4).join('\n'); // prettier-ignore

/** An option host that does nothing: the properties test how values are read, not loaded. */
function quietHost(): OptionHost {
  return {
    values: { ...DEFAULT_OPTION_VALUES },
    resizeHash: () => ok(undefined),
    setThreads: () => ok(undefined),
    setVariant: () => {},
    loadEndgameTables: () => ok(undefined),
    loadEvalFile: () => ok(undefined),
    clearHash: () => {},
  };
}

/** How long a property runs: its seed and number of runs. */
export interface RunSettings {
  readonly seed: number;
  readonly numRuns: number;
}

/** Every parser property, by name: each runs under `settings` and throws on a failure, shrunk. */
export const PARSER_PROPERTIES: Readonly<Record<string, (settings: RunSettings) => void>> = {
  'position text': (settings) =>
    fc.assert(
      fc.property(
        fc.oneof(randomText, mutated(somePosition.map((p) => p.toString()))),
        variant,
        (text, name) => isClearResult(() => Position.parse(text, name)),
      ),
      settings,
    ),
  'move text': (settings) =>
    fc.assert(
      fc.property(
        somePosition,
        fc.oneof(randomText, mutated(somePosition.map((p) => legalMoves(p)[0]?.text ?? 'c3-c4'))),
        (position, text) => isClearResult(() => parseMove(position, text)),
      ),
      settings,
    ),
  'protocol lines': (settings) =>
    fc.assert(
      fc.property(
        fc.oneof(randomText, mutated(fc.constantFrom('go depth 3 searchmoves c3-c4', 'position startpos moves c3-c4 f6-f5', 'setoption name Hash value 16', 'go wtime 100 btime 100 winc 1 binc 1', 'register name a code b', 'debug on', 'bench 2', 'go perft 3'))), // prettier-ignore
        (line) => isClearResult(() => parseCommand(line)),
      ),
      settings,
    ),
  PDN: (settings) =>
    fc.assert(
      fc.property(fc.oneof(randomText, mutated(fc.constant(PDN_SAMPLE))), (text) =>
        isClearResult(() => {
          const games = parsePdn(text);
          if (!games.ok) return games;
          for (const game of games.value) {
            const replayed = replayPdnGame(game);
            const problem = unclear(replayed);
            if (problem !== undefined) return replayed;
          }
          return games;
        }),
      ),
      settings,
    ),
  'puzzle files': (settings) =>
    fc.assert(
      fc.property(fc.oneof(randomText, mutated(fc.constant(PUZZLE_SAMPLE))), (text) =>
        isClearResult(() => parsePuzzleFile(text, 'fuzz.jsonl')),
      ),
      settings,
    ),
  'option values': (settings) =>
    fc.assert(
      fc.property(
        fc.constantFrom(...OPTIONS),
        fc.option(fc.oneof(randomText, fc.constantFrom('1', '-1', '0', '2048', '1e9', 'true', 'armenian', 'NaN', '0x10', ' 4 ')), { nil: undefined }), // prettier-ignore
        (option, value) => isClearResult(() => option.set(quietHost(), value)),
      ),
      settings,
    ),
};
