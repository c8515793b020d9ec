/**
 * A helper thread's part in a search to a fixed depth: it never skips the last depth, and
 * when the search allows it (endsAtLastDepth), the helper that completes that depth first
 * stops every thread and hands back its line for the engine to report.
 */
import { describe, expect, it } from 'vitest';
import { sameMove } from '../../src/core/movegen.js';
import { Position } from '../../src/core/position.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { sharedMemory, threadOver } from './engine.js';

/** Thread 1 of two searching the start to `depth`; depth 5 is one this helper skips below the last. */
function helperSearch(depth: number, endsAtLastDepth: boolean | undefined) {
  const control = SearchControl.create(2);
  const { searcher } = threadOver(sharedMemory(2), control);
  const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 1, startTime: nowMs(), endsAtLastDepth }; // prettier-ignore
  const result = searcher.search(Position.start(), [], { depth }, settings, () => {});
  return { result, stopped: control.stopped };
}

describe('a helper thread at the depth limit', () => {
  it('completes the last depth even where its schedule skips that depth in a deeper search', () => {
    // Thread 1 skips depths 5, 8, 11... on the way to a deeper limit.
    expect(helperSearch(5, false).result.depth).toBe(5);
    expect(helperSearch(8, undefined).result.depth).toBe(8);
  });

  it('ends the search for every thread when it completes the last depth, and gives its line', () => {
    const { result, stopped } = helperSearch(5, true);
    expect(stopped).toBe(true);
    expect(result.interrupted).toBe(false);
    expect(result.lastLine).toMatchObject({ depth: 5, multipv: 1, score: result.score });
    const line = result.lastLine?.pv ?? [];
    expect(line.length).toBeGreaterThan(0);
    expect(result.bestMove !== undefined && sameMove(line[0], result.bestMove)).toBe(true);
  });

  it('leaves the others searching when the search does not allow it', () => {
    const { result, stopped } = helperSearch(5, false);
    expect(stopped).toBe(false);
    expect(result.lastLine).toBeUndefined();
  });
});
