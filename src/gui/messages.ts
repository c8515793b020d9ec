/**
 * The messages between the page and the `tama gui` server, one JSON object per WebSocket
 * message. The server reads every message from the page with parseClientMessage: a message
 * that is too long, not JSON, of an unknown type or with a bad field is refused with a
 * specific error and changes nothing; a `go` whose game the rules core cannot replay (bad
 * position text, an illegal move for its variant) is refused by checkGoGame before any line
 * reaches the engine. Shared by the server and the page (no Node, no DOM).
 */
import { Game } from '../core/game.js';
import { quote } from '../core/quote.js';
import { fail, ok, type ParseError, type Result } from '../core/result.js';
import { VARIANT_NAMES, type VariantName } from '../core/variant.js';
import { MULTI_PV_RANGE, SKILL_LEVEL_RANGE } from '../engine/option-ranges.js';
import { GO_LIMIT_NAMES, goLine, positionLine, type SearchLimits } from '../engine-client/go.js';

/** The longest message the server reads from a page (bytes on the socket, characters here). */
export const MAX_MESSAGE_LENGTH = 64 * 1024;
/** The most moves a `go` may carry (a game longer than this cannot be sent). */
export const MAX_MOVES = 2000;
const MAX_NUMBER = 2 ** 31 - 1;

/** Search limits as the page asks for them (no `movestogo`); they become a `go` line. */
export type GoLimits = Omit<SearchLimits, 'movestogo'>;

export type ClientMessage =
  /** Search a game: position text (or the start) and moves, with these options and limits. */
  | {
      readonly type: 'go';
      readonly id: number;
      readonly variant: VariantName;
      readonly fen?: string;
      readonly moves: readonly string[];
      readonly limits: GoLimits;
      readonly skillLevel: number;
      readonly multiPV: number;
    }
  /** End the search under way (its bestmove still comes). */
  | { readonly type: 'stop' }
  /** A new game: the engine forgets its table. */
  | { readonly type: 'newgame' };

export type ServerMessage =
  /** The engine is ready (again, after a restart). */
  | { readonly type: 'ready'; readonly engine: string; readonly options: readonly string[] }
  /** An `info` line of search `id`. */
  | { readonly type: 'info'; readonly id: number; readonly line: string }
  /** The end of search `id`; move is '0000' when the side to move had no move. */
  | { readonly type: 'bestmove'; readonly id: number; readonly move: string; readonly ponder?: string } // prettier-ignore
  /** The engine said `info string error: ...` (about search `id`, if one was asked). */
  | { readonly type: 'engine-error'; readonly message: string }
  /** The engine crashed, left or stalled; the server restarts it. */
  | { readonly type: 'engine-failed'; readonly kind: string; readonly message: string }
  /**
   * A message from the page was refused (or the server refuses the tab: fatal); `id` is the
   * refused `go`'s, when it was one (no bestmove follows for it).
   */
  | { readonly type: 'error'; readonly message: string; readonly id?: number; readonly fatal?: boolean }; // prettier-ignore

export type MessageErrorCode = 'too-long' | 'not-json' | 'bad-type' | 'bad-field' | 'bad-game';

/** A refused message, with the `go`'s id when the refused message was a `go` that had one. */
export interface MessageError extends ParseError<MessageErrorCode> {
  readonly id?: number;
}

/** A `go` message, read. */
export type GoMessage = Extract<ClientMessage, { type: 'go' }>;

/** A game the rules core has replayed: where it started, and the game after its moves. */
export interface CheckedGame {
  readonly variant: VariantName;
  readonly fen: string | undefined;
  readonly game: Game;
}

const MOVE_TEXT = /^[a-h][1-8](?:-[a-h][1-8]|(?:x[a-h][1-8]){1,32})$/;
const POSITION_TEXT = /^[WB]:[WBK0-9a-h,:]*$/;
const LIMIT_NAMES = GO_LIMIT_NAMES.filter((name) => name !== 'movestogo');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function wholeNumber(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

function badField(message: string) {
  return fail<MessageErrorCode>('bad-field', message);
}

function onlyKeys(record: Record<string, unknown>, allowed: readonly string[], what: string) {
  const extra = Object.keys(record).find((key) => !allowed.includes(key));
  return extra === undefined ? undefined : badField(`${what}: unknown field ${quote(extra)}`);
}

function parseLimits(value: unknown): Result<GoLimits, MessageErrorCode> {
  if (!isRecord(value)) return badField('go: limits must be an object');
  const extra = onlyKeys(value, [...LIMIT_NAMES, 'infinite'], 'go limits');
  if (extra) return extra;
  const limits: Record<string, number | boolean> = {};
  for (const name of LIMIT_NAMES) {
    const field = value[name];
    if (field === undefined) continue;
    if (!wholeNumber(field, 0, MAX_NUMBER)) {
      return badField(`go: limit ${name} must be a whole number from 0 to ${MAX_NUMBER}`);
    }
    limits[name] = field;
  }
  if (value.infinite !== undefined) {
    if (value.infinite !== true) return badField('go: limit infinite must be true when given');
    limits.infinite = true;
  }
  if (Object.keys(limits).length === 0) return badField('go: give at least one limit');
  return ok(limits as GoLimits);
}

function parseGo(value: Record<string, unknown>): Result<ClientMessage, MessageErrorCode> {
  const fields = ['type', 'id', 'variant', 'fen', 'moves', 'limits', 'skillLevel', 'multiPV'];
  const extra = onlyKeys(value, fields, 'go');
  if (extra) return extra;
  if (!wholeNumber(value.id, 0, MAX_NUMBER)) return badField('go: id must be a whole number');
  const variant = VARIANT_NAMES.find((name) => name === value.variant);
  if (variant === undefined) {
    return badField(`go: variant must be one of ${VARIANT_NAMES.join(', ')}`);
  }
  if (value.fen !== undefined) {
    if (typeof value.fen !== 'string' || value.fen.length > 200 || !POSITION_TEXT.test(value.fen)) {
      return badField('go: fen must be position text like W:Wa2,Kd4:Ba6');
    }
  }
  const moves = value.moves;
  if (!Array.isArray(moves) || moves.length > MAX_MOVES) {
    return badField(`go: moves must be a list of at most ${MAX_MOVES} moves`);
  }
  const badMove = moves.findIndex((move) => typeof move !== 'string' || !MOVE_TEXT.test(move));
  if (badMove >= 0) return badField(`go: move ${badMove + 1} is not move text`);
  const limits = parseLimits(value.limits);
  if (!limits.ok) return limits;
  const skill = SKILL_LEVEL_RANGE;
  if (!wholeNumber(value.skillLevel, skill.min, skill.max)) {
    return badField(`go: skillLevel must be a whole number from ${skill.min} to ${skill.max}`);
  }
  const lines = MULTI_PV_RANGE;
  if (!wholeNumber(value.multiPV, lines.min, lines.max)) {
    return badField(`go: multiPV must be a whole number from ${lines.min} to ${lines.max}`);
  }
  return ok({
    type: 'go',
    id: value.id,
    variant,
    fen: value.fen,
    moves: moves as string[],
    limits: limits.value,
    skillLevel: value.skillLevel,
    multiPV: value.multiPV,
  });
}

/**
 * Reads one message from a page; never throws. A refused `go` whose id could be read carries
 * it, so that the page knows which search will never answer.
 */
export function parseClientMessage(
  text: string,
):
  | { readonly ok: true; readonly value: ClientMessage }
  | { readonly ok: false; readonly error: MessageError } {
  // prettier-ignore
  if (text.length > MAX_MESSAGE_LENGTH) {
    return fail('too-long', `message of ${text.length} characters; at most ${MAX_MESSAGE_LENGTH}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail('not-json', 'message is not JSON');
  }
  if (!isRecord(value)) return fail('bad-type', 'message must be a JSON object');
  switch (value.type) {
    case 'go': {
      const go = parseGo(value);
      if (go.ok || !wholeNumber(value.id, 0, MAX_NUMBER)) return go;
      return { ok: false, error: { ...go.error, id: value.id } };
    }
    case 'stop':
    case 'newgame': {
      const extra = onlyKeys(value, ['type'], value.type);
      return extra ?? ok({ type: value.type });
    }
    default:
      return fail('bad-type', `unknown message type ${quote(typeof value.type === 'string' ? value.type : JSON.stringify(value.type ?? null))}`); // prettier-ignore
  }
}

/**
 * Replays a `go`'s game with the rules core: its position text read for its variant, then
 * every move checked in turn. When `previous` (the last game checked on this tab) is the
 * start of this one, only the new moves are replayed, as a page sends the whole game before
 * every search. A bad position or an illegal move is an error that names it.
 */
export function checkGoGame(
  message: GoMessage,
  previous?: CheckedGame,
): Result<CheckedGame, MessageErrorCode> {
  const same = previous?.variant === message.variant && previous.fen === message.fen;
  const continued = same ? previous.game.continuedTo(message.moves) : undefined;
  const game = continued ?? Game.parse(message.fen, message.moves, message.variant);
  if (!game.ok) return fail('bad-game', `go: ${message.variant} game refused: ${game.error.message}`); // prettier-ignore
  return ok({ variant: message.variant, fen: message.fen, game: game.value });
}

/** The protocol lines that run a `go` message: options, position, go. */
export function goLines(message: GoMessage): string[] {
  return [
    `setoption name Variant value ${message.variant}`,
    `setoption name Skill Level value ${message.skillLevel}`,
    `setoption name MultiPV value ${message.multiPV}`,
    positionLine(message.fen, message.moves),
    goLine(message.limits),
  ];
}
