/**
 * Scores: a forced win is reported as `mate N` (N of the winner's moves until the loser has
 * no legal move), a loss as `mate -N`, and repetition and the no-progress rule score 0.
 * The distances come from the verifier (solver.ts); the winners' own distances are proven
 * in tactics.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { QUIET_PLIES } from '../../src/core/state.js';
import type { Score } from '../../src/search/search.js';
import { position } from '../helpers.js';
import { sameMove } from '../../src/core/movegen.js';
import { bestMoveText, moveOf, NODE_BUDGET, search } from './engine.js';
import { losesWithin, winDistance } from './solver.js';
import { TACTICS } from './tactics.js';

/** A draw score: `cp 0` (the search may hand back -0, which prints as 0 too). */
function expectDraw(score: Score): void {
  expect(score.kind).toBe('cp');
  expect(Math.abs(score.value)).toBe(0);
}

const endings = TACTICS.flatMap((t) =>
  t.proof.type === 'win' ? [{ ...t, moves: t.proof.moves, lost: t.proof.moves - 1 }] : [],
);

describe('mate scores', () => {
  it.each(endings)('$name: the winner sees mate $moves', (ending) => {
    const result = search(position(ending.fen, ending.variant), { nodes: NODE_BUDGET });
    expect(result.score).toEqual({ kind: 'mate', value: ending.moves });
  });

  it.each(endings)('$name: after the key move the loser sees mate -$lost', (ending) => {
    const after = position(ending.fen, ending.variant);
    const key = moveOf(after, ending.move);
    after.play(key.move, key.capturedLo, key.capturedHi);
    // Proven: the loser is out of moves after exactly `lost` more winning moves.
    expect(losesWithin(after, ending.lost)).toBe(true);
    expect(losesWithin(after, ending.lost - 1)).toBe(false);
    const result = search(after, { nodes: NODE_BUDGET });
    expect(result.score).toEqual({ kind: 'mate', value: -ending.lost });
  });

  it('mate in one: the king takes the last piece', () => {
    const root = position('W:WKa8:BKa2');
    expect(winDistance(root, 1).moves).toBe(1);
    const result = search(root, { nodes: NODE_BUDGET });
    expect(result.score).toEqual({ kind: 'mate', value: 1 });
    expect(bestMoveText(root, result)).toBe('a8xa1');
  });

  it.each([
    ['every piece blocked', 'B:WKa1,Kb1,Kb2,Kc2:Ba2'],
    ['no piece left', 'B:Wa4,Kh8:B'],
  ])('no legal move (%s): no best move, and the game is lost', (_, fen) => {
    const root = position(fen);
    expect(legalMoves(root)).toEqual([]);
    const result = search(root, { nodes: NODE_BUDGET });
    expect(result.bestMove).toBeUndefined();
    expect(result.score.kind).toBe('mate');
    expect(Math.abs(result.score.value)).toBe(0);
  });
});

describe('draws', () => {
  // White's lone king against two: lost in 4 whatever White does (proven below), unless
  // the game has been here before and White can step back into the repetition.
  const LOST = 'W:WKg8:BKa8,Kf6';
  const CYCLE = ['g8-g7', 'a8-a7', 'g7-g8', 'a7-a8'];

  it('the lost position scores as a loss without history', () => {
    const root = position(LOST);
    expect(losesWithin(root, 4)).toBe(true);
    expect(losesWithin(root, 3)).toBe(false);
    expect(search(root, { nodes: NODE_BUDGET }).score).toEqual({ kind: 'mate', value: -4 });
  });

  it('a move back into a position of the game scores as a draw', () => {
    const root = position(LOST);
    const gameKeys: number[] = [];
    for (const text of CYCLE) {
      gameKeys.push(root.keyLo, root.keyHi);
      const move = moveOf(root, text);
      root.play(move.move, move.capturedLo, move.capturedHi);
    }
    expect(root.toString()).toBe(position(LOST).toString());
    expect(root.quietPlies).toBe(4);
    for (const limits of [{ depth: 1 }, { nodes: NODE_BUDGET }]) {
      const result = search(root, limits, { gameKeys });
      expectDraw(result.score);
      expect(result.bestMove).toBeDefined();
      expect(sameMove(result.bestMove!, moveOf(root, CYCLE[0]))).toBe(true);
    }
  });

  it('a man stepping back sideways into a position of the game scores as a draw', () => {
    // Black's lone man is lost against three kings, but stepping h7-g7 again repeats the
    // position after the first h7-g7: a sideways step can be undone, so it does not end the
    // stretch that repetition looks back over (the no-progress count restarts at it).
    const root = position('B:WKa1,Kc1,Kd1:Bh7');
    expect(search(root, { depth: 6 }).score).toMatchObject({ kind: 'mate' });
    const gameKeys: number[] = [];
    for (const text of ['h7-g7', 'a1-b1', 'g7-h7', 'b1-a1']) {
      gameKeys.push(root.keyLo, root.keyHi);
      const move = moveOf(root, text);
      root.play(move.move, move.capturedLo, move.capturedHi);
    }
    expect(root.quietPlies).toBe(1);
    expect(root.reversiblePlies).toBe(4);
    const result = search(root, { depth: 6 }, { gameKeys });
    expectDraw(result.score);
    expect(sameMove(result.bestMove!, moveOf(root, 'h7-g7'))).toBe(true);
  });

  it('a won position scores as a draw when the no-progress limit falls first', () => {
    // Two kings win against one in 3 (proven in tactics.test.ts: ending-two-kings-corner-h8).
    // Three plies into a quiet stretch, every White move makes the fourth: a draw at once.
    const root = position('W:WKg5,Ke5:BKh4');
    root.state[QUIET_PLIES] = 3;
    expectDraw(search(root, { nodes: NODE_BUDGET }, { drawPlies: 4 }).score);
    expect(search(root, { nodes: NODE_BUDGET }, { drawPlies: 100 }).score).toEqual({ kind: 'mate', value: 3 }); // prettier-ignore
  });
});
