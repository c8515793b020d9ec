/** Perft split into subtree tasks (perft-split.ts), counted here in place of the threads. */
import { describe, expect, it } from 'vitest';
import { perft } from '../../src/core/perft.js';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { splitPerft, type PerftRunner } from '../../src/engine/perft-split.js';
import { position } from '../helpers.js';

/** A runner that counts each subtree at once and records the depths it was given. */
function counter(stopAfter = Infinity): PerftRunner & { depths: number[] } {
  const depths: number[] = [];
  return {
    depths,
    get stopRequested() {
      return depths.length >= stopAfter;
    },
    count: (at, depth) => {
      depths.push(depth);
      // Made-up table lookups, so that their sums can be checked.
      return Promise.resolve({ nodes: perft(at, depth), probes: 3, hits: 1 });
    },
  };
}

describe('splitPerft', () => {
  it.each([
    ['armenian start', Position.start(), 5, 1],
    ['armenian start on 8 threads', Position.start(), 5, 8],
    ['a king ending', position('W:WKa1,c3:BKh8,f6'), 4, 2],
  ])(
    '%s: the total and the divide agree with perft, cut into subtrees',
    async (_name, root, depth, threads) => {
      // prettier-ignore
      const runner = counter();
      const result = await splitPerft(root, depth, threads, runner);
      expect(result.nodes).toBe(perft(root, depth));
      expect(result.stopped).toBe(false);
      expect(result.divide.map((d) => d.move)).toEqual(legalMoves(root).map((m) => m.text));
      for (const [i, move] of legalMoves(root).entries()) {
        const child = root.clone();
        child.play(move.move, move.capturedLo, move.capturedHi);
        expect(result.divide[i].nodes).toBe(perft(child, depth - 1));
      }
      expect(runner.depths.length).toBeGreaterThan(legalMoves(root).length - 1);
    },
  );

  it('adds up the table lookups of every subtree task', async () => {
    const runner = counter();
    const result = await splitPerft(Position.start(), 4, 1, runner);
    expect(runner.depths.length).toBeGreaterThan(0);
    expect(result.probes).toBe(3 * runner.depths.length);
    expect(result.hits).toBe(runner.depths.length);
  });

  it('cuts deeper when the root has few moves for the threads', async () => {
    const few = counter();
    await splitPerft(Position.start(), 5, 8, few);
    const many = counter();
    await splitPerft(Position.start(), 5, 1, many);
    expect(few.depths.every((d) => d === 3)).toBe(true);
    expect(many.depths.every((d) => d === 4)).toBe(true);
  });

  it('counts 1 at depth 0 and gives out no task for depth 1', async () => {
    const runner = counter();
    expect((await splitPerft(Position.start(), 0, 2, runner)).nodes).toBe(1);
    expect((await splitPerft(Position.start(), 1, 2, runner)).nodes).toBe(perft(Position.start(), 1)); // prettier-ignore
    expect(runner.depths).toEqual([]);
  });

  it('stops giving out subtrees once stopped, and says the counts are incomplete', async () => {
    const runner = counter(3);
    const result = await splitPerft(Position.start(), 5, 1, runner);
    expect(result.stopped).toBe(true);
    expect(runner.depths).toHaveLength(3);
    expect(result.nodes).toBeLessThan(perft(Position.start(), 5));
  });
});
