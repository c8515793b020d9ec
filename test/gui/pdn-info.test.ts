/** The page's PDN export and import, and its reading of the engine's info lines. */
import { describe, expect, it } from 'vitest';
import { expectedScore } from '../../src/analyse/score.js';
import { parsePdn, readTimeControls, replayPdnGame } from '../../src/pdn/pdn.js';
import { TIME_CONTROLS } from '../../src/gui/page/clock.js';
import { Game } from '../../src/gui/page/game.js';
import { gameOf } from './helpers.js';
import {
  barShare,
  formatScore,
  parseInfoLine,
  resultBar,
  whiteScore,
} from '../../src/gui/page/info.js';
import { gameToPdn, pdnToGame, timeControlTag } from '../../src/gui/page/pdn.js';

const fivePlusThree = TIME_CONTROLS.find((c) => c.name === '5+3');
const players = { white: 'Player', black: 'Tama', control: fivePlusThree };
const date = new Date(2026, 0, 2);

describe('PDN', () => {
  it('exports a finished game that the match reader replays to the same position', () => {
    const game = gameOf('armenian', 'W:Wc3,h2:Bc4,a7');
    game.playText('c3xc5');
    game.playText('a7-a6');
    game.playText('c5-c6');
    const text = gameToPdn(game, players, date);
    expect(text).toContain('[FEN "W:Wh2,c3:Bc4,a7"]');
    expect(text).toContain('[Variant "Armenian"]');
    expect(text).toContain('[Date "2026.01.02"]');
    expect(text).toContain('1. c3xc5 a7-a6 2. c5-c6');
    const games = parsePdn(text);
    expect(games.ok).toBe(true);
    const replayed = replayPdnGame(games.ok ? games.value[0] : (undefined as never));
    expect(replayed.ok && replayed.value.toString()).toBe(game.position.toString());
  });

  it('writes the time control in seconds, as tama match does, and reads it back', () => {
    const text = gameToPdn(Game.fresh('armenian'), players, date);
    expect(text).toContain('[TimeControl "300+3"]');
    const games = parsePdn(text);
    const read = games.ok && readTimeControls(games.value[0]);
    const clock = { movesPerPeriod: 0, baseMs: 300_000, incrementMs: 3000 };
    expect(read).toEqual({ ok: true, value: { white: { clock }, black: { clock } } });
    const free = gameToPdn(Game.fresh('armenian'), { ...players, control: undefined }, date);
    expect(free).toContain('[TimeControl "-"]');
  });

  it('writes every offered clock in seconds, never in a form the old page used', () => {
    expect(TIME_CONTROLS.map(timeControlTag)).toEqual(['60', '180+2', '300+3', '600+5', '900+10', '1800+20']); // prettier-ignore
  });

  it('writes the result and why the game ended', () => {
    const game = gameOf('turkish', 'W:Wc3:Bc4');
    game.playText('c3xc5');
    const text = gameToPdn(game, players, date);
    expect(text).toContain('[Result "2-0"]');
    expect(text).toContain('[Variant "Turkish"]');
    expect(text).toMatch(/\{Black has no pieces left\} 2-0/);
  });

  it('imports a game, checking every move', () => {
    const game = Game.fresh('armenian');
    for (const move of ['c3-c4', 'f6-f5', 'g3-f4']) game.playText(move);
    const loaded = pdnToGame(gameToPdn(game, players, date), 'turkish');
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.variant).toBe('armenian');
    expect(loaded.value.moves.map((m) => m.text)).toEqual(['c3-c4', 'f6-f5', 'g3-f4']);
    expect(loaded.value.outcome()).toBeUndefined();
  });

  it('refuses an illegal move, a bad position and an empty text with a reason', () => {
    const bad = pdnToGame('1. c3-c5 *', 'armenian');
    expect(!bad.ok && bad.error.message).toMatch(/^move 1 \(c3-c5\): illegal move/);
    const fen = pdnToGame('[FEN "W:Wz9:Ba7"]\n*', 'armenian');
    expect(!fen.ok && fen.error.message).toMatch(/bad position text: 'z9'/);
    const empty = pdnToGame('   ', 'armenian');
    expect(!empty.ok && empty.error.message).toBe('the PDN text holds no game');
  });

  it('keeps a recorded result the board does not explain (a time loss)', () => {
    const loaded = pdnToGame('[Result "0-2"]\n1. c3-c4 0-2', 'armenian');
    expect(loaded.ok && loaded.value.outcome()).toEqual({
      result: 'black',
      reason: 'result 0-2 as recorded',
    });
  });
});

describe('info lines', () => {
  it('reads depth, score, nodes, speed and the principal variation', () => {
    const info = parseInfoLine(
      'info depth 7 seldepth 14 multipv 2 score cp -42 upperbound nodes 124049 nps 449453 hashfull 13 time 276 pv b6-c5 b3-c3',
    );
    expect(info).toEqual({
      depth: 7,
      seldepth: 14,
      multipv: 2,
      score: { unit: 'cp', value: -42 },
      bound: 'upperbound',
      nodes: 124049,
      nps: 449453,
      time: 276,
      pv: ['b6-c5', 'b3-c3'],
    });
  });

  it('reads the endgame table hits where the engine reports them', () => {
    const info = parseInfoLine('info depth 3 seldepth 3 multipv 1 score mate 3 nodes 40 nps 4000 hashfull 0 tbhits 12 time 10 pv d4-c5'); // prettier-ignore
    expect(info?.tbhits).toBe(12);
    expect(info?.score).toEqual({ unit: 'mate', value: 3 });
  });

  it('ignores info strings, progress lines and lines without a depth', () => {
    expect(parseInfoLine('info string error: nonsense')).toBeUndefined();
    expect(
      parseInfoLine(
        'info depth 9 nodes 120000 nps 400000 time 300 currmove c3-c4 currmovenumber 2',
      ),
    ).toBeUndefined();
    expect(parseInfoLine('info nodes 5')).toBeUndefined();
    // Progress lines keep the panel on the last finished iteration.
    expect(parseInfoLine('info depth 12 nodes 1534022 nps 1021319 time 1502 currmove c3-d4 currmovenumber 3')).toBeUndefined(); // prettier-ignore
    expect(parseInfoLine('info depth 11 nodes 2240517 nps 1016567 time 2204')).toBeUndefined();
    expect(parseInfoLine('bestmove c3-c4')).toBeUndefined();
  });

  it('shows scores in men from White’s side, or a win in N', () => {
    expect(formatScore(whiteScore({ unit: 'cp', value: 42 }, 0))).toBe('+0.42');
    expect(formatScore(whiteScore({ unit: 'cp', value: 42 }, 1))).toBe('\u22120.42');
    expect(formatScore(whiteScore({ unit: 'mate', value: 5 }, 1))).toBe('Black wins in 5');
    expect(formatScore({ unit: 'cp', value: 0 })).toBe('0.00');
  });

  it("fills the evaluation bar by the review's expected score, per variant", () => {
    expect(barShare({ unit: 'cp', value: 0 }, 'armenian')).toBe(0.5);
    for (const variant of ['armenian', 'turkish'] as const) {
      for (const value of [-400, -138, -25, 60, 100, 300]) {
        expect(barShare({ unit: 'cp', value }, variant)).toBe(expectedScore({ kind: 'cp', value }, variant)); // prettier-ignore
      }
    }
    // One man up (138 centi-men in Armenian) is about 72 %, as docs/analyse.md says.
    expect(barShare({ unit: 'cp', value: 138 }, 'armenian')).toBeCloseTo(0.72, 2);
    expect(barShare({ unit: 'mate', value: 3 }, 'armenian')).toBe(1);
    expect(barShare({ unit: 'mate', value: -3 }, 'turkish')).toBe(0);
  });

  it('fills the evaluation bar by the result once the game is over', () => {
    expect(resultBar('white')).toEqual({ share: 1, label: 'White won' });
    expect(resultBar('black')).toEqual({ share: 0, label: 'Black won' });
    expect(resultBar('draw')).toEqual({ share: 0.5, label: 'draw' });
  });
});
