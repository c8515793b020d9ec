/**
 * A search to a fixed depth that a helper thread finishes first: the helper ends it, its
 * move is played, and its line is the last one reported before the move. The worker is the
 * fault fixture in `late-main` mode, whose main thread starts only once the search is stopped.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/engine.js';
import { FAILING_WORKER, failingWorkerMode } from '../helpers.js';

describe('a helper that completes the depth first', () => {
  failingWorkerMode('late-main');

  it('ends the search, and its line of that depth is reported before its move', async () => {
    const infos: { depth: number; multipv: number; pv: readonly string[] }[] = [];
    const errors: string[] = [];
    const engine = new Engine({ info: (info) => infos.push(info), error: (message) => errors.push(message) }, FAILING_WORKER); // prettier-ignore
    try {
      expect(engine.setOption('Threads', '2').ok).toBe(true);
      await engine.whenReady();
      for (const depth of [6, 8]) {
        infos.length = 0;
        const best = await engine.go({ depth });
        const last = infos.at(-1);
        expect(last).toMatchObject({ depth, multipv: 1 });
        expect(last?.pv[0]).toBe(best.move);
        // The main thread started after the stop and gave up within a few shallow depths
        // (it looks at the stop flag every so many nodes): the line of the depth asked for,
        // reported once, is the helper's.
        expect(infos.filter((info) => info.depth === depth)).toHaveLength(1);
        expect(infos.at(-2)?.depth).toBeLessThan(depth - 1);
      }
      expect(errors).toEqual([]);
    } finally {
      await engine.close();
    }
  });
});
