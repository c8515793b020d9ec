/**
 * The network evaluation of the search's WebAssembly module (src/wasm/network.ts) held to
 * src/search/network.ts: the same integer score and the same "no move = lost" count, over
 * thousands of seeded positions of both variants (random games, pieces placed at random with
 * kings of both colours), for the shipped networks and random ones of other widths (one not a
 * multiple of 8); the same scores with the accumulators kept up to date along random lines of
 * made and unmade moves; and whole searches with a network that give the same nodes, scores,
 * lines and moves as the TypeScript search.
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { STATE_SIZE } from '../../src/core/state.js';
import { rulesFor, VARIANT_NAMES, type VariantName } from '../../src/core/variant.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluators } from '../../src/search/eval.js';
import { NetworkEvaluator } from '../../src/search/network.js';
import type { NetworkWeights } from '../../src/search/network-weights.js';
import { Searcher, type SearchInfo, type SearchResult } from '../../src/search/search.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { NO_TIME_LIMIT, type SearchLimits } from '../../src/search/timeman.js';
import { TranspositionTable, tableBytes } from '../../src/search/tt.js';
import { gamePositions, placedPositions, position, seededRandom } from '../helpers.js';
import { randomNetwork, shippedNetwork } from './networks.js';

/** Positions of each kind, variant and network. */
const POSITIONS = 1000;

function newModule(): SearchModule {
  const created = SearchModule.create();
  if (!created.ok) throw new Error(created.error.message);
  return created.value;
}

const NETWORKS: readonly [string, (variant: VariantName) => NetworkWeights][] = [
  ['the shipped network', shippedNetwork],
  ['a random network of 16 units', (variant) => randomNetwork(variant, 5, 16)],
  ['a random network of 20 units', (variant) => randomNetwork(variant, 6, 20)],
  ['a random network of 64 units', (variant) => randomNetwork(variant, 7, 64)],
];

describe.each(NETWORKS)('%s', (_name, networkOf) => {
  describe.each(VARIANT_NAMES)('%s', (variant) => {
    const rules = rulesFor(variant);

    it.each([
      ['along random games', (seed: number) => gamePositions(variant, seed, POSITIONS)],
      ['of pieces placed at random', (seed: number) => placedPositions(variant, seed, POSITIONS)],
    ])('scores positions %s as network.ts does', (_kind, positions) => {
      const weights = networkOf(variant);
      const evaluator = new NetworkEvaluator(rules, weights);
      const module = newModule();
      module.setVariant(rules);
      module.setNetwork(weights);
      let lost = 0;
      for (const p of positions(weights.hidden + variant.length)) {
        module.setPosition(0, p.state);
        const expected = evaluator.evaluate(p.state);
        expect(module.evaluateNetworkFresh(0), p.toString()).toBe(expected + 0); // the same integer (network.ts may round to -0)
        expect(module.mobility() === 0, `${p.toString()}: no move`).toBe(evaluator.sideToMoveMobility === 0); // prettier-ignore
        expect(module.mobility(), `${p.toString()}: mobility`).toBe(evaluator.sideToMoveMobility);
        module.invalidateAccumulators(0);
        expect(module.evaluateNetwork(0), p.toString()).toBe(expected + 0); // the same integer (network.ts may round to -0)
        if (evaluator.sideToMoveMobility === 0) lost++;
      }
      expect(lost).toBeLessThan(POSITIONS);
    });

    it('keeps its accumulators up to date along lines of made and unmade moves', () => {
      const weights = networkOf(variant);
      const evaluator = new NetworkEvaluator(rules, weights);
      const module = newModule();
      module.setVariant(rules);
      module.setNetwork(weights);
      const random = seededRandom(weights.hidden * 7 + variant.length);
      const state = new Int32Array(STATE_SIZE);
      let checked = 0;
      for (let walk = 0; walk < 30; walk++) {
        module.setPosition(0, Position.start(variant).state);
        module.invalidateAccumulators(0);
        let ply = 0;
        for (let step = 0; step < 150; step++) {
          const count = module.generateMoves(ply);
          // Make a move (most of the time), or unmake one: go back to the parent ply.
          if (count > 0 && (ply === 0 || random() < 0.7) && ply < 100) {
            module.makeMove(ply, Math.floor(random() * count));
            ply++;
          } else if (ply > 0) {
            ply--;
          } else break;
          // Evaluate now and then, as the search does: the update must catch up.
          if (random() < 0.4) {
            state.set(module.position(ply));
            const incremental = module.evaluateNetwork(ply);
            expect(incremental, `walk ${walk} ply ${ply}`).toBe(module.evaluateNetworkFresh(ply)); // prettier-ignore
            expect(incremental, `walk ${walk} ply ${ply}`).toBe(evaluator.evaluate(state) + 0);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(500);
    });
  });
});

interface Run {
  readonly result: SearchResult;
  readonly infos: Omit<SearchInfo, 'time' | 'nps'>[];
}

/** One search of `root` by `searcher`, with what it reported (less the times). */
function run(searcher: Searcher, root: Position, limits: SearchLimits): Run {
  const infos: Run['infos'][number][] = [];
  const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
  const result = searcher.search(root, [], limits, settings, (info) => {
    const { time: _time, nps: _nps, ...rest } = info;
    infos.push(rest);
  });
  return { result, infos };
}

/** Searches each position with the TypeScript search and the module, both with `network`; their nodes. */
function compare(
  network: NetworkWeights,
  positions: readonly Position[],
  limits: SearchLimits,
): number {
  const made = () => new Searcher(new TranspositionTable(new SharedArrayBuffer(tableBytes(4))), SearchControl.create(1), new Evaluators(DEFAULT_EVAL_WEIGHTS, { [network.variant]: network })); // prettier-ignore
  const typeScript = made();
  const withModule = made();
  const module = newModule();
  withModule.useModule(module);
  let nodes = 0;
  for (const p of positions) {
    const expected = run(typeScript, p, limits);
    expect(run(withModule, p, limits), p.toString()).toEqual(expected);
    expect(module.nodes, p.toString()).toBe(expected.result.nodes);
    nodes += expected.result.nodes;
  }
  return nodes;
}

describe.each(VARIANT_NAMES)(
  'the module searches %s with a network as search.ts does',
  (variant) => {
    it('the bench positions with the shipped network, to depth 5', () => {
      const positions = BENCH_POSITIONS.map((text) => position(text, variant));
      expect(compare(shippedNetwork(variant), positions, { depth: 5 })).toBeGreaterThan(10_000);
    });

    it('positions of random games with a random network of 20 units, to depth 4', () => {
      const positions = gamePositions(variant, 31, 40);
      expect(compare(randomNetwork(variant, 8, 20), positions, { depth: 4 })).toBeGreaterThan(10_000); // prettier-ignore
    });

    it('the other variant with the linear evaluation: the network is not used there', () => {
      const other = variant === 'armenian' ? 'turkish' : 'armenian';
      const positions = BENCH_POSITIONS.map((text) => position(text, other));
      expect(compare(shippedNetwork(variant), positions, { depth: 4 })).toBeGreaterThan(10_000);
    });
  },
);
