/** core's Game: moves, keys, and whether and why the game is over (docs/rules.md). */
import { describe, expect, it } from 'vitest';
import { DEFAULT_DRAW_RULES, Game } from '../../src/core/game.js';
import { BLACK, WHITE } from '../../src/core/variant.js';

const game = (fen: string | undefined, moves: string[] = []) => {
  const parsed = Game.parse(fen, moves);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

// Two kings shuffle on the h-file and a-file: every fourth ply repeats the position.
const SHUFFLE = ['h1-h2', 'a8-a7', 'h2-h1', 'a7-a8'];

describe('Game', () => {
  it('plays moves in full move text and keeps one key pair per earlier position', () => {
    const g = game(undefined, ['c3-c4', 'f6-f5']);
    expect(g.moves).toEqual(['c3-c4', 'f6-f5']);
    expect(g.plies).toBe(2);
    expect(g.keys).toHaveLength(4);
    const start = Game.fromStart();
    expect(g.keys.slice(0, 2)).toEqual([start.position.keyLo, start.position.keyHi]);
    expect(g.start.toString()).toBe(start.position.toString());
  });

  it('refuses bad position text and illegal moves, naming the move', () => {
    const badText = Game.parse('W:Wz9:Ba6', []);
    expect(!badText.ok && badText.error.code).toBe('unknown-square');
    const illegal = Game.parse(undefined, ['c3-c4', 'c4-c6']);
    expect(!illegal.ok && illegal.error.message).toMatch(/^move 2 of the list: /);
  });

  it('leaves the game unchanged when move text is illegal', () => {
    const g = game(undefined, ['c3-c4']);
    const before = g.position.toString();
    expect(g.playText('h3-h5').ok).toBe(false);
    expect(g.position.toString()).toBe(before);
    expect(g.plies).toBe(1);
  });

  it('continues to a longer list that begins with its moves, and leaves itself unchanged', () => {
    const base = game(undefined, ['c3-c4', 'f6-f5']);
    const longer = ['c3-c4', 'f6-f5', 'g3-g4', 'b6-b5'];
    const continued = base.continuedTo(longer);
    expect(continued?.ok).toBe(true);
    const fresh = game(undefined, longer);
    if (continued?.ok) {
      expect(continued.value.moves).toEqual(fresh.moves);
      expect(continued.value.keys).toEqual(fresh.keys);
      expect(continued.value.position.toString()).toBe(fresh.position.toString());
      expect(continued.value.position.state).toEqual(fresh.position.state);
    }
    expect(base.moves).toEqual(['c3-c4', 'f6-f5']);
    expect(base.continuedTo(['c3-c4', 'f6-f5'])?.ok).toBe(true);
  });

  it('does not continue to a list that differs from its moves, or is shorter', () => {
    const base = game(undefined, ['c3-c4', 'f6-f5']);
    expect(base.continuedTo(['c3-c4', 'g6-g5', 'g3-g4'])).toBeUndefined();
    expect(base.continuedTo(['c3-c4'])).toBeUndefined();
  });

  it('names the illegal move of a continuation by its place in the whole list', () => {
    const base = game(undefined, ['c3-c4', 'f6-f5']);
    const result = base.continuedTo(['c3-c4', 'f6-f5', 'g3-g4', 'b6-b4']);
    expect(result?.ok === false && result.error.message).toMatch(/^move 4 of the list: /);
    expect(base.moves).toEqual(['c3-c4', 'f6-f5']);
  });

  it('is not over at the start', () => {
    expect(Game.fromStart().outcome()).toBeUndefined();
    expect(Game.fromStart('turkish').outcome()).toBeUndefined();
  });

  it('the side to move with no piece left loses', () => {
    const end = game('B:Wa2:B').outcome();
    expect(end).toEqual({ winner: WHITE, reason: 'no-moves', description: 'Black has no legal move' }); // prettier-ignore
  });

  it('the side to move whose pieces are all blocked loses', () => {
    // The White man on a1 can neither step (a2, b2, b1 are taken) nor jump (a3, c1 are too).
    const end = game('W:Wa1:Ba2,a3,Kb1,Kc1,b2').outcome();
    expect(end?.reason).toBe('no-moves');
    expect(end?.winner).toBe(BLACK);
  });

  it('a position seen for the third time is a draw by repetition', () => {
    const twice = game('W:WKh1,c2:Bg7,Ka8', SHUFFLE);
    expect(twice.occurrences()).toBe(2);
    expect(twice.outcome()).toBeUndefined();
    const thrice = game('W:WKh1,c2:Bg7,Ka8', [...SHUFFLE, ...SHUFFLE]);
    expect(thrice.occurrences()).toBe(3);
    expect(thrice.outcome()).toEqual({
      winner: undefined,
      reason: 'repetition',
      description: 'the same position occurred 3 times',
    });
    expect(thrice.outcome({ ...DEFAULT_DRAW_RULES, repetitions: 0 })).toBeUndefined();
    expect(thrice.outcome({ ...DEFAULT_DRAW_RULES, repetitions: 4 })).toBeUndefined();
  });

  it('men stepping sideways and back repeat a position: a draw at the third time', () => {
    // a2-b2 and h7-g7 are sideways steps, which can be stepped back: the position of the
    // start comes back after every fourth ply although the no-progress count restarts.
    const men = ['a2-b2', 'h7-g7', 'b2-a2', 'g7-h7'];
    const g = game('W:WKa1,a2:BKh8,h7', [...men, ...men.slice(0, 3)]);
    expect(g.position.quietPlies).toBe(0);
    expect(g.outcome()).toBeUndefined();
    g.playText('g7-h7');
    expect(g.occurrences()).toBe(3);
    expect(g.outcome()).toMatchObject({ winner: undefined, reason: 'repetition' });
  });

  it('a man stepping forward in between breaks a repetition', () => {
    const g = game('W:WKh1,c2:Bg7,Ka8', [...SHUFFLE, 'c2-c3', 'a8-b8', 'h1-h2', 'b8-a8']);
    // The start position came back twice before the man moved; after it, once.
    expect(g.occurrences()).toBe(1);
  });

  it('100 plies without capture or man move is a draw; the count is configurable', () => {
    const moves = Array.from({ length: 25 }, () => SHUFFLE).flat();
    const g = game('W:WKh1,c2:Bg7,Ka8', moves);
    expect(g.plies).toBe(100);
    const noRepetition = { ...DEFAULT_DRAW_RULES, repetitions: 0 };
    expect(g.outcome(noRepetition)).toEqual({
      winner: undefined,
      reason: 'no-progress',
      description: '100 plies without capture or man move',
    });
    expect(g.outcome({ repetitions: 0, noProgressPlies: 101 })).toBeUndefined();
    expect(g.outcome({ repetitions: 0, noProgressPlies: 0 })).toBeUndefined();
  });

  it('taking the last piece ends the game: the other side has no move', () => {
    const g = game('W:WKa1:BKa5');
    g.playText('a1xa6');
    expect(g.outcome()?.reason).toBe('no-moves');
  });
});
