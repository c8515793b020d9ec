/** The bench as searches the engine runs (benchmark.ts), with a runner standing in for it. */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/core/game.js';
import { legalMoves } from '../../src/core/notation.js';
import { benchSearches, runBench, type BenchRunner } from '../../src/engine/benchmark.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';

/** A runner that records its calls; each search counts as many nodes as its position has moves. */
function recorder(stopAfter = Infinity): BenchRunner & { calls: string[] } {
  const calls: string[] = [];
  let searches = 0;
  return {
    calls,
    get stopRequested() {
      return searches >= stopAfter;
    },
    newGame: () => calls.push('new game'),
    search: (game: Game, limits: { depth: number }) => {
      searches++;
      calls.push(`${game.position.toString()} depth ${limits.depth}`);
      return Promise.resolve({ nodes: legalMoves(game.position).length });
    },
  };
}

describe('the bench', () => {
  it('is every bench position searched to the depth, in the variant given', () => {
    const searches = benchSearches(3, 'turkish');
    expect(searches.map((s) => s.fen)).toEqual(BENCH_POSITIONS);
    expect(searches.every((s) => s.limits.depth === 3 && s.game.position.rules.name === 'turkish')).toBe(true); // prettier-ignore
    expect(searches.every((s) => s.game.moves.length === 0)).toBe(true);
  });

  it('runs its searches in order after a new game, and totals their nodes', async () => {
    const runner = recorder();
    const searches = benchSearches(2, 'armenian');
    const heard: number[] = [];
    const result = await runBench(runner, searches, (index, _fen, nodes) => heard.push(index, nodes), () => 0); // prettier-ignore
    expect(runner.calls[0]).toBe('new game');
    expect(runner.calls.slice(1)).toEqual(searches.map((s) => `${s.game.position.toString()} depth 2`)); // prettier-ignore
    const nodes = searches.map((s) => legalMoves(s.game.position).length);
    expect(heard).toEqual(nodes.flatMap((n, i) => [i, n]));
    expect(result).toMatchObject({ nodes: nodes.reduce((a, b) => a + b, 0), positions: searches.length, stopped: false }); // prettier-ignore
  });

  it('ends after the search under way once stopped, and says so', async () => {
    const runner = recorder(2);
    const result = await runBench(
      runner,
      benchSearches(2, 'armenian'),
      () => {},
      () => 0,
    );
    expect(result.positions).toBe(2);
    expect(result.stopped).toBe(true);
    expect(runner.calls).toHaveLength(3);
  });

  it('gives the speed from the time the searches took', async () => {
    let time = 1000;
    const now = () => (time += 250);
    const result = await runBench(recorder(), benchSearches(1, 'armenian').slice(0, 2), () => {}, now); // prettier-ignore
    expect(result.milliseconds).toBe(250);
    expect(result.nps).toBe(Math.round((result.nodes * 1000) / 250));
  });
});
