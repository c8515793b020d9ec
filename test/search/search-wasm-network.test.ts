/**
 * The network evaluation of the search's WebAssembly module (src/wasm/network.ts) held to
 * src/search/network.ts: the same integer score and the same "no move = lost" count, over
 * thousands of seeded positions of both variants (random games, pieces placed at random with
 * kings of both colours), for the shipped networks and random ones of other widths (one not a
 * multiple of 8); the same scores with the accumulators kept up to date along random lines of
 * made and unmade moves. Whole searches with a network are pinned by the bench signatures.
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { STATE_SIZE } from '../../src/core/state.js';
import { rulesFor, VARIANT_NAMES, type VariantName } from '../../src/core/variant.js';
import { NetworkEvaluator } from '../../src/search/network.js';
import type { NetworkWeights } from '../../src/search/network-weights.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { gamePositions, placedPositions, seededRandom } from '../helpers.js';
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
      module.setRules(rules);
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
      module.setRules(rules);
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
