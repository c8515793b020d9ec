/**
 * PDN (Portable Draughts Notation) for match games: writing a finished game and reading
 * games back. A game is tag pairs (`[Event "..."]`), then the moves numbered by full move
 * (`1. c3-c4 f6-f5 2. ...`, `1... f6-f5` when Black starts) in the move text of docs/rules.md, engine
 * moves followed by a `{score/depth time}` comment, and the result: `2-0` White won, `1-1`
 * draw, `0-2` Black won. A game from another position than the start carries it in a FEN
 * tag (position text). `TimeControl` is in seconds, as PGN has it (`300+3`, `10+0.1`,
 * `40/60+0.6`, `st=1`, `-` for none); readTimeControls also reads the minutes that the page
 * wrote before (see there). Reading skips comments, move numbers and unknown tags.
 */
import { quote as quoteInput } from '../core/quote.js';
import { parseMove } from '../core/notation.js';
import { Position } from '../core/position.js';
import { fail, ok, type Result } from '../core/result.js';
import { BLACK, parseVariantName, type Color, type VariantName } from '../core/variant.js';
import { parseLimits, type PlayerLimits } from '../clock/time-control.js';
import type { EngineScore } from '../engine-client/info.js';

/** How a game ended for PDN: a side won, a draw, or not finished ('none', written `*`). */
export type GameResult = 'white' | 'black' | 'draw' | 'none';

/** One move as PDN writes it; an engine's move carries its score, depth and time. */
export interface PdnMove {
  readonly text: string;
  readonly color: Color;
  /** True for an opening's moves, which no engine chose (they carry no comment). */
  readonly book: boolean;
  readonly elapsedMs?: number;
  readonly score?: EngineScore;
  readonly depth?: number;
}

/** A game to write: its start, moves, result and why it ended. */
export interface PdnRecord {
  /** Position text of the first position; undefined for the start position. */
  readonly fen?: string;
  readonly moves: readonly PdnMove[];
  readonly result: GameResult;
  /** The Termination tag; undefined writes none. */
  readonly termination?: string;
  /** A sentence for people, written as the closing comment. */
  readonly reason: string;
}

/** What a PDN file says besides the moves. */
export interface PdnHeader {
  readonly event: string;
  /** The day the game started. */
  readonly date: Date;
  readonly round: string;
  readonly white: string;
  readonly black: string;
  readonly variant: VariantName;
  /** Time control of each side (the same text for both gives one TimeControl tag). */
  readonly whiteTimeControl: string;
  readonly blackTimeControl: string;
}

export interface PdnGame {
  /** Tags in file order. */
  readonly tags: ReadonlyMap<string, string>;
  readonly moves: readonly string[];
  /** The result token at the end of the moves ('2-0', '1-1', '0-2' or '*'). */
  readonly result: string;
}

export type PdnErrorCode =
  'bad-tag' | 'bad-comment' | 'bad-move' | 'bad-variant' | 'bad-position' | 'bad-time-control';

/** Each side's limits as a game's tags give them (undefined: none or unknown). */
export interface PdnTimeControls {
  readonly white: PlayerLimits | undefined;
  readonly black: PlayerLimits | undefined;
}

const MOVES_PER_LINE_WIDTH = 80;

/** The result tokens of PDN: draughts scores a win 2 points, a draw 1; `*` is unfinished. */
const PDN_RESULTS: Readonly<Record<GameResult, string>> = {
  white: '2-0',
  draw: '1-1',
  black: '0-2',
  none: '*',
};

/** The PDN result text of a game result; '*' for an unfinished game. */
export function pdnResultOf(result: GameResult): string {
  return PDN_RESULTS[result];
}

/** The game result a PDN result token stands for; undefined for a token that is none. */
export function gameResultOfPdn(token: string): GameResult | undefined {
  return (Object.keys(PDN_RESULTS) as GameResult[]).find((result) => PDN_RESULTS[result] === token);
}

/** One tag pair as PDN writes it: `[Name "value"]`, quotes and backslashes escaped. */
export function formatPdnTag(name: string, value: string): string {
  return `[${name} ${quote(value)}]`;
}

function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function pdnDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`;
}

/** The comment after an engine move: score in men (100 cp) from the mover's side, depth, time. */
export function moveComment(move: PdnMove): string | undefined {
  if (move.book) return undefined;
  const parts: string[] = [];
  if (move.score !== undefined) {
    let score: string;
    if (move.score.unit === 'mate')
      score = `${move.score.value > 0 ? '+' : '-'}M${Math.abs(move.score.value)}`;
    else score = `${move.score.value >= 0 ? '+' : ''}${(move.score.value / 100).toFixed(2)}`;
    parts.push(move.depth !== undefined ? `${score}/${move.depth}` : score);
  }
  if (move.elapsedMs !== undefined) parts.push(`${(move.elapsedMs / 1000).toFixed(3)}s`);
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** One game as PDN text, ending with a blank line. */
export function formatPdnGame(header: PdnHeader, game: PdnRecord): string {
  const tags: [string, string][] = [
    ['Event', header.event],
    ['Date', pdnDate(header.date)],
    ['Round', header.round],
    ['White', header.white],
    ['Black', header.black],
    ['Result', pdnResultOf(game.result)],
  ];
  if (game.fen !== undefined) tags.push(['FEN', game.fen]);
  tags.push(['Variant', header.variant === 'armenian' ? 'Armenian' : 'Turkish']);
  if (header.whiteTimeControl === header.blackTimeControl) {
    tags.push(['TimeControl', header.whiteTimeControl]);
  } else {
    tags.push(['WhiteTimeControl', header.whiteTimeControl]);
    tags.push(['BlackTimeControl', header.blackTimeControl]);
  }
  if (game.termination !== undefined) tags.push(['Termination', game.termination]);
  tags.push(['PlyCount', String(game.moves.length)]);
  const lines = tags.map(([name, value]) => `[${name} ${quote(value)}]`);
  lines.push('');

  // A move keeps its number and its comment on its own line.
  const tokens: string[] = [];
  let moveNumber = 1;
  game.moves.forEach((move, i) => {
    const number = move.color !== BLACK ? `${moveNumber}. ` : i === 0 ? `${moveNumber}... ` : '';
    const comment = moveComment(move);
    tokens.push(number + move.text + (comment === undefined ? '' : ` {${comment}}`));
    if (move.color === BLACK) moveNumber++;
  });
  tokens.push(`{${game.reason.replace(/[{}]/g, '')}}`);
  tokens.push(pdnResultOf(game.result));
  let line = '';
  for (const token of tokens) {
    if (line !== '' && line.length + 1 + token.length > MOVES_PER_LINE_WIDTH) {
      lines.push(line);
      line = token;
    } else line = line === '' ? token : `${line} ${token}`;
  }
  lines.push(line, '', '');
  return lines.join('\n');
}

/** Reads every game of a PDN text. */
export function parsePdn(text: string): Result<PdnGame[], PdnErrorCode> {
  const games: PdnGame[] = [];
  let tags = new Map<string, string>();
  let moves: string[] = [];
  let inMoves = false;
  let i = 0;
  const finish = (result: string) => {
    games.push({ tags, moves, result });
    tags = new Map();
    moves = [];
    inMoves = false;
  };
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '[' && !inMoves) {
      const match = /^\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/.exec(text.slice(i, i + 10000));
      if (match === null) return fail('bad-tag', `bad tag at offset ${i}`);
      tags.set(match[1], match[2].replace(/\\(.)/g, '$1'));
      i += match[0].length;
    } else if (c === '{') {
      const close = text.indexOf('}', i);
      if (close < 0) return fail('bad-comment', `unclosed comment at offset ${i}`);
      i = close + 1;
    } else if (c === ';') {
      const newline = text.indexOf('\n', i);
      i = newline < 0 ? text.length : newline + 1;
    } else {
      const match = /^\S+/.exec(text.slice(i, i + 1000));
      const token = match === null ? c : match[0].replace(/\{.*$/, '');
      i += Math.max(1, token.length);
      if (gameResultOfPdn(token) !== undefined) {
        finish(token);
        continue;
      }
      inMoves = true;
      // A move's number goes, and so do annotation marks: `c3-d4?!`, a `$2` glyph.
      const move = /^\$\d+$/.test(token) ? '' : token.replace(/^\d+\.+/, '').replace(/[!?]+$/, '');
      if (move !== '') moves.push(move);
    }
  }
  if (inMoves || tags.size > 0) finish('*');
  return ok(games);
}

/**
 * The page (`Event "tama gui"`) once wrote its clocks in minutes under the names it offered;
 * read in seconds they would be a few seconds a game. Its clocks now go out in seconds
 * (`300+3`), which never spell one of these names, so these names in a page's game are
 * minutes and every other time control is seconds.
 */
const OLD_PAGE_EVENT = 'tama gui';
const OLD_PAGE_MINUTES = new Set(['1+0', '3+2', '5+3', '10+5', '15+10', '30+20']);

/** One side's TimeControl tag value, read in seconds (or the old page's minutes). */
function readTimeControl(
  game: PdnGame,
  tag: string,
): Result<PlayerLimits | undefined, PdnErrorCode> {
  // prettier-ignore
  const text = game.tags.get(tag);
  if (text === undefined) return ok(undefined);
  const limits = parseLimits(text);
  if (!limits.ok) return fail('bad-time-control', `${tag} tag: ${limits.error.message}`);
  const clock = limits.value?.clock;
  if (clock && game.tags.get('Event') === OLD_PAGE_EVENT && OLD_PAGE_MINUTES.has(text.trim())) {
    return ok({ ...limits.value, clock: { ...clock, baseMs: clock.baseMs * 60 } });
  }
  return ok(limits.value);
}

/**
 * Each side's time control from a game's tags: `WhiteTimeControl`/`BlackTimeControl`, else
 * `TimeControl` for both, in seconds; the old page's minutes (`5+3`) are read as minutes.
 */
export function readTimeControls(game: PdnGame): Result<PdnTimeControls, PdnErrorCode> {
  const both = readTimeControl(game, 'TimeControl');
  if (!both.ok) return both;
  const white = game.tags.has('WhiteTimeControl') ? readTimeControl(game, 'WhiteTimeControl') : both; // prettier-ignore
  if (!white.ok) return white;
  const black = game.tags.has('BlackTimeControl') ? readTimeControl(game, 'BlackTimeControl') : both; // prettier-ignore
  if (!black.ok) return black;
  return ok({ white: white.value, black: black.value });
}

/** Replays a game's moves from its FEN tag (or the start) and returns the final position. */
export function replayPdnGame(
  game: PdnGame,
  variant?: VariantName,
): Result<Position, PdnErrorCode> {
  const variantTag = game.tags.get('Variant');
  const chosen = variant ?? (variantTag === undefined ? 'armenian' : parseVariantName(variantTag));
  if (chosen === undefined)
    return fail('bad-variant', `unknown variant ${quoteInput(variantTag ?? '')}`);
  const fen = game.tags.get('FEN');
  const start = fen === undefined ? ok(Position.start(chosen)) : Position.parse(fen, chosen);
  if (!start.ok) return fail('bad-position', `FEN tag: ${start.error.message}`);
  const position = start.value;
  for (let ply = 0; ply < game.moves.length; ply++) {
    const parsed = parseMove(position, game.moves[ply]);
    if (!parsed.ok) return fail('bad-move', `ply ${ply + 1}: ${parsed.error.message}`);
    position.play(parsed.value.move, parsed.value.capturedLo, parsed.value.capturedHi);
  }
  return ok(position);
}
