/**
 * Openings for a match: a text file with one opening a line, either position text
 * (`W:Wa2,...:B...`, optionally followed by moves from it) or a move sequence from the
 * start (`c3-c4 f6-f5 ...`, move numbers allowed). Lines starting with `#` and blank lines
 * are ignored. Every opening is checked against the rules when it is loaded, so a game never
 * starts from a bad line. Each opening is played twice, colours swapped (schedule.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Game } from '../core/game.js';
import { START_POSITION } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { readBoundedText } from '../files/bounded-read.js';
import { OPENINGS_FILE_CAP } from '../files/read-caps.js';
import { seededRandom, shuffled } from '../stats/random.js';

export interface Opening {
  /** Position text of the first position; undefined for the start position. */
  readonly fen?: string;
  /** Moves played from that position before the engines take over, in full move text. */
  readonly moves: readonly string[];
  /** Its line in the openings file (1-based); 0 when it is not from a file. */
  readonly line: number;
}

/** The start position with no moves: what every game uses when no openings are given. */
export const START_OPENING: Opening = Object.freeze({ moves: Object.freeze([]), line: 0 });

export type OpeningOrder = 'sequential' | 'random';

/**
 * The openings file shipped for a variant (`data/openings-<variant>.txt`, made by
 * `tama match-openings`), found from this module in the sources or in dist/; undefined when
 * it is not there.
 */
export function shippedOpeningsFile(variant: VariantName): string | undefined {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++, folder = dirname(folder)) {
    const path = join(folder, 'data', `openings-${variant}.txt`);
    if (existsSync(path)) return path;
  }
  return undefined;
}

export type OpeningErrorCode = 'unreadable' | 'bad-position' | 'bad-move' | 'game-over' | 'empty';

/** The game of an opening: its first position with its moves played (checked at loading). */
export function openingGame(opening: Opening, variant: VariantName): Game {
  const game = Game.parse(opening.fen, opening.moves, variant);
  if (!game.ok) throw new Error(`opening: ${game.error.message}`);
  return game.value;
}

/**
 * Reads one opening line; `plies` (when given) keeps only that many of its moves. Fails when
 * the position text is bad, a move is illegal, or the game is already over after it.
 */
export function parseOpeningLine(
  text: string,
  variant: VariantName,
  plies?: number,
  line = 0,
): Result<Opening, OpeningErrorCode> {
  let rest = text.trim();
  let fen: string | undefined;
  if (/^[WB]:/i.test(rest)) {
    const space = rest.search(/\s/);
    fen = space < 0 ? rest : rest.slice(0, space);
    rest = space < 0 ? '' : rest.slice(space + 1).trim();
  }
  const tokens = rest === '' ? [] : rest.split(/\s+/).filter((t) => !/^\d+\.+$/.test(t));
  const moves = tokens.slice(0, plies).map((token) => token.replace(/^\d+\.+/, ''));
  const parsed = Game.parse(fen, [], variant);
  if (!parsed.ok) return fail('bad-position', parsed.error.message);
  const game = parsed.value;
  for (const move of moves) {
    const played = game.playText(move);
    if (!played.ok) return fail('bad-move', played.error.message);
  }
  const end = game.outcome();
  if (end !== undefined) return fail('game-over', `the game is over after this opening: ${end.description}`); // prettier-ignore
  const first = game.start.toString();
  return ok({ fen: first === START_POSITION ? undefined : first, moves: game.moves, line });
}

/** Reads an openings file's text: one opening a line, `#` comments and blank lines skipped. */
export function parseOpenings(
  text: string,
  variant: VariantName,
  plies?: number,
): Result<Opening[], OpeningErrorCode> {
  const openings: Opening[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '' || line.startsWith('#')) continue;
    const parsed = parseOpeningLine(line, variant, plies, i + 1);
    if (!parsed.ok) return fail(parsed.error.code, `line ${i + 1}: ${parsed.error.message}`);
    openings.push(parsed.value);
  }
  if (openings.length === 0) return fail('empty', 'the openings file has no openings');
  return ok(openings);
}

/** Loads and checks an openings file. */
export function loadOpenings(
  path: string,
  variant: VariantName,
  plies?: number,
): Result<Opening[], OpeningErrorCode> {
  const text = readBoundedText(path, OPENINGS_FILE_CAP, `openings file '${path}'`);
  if (!text.ok) return fail('unreadable', text.error.message);
  const parsed = parseOpenings(text.value, variant, plies);
  return parsed.ok ? parsed : fail(parsed.error.code, `${path}: ${parsed.error.message}`);
}

/**
 * Which opening each game pair gets: the file's order from line `start` (1-based), or a
 * shuffle fixed by `seed`; both wrap around when the match has more pairs than openings.
 */
export class OpeningSequence {
  private readonly ordered: readonly Opening[];

  constructor(
    openings: readonly Opening[],
    order: OpeningOrder = 'sequential',
    seed = 1,
    private readonly start = 1,
  ) {
    this.ordered = order === 'random' ? shuffled(openings, seededRandom(seed)) : openings;
  }

  get size(): number {
    return this.ordered.length;
  }

  /** The opening of game pair `pairNumber` (0-based). */
  at(pairNumber: number): Opening {
    return this.ordered[(this.start - 1 + pairNumber) % this.ordered.length];
  }
}
