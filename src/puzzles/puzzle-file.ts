/**
 * The puzzle file: one JSON object a line (JSON Lines). The first line is the header (what
 * made the file: the command, the engine and its bench signature, the settings and seed);
 * each further line is one puzzle: a position, the line that solves it (the solver's
 * moves and the forced replies between them, ending on the solver's move) and how it was
 * proven. Reading checks every puzzle by the rules, so a file that reads is one the page
 * can play; a bad file is refused with an error naming the file and the line.
 */
import { quote } from '../core/quote.js';
import { parseMove } from '../core/notation.js';
import { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import { parseVariantName, type VariantName } from '../core/variant.js';
import { parseScoreText, wins, doesNotWin, CHECK_MARGIN, type Proof, type Thresholds } from './judge.js'; // prettier-ignore

export const PUZZLE_FORMAT = 'tama-puzzles';
export const PUZZLE_FORMAT_VERSION = 1;

/** One puzzle. */
export interface Puzzle {
  /** The position's key as 16 hex digits: the same position, the same id. */
  readonly id: string;
  /** Position text; its side to move is the solver. */
  readonly position: string;
  /** Solver's move, reply, solver's move, ...: an odd number of moves in full move text. */
  readonly line: readonly string[];
  /** The depth at which the engine first found the first move and kept it. */
  readonly rating: number;
  /** The depth of the check that found every other first move not winning. */
  readonly depth: number;
  /** The check's score of the first move and of the best other move (`cp 412`, `mate 7`). */
  readonly best: string;
  readonly second: string;
  readonly proof: Proof;
  /** Where the position came from (`games.pdn game 12 ply 37`). */
  readonly source: string;
}

/** What made a file. */
export interface PuzzleHeader {
  readonly format: typeof PUZZLE_FORMAT;
  readonly version: number;
  readonly variant: VariantName;
  readonly count: number;
  /** The command line that made the file. */
  readonly command: string;
  /** The engine's name and bench signature (`Nodes searched` of its `bench`). */
  readonly engine: string;
  readonly bench: number | null;
  readonly settings: PuzzleSettings;
}

/** The miner's settings, recorded in the header. */
export interface PuzzleSettings {
  readonly screenNodes: number;
  readonly checkNodes: number;
  readonly multiPv: number;
  readonly threads: number;
  readonly hashMb: number;
  readonly egdbPath: string | null;
  readonly screen: Thresholds;
  readonly check: Thresholds;
  readonly checkMargin: number;
  readonly maxSolverMoves: number;
  /** The seed of the order in which candidate positions were searched. */
  readonly seed: number;
  /** Whether positions one move off the games' were searched too (mine.ts). */
  readonly branches: boolean;
  readonly sources: readonly string[];
}

export interface PuzzleFile {
  readonly header: PuzzleHeader;
  readonly puzzles: readonly Puzzle[];
}

export type PuzzleFileErrorCode = 'bad-json' | 'bad-header' | 'bad-puzzle' | 'bad-count';

/** The file's text: the header line, then a line a puzzle. */
export function formatPuzzleFile(header: PuzzleHeader, puzzles: readonly Puzzle[]): string {
  const lines = [JSON.stringify({ ...header, count: puzzles.length })];
  for (const puzzle of puzzles) lines.push(JSON.stringify(puzzle));
  return lines.join('\n') + '\n';
}

type Fields = Record<string, unknown>;

const isInteger = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

/** Reads a puzzle file's text; `name` (the file's name) starts every error message. */
export function parsePuzzleFile(
  text: string,
  name: string,
): Result<PuzzleFile, PuzzleFileErrorCode> {
  // prettier-ignore
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const where = (index: number) => `${name}: line ${index + 1}`;
  const objects: Fields[] = [];
  for (const [index, line] of lines.entries()) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      return fail('bad-json', `${where(index)}: not JSON: ${quote((error as Error).message)}`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return fail('bad-json', `${where(index)}: not a JSON object`);
    }
    objects.push(value as Fields);
  }
  if (objects.length === 0) return fail('bad-header', `${name}: line 1: empty file (a header line is needed)`); // prettier-ignore
  const header = readHeader(objects[0]);
  if (!header.ok) return fail('bad-header', `${where(0)}: ${header.error.message}`);
  const puzzles: Puzzle[] = [];
  const ids = new Set<string>();
  for (let index = 1; index < objects.length; index++) {
    const puzzle = readPuzzle(objects[index], header.value.variant, header.value.settings.check);
    if (!puzzle.ok) return fail('bad-puzzle', `${where(index)}: ${puzzle.error.message}`);
    if (ids.has(puzzle.value.id)) return fail('bad-puzzle', `${where(index)}: puzzle ${puzzle.value.id} is listed twice`); // prettier-ignore
    ids.add(puzzle.value.id);
    puzzles.push(puzzle.value);
  }
  if (puzzles.length !== header.value.count) {
    return fail('bad-count', `${where(0)}: the header says ${header.value.count} puzzles, the file has ${puzzles.length}`); // prettier-ignore
  }
  return ok({ header: header.value, puzzles });
}

function readHeader(fields: Fields): Result<PuzzleHeader> {
  if (fields.format !== PUZZLE_FORMAT) return fail('format', `not a puzzle file header (format must be "${PUZZLE_FORMAT}")`); // prettier-ignore
  if (fields.version !== PUZZLE_FORMAT_VERSION) return fail('version', `version ${String(fields.version)} is not read (this build reads ${PUZZLE_FORMAT_VERSION})`); // prettier-ignore
  const variant = typeof fields.variant === 'string' ? parseVariantName(fields.variant) : undefined;
  if (variant === undefined) return fail('variant', `unknown variant ${JSON.stringify(fields.variant)}`); // prettier-ignore
  if (!isInteger(fields.count, 0)) return fail('count', 'count must be a whole number');
  for (const key of ['command', 'engine'] as const) {
    if (typeof fields[key] !== 'string') return fail(key, `${key} must be text`);
  }
  if (fields.bench !== null && !isInteger(fields.bench, 0)) return fail('bench', 'bench must be a whole number or null'); // prettier-ignore
  const settings = fields.settings as Partial<PuzzleSettings> | null | undefined;
  const check = settings?.check;
  if (
    typeof settings !== 'object' ||
    settings === null ||
    !isInteger(check?.winCp, 1) ||
    !isInteger(check.otherCp, -100000)
  ) {
    // prettier-ignore
    return fail('settings', 'settings must be an object with the check thresholds (check.winCp, check.otherCp)'); // prettier-ignore
  }
  return ok({ ...(fields as unknown as PuzzleHeader), variant });
}

const PROOFS: readonly Proof[] = ['material', 'forced-win', 'tables'];

/** One puzzle line's fields, checked by themselves and by the rules. */
function readPuzzle(fields: Fields, variant: VariantName, check: Thresholds): Result<Puzzle> {
  for (const key of ['id', 'position', 'best', 'second', 'source'] as const) {
    if (typeof fields[key] !== 'string') return fail(key, `${key} must be text`);
  }
  const { id, position, best, second } = fields as Record<string, string>;
  if (!/^[0-9a-f]{16}$/.test(id)) return fail('id', `id ${quote(id)} is not 16 hex digits`);
  if (!isInteger(fields.rating, 1)) return fail('rating', 'rating must be a whole number from 1');
  if (!isInteger(fields.depth, 1)) return fail('depth', 'depth must be a whole number from 1');
  if (fields.depth < fields.rating + CHECK_MARGIN) {
    return fail('depth', `the check's depth ${fields.depth} is not ${CHECK_MARGIN} deeper than the rating ${fields.rating}`); // prettier-ignore
  }
  if (!PROOFS.includes(fields.proof as Proof)) return fail('proof', `proof must be one of ${PROOFS.join(', ')}`); // prettier-ignore
  const bestScore = parseScoreText(best);
  const secondScore = parseScoreText(second);
  if (bestScore === undefined || secondScore === undefined) return fail('score', "best and second must read 'cp N' or 'mate N'"); // prettier-ignore
  if (!wins(bestScore, check) || !doesNotWin(secondScore, check)) {
    return fail('score', `the scores '${best}' and '${second}' do not show one winning move by the header's check (win from cp ${check.winCp}, others at most cp ${check.otherCp})`); // prettier-ignore
  }
  const line = fields.line;
  if (
    !Array.isArray(line) ||
    line.length % 2 !== 1 ||
    !line.every((move) => typeof move === 'string')
  ) {
    // prettier-ignore
    return fail('line', 'line must be an odd number of moves (the solver moves first and last)');
  }
  const parsed = Position.parse(position, variant);
  if (!parsed.ok) return fail('position', `bad position text: ${parsed.error.message}`);
  const walk = parsed.value;
  if (walk.keyHex() !== id) return fail('id', `id ${id} is not the position's key ${walk.keyHex()}`); // prettier-ignore
  for (const [ply, text] of line.entries()) {
    const move = parseMove(walk, text);
    if (!move.ok) return fail('line', `move ${ply + 1} of the line: ${move.error.message}`);
    if (move.value.text !== text) return fail('line', `move ${ply + 1} of the line: write ${quote(text)} in full, '${move.value.text}'`); // prettier-ignore
    walk.play(move.value.move, move.value.capturedLo, move.value.capturedHi);
  }
  return ok({ ...(fields as unknown as Puzzle), line: line });
}
