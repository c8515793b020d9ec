/**
 * A page that is not cross-origin isolated runs the search on plain buffers (no
 * SharedArrayBuffer): an infinite search that ends early (a forced result) must answer
 * instead of waiting on the stop flag, which Atomics.wait refuses on a buffer that is not
 * shared. The engine then holds that answer until stop (engine.ts).
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { tableBytes } from '../../src/search/tt.js';
import { moduleSearcher } from '../helpers.js';

/** The control block as the web build makes it without shared memory. */
function unsharedControl(): SearchControl {
  const shared = SearchControl.create(1);
  return new SearchControl(new ArrayBuffer(shared.buffer.byteLength) as unknown as SharedArrayBuffer, 1); // prettier-ignore
}

describe('a search on a control block that is not shared', () => {
  it('knows the block is not shared, and a real shared one is', () => {
    expect(unsharedControl().shared).toBe(false);
    expect(SearchControl.create(1).shared).toBe(true);
  });

  it('answers an infinite search of a forced result (two kings against a man) at once', () => {
    const parsed = Position.parse('W:WKa1,Kb1:Bh8');
    if (!parsed.ok) throw new Error(parsed.error.message);
    const control = unsharedControl();
    const searcher = moduleSearcher(tableBytes(1), control);
    control.reset(false);
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    const result = searcher.search(parsed.value, [], { infinite: true }, settings, () => {});
    expect(result.score.kind).toBe('mate');
  });

  it('refuses to wait on it rather than block for nothing', () => {
    expect(() => unsharedControl().waitForSignal(1)).toThrow(/not shared/);
  });
});
