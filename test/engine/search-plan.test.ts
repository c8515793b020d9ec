/** How one search runs: threads, lines, skill caps and root moves worked out from go and the options. */
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { DEFAULT_OPTION_VALUES, type OptionValues } from '../../src/engine/options.js';
import { MIN_THINK_SHARE, searchPlan, threadSettings } from '../../src/engine/search-plan.js';
import { SKILL_LINES, skillSettings } from '../../src/search/skill.js';

const root = Position.start('armenian');
const options = (change: Partial<OptionValues>): OptionValues => ({ ...DEFAULT_OPTION_VALUES, threads: 4, ...change }); // prettier-ignore

describe('a search plan', () => {
  it('runs on every thread with time to spare, and on the main thread alone when it has under 20 ms', () => {
    expect(searchPlan(root, { depth: 6 }, options({})).threads).toBe(4);
    expect(searchPlan(root, { movetime: 1000 }, options({})).threads).toBe(4);
    expect(searchPlan(root, { movetime: 49 }, options({ moveOverhead: 30 })).threads).toBe(1);
    // A ponder search has all the time until ponderhit.
    expect(searchPlan(root, { movetime: 49, ponder: true }, options({ moveOverhead: 30 })).threads).toBe(4); // prettier-ignore
  });

  it('below full strength: one thread, a few lines, and the level caps depth and nodes', () => {
    const capped = skillSettings(3);
    const plan = searchPlan(root, { depth: 99 }, options({ skillLevel: 3, multiPV: 1 }));
    expect(plan).toMatchObject({ threads: 1, multiPV: SKILL_LINES, skillLevel: 3 });
    expect(plan.limits).toMatchObject({ depth: capped.depth, nodes: capped.nodes });
    expect(searchPlan(root, { depth: 1 }, options({ skillLevel: 3 })).limits.depth).toBe(1);
    expect(searchPlan(root, {}, options({ multiPV: 3 }))).toMatchObject({ multiPV: 3, skillLevel: undefined }); // prettier-ignore
  });

  it('below full strength on a clock, answers no sooner than half its budget; else at once', () => {
    const clock = { wtime: 300_000, btime: 300_000, winc: 3000, binc: 3000 };
    const weak = searchPlan(root, clock, options({ skillLevel: 5 }));
    expect(weak.minThinkMs).toBe(Math.floor(weak.timeBudget.optimum * MIN_THINK_SHARE));
    expect(weak.minThinkMs).toBeGreaterThan(1000);
    expect(searchPlan(root, clock, options({})).minThinkMs).toBe(0);
    for (const limits of [
      { nodes: 5000 },
      { depth: 4 },
      { movetime: 500 },
      { infinite: true },
      { ...clock, ponder: true },
    ]) {
      expect(searchPlan(root, limits, options({ skillLevel: 5 })).minThinkMs).toBe(0);
    }
  });

  it('keeps the legal searchmoves, packed, names the others, and none when none is legal', () => {
    const [first] = legalMoves(root);
    const plan = searchPlan(root, { searchmoves: ['a1-a8', first.text] }, options({}));
    expect(plan.limits.searchmoves).toEqual([{ move: first.move, capturedLo: first.capturedLo, capturedHi: first.capturedHi }]); // prettier-ignore
    expect(plan.ignoredSearchmoves.map((m) => m.text)).toEqual(['a1-a8']);
    expect(plan.ignoredSearchmoves[0].message).toMatch(/a1-a8/);
    expect(searchPlan(root, { searchmoves: ['a1-a8'] }, options({})).limits.searchmoves).toBeUndefined(); // prettier-ignore
  });

  it('gives the main thread its lines and every helper one', () => {
    const plan = searchPlan(root, { movetime: 1000 }, options({ multiPV: 3, drawPlies: 60 }));
    expect(threadSettings(plan, 0, 5)).toEqual({ multiPV: 3, drawPlies: 60, timeBudget: plan.timeBudget, threadIndex: 0, endsAtLastDepth: false, startTime: 5, skillLevel: undefined }); // prettier-ignore
    expect(threadSettings(plan, 2, 5)).toMatchObject({ multiPV: 1, threadIndex: 2 });
  });

  it('lets a helper end a one-line search that ends by itself when it completes the last depth', () => {
    const ends = (limits: Parameters<typeof searchPlan>[1], change: Partial<OptionValues> = {}) =>
      [0, 1, 2].map((thread) => threadSettings(searchPlan(root, limits, options(change)), thread, 5).endsAtLastDepth); // prettier-ignore
    expect(ends({ depth: 11 })).toEqual([false, true, true]);
    expect(ends({ movetime: 1000 })).toEqual([false, true, true]);
    // Every line of a MultiPV search is the main thread's; infinite and ponder searches
    // wait for the GUI, so no helper may end them.
    expect(ends({ depth: 11 }, { multiPV: 2 })).toEqual([false, false, false]);
    expect(ends({ depth: 11, infinite: true })).toEqual([false, false, false]);
    expect(ends({ depth: 11, ponder: true })).toEqual([false, false, false]);
  });
});
