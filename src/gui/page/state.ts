/**
 * The page's one state object: the game, what is shown of it, the settings, the engine and
 * its search, the move being entered and the message of the moment. Events change it (the
 * controller), the view draws from it alone. Questions about it that several places ask
 * ("is it the engine's turn?", "who plays White?", "what does the status line say?") are
 * answered here, once. Plain data, no DOM: tests run it in Node.
 */
import { BLACK, WHITE, type Color, type VariantName } from '../../core/variant.js';
import { Clock, TIME_CONTROLS, type TimeControl } from './clock.js';
import { COLOR_NAMES, Game } from './game.js';
import type { InfoLine } from './info.js';
import { MoveInput } from './input.js';
import type { PageReview } from './review.js';
import { DEFAULT_REVIEW_NODES } from '../../analyse/settings.js';
import { pdnResultOf } from '../../pdn/pdn.js';
import { SKILL_LEVEL_RANGE } from '../../engine/option-ranges.js';

/** Who plays: the person as White or Black, two people, or the engine on both sides. */
export type Mode = 'white' | 'black' | 'human' | 'engines';
/** Why the engine searches: to play its move, for a hint, or to analyse the shown position. */
export type Purpose = 'move' | 'hint' | 'analysis';
/** An info message reports what was done; an error says why something was refused. */
export type MessageKind = 'info' | 'error';

export interface Message {
  readonly text: string;
  readonly kind: MessageKind;
}

export interface SearchUnderWay {
  readonly id: number;
  readonly purpose: Purpose;
  /** The ply searched (the position after that many moves). */
  readonly ply: number;
  readonly sideToMove: Color;
}

/** A piece held by the pointer: its square, where it was picked up and where it is now. */
export interface Drag {
  readonly square: number;
  readonly startX: number;
  readonly startY: number;
  x: number;
  y: number;
  /** Whether it has left its square yet (a short wobble is still a click). */
  moved: boolean;
  /** The piece was already selected when it was picked up (a click then clears it). */
  readonly wasSelected: boolean;
}

export interface EngineInfo {
  name: string;
  ready: boolean;
  /** The engine offers `Skill Level` (else it always plays at its full strength). */
  hasSkillLevel: boolean;
  /** The server refused the tab, or the connection ended: nothing more will come. */
  fatal: boolean;
  status: Message;
  /** The engine runs in this browser's Web Workers (the static build, or the fallback). */
  inBrowser: boolean;
  /**
   * The engine in this browser cannot start either: its files came from a server that is
   * gone, and the page kept no copy of them (no service worker: neither HTTPS nor localhost).
   */
  browserEngineLost: boolean;
}

export interface PageState {
  mode: Mode;
  level: number;
  control: TimeControl | undefined;
  variant: VariantName;
  multiPV: number;
  analyse: boolean;
  flipped: boolean;
  game: Game;
  /** The ply shown: game.moves.length is the live position. */
  viewPly: number;
  input: MoveInput | undefined;
  clock: Clock | undefined;
  engine: EngineInfo;
  search: SearchUnderWay | undefined;
  nextSearchId: number;
  /** The engine's lines for the search under way (or the last one), by multipv number. */
  lines: Map<number, InfoLine>;
  hint: { from: number; path: number[] } | undefined;
  message: Message | undefined;
  /** The last move or result in words, for the live region. */
  announcement: string;
  /** The keyboard cursor's square; drawn only after keyboard use (showCursor). */
  cursor: number;
  showCursor: boolean;
  dragging: Drag | undefined;
  /** The game's review, running or done; undefined when none matches the game. */
  review: PageReview | undefined;
  /** Node budget of each position's search in a review. */
  reviewNodes: number;
  /** A puzzle is being solved: no review until it ends (as lichess offers analysis after). */
  puzzleSolving: boolean;
}

export const DEFAULT_LEVEL = 5;
export const MAX_LEVEL = SKILL_LEVEL_RANGE.max;

/**
 * Each level in words, for the level picker: what a person meets at it (docs/skill-levels.md
 * gives each level's depth, budget, random moves and measured Elo step).
 */
export const LEVEL_WORDS: readonly string[] = [
  'first steps: 1 ply deep, a random move one time in three',
  'beginner: 2 plies deep, a random move one time in eight',
  'casual: 3 plies deep, a random move one time in twenty',
  'learner: 4 plies deep, rarely a random move',
  'improver: 5 plies deep, no random moves',
  'intermediate: 6 plies deep',
  'advanced: 7 plies deep',
  'strong: 8 plies deep',
  'very strong: 10 plies deep',
  'near full strength: 12 plies deep',
  'full strength, on its clock',
];

/** A level as the picker shows it: "5 · intermediate: 6 plies deep". */
export function levelLabel(level: number): string {
  return `${level} · ${LEVEL_WORDS[level] ?? ''}`;
}
/** Thinking time per move without a clock, and for a hint. */
export const FREE_MOVE_MS = 1000;
/** The clock a new page offers. */
export const DEFAULT_CONTROL = '5+3';

/** A new page's state: playing White against the engine at the default level and clock. */
export function createState(): PageState {
  return {
    mode: 'white',
    level: DEFAULT_LEVEL,
    control: TIME_CONTROLS.find((c) => c.name === DEFAULT_CONTROL),
    variant: 'armenian',
    multiPV: 1,
    analyse: false,
    flipped: false,
    game: Game.fresh('armenian'),
    viewPly: 0,
    input: undefined,
    clock: undefined,
    engine: {
      name: 'engine',
      ready: false,
      hasSkillLevel: true,
      fatal: false,
      status: { text: 'connecting…', kind: 'info' },
      inBrowser: false,
      browserEngineLost: false,
    },
    search: undefined,
    nextSearchId: 1,
    lines: new Map(),
    hint: undefined,
    message: undefined,
    announcement: '',
    cursor: 27,
    showCursor: false,
    dragging: undefined,
    review: undefined,
    reviewNodes: DEFAULT_REVIEW_NODES,
    puzzleSolving: false,
  };
}

/** Whether the engine plays `color` in `mode`: the one place that decides who the engine is. */
export function enginePlays(mode: Mode, color: Color): boolean {
  return mode === 'engines' || (mode === 'white' && color === BLACK) || (mode === 'black' && color === WHITE); // prettier-ignore
}

/** The side the person plays against the engine, if exactly one. */
export function personColor(mode: Mode): Color | undefined {
  return mode === 'white' ? WHITE : mode === 'black' ? BLACK : undefined;
}

/**
 * The engine as a person calls it: the first word of its name ("Tama"), without version,
 * threads or hash (those are in the engine panel).
 */
export function engineShortName(state: PageState): string {
  return state.engine.name.split(' ')[0] || 'engine';
}

/** The opponent as the clocks and the status line name it: "Tama, level 5". */
export function opponentName(state: PageState): string {
  const name = engineShortName(state);
  return state.engine.hasSkillLevel ? `${name}, level ${state.level}` : name;
}

/** The name shown for `color`'s player: the engine's, "You", or "Player" between two people. */
export function playerName(state: PageState, color: Color): string {
  if (enginePlays(state.mode, color)) return opponentName(state);
  return state.mode === 'human' ? 'Player' : 'You';
}

/** Whether the engine is to move in the live game (never once it is over). */
export function isEngineTurn(state: PageState): boolean {
  return state.game.outcome() === undefined && enginePlays(state.mode, state.game.sideToMove);
}

/** Whether the live position is shown (not an earlier one). */
export function atLivePosition(state: PageState): boolean {
  return state.viewPly === state.game.moves.length;
}

/** The move input of the live position when a person may move now, else undefined. */
export function liveInput(state: PageState): MoveInput | undefined {
  if (!atLivePosition(state) || isEngineTurn(state)) return undefined;
  if (state.game.outcome() !== undefined) return undefined;
  state.input ??= new MoveInput(state.game.position, state.game.legalMoves());
  return state.input;
}

/**
 * Whether the page may offer the engine in this browser instead: the server's engine is
 * gone (the tab refused, the server gone, the engine failed to start).
 */
export function browserEngineOffered(state: PageState): boolean {
  const engine = state.engine;
  return engine.fatal && !engine.inBrowser && !engine.browserEngineLost;
}

/** Why a person cannot move now (undefined when they can). */
export function whyNoMove(state: PageState): string | undefined {
  if (state.game.outcome() !== undefined) return 'the game is over: start a new game or take back';
  if (state.engine.fatal && state.mode !== 'human') {
    const offer = browserEngineOffered(state) ? 'play with the engine in this browser, or ' : '';
    return `no engine to play against (${state.engine.status.text}): ${offer}choose human vs human`;
  }
  if (!atLivePosition(state)) {
    return 'you are looking at an earlier position: go to the last move to play';
  }
  if (isEngineTurn(state)) return `it is ${engineShortName(state)}'s turn`;
  return undefined;
}

/** "1 ply", "2 plies": a count with its noun in the right number. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** The status line under the board: whose move, the compulsory capture, the result. */
export function statusText(state: PageState): string {
  const game = state.game;
  const side = game.positions[state.viewPly].sideToMove;
  if (!atLivePosition(state)) {
    return `Position after ${state.viewPly} of ${plural(game.moves.length, 'ply', 'plies')}; ${COLOR_NAMES[side]} to move`; // prettier-ignore
  }
  const outcome = game.outcome();
  if (outcome !== undefined) {
    const winner = outcome.result === 'draw' ? 'Draw' : `${outcome.result === 'white' ? 'White' : 'Black'} wins`; // prettier-ignore
    return `${winner}: ${outcome.reason}`;
  }
  if (isEngineTurn(state) && state.engine.fatal) return `${COLOR_NAMES[side]} to move: no engine (${state.engine.status.text})`; // prettier-ignore
  if (isEngineTurn(state)) return `${COLOR_NAMES[side]} to move: ${opponentName(state)} is thinking…`; // prettier-ignore
  const must = liveInput(state)?.maxCapture ?? 0;
  if (must === 0) return `${COLOR_NAMES[side]} to move`;
  return `${COLOR_NAMES[side]} to move: a capture is compulsory${must > 1 ? ` (the maximum takes ${must})` : ''}`; // prettier-ignore
}

/** The result as PDN writes it, with why: "2-0 · Black has no pieces left". */
export function resultText(state: PageState): string {
  const outcome = state.game.outcome();
  if (outcome === undefined) return '';
  return `${pdnResultOf(outcome.result)} · ${outcome.reason}`;
}

/** Whether a game with moves is under way (changing the clock or rules would discard it). */
export function gameInProgress(state: PageState): boolean {
  return state.game.moves.length > 0 && state.game.outcome() === undefined;
}

/** Whether a review of the game is running (the engine then searches for it alone). */
export function reviewRunning(state: PageState): boolean {
  return state.review?.phase === 'running';
}

/**
 * Why the game cannot be reviewed now (undefined when it can): a review needs moves, the
 * engine, and a game that no engine is still playing (over, or between two people).
 */
export function whyNoReview(state: PageState): string | undefined {
  if (reviewRunning(state)) return 'a review is under way';
  if (state.game.moves.length === 0) return 'no move has been played';
  if (state.game.outcome() === undefined && state.mode !== 'human') {
    return 'finish the game first, or choose human vs human';
  }
  if (!state.engine.ready || state.engine.fatal) return 'the engine is not ready';
  return undefined;
}

/** Whether the Review button is offered: a game to review and no review of it running or done. */
export function reviewOffered(state: PageState): boolean {
  const game = state.game;
  const phase = state.review?.phase;
  return game.moves.length > 0 && !state.puzzleSolving && (game.outcome() !== undefined || state.mode === 'human') && phase !== 'running' && phase !== 'done'; // prettier-ignore
}

/** Why Level cannot be set, when it cannot. */
export function levelUnavailable(state: PageState): string | undefined {
  if (state.engine.ready && !state.engine.hasSkillLevel) {
    return `${state.engine.name} has no Skill Level option: it always plays at its full strength`;
  }
  return undefined;
}
