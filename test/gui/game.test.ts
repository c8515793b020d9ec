/** The page's game: moves, take-back, and the end of the game as the rules core judges it. */
import { describe, expect, it } from 'vitest';
import { QUIET_PLIES } from '../../src/core/state.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import { Game as RulesGame } from '../../src/core/game.js';
import { flagOutcome, Game, moveNumberOf, outcomeOf } from '../../src/gui/page/game.js';
import { gameOf, positionOf } from './helpers.js';

describe('Game', () => {
  it('plays moves, shows captures and takes back', () => {
    const game = gameOf('armenian', 'W:Wd4:Bd5,c6,c4,b5,h8');
    const played = game.playText('d4xd6');
    expect(played.ok).toBe(true);
    expect(game.moves[0]).toMatchObject({ text: 'd4xb4xb6xd6', color: WHITE, from: 27 });
    expect(game.moves[0].captured.length).toBe(3);
    expect(game.sideToMove).toBe(BLACK);
    game.truncate(0);
    expect(game.moves).toEqual([]);
    expect(game.position.toString()).toBe('W:Wd4:Bc4,b5,d5,c6,h8');
  });

  it('refuses an illegal move with the core message', () => {
    const game = Game.fresh('armenian');
    const result = game.playText('c3-c5');
    expect(!result.ok && result.error.message).toMatch(/illegal move 'c3-c5'/);
  });

  it('ends when the side to move has no piece or no move', () => {
    const game = gameOf('armenian', 'W:Wc3:Bc4');
    game.playText('c3xc5');
    expect(game.outcome()).toEqual({ result: 'white', reason: 'Black has no pieces left' });
    const blocked = gameOf('armenian', 'B:Wa1,a2,b2,b3,c3:Ba3');
    expect(blocked.outcome()).toEqual({ result: 'white', reason: 'Black has no legal move' });
  });

  it('draws on threefold repetition', () => {
    const game = gameOf('armenian', 'W:WKa1:BKh8');
    for (const move of ['a1-a2', 'h8-h7', 'a2-a1', 'h7-h8', 'a1-a2', 'h8-h7', 'a2-a1']) {
      expect(game.outcome()).toBeUndefined();
      game.playText(move);
    }
    expect(game.outcome()).toBeUndefined();
    game.playText('h7-h8');
    expect(game.outcome()).toEqual({
      result: 'draw',
      reason: 'the same position occurred 3 times',
    });
    expect(game.legalMoves()).toEqual([]);
    // Taking back one ply reopens the game: the core's keys went back with the moves.
    game.truncate(7);
    expect(game.outcome()).toBeUndefined();
    expect(game.playText('h7-g8').ok).toBe(true);
    expect(game.outcome()).toBeUndefined();
  });

  it('judges the end exactly as the rules core does', () => {
    const moves = ['a1-a2', 'h8-h7', 'a2-a1', 'h7-h8', 'a1-a2', 'h8-h7', 'a2-a1', 'h7-h8'];
    const page = gameOf('armenian', 'W:WKa1:BKh8');
    const core = RulesGame.parse('W:WKa1:BKh8', [], 'armenian');
    if (!core.ok) throw new Error(core.error.message);
    for (const move of moves) {
      page.playText(move);
      core.value.playText(move);
      const end = core.value.outcome();
      expect(page.outcome()).toEqual(end && outcomeOf(end, core.value.position));
    }
    expect(core.value.outcome()?.reason).toBe('repetition');
  });

  it('draws once 100 plies pass without capture or man move', () => {
    const position = positionOf('W:WKa1:BKh8,h7');
    position.state[QUIET_PLIES] = 98;
    const game = new Game('armenian', position);
    game.playText('a1-b1');
    expect(game.outcome()).toBeUndefined();
    game.playText('h8-g8');
    expect(game.outcome()).toEqual({
      result: 'draw',
      reason: '100 plies without capture or man move',
    });
  });

  it('a fallen flag loses, and taking back reopens the game', () => {
    const game = Game.fresh('turkish');
    game.end(flagOutcome(WHITE));
    expect(game.outcome()).toEqual({ result: 'black', reason: 'White lost on time' });
    expect(game.legalMoves()).toEqual([]);
    game.truncate(0);
    expect(game.outcome()).toBeUndefined();
  });

  it('numbers moves from the side that starts', () => {
    expect([0, 1, 2, 3].map((i) => moveNumberOf(i, WHITE))).toEqual([1, 1, 2, 2]);
    expect([0, 1, 2].map((i) => moveNumberOf(i, BLACK))).toEqual([1, 2, 2]);
  });
});
