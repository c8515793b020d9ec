/**
 * Threads that ignore stop: the engine gives up on them after STALL_MS, reports it, answers
 * with what it knows and goes on with new threads. The worker is the fault fixture, whose
 * perft subtrees of depth 4 or more hang.
 */
import { describe, expect, it } from 'vitest';
import { Engine, STALL_MS } from '../../src/engine/engine.js';
import { FAILING_WORKER, failingWorkerMode } from '../helpers.js';

describe('a perft whose threads stall', () => {
  failingWorkerMode('stall-perft');

  it('is abandoned after stop: it answers as stopped, and the next count works', async () => {
    const errors: string[] = [];
    const engine = new Engine({ info: () => {}, error: (message) => errors.push(message) }, FAILING_WORKER); // prettier-ignore
    try {
      await engine.whenReady();
      const counting = engine.perft(5);
      engine.stop();
      const result = await counting;
      expect(result.stopped).toBe(true);
      expect(errors).toEqual([`search stalled: no answer ${STALL_MS} ms after stop; its threads are replaced`]); // prettier-ignore
      expect(engine.searching).toBe(false);
      // Subtrees of depth 2 do not hang: the new threads count them.
      const again = await engine.perft(3);
      expect(again).toMatchObject({ nodes: 12174, stopped: false });
    } finally {
      await engine.close();
    }
  });

  it('leaves no hashed counts behind: the next hashed count starts from empty memory', async () => {
    const engine = new Engine({ info: () => {}, error: () => {} }, FAILING_WORKER);
    try {
      await engine.whenReady();
      // Depth 4 on one thread: 22 subtrees of depth 3, each one probe of the table. The
      // second count finds every one of them, left by the first in the Hash memory.
      const first = await engine.perft(4, true);
      expect(first).toMatchObject({ nodes: 268670, probes: 22, stopped: false });
      expect(await engine.perft(4, true)).toMatchObject({ nodes: 268670, probes: 22, hits: 22 });
      const counting = engine.perft(5, true);
      engine.stop();
      expect(await counting).toMatchObject({ stopped: true });
      // After the abandoned count only mirror images are found, as in the first count.
      expect(await engine.perft(4, true)).toMatchObject({ nodes: 268670, probes: 22, hits: first.hits }); // prettier-ignore
      expect(first.hits).toBeLessThan(22);
    } finally {
      await engine.close();
    }
  });
});
