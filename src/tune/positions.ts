/**
 * Training positions from games: every position of a finished game past its first plies,
 * with the capture sequence the search would play followed to its end (the principal
 * variation of the search's own quiescence, QuietLeaves in search/quiet-leaf.ts), kept when that leaf is
 * quiet for both sides and not seen before, and labelled with the game's result.
 *
 * The positions file is text: '#' lines are comments (the first says the variant), then one
 * position a line: the result for White (`1`, `0.5`, `0`), the position text and, when
 * known (positions of data campaigns), the search's score in centi-men from the side to
 * move's view.
 */
import { generateMoves, hasCapture, MoveList } from '../core/movegen.js';
import { parseMove } from '../core/notation.js';
import { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import { SIDE, STATE_SIZE } from '../core/state.js';
import { parseVariantName, rulesFor, type Rules, type VariantName } from '../core/variant.js';
import { gameResultOfPdn, parsePdn, type GameResult, type PdnGame } from '../pdn/pdn.js';
import type { QuietLeaves } from '../search/quiet-leaf.js';

/** A move list for counting a leaf's moves, and the leaf itself. */
const scratch = new MoveList();
const leafState = new Int32Array(STATE_SIZE);

/** A finished game's result as the score White made (an unfinished game has none). */
const RESULT_SCORES: Readonly<Record<GameResult, number | undefined>> = {
  white: 1,
  draw: 0.5,
  black: 0,
  none: undefined,
};

/** Whether neither side could capture in `state`. */
export function quietForBoth(rules: Rules, state: Int32Array): boolean {
  if (hasCapture(rules, state)) return false;
  const flipped = Int32Array.from(state);
  flipped[SIDE] ^= 1;
  return !hasCapture(rules, flipped);
}

export interface ExtractOptions {
  /** Plies of each game (counted from its first position) whose positions are skipped. */
  readonly skipPlies: number;
}

export interface ExtractStats {
  games: number;
  /** Games without a result, or of another variant: not used. */
  skippedGames: number;
  positions: number;
  duplicates: number;
  /** Leaves where a capture was still pending for the side not to move, or with no move. */
  notQuiet: number;
}

/** What extracting positions works with: the rules, the leaves, the options, where they go and the counts. */
type ExtractArgs = [variant: VariantName, leaves: QuietLeaves, options: ExtractOptions, out: Map<string, number>, stats: ExtractStats]; // prettier-ignore

/**
 * Adds the training positions of every finished game of a PDN text to `out` (position
 * text to result for White), skipping positions already there. `leaves` finds the quiet
 * leaves with its evaluation.
 */
export function extractPositions(pdn: string, ...args: ExtractArgs): Result<void> {
  const games = parsePdn(pdn);
  if (!games.ok) return games;
  for (const game of games.value) {
    const done = extractGamePositions(game, ...args);
    if (!done.ok) return done;
  }
  return ok(undefined);
}

/**
 * Adds the training positions of one game of a PDN text (the next after those `stats`
 * counted) to `out`, as extractPositions does for each: for a command that gives the event
 * loop a turn between games.
 */
export function extractGamePositions(game: PdnGame, ...args: ExtractArgs): Result<void> {
  const [variant, leaves, options, out, stats] = args;
  const rules = rulesFor(variant);
  const result = RESULT_SCORES[gameResultOfPdn(game.result) ?? 'none'];
  const tag = game.tags.get('Variant');
  if (result === undefined || (tag !== undefined && parseVariantName(tag) !== variant)) {
    stats.skippedGames++;
    return ok(undefined);
  }
  const fen = game.tags.get('FEN');
  const start = fen === undefined ? ok(Position.start(variant)) : Position.parse(fen, variant);
  if (!start.ok) return fail('bad-position', `game ${stats.games + stats.skippedGames + 1}: FEN tag: ${start.error.message}`); // prettier-ignore
  const position = start.value;
  stats.games++;
  for (let ply = 0; ply < game.moves.length; ply++) {
    if (ply >= options.skipPlies) {
      leaves.find(rules, position.state, leafState);
      const leaf = new Position(rules, leafState);
      if (!quietForBoth(rules, leaf.state) || generateMoves(rules, leaf.state, scratch) === 0) {
        stats.notQuiet++;
      } else {
        const text = leaf.toString();
        if (out.has(text)) stats.duplicates++;
        else {
          out.set(text, result);
          stats.positions++;
        }
      }
    }
    const parsed = parseMove(position, game.moves[ply]);
    if (!parsed.ok) return fail('bad-move', `game ${stats.games + stats.skippedGames}, ply ${ply + 1}: ${parsed.error.message}`); // prettier-ignore
    position.play(parsed.value.move, parsed.value.capturedLo, parsed.value.capturedHi);
  }
  return ok(undefined);
}

/** The comment lines that open a positions file: the variant, then `about` line by line. */
export function positionsHeader(variant: VariantName, about: readonly string[]): string {
  return [`# tama training positions, variant ${variant}`, ...about.map((line) => `# ${line}`)].join('\n') + '\n'; // prettier-ignore
}

/** One line of a positions file: the result for White, the position text, the score if any. */
export function positionLine(result: number, position: string, score?: number | null): string {
  return score === undefined || score === null ? `${result} ${position}` : `${result} ${position} ${score}`; // prettier-ignore
}

/** The text of a positions file: a header of comments, then `result position` lines. */
export function formatPositions(
  variant: VariantName,
  about: string,
  positions: Map<string, number>,
): string {
  const lines: string[] = [];
  for (const [text, result] of positions) lines.push(positionLine(result, text) + '\n');
  return positionsHeader(variant, [about]) + lines.join('');
}

/** A training position: its state, the result of its game for White (1, 0.5, 0), and the search's score if known. */
export interface TrainingPosition {
  readonly state: Int32Array;
  readonly result: number;
  /** Centi-men from the side to move's view. */
  readonly score?: number;
}

/** Reads a positions file of `variant`; an error names the line and what is wrong with it. */
export function parsePositions(text: string, variant: VariantName): Result<TrainingPosition[]> {
  const positions: TrainingPosition[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const declared = /^# tama training positions, variant (\w+)/.exec(line)?.[1];
      if (declared !== undefined && declared !== variant) {
        return fail('wrong-variant', `the positions are of variant ${declared}, not ${variant}`);
      }
      continue;
    }
    const [result, fen, score, extra] = line.split(/\s+/);
    if (result !== '1' && result !== '0.5' && result !== '0') {
      return fail('bad-result', `line ${i + 1}: the result must be 1, 0.5 or 0, got '${result}'`);
    }
    const parsed = Position.parse(fen ?? '', variant);
    if (!parsed.ok) return fail('bad-position', `line ${i + 1}: ${parsed.error.message}`);
    if (score !== undefined && !/^-?\d{1,6}$/.test(score)) return fail('bad-score', `line ${i + 1}: the score must be a whole number of centi-men, got '${score}'`); // prettier-ignore
    if (extra !== undefined) return fail('bad-line', `line ${i + 1}: unexpected '${extra}' after the score`); // prettier-ignore
    const position = { state: parsed.value.state, result: Number(result) };
    positions.push(score === undefined ? position : { ...position, score: Number(score) });
  }
  return ok(positions);
}
