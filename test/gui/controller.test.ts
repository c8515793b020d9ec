/**
 * The page's state changes without a browser: the controller with a fake transport that
 * records what it sends and plays the engine's side. Who the engine is, messages by kind,
 * take-back and hint refusals that say why, the lines shown against the move the engine
 * played, no stale lines, the live region's words, and the move list's rows.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_NODES } from '../../src/analyse/settings.js';
import { parseSquare as sq } from '../../src/core/square.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import type { ClientMessage, ServerMessage } from '../../src/gui/messages.js';
import { PageController } from '../../src/gui/page/controller.js';
import { Game } from '../../src/gui/page/game.js';
import { moveRows } from '../../src/gui/page/move-rows.js';
import { betterMoveArrow, judgedMoves } from '../../src/gui/page/review.js';
import {
  browserEngineOffered,
  createState,
  enginePlays,
  isEngineTurn,
  levelLabel,
  LEVEL_WORDS,
  levelUnavailable,
  playerName,
  plural,
  reviewOffered,
  statusText,
  whyNoReview,
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
  it('describes every level in words, each its own', () => {
    expect(LEVEL_WORDS).toHaveLength(11);
    expect(new Set(LEVEL_WORDS).size).toBe(11);
    expect(levelLabel(5)).toBe('5 · intermediate: 6 plies deep');
    expect(levelLabel(10)).toBe('10 · full strength, on its clock');
  });

  it('with the engine gone, refuses a move against it and never says it is thinking', () => {
    const { state, controller, engine } = setUp('black');
    engine({ type: 'error', fatal: true, message: 'too many tabs' });
    expect(statusText(state)).toBe('White to move: no engine (too many tabs)');
    controller.setMode('white');
    controller.typedMove('c3-c4');
    expect(state.game.moves).toHaveLength(0);
    expect(state.message?.text).toBe('no engine to play against (too many tabs): play with the engine in this browser, or choose human vs human'); // prettier-ignore
    // Between two people the game goes on.
    controller.setMode('human');
    controller.typedMove('c3-c4');
    expect(state.game.moves).toHaveLength(1);
  });

  it('with the server gone, offers the engine in this browser only where the page kept it', () => {
    for (const kept of [true, false]) {
      const { state, controller } = setUp('white');
      controller.closed('the server is gone', kept);
      expect(state.engine.fatal).toBe(true);
      expect(state.message).toEqual({ text: 'the server is gone', kind: 'error' });
      expect(browserEngineOffered(state)).toBe(kept);
      controller.typedMove('c3-c4');
      expect(state.game.moves).toHaveLength(0);
      const offer = kept ? 'play with the engine in this browser, or ' : '';
      expect(state.message?.text).toBe(`no engine to play against (the server is gone): ${offer}choose human vs human`); // prettier-ignore
    }
  });

  it('after a refusal, the socket closing keeps the refusal and the offer', () => {
    const { state, controller, engine } = setUp('white');
    engine({ type: 'error', fatal: true, message: 'too many tabs' });
    expect(state.message).toEqual({ text: 'too many tabs', kind: 'error' });
    controller.closed('the server is gone', false);
    expect(state.engine.status.text).toBe('too many tabs');
    expect(browserEngineOffered(state)).toBe(true);
  });

  it('is named for people in the clocks and the status line: "Tama, level N", no technical details', () => {
    const { state, controller, engine } = setUp('white');
    engine({ type: 'ready', engine: 'Tama 0.1.0 in this browser (1 thread, 128 MiB hash; not cross-origin isolated, no shared memory)', options: ['Skill Level'] }); // prettier-ignore
    controller.setLevel(3);
    controller.typedMove('c3-c4');
    expect(playerName(state, BLACK)).toBe('Tama, level 3');
    expect(playerName(state, WHITE)).toBe('You');
    expect(statusText(state)).toBe('Black to move: Tama, level 3 is thinking…');
    // An engine without Skill Level has no level to name.
    engine({ type: 'ready', engine: 'random-mover 1.0', options: [] });
    expect(playerName(state, BLACK)).toBe('random-mover');
  });

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
    expect(state.announcement).toBe('White, c3, takes one, ends on c5. White wins: Black has no pieces left'); // prettier-ignore
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

describe('a search the server refuses', () => {
  it('is cleared by its id and said, and what asked for it is switched off', () => {
    const { state, controller, sent, engine, lastGo } = setUp('black');
    const move = lastGo();
    expect(state.search?.id).toBe(move.id);
    engine({ type: 'error', id: move.id, message: 'go: move 1 (c3-c6): illegal move' });
    expect(state.search).toBeUndefined();
    expect(state.mode).toBe('human');
    expect(state.message).toEqual({ text: "the server refused Tama's search: go: move 1 (c3-c6): illegal move; switched to human vs human", kind: 'error' }); // prettier-ignore
    expect(sent.filter((m) => m.type === 'go')).toHaveLength(1);

    controller.setAnalyse(true);
    const analysis = lastGo();
    // A refusal naming another search (one already given up) changes nothing.
    engine({ type: 'error', id: move.id, message: 'late' });
    expect(state.search?.id).toBe(analysis.id);
    engine({ type: 'error', id: analysis.id, message: 'go: bad position text' });
    expect(state.search).toBeUndefined();
    expect(state.analyse).toBe(false);
    expect(state.message?.text).toBe('the server refused the analysis: go: bad position text; analysis switched off'); // prettier-ignore
    expect(sent.filter((m) => m.type === 'go')).toHaveLength(2);
  });
});

/** Lets the review's promises run (its next message is sent after an await). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The known blunder: 1. c4-c5 hangs the man (c4-d5 was level); c6xc4 is forced. */
const BLUNDER_PDN = '[FEN "W:Wa2,b2,g2,h2,c4:Ba7,b7,g7,h7,c6"]\n\n1. c4-c5 c6xc4 *\n';

describe('the game review on the page', () => {
  /** Answers the review's search of the position after `moves` plies (side to move's score). */
  async function answer(
    page: ReturnType<typeof setUp>,
    moves: string[],
    score: number,
    best: string,
  ): Promise<void> {
    await settle();
    const go = page.lastGo();
    expect(go.moves).toEqual(moves);
    expect(go.limits).toEqual({ nodes: DEFAULT_REVIEW_NODES });
    page.engine(info(go.id, 1, best, score));
    page.engine({ type: 'bestmove', id: go.id, move: best });
    await settle();
  }

  it('runs in the background, the page searching nothing of its own, and marks the blunder', async () => {
    const page = setUp('white');
    const { state, controller, sent, lastGo } = page;
    expect(whyNoReview(state)).toBe('no move has been played');
    controller.loadPdn(BLUNDER_PDN);
    expect(reviewOffered(state)).toBe(true);
    controller.setAnalyse(true);
    const analysis = lastGo();
    const before = sent.length;
    controller.startReview();
    expect(state.review?.phase).toBe('running');
    expect(state.review?.total).toBe(3);
    expect(reviewOffered(state)).toBe(false);
    await settle();
    // The analysis stops; the review's searches go one after the other.
    expect(sent.slice(before).map((m) => m.type)).toEqual(['stop', 'newgame', 'go']);
    await answer(page, [], 20, 'c4-d5');
    expect(lastGo().id).not.toBe(analysis.id);
    expect(state.review?.progress.map((p) => p.done)).toEqual([1]);
    // Navigation goes on; analysis and hints wait for the review.
    const goes = sent.filter((m) => m.type === 'go').length;
    controller.goToPly(1);
    controller.hint();
    expect(state.message?.text).toBe('no hint: you are looking at an earlier position: go to the last move to play'); // prettier-ignore
    controller.goToPly(2);
    controller.hint();
    expect(state.message?.text).toBe('no hint: the review is using the engine (cancel it first)');
    expect(sent.filter((m) => m.type === 'go')).toHaveLength(goes);
    await answer(page, ['c4-c5'], 150, 'c6xc4');
    await answer(page, ['c4-c5', 'c6xc4'], -150, 'a2-a3');

    const review = state.review!;
    expect(review.phase).toBe('done');
    expect(review.result?.moves.map((m) => m.classification)).toEqual(['blunder', 'good']);
    expect(judgedMoves(review).map((m) => m?.better?.move)).toEqual(['c4-d5', undefined]);
    // The better move as an arrow where the blunder was played, and in words there.
    expect(betterMoveArrow({ moves: judgedMoves(review) }, 0, state.game.positions[0])).toEqual({ from: sq('c4'), path: [sq('d5')], classification: 'blunder' }); // prettier-ignore
    controller.goToPly(0);
    expect(state.announcement).toBe('start position. Review: c4-c5 was a blunder; better c4-d5 (+0.20)'); // prettier-ignore
    // The analysis comes back once the review is done.
    expect(lastGo().limits).toEqual({ infinite: true });
    // The annotated export carries the mark and the better move.
    const pdn = controller.reviewedPdnText(new Date(2026, 0, 2));
    if (!pdn.ok) throw new Error(pdn.error.message);
    expect(pdn.value).toContain('1. c4-c5?? {-1.50; blunder, better c4-d5 +0.20}');
    expect(pdn.value).toContain(`[Annotator "Tama, ${DEFAULT_REVIEW_NODES} nodes a position"]`);

    // A new move discards it, and the page says so.
    controller.goToPly(2);
    controller.typedMove('a2-a3');
    expect(state.review).toBeUndefined();
    expect(state.message).toEqual({ text: 'the review was discarded: the game has a new move', kind: 'info' }); // prettier-ignore
    expect(controller.reviewedPdnText(new Date()).ok).toBe(false);
  });

  it('is cancelled with what it found so far; a late answer changes nothing', async () => {
    const page = setUp('human');
    const { state, controller, sent, engine } = page;
    controller.loadPdn(BLUNDER_PDN);
    controller.startReview();
    await answer(page, [], 20, 'c4-d5');
    await settle();
    const pending = page.lastGo();
    controller.cancelReview();
    expect(sent.at(-1)).toEqual({ type: 'stop' });
    expect(state.review?.phase).toBe('stopped');
    expect(state.review?.stopReason).toBe('cancelled');
    expect(state.review?.progress).toHaveLength(1);
    expect(reviewOffered(state)).toBe(true);
    engine({ type: 'bestmove', id: pending.id, move: 'c6xc4' });
    await settle();
    expect(state.review?.phase).toBe('stopped');
    expect(state.review?.progress).toHaveLength(1);
    expect(state.game.moves).toHaveLength(2);
    // Started again, it runs from the start; a lost connection stops it, saying why.
    controller.startReview();
    expect(state.review?.progress).toHaveLength(0);
    expect(state.review?.phase).toBe('running');
    controller.closed('disconnected from the server: reload the page');
    expect(state.review).toMatchObject({ phase: 'stopped', stopReason: 'disconnected from the server: reload the page' }); // prettier-ignore
  });

  it('is discarded by a take back and by a new game, and stops for the engine to move', async () => {
    const page = setUp('human');
    const { state, controller, sent } = page;
    controller.loadPdn(BLUNDER_PDN);
    controller.startReview();
    await answer(page, [], 20, 'c4-d5');
    controller.takeBack();
    expect(state.review).toBeUndefined();
    expect(sent.at(-1)).toEqual({ type: 'stop' });
    expect(state.message).toEqual({ text: 'the review was discarded: moves were taken back', kind: 'info' }); // prettier-ignore
    controller.startReview();
    controller.newGame();
    expect(state.review).toBeUndefined();
    expect(state.message?.text).toBe('the review of the last game was discarded');
    controller.loadPdn(BLUNDER_PDN);
    controller.startReview();
    await settle();
    controller.loadPdn(BLUNDER_PDN);
    expect(state.message?.text).toBe('loaded a game of 2 plies; the review of the last game was discarded'); // prettier-ignore

    // Against the engine, whose turn it is: the engine's move stops the review.
    controller.startReview();
    await settle();
    controller.setMode('black');
    expect(state.review?.phase).toBe('stopped');
    expect(state.review?.stopReason).toBe('Tama is to move');
    expect(page.lastGo()).toMatchObject({ moves: ['c4-c5', 'c6xc4'], skillLevel: state.level });
    // An unfinished game against the engine is not reviewed.
    expect(whyNoReview(state)).toBe('finish the game first, or choose human vs human');
    controller.startReview();
    expect(state.message).toEqual({ text: 'no review: finish the game first, or choose human vs human', kind: 'error' }); // prettier-ignore
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
    // A capture: where it starts, how many it takes, where it ends (not the squares on the way).
    expect(moveInWords(move.value, false)).toBe('White, c5, takes three, ends on c7');
    const many = { ...move.value, captured: Array.from({ length: 13 }, (_, i) => i) };
    expect(moveInWords(many, true)).toBe('White, c5, takes 13, ends on c7, crowned');
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
