/**
 * The page's state changes without a browser: the controller with a fake transport that
 * records what it sends and plays the engine's side. Who the engine is, messages by kind,
 * take-back and hint refusals that say why, the lines shown against the move the engine
 * played, no stale lines, the live region's words, and the move list's rows.
 */
import { describe, expect, it } from 'vitest';
import { parseSquare as sq } from '../../src/core/square.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import type { ClientMessage, ServerMessage } from '../../src/gui/messages.js';
import { PageController } from '../../src/gui/page/controller.js';
import { Game } from '../../src/gui/page/game.js';
import { moveRows } from '../../src/gui/page/move-rows.js';
import {
  createState,
  enginePlays,
  isEngineTurn,
  levelUnavailable,
  plural,
  statusText,
  type Mode,
} from '../../src/gui/page/state.js';
import type { TransportReceiver } from '../../src/gui/page/transport.js';
import { moveInWords, squareLabel } from '../../src/gui/page/words.js';
import { gameOf } from './helpers.js';

/** A controller whose engine is the test: `sent` holds what the page sent. */
function setUp(mode: Mode = 'white', options = ['Skill Level', 'MultiPV']) {
  const sent: ClientMessage[] = [];
  let receiver: TransportReceiver | undefined;
  let redraws = 0;
  const state = createState();
  state.mode = mode;
  state.control = undefined;
  const controller = new PageController(
    state,
    { send: (message) => sent.push(message), listen: (next) => (receiver = next) },
    () => redraws++,
    () => 0,
  );
  controller.start();
  const engine = (message: ServerMessage) => receiver!.message(message);
  engine({ type: 'ready', engine: 'Tama', options });
  const lastGo = () => {
    const go = sent.filter((m) => m.type === 'go').at(-1);
    if (go?.type !== 'go') throw new Error('no go sent');
    return go;
  };
  return { state, controller, sent, engine, lastGo, redraws: () => redraws };
}

const info = (id: number, multipv: number, pv: string, score = 10) =>
  ({ type: 'info', id, line: `info depth 5 multipv ${multipv} score cp ${score} nodes 900 pv ${pv}` }) as const; // prettier-ignore

describe('who the engine is', () => {
  it.each([
    ['white', [false, true]],
    ['black', [true, false]],
    ['human', [false, false]],
    ['engines', [true, true]],
  ] as const)('in mode %s the engine plays [White, Black] = %j', (mode, expected) => {
    expect([enginePlays(mode, WHITE), enginePlays(mode, BLACK)]).toEqual(expected);
  });
});

describe('the page controller', () => {
  it('plays the person move, asks the engine, plays its reply and says both in words', () => {
    const { state, controller, engine, lastGo } = setUp();
    controller.clickSquare(sq('c3'));
    controller.clickSquare(sq('c4'));
    expect(state.announcement).toBe('White c3-c4');
    expect(isEngineTurn(state)).toBe(true);
    const go = lastGo();
    expect(go.moves).toEqual(['c3-c4']);
    expect(go.skillLevel).toBe(state.level);
    engine({ type: 'bestmove', id: go.id, move: 'f6-f5' });
    expect(state.game.moves.map((m) => m.text)).toEqual(['c3-c4', 'f6-f5']);
    expect(state.announcement).toBe('Black f6-f5');
    expect(statusText(state)).toBe('White to move');
  });

  it('keeps only the line of the move the engine played', () => {
    const { state, controller, engine, lastGo } = setUp();
    controller.setAnalyse(true);
    controller.typedMove('c3-c4');
    const go = lastGo();
    engine(info(go.id, 1, 'f6-e5 c4-c5'));
    engine(info(go.id, 2, 'f6-f5 d3-d4'));
    engine(info(go.id, 3, 'a6-a5'));
    expect(state.lines.size).toBe(3);
    // A weakened engine plays its second line: that line alone stays, until analysis starts.
    let linesAtPlay: string[] = [];
    const played = state.game;
    const playedMove = played.play.bind(played);
    played.play = (move) => {
      linesAtPlay = [...state.lines.values()].map((l) => l.pv.join(' '));
      return playedMove(move);
    };
    engine({ type: 'bestmove', id: go.id, move: 'f6-f5' });
    expect(linesAtPlay).toEqual(['f6-f5 d3-d4']);
    // Then the person's turn is analysed afresh: the old lines are gone.
    expect(lastGo().limits).toEqual({ infinite: true });
    expect(state.lines.size).toBe(0);
  });

  it('leaves no lines when analysis is switched off, nor at the end of the game', () => {
    const { state, controller, sent, engine, lastGo } = setUp('human');
    controller.setAnalyse(true);
    engine(info(lastGo().id, 1, 'c3-c4'));
    expect(state.lines.size).toBe(1);
    controller.setAnalyse(false);
    expect(sent.at(-1)).toEqual({ type: 'stop' });
    expect(state.lines.size).toBe(0);
    controller.setAnalyse(true);
    controller.newGame(gameOf('armenian', 'W:Wc3,h2:Bc4'));
    const id = lastGo().id;
    engine({ type: 'info', id, line: 'info depth 1 score mate 1 pv c3xc5' });
    expect(state.lines.size).toBe(1);
    controller.typedMove('c3xc5');
    expect(state.game.outcome()?.result).toBe('white');
    expect(state.lines.size).toBe(0);
    expect(state.search).toBeUndefined();
    expect(state.announcement).toBe('White captures one: c3, c5. White wins: Black has no pieces left'); // prettier-ignore
    // A late line of the stopped search is not shown.
    engine({ type: 'info', id, line: 'info depth 2 score mate 1 pv c3xc5' });
    expect(state.lines.size).toBe(0);
  });

  it('says why there is nothing to take back', () => {
    const { state, controller, engine, lastGo } = setUp('black');
    // The engine (White) moves first; the person has no move of their own to take back.
    engine({ type: 'bestmove', id: lastGo().id, move: 'c3-c4' });
    controller.takeBack();
    expect(state.message).toEqual({ text: 'nothing to take back: you have not moved yet', kind: 'error' }); // prettier-ignore
    expect(state.game.moves).toHaveLength(1);
    const fresh = setUp('human');
    fresh.controller.takeBack();
    expect(fresh.state.message?.text).toBe('nothing to take back: no move has been played');
  });

  it('takes back to the person turn against the engine, one ply between people', () => {
    const { state, controller, engine, lastGo } = setUp('white');
    controller.typedMove('c3-c4');
    engine({ type: 'bestmove', id: lastGo().id, move: 'f6-f5' });
    controller.takeBack();
    expect(state.game.moves).toHaveLength(0);
    expect(state.announcement).toBe('took back 2 plies');
    controller.setMode('human');
    controller.typedMove('c3-c4');
    controller.takeBack();
    expect(state.announcement).toBe('took back 1 ply');
  });

  it('gives a hint on the person turn only, and the next move clears it', () => {
    const { state, controller, sent, engine, lastGo } = setUp('white');
    controller.typedMove('c3-c4');
    const goes = sent.filter((m) => m.type === 'go').length;
    controller.hint();
    expect(state.message).toEqual({ text: "no hint: it is Tama's turn", kind: 'error' });
    expect(sent.filter((m) => m.type === 'go')).toHaveLength(goes);
    engine({ type: 'bestmove', id: lastGo().id, move: 'f6-f5' });
    controller.hint();
    const hint = lastGo();
    expect(hint.skillLevel).toBe(10);
    engine({ type: 'bestmove', id: hint.id, move: 'd3-d4' });
    expect(state.message).toEqual({ text: 'hint: d3-d4', kind: 'info' });
    expect(state.hint).toEqual({ from: sq('d3'), path: [sq('d4')] });
    controller.typedMove('a3-a4');
    expect(state.message).toBeUndefined();
    expect(state.hint).toBeUndefined();
  });

  it('says a loaded PDN switched to human vs human, as information', () => {
    const { state, controller } = setUp('white');
    controller.loadPdn('[Variant "armenian"]\n1. c3-c4 *\n');
    expect(state.mode).toBe('human');
    expect(state.message).toEqual({
      text: 'loaded a game of 1 ply; switched to human vs human (choose under Play to face the engine)',
      kind: 'info',
    });
    controller.loadPdn('1. c3-c4 f6-f5 *');
    expect(state.message?.text).toBe('loaded a game of 2 plies');
    controller.loadPdn('1. c3-c9 *');
    expect(state.message?.kind).toBe('error');
    expect(state.game.moves).toHaveLength(2);
  });

  it('says why Level cannot be set for an engine without Skill Level', () => {
    expect(levelUnavailable(setUp('white').state)).toBeUndefined();
    const { state } = setUp('white', ['MultiPV']);
    expect(levelUnavailable(state)).toBe(
      'Tama has no Skill Level option: it always plays at its full strength',
    );
  });

  it('refuses an illegal engine move and hands the game to two people', () => {
    const { state, engine, lastGo } = setUp('black');
    engine({ type: 'bestmove', id: lastGo().id, move: 'c3-c6' });
    expect(state.game.moves).toHaveLength(0);
    expect(state.mode).toBe('human');
    expect(state.message?.kind).toBe('error');
  });
});

describe('words and rows', () => {
  it('names squares with their content and marks', () => {
    expect(squareLabel(sq('c3'), 'w')).toBe('c3, white man');
    expect(squareLabel(sq('d4'), '.', { target: true })).toBe('d4, empty, can move here');
    expect(squareLabel(sq('e5'), 'B', { selected: true, mustCapture: true })).toBe('e5, black king, selected, must capture'); // prettier-ignore
  });

  it('says moves as sentences', () => {
    const game = gameOf('armenian', 'W:Wc5,h2:Bd5,e6,d7,h8');
    const move = game.playText('c5xe5xe7xc7');
    if (!move.ok) throw new Error(move.error.message);
    expect(moveInWords(move.value, false)).toBe('White captures three: c5, e5, e7, c7');
    expect(moveInWords({ ...move.value, color: BLACK, captured: [], from: sq('d6'), path: [sq('c5')] }, false)).toBe('Black d6-c5'); // prettier-ignore
    expect(moveInWords({ ...move.value, captured: [], from: sq('d7'), path: [sq('d8')] }, true)).toBe('White d7-d8, crowned'); // prettier-ignore
    expect(plural(1, 'ply', 'plies')).toBe('1 ply');
    expect(plural(55, 'ply', 'plies')).toBe('55 plies');
  });

  it('lists one row per full move, numbered, White then Black', () => {
    const game = Game.fresh('armenian');
    for (const move of ['c3-c4', 'f6-f5', 'd3-d4']) game.playText(move);
    expect(moveRows(game.moves, WHITE)).toEqual([
      { number: 1, white: { text: 'c3-c4', ply: 1 }, black: { text: 'f6-f5', ply: 2 } },
      { number: 2, white: { text: 'd3-d4', ply: 3 } },
    ]);
    const fromBlack = gameOf('armenian', 'B:Wc3:Bf6');
    fromBlack.playText('f6-f5');
    fromBlack.playText('c3-c4');
    expect(moveRows(fromBlack.moves, BLACK)).toEqual([
      { number: 1, black: { text: 'f6-f5', ply: 1 } },
      { number: 2, white: { text: 'c3-c4', ply: 2 } },
    ]);
  });
});
