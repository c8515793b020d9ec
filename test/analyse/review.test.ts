/** The review over a scripted engine: positions, judged moves, game ends, progress, failures. */
import { describe, expect, it } from 'vitest';
import { reviewGame, type ReviewProgress } from '../../src/analyse/review.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import { cp, loss, ScriptedEvaluator, win } from './helpers.js';

/** White to move hangs a man with c4-c5 (c6xc4); c4-d5 keeps it. */
const HANGING = { variant: 'armenian', fen: 'W:Wa2,b2,g2,h2,c4:Ba7,b7,g7,h7,c6', moves: ['c4-c5', 'c6xc4'] } as const; // prettier-ignore

describe('reviewGame', () => {
  it('evaluates every position with the whole game so far and judges each move', async () => {
    const engine = new ScriptedEvaluator([
      { score: cp(20), best: 'c4-d5' },
      { score: cp(150), best: 'c6xc4' },
      { score: cp(-150), best: 'a2-a3' },
    ]);
    const progress: ReviewProgress[] = [];
    const review = await reviewGame(HANGING, engine, { nodes: 777, onProgress: (p) => progress.push(p) }); // prettier-ignore
    expect(review.ok).toBe(true);
    if (!review.ok) return;
    expect(engine.newGames).toBe(1);
    expect(engine.requests).toEqual([
      { variant: 'armenian', fen: HANGING.fen, moves: [], nodes: 777 },
      { variant: 'armenian', fen: HANGING.fen, moves: ['c4-c5'], nodes: 777 },
      { variant: 'armenian', fen: HANGING.fen, moves: ['c4-c5', 'c6xc4'], nodes: 777 },
    ]);
    expect(review.value.positions.map((p) => p.whiteScore)).toEqual([cp(20), cp(-150), cp(-150)]);
    const [hang, take] = review.value.moves;
    expect(hang).toMatchObject({
      index: 0,
      text: 'c4-c5',
      color: WHITE,
      classification: 'blunder',
    });
    expect(hang.better).toEqual({ move: 'c4-d5', pv: ['c4-d5'], whiteScore: cp(20) });
    // The capture was the only legal move: never marked, whatever the scores say.
    expect(take).toMatchObject({ index: 1, text: 'c6xc4', color: BLACK, classification: 'good' });
    expect(take.better).toBeUndefined();
    expect(progress.map((p) => [p.done, p.total, p.move?.text])).toEqual([
      [1, 3, undefined],
      [2, 3, 'c4-c5'],
      [3, 3, 'c6xc4'],
    ]);
  });

  it("does not mark the engine's own best move, however the next position scores", async () => {
    const engine = new ScriptedEvaluator([
      { score: cp(20), best: 'c4-c5' },
      { score: cp(150), best: 'c6xc4' },
      { score: cp(-150) },
    ]);
    const review = await reviewGame(HANGING, engine, { nodes: 10 });
    expect(review.ok && review.value.moves[0].classification).toBe('good');
  });

  it('scores the last position by the rules when the game is over there, without the engine', async () => {
    const engine = new ScriptedEvaluator([{ score: win(1), best: 'd4xd6' }]);
    const review = await reviewGame({ variant: 'armenian', fen: 'W:Wd4:Bd5', moves: ['d4xd6'] }, engine, { nodes: 10 }); // prettier-ignore
    expect(review.ok).toBe(true);
    if (!review.ok) return;
    expect(engine.requests).toHaveLength(1);
    const last = review.value.positions[1];
    expect(last.evaluation).toBeUndefined();
    expect(last.end?.winner).toBe(WHITE);
    expect(last.score).toEqual(loss(0));
    expect(last.whiteScore).toEqual(win(0));
  });

  it('scores a final repetition as a draw', async () => {
    const moves = ['a1-b1', 'h8-g8', 'b1-a1', 'g8-h8', 'a1-b1', 'h8-g8', 'b1-a1', 'g8-h8'];
    const engine = new ScriptedEvaluator(moves.map(() => ({ score: cp(0) })));
    const review = await reviewGame({ variant: 'armenian', fen: 'W:WKa1,c3:BKh8,f6', moves }, engine, { nodes: 10 }); // prettier-ignore
    expect(review.ok).toBe(true);
    if (!review.ok) return;
    expect(engine.requests).toHaveLength(8);
    expect(review.value.positions[8]).toMatchObject({
      score: cp(0),
      end: { reason: 'repetition' },
    });
  });

  it('refuses an illegal move before asking the engine anything', async () => {
    const engine = new ScriptedEvaluator([]);
    const review = await reviewGame({ ...HANGING, moves: ['c4-c5', 'c6-c4'] }, engine, { nodes: 10 }); // prettier-ignore
    expect(review).toMatchObject({ ok: false, error: { code: 'illegal' } });
    expect(!review.ok && review.error.message).toMatch(/move 2 of the list: illegal move 'c6-c4'/);
    expect(engine.requests).toHaveLength(0);
  });

  it("stops on the engine's failure, on a cancel, and on a best move that is not legal", async () => {
    const failing = new ScriptedEvaluator([{ score: cp(0) }], 1);
    expect(await reviewGame(HANGING, failing, { nodes: 10 })).toMatchObject({ ok: false, error: { code: 'engine-failed' } }); // prettier-ignore
    const controller = new AbortController();
    const cancelled = new ScriptedEvaluator([{ score: cp(0) }, { score: cp(0) }, { score: cp(0) }]);
    const review = reviewGame(HANGING, cancelled, {
      nodes: 10,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done === 1) controller.abort();
      },
    });
    expect(await review).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(cancelled.requests).toHaveLength(2);
    const wrong = new ScriptedEvaluator([{ score: cp(0), best: 'a2-a8' }]);
    const bad = await reviewGame(HANGING, wrong, { nodes: 10 });
    expect(bad).toMatchObject({ ok: false, error: { code: 'bad-best-move' } });
    expect(!bad.ok && bad.error.message).toMatch(/ply 0: the engine's best move is not legal here/);
  });
});
