/** Time management: the budget from the clock, and when a search on the clock stops. */
import { describe, expect, it } from 'vitest';
import { nowMs, SearchControl } from '../../src/search/control.js';
import { NO_TIME_LIMIT, TimeManager, timeBudget } from '../../src/search/timeman.js';

describe('timeBudget', () => {
  it("gives no limit without a clock, for go infinite, and for the other side's clock only", () => {
    expect(timeBudget({ depth: 5 }, 0, 30)).toBe(NO_TIME_LIMIT);
    expect(timeBudget({ infinite: true, wtime: 1000 }, 0, 30)).toBe(NO_TIME_LIMIT);
    expect(timeBudget({ btime: 1000 }, 0, 30)).toBe(NO_TIME_LIMIT);
  });

  it('uses a fixed move time less the overhead for both bounds', () => {
    expect(timeBudget({ movetime: 300 }, 1, 30)).toEqual({ optimum: 270, maximum: 270 });
    expect(timeBudget({ movetime: 10 }, 0, 30)).toEqual({ optimum: 1, maximum: 1 });
  });

  it("spends a share of the side to move's clock, and up to five times that at most", () => {
    // 60 s, no increment, 40 moves to go: usable 60000 - 300 - 10; optimum a 40th of it.
    const usable = 60_000 - 30 * 10 - 10;
    expect(timeBudget({ wtime: 60_000, btime: 1 }, 0, 30)).toEqual({ optimum: usable / 40, maximum: (usable / 40) * 5 }); // prettier-ignore
    // Black's clock when Black is to move, with most of its increment on top.
    const black = timeBudget({ wtime: 1, btime: 60_000, binc: 1000 }, 1, 30);
    expect(black.optimum).toBe(usable / 40 + 750);
  });

  it('keeps a reserve: never more than 35 % of the clock, 90 % on the last move to go', () => {
    expect(timeBudget({ wtime: 2000, winc: 5000 }, 0, 0).maximum).toBe((2000 - 10) * 0.35);
    expect(timeBudget({ wtime: 2000, movestogo: 1 }, 0, 0).maximum).toBe((2000 - 10) * 0.9);
  });
});

describe('TimeManager', () => {
  const control = SearchControl.create(1);
  /** A manager whose search began `ago` ms back, with an optimum of `optimum` ms. */
  function manager(ago: number, optimum: number, limits = {}, main = true): TimeManager {
    control.reset(false);
    const time = new TimeManager();
    time.start({ optimum, maximum: optimum * 5 }, limits, nowMs() - ago, main);
    return time;
  }

  it('stops after an iteration once the optimum is spent, and not before', () => {
    expect(manager(10_000, 1000).stopAfterIteration(5, 0, 10, 20, control)).toBe(true);
    expect(manager(0, 1_000_000).stopAfterIteration(5, 0, 10, 20, control)).toBe(false);
  });

  it('needs half the optimum once the best move has stayed for three iterations', () => {
    // 7 s spent of an optimum of 10: a new best move (x1.5) goes on, a settled one stops.
    const time = manager(7000, 10_000);
    expect(time.stopAfterIteration(1, 4, 10, 20, control)).toBe(false);
    for (const depth of [2, 3]) expect(time.stopAfterIteration(depth, 4, 10, 20, control)).toBe(false); // prettier-ignore
    expect(time.stopAfterIteration(4, 4, 10, 20, control)).toBe(true);
  });

  it('gives a falling score more time', () => {
    // 11 s of 10, best move unchanged once (x1): the same score stops, a drop of 31 goes on.
    const steady = manager(11_000, 10_000);
    steady.stopAfterIteration(1, 2, 40, 20, control);
    expect(steady.stopAfterIteration(2, 2, 40, 20, control)).toBe(true);
    const falling = manager(11_000, 10_000);
    falling.stopAfterIteration(1, 2, 40, 20, control);
    expect(falling.stopAfterIteration(2, 2, 9, 20, control)).toBe(false);
  });

  it('answers a single candidate move soon', () => {
    expect(manager(60, 100_000).stopAfterIteration(1, 0, 0, 1, control)).toBe(true);
    expect(manager(60, 100_000).stopAfterIteration(1, 0, 0, 2, control)).toBe(false);
  });

  it('uses a fixed move time whole, and leaves infinite searches and helper threads alone', () => {
    expect(manager(10_000, 1000, { movetime: 1000 }).stopAfterIteration(5, 0, 0, 1, control)).toBe(false); // prettier-ignore
    expect(manager(10_000, 1000, { infinite: true }).stopAfterIteration(5, 0, 0, 1, control)).toBe(false); // prettier-ignore
    expect(manager(10_000, 1000, {}, false).stopAfterIteration(5, 0, 0, 1, control)).toBe(false);
  });

  it('runs no clock while pondering, then counts from ponderhit', () => {
    const time = manager(10_000, 1000);
    control.reset(true);
    expect(time.stopAfterIteration(5, 0, 0, 20, control)).toBe(false);
    expect(time.outOfTime(control)).toBe(false);
    control.ponderhit(nowMs());
    expect(time.stopAfterIteration(6, 0, 0, 20, control)).toBe(false);
    expect(time.outOfTime(control)).toBe(false);
  });

  it('is out of time past the maximum, on the main thread only', () => {
    expect(manager(10_000, 1000).outOfTime(control)).toBe(true);
    expect(manager(10_000, 1000, {}, false).outOfTime(control)).toBe(false);
    expect(manager(0, 1000).outOfTime(control)).toBe(false);
  });
});
