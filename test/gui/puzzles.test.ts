/**
 * The Puzzles mode without a browser: the line judged move by move, and the controller on
 * the page's controller with a fake engine: the puzzle set up with the solver at the
 * bottom, a right move answered with the line's reply, a wrong one taken back and said,
 * the solution played out, hints from the line (the piece, then the move), Take back to the
 * solver's last turn, the session's score, no review until the puzzle ends, and any other
 * new game leaving the mode with the game's Play and Clock settings back.
 */
import { describe, expect, it } from 'vitest';
import type { ClientMessage } from '../../src/gui/messages.js';
import { PageController } from '../../src/gui/page/controller.js';
import { PuzzleController, type PuzzleSet } from '../../src/gui/page/puzzle-controller.js';
import { judgeLine, puzzleOrder, solverOf, taskInWords } from '../../src/gui/page/puzzle-session.js'; // prettier-ignore
import { createState, reviewOffered } from '../../src/gui/page/state.js';
import { parseSquare } from '../../src/core/square.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import type { Puzzle } from '../../src/puzzles/puzzle-file.js';
import { SHOT_PUZZLE } from '../puzzles/shot.js';

const SHOT: Puzzle = { ...SHOT_PUZZLE, id: '0000000000000001' };
const BLACK_TO_PLAY: Puzzle = { ...SHOT, id: '0000000000000002', position: 'B:Wa3,b3:Bb6,c6,Kh8', line: ['h8-h1'], rating: 1, proof: 'forced-win', claim: 'forced win' }; // prettier-ignore

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
    // The record's claim says what the line wins.
    expect(taskInWords(SHOT)).toBe(`White to play and win: find the only winning move (${SHOT.claim}; rating 2, 2 moves)`); // prettier-ignore
    expect(taskInWords(BLACK_TO_PLAY)).toBe('Black to play and win: find the only winning move (forced win; rating 1, 1 move)'); // prettier-ignore
    // A blank claim falls back on the proof's words.
    const blank = { ...SHOT, claim: ' ' } as Puzzle;
    expect(taskInWords(blank)).toBe('White to play and win material: find the only winning move (rating 2, 2 moves)'); // prettier-ignore
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
    // The task is the panel's; the message line waits for verdicts.
    expect(state.message).toBeUndefined();
    expect(puzzles.current).toMatchObject({ index: 1, phase: 'solving', mistakes: 0, hints: 0 });
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
    expect(puzzles.score).toEqual({ solved: 1, tried: 1, streak: 1 });
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
    expect(state.message?.text).toBe('Solved, with 1 wrong move! The line: h4xh7xa7 g1xg5 a7-a1.');
    expect(puzzles.score).toEqual({ solved: 0, tried: 1, streak: 0 });
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

  it('gives a first hint that names the piece, a second the move, and the solve says so', () => {
    const { page, puzzles, set, state } = setUp();
    puzzles.start(set, 0);
    page.hint();
    expect(state.hint).toEqual({ from: parseSquare('h4'), path: [] });
    expect(state.message).toEqual({ text: 'Hint: the king on h4 moves. Hint again for the move.', kind: 'info' }); // prettier-ignore
    page.hint();
    expect(state.hint?.path.length).toBe(2);
    expect(state.message?.text).toBe('Hint: h4xh7xa7.');
    page.typedMove('h4xh7xa7');
    page.typedMove('a7-a1');
    expect(state.message?.text).toBe('Solved, with 2 hints! The line: h4xh7xa7 g1xg5 a7-a1.');
    expect(puzzles.score).toEqual({ solved: 0, tried: 1, streak: 0 });
    page.hint();
    expect(state.message).toEqual({ text: 'no hint: the puzzle is over (Next puzzle or Retry)', kind: 'error' }); // prettier-ignore
  });

  it('takes back a whole move pair, back to the solver, and says what to do', () => {
    const { page, puzzles, set, moves, state } = setUp();
    puzzles.start(set, 0);
    page.typedMove('h4xh7xa7');
    page.takeBack();
    expect(moves()).toEqual([]);
    expect(state.message).toEqual({ text: 'Taken back: find the winning move.', kind: 'info' });
    expect(puzzles.current?.phase).toBe('solving');
    page.takeBack();
    expect(state.message?.text).toBe('nothing to take back: no move has been played');
    page.typedMove('h4xh7xa7');
    page.typedMove('a7-a1');
    expect(puzzles.current?.phase).toBe('solved');
  });

  it('keeps a score over the session: first tries in a row, a retry counting no more', () => {
    const { page, puzzles, set } = setUp();
    puzzles.start(set, 0);
    page.typedMove('h4xh7xa7');
    page.typedMove('a7-a1');
    expect(puzzles.score).toEqual({ solved: 1, tried: 1, streak: 1 });
    puzzles.retry();
    page.typedMove('h4xh7xa7');
    page.typedMove('a7-a1');
    expect(puzzles.score).toEqual({ solved: 1, tried: 1, streak: 1 });
    puzzles.next();
    page.typedMove('h8-h2');
    expect(puzzles.score).toEqual({ solved: 1, tried: 2, streak: 0 });
    puzzles.showSolution();
    expect(puzzles.score).toEqual({ solved: 1, tried: 2, streak: 0 });
  });

  it('offers no review until the puzzle ends', () => {
    const { page, puzzles, set, state } = setUp();
    puzzles.start(set, 0);
    page.typedMove('h4xh7xa7');
    expect(reviewOffered(state)).toBe(false);
    page.typedMove('a7-a1');
    expect(reviewOffered(state)).toBe(true);
  });

  it('gives the game its Play and Clock settings back when another game starts', () => {
    const { page, puzzles, set, state } = setUp();
    page.setMode('white');
    page.setControl('5+3');
    puzzles.start(set, 0);
    puzzles.next();
    expect(state.mode).toBe('human');
    expect(state.control).toBeUndefined();
    page.typedMove('h8-h1');
    page.newGame();
    expect(puzzles.current).toBeUndefined();
    expect(state.mode).toBe('white');
    expect(state.control?.name).toBe('5+3');
    expect(state.clock).toBeDefined();
    expect(state.puzzleSolving).toBe(false);
    expect(state.message).toEqual({ text: 'Puzzles left: Play as White, Clock 5+3.', kind: 'info' }); // prettier-ignore
    // Once back, a new game says nothing of puzzles.
    page.newGame();
    expect(state.message).toBeUndefined();
  });

  it('keeps a clock chosen in the mode, and a loaded PDN says it switched to two people', () => {
    const { page, puzzles, set, state } = setUp();
    page.setMode('black');
    puzzles.start(set, 0);
    page.setControl('3+2');
    expect(state.mode).toBe('black');
    expect(state.control?.name).toBe('3+2');
    puzzles.start(set, 0);
    page.loadPdn('1. c3-d4 *');
    expect(state.mode).toBe('human');
    expect(state.control?.name).toBe('3+2');
    expect(state.message?.text).toMatch(/switched to human vs human/);
  });
});
