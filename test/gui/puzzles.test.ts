/**
 * The Puzzles mode without a browser: the line judged move by move, and the controller on
 * the page's controller with a fake engine: the puzzle set up with the solver at the
 * bottom, a right move answered with the line's reply, a wrong one taken back and said,
 * the solution played out, and any other new game leaving the mode.
 */
import { describe, expect, it } from 'vitest';
import type { ClientMessage } from '../../src/gui/messages.js';
import { PageController } from '../../src/gui/page/controller.js';
import { PuzzleController, type PuzzleSet } from '../../src/gui/page/puzzle-controller.js';
import { judgeLine, puzzleOrder, solverOf, taskInWords } from '../../src/gui/page/puzzle-session.js'; // prettier-ignore
import { createState } from '../../src/gui/page/state.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import type { Puzzle } from '../../src/puzzles/puzzle-file.js';
import { SHOT_PUZZLE } from '../puzzles/shot.js';

const SHOT: Puzzle = { ...SHOT_PUZZLE, id: '0000000000000001' };
const BLACK_TO_PLAY: Puzzle = { ...SHOT, id: '0000000000000002', position: 'B:Wa3,b3:Bb6,c6,Kh8', line: ['h8-h1'], rating: 1, proof: 'forced-win' }; // prettier-ignore

describe('judgeLine', () => {
  it.each([
    [[], { kind: 'your-move', next: 0 }],
    [['h4xh7xa7'], { kind: 'reply', next: 1, reply: 'g1xg5' }],
    [['h4xh7xa7', 'g1xg5'], { kind: 'your-move', next: 2 }],
    [['h4xh7xa7', 'g1xg5', 'a7-a1'], { kind: 'solved' }],
    [['h4xh7xb7'], { kind: 'wrong', at: 0, played: 'h4xh7xb7', expected: 'h4xh7xa7' }],
    [['h4xh7xa7', 'g1xg6'], { kind: 'off-line', at: 1 }],
    [['h4xh7xa7', 'g1xg5', 'a7-a2'], { kind: 'wrong', at: 2, played: 'a7-a2', expected: 'a7-a1' }],
    [['h4xh7xa7', 'g1xg5', 'a7-a1', 'g5-g4'], { kind: 'off-line', at: 3 }],
  ])('after %j: %j', (played, verdict) => {
    expect(judgeLine(SHOT, played)).toEqual(verdict);
  });

  it('names the solver and the task, and orders the easiest first', () => {
    expect(solverOf(SHOT)).toBe(WHITE);
    expect(solverOf(BLACK_TO_PLAY)).toBe(BLACK);
    expect(taskInWords(SHOT)).toBe('White to play and win material: find the only winning move (rating 2, 2 moves)'); // prettier-ignore
    expect(taskInWords(BLACK_TO_PLAY)).toBe('Black to play and win: find the only winning move (rating 1, 1 move)'); // prettier-ignore
    expect(puzzleOrder([SHOT, BLACK_TO_PLAY]).map((p) => p.id)).toEqual([
      BLACK_TO_PLAY.id,
      SHOT.id,
    ]);
  });
});

function setUp() {
  const sent: ClientMessage[] = [];
  const state = createState();
  const page = new PageController(state, { send: (m) => sent.push(m), listen: () => undefined }, () => undefined, () => 0); // prettier-ignore
  page.start();
  let changes = 0;
  const puzzles = new PuzzleController(page, () => changes++);
  const set: PuzzleSet = { variant: 'armenian', puzzles: [SHOT, BLACK_TO_PLAY] };
  const moves = () => state.game.moves.map((move) => move.text);
  return { state, page, puzzles, set, moves, sent, changes: () => changes };
}

describe('PuzzleController', () => {
  it('sets the puzzle up between two people, no clock, the solver at the bottom', () => {
    const { state, puzzles, set, changes } = setUp();
    puzzles.start(set, 1);
    expect(state.game.position.toString()).toBe('B:Wa3,b3:Bb6,c6,Kh8');
    expect(state.mode).toBe('human');
    expect(state.clock).toBeUndefined();
    expect(state.flipped).toBe(true);
    expect(state.message?.text).toBe('Puzzle 2 of 2. Black to play and win: find the only winning move (rating 1, 1 move).'); // prettier-ignore
    expect(puzzles.current).toMatchObject({ index: 1, phase: 'solving', mistakes: 0 });
    expect(changes()).toBe(1);
  });

  it('answers a right move with the reply, and the last move solves it', () => {
    const { page, puzzles, set, moves, state } = setUp();
    puzzles.start(set, 0);
    expect(page.typedMove('h4xh7xa7')).toBe(true);
    expect(moves()).toEqual(['h4xh7xa7', 'g1xg5']);
    expect(state.message).toEqual({ text: 'Right: h4xh7xa7. The answer is g1xg5. Find the next winning move.', kind: 'info' }); // prettier-ignore
    expect(puzzles.current?.phase).toBe('solving');
    page.typedMove('a7-a1');
    expect(puzzles.current?.phase).toBe('solved');
    expect(state.message?.text).toBe('Solved, first try! The line: h4xh7xa7 g1xg5 a7-a1.');
  });

  it('takes a wrong move back and says so; the mistakes are counted', () => {
    const { page, puzzles, set, moves, state } = setUp();
    puzzles.start(set, 0);
    page.typedMove('h4xh7xc7');
    expect(moves()).toEqual([]);
    expect(state.message).toEqual({ text: 'h4xh7xc7 is not the move: it does not win. Try again, or show the solution.', kind: 'error' }); // prettier-ignore
    expect(puzzles.current).toMatchObject({ phase: 'solving', mistakes: 1 });
    page.typedMove('h4xh7xa7');
    page.typedMove('a7-a1');
    expect(state.message?.text).toBe('Solved, after 1 wrong move! The line: h4xh7xa7 g1xg5 a7-a1.');
  });

  it('plays the rest of the line as the solution', () => {
    const { page, puzzles, set, moves, state } = setUp();
    puzzles.start(set, 0);
    page.typedMove('h4xh7xa7');
    puzzles.showSolution();
    expect(moves()).toEqual(['h4xh7xa7', 'g1xg5', 'a7-a1']);
    expect(state.viewPly).toBe(3);
    expect(puzzles.current?.phase).toBe('shown');
    expect(state.message?.text).toBe('Solution: h4xh7xa7 g1xg5 a7-a1.');
  });

  it('after solving, moves are free and the solution goes back to the line', () => {
    const { page, puzzles, set, moves } = setUp();
    puzzles.start(set, 0);
    page.typedMove('h4xh7xa7');
    page.typedMove('a7-a1');
    page.typedMove('g5-g4');
    expect(moves()).toEqual(['h4xh7xa7', 'g1xg5', 'a7-a1', 'g5-g4']);
    puzzles.showSolution();
    expect(moves()).toEqual(['h4xh7xa7', 'g1xg5', 'a7-a1']);
    expect(puzzles.current?.phase).toBe('solved');
  });

  it('goes on to the next puzzle and back to the first after the last; retry starts again', () => {
    const { page, puzzles, set, moves } = setUp();
    puzzles.start(set, 1);
    puzzles.next();
    expect(puzzles.current?.index).toBe(0);
    page.typedMove('h4xh7xa7');
    puzzles.retry();
    expect(moves()).toEqual([]);
    expect(puzzles.current).toMatchObject({ index: 0, phase: 'solving' });
  });

  it('leaves the mode when another game starts, and then judges nothing', () => {
    const { page, puzzles, set, moves } = setUp();
    puzzles.start(set, 0);
    page.newGame();
    expect(puzzles.current).toBeUndefined();
    page.typedMove('c3-d4');
    expect(moves()).toEqual(['c3-d4']);
  });
});
