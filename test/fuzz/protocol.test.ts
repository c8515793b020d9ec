/**
 * The protocol fuzzer's short seeded run (the long one is bench/fuzz.ts): random command
 * streams on one engine process, every invariant of test/fuzz/protocol-fuzz.ts held.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { TAMA } from '../protocol/tama-process.js';
import { checkCase, FuzzEngine, stream } from './protocol-fuzz.js';

let engine = new FuzzEngine([process.execPath, TAMA]);
afterAll(() => engine.kill());

describe('the protocol session under random command streams', () => {
  it('answers every accepted go once, legally, and every isready; no long line, bounded memory', async () => {
    let goes = 0;
    await fc.assert(
      fc.asyncProperty(stream(30), async (steps) => {
        if (engine.exited) engine = new FuzzEngine([process.execPath, TAMA]);
        const report = await checkCase(engine, steps);
        goes += report.goes;
        expect(report.defects).toEqual([]);
      }),
      { seed: 4801, numRuns: 20 },
    );
    // The streams searched: the run is no string of refusals.
    expect(goes).toBeGreaterThan(20);
  }, 180_000);
});
