/** The network trainer: it lowers the held-out loss on real games, and a seed fixes the result. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { rulesFor } from '../../src/core/variant.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluator } from '../../src/search/eval.js';
import { buildNetworkSet, FloatNetwork, networkLoss, packPositions, trainNetwork } from '../../src/tune/network-train.js'; // prettier-ignore
import { extractPositions } from '../../src/tune/positions.js';
import { quietLeaves } from '../helpers.js';

const rules = rulesFor('armenian');
const linear = new Evaluator(rules, DEFAULT_EVAL_WEIGHTS.armenian);

/** The fixture's positions as a set, the last fifth held out (later games: another game mostly). */
function fixtureSets() {
  const pdn = readFileSync(new URL('../fixtures/games-armenian.pdn', import.meta.url), 'utf8');
  const found = new Map<string, number>();
  const stats = { games: 0, skippedGames: 0, positions: 0, duplicates: 0, notQuiet: 0 };
  const searcher = quietLeaves();
  extractPositions(pdn, 'armenian', searcher, { skipPlies: 8 }, found, stats);
  const positions = [...found].map(([text, result]) => {
    const parsed = Position.parse(text, 'armenian');
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { state: parsed.value.state, result };
  });
  const cut = Math.floor(positions.length * 0.8);
  return {
    positions,
    train: buildNetworkSet(positions.slice(0, cut), linear, 150, 0.5),
    heldOut: buildNetworkSet(positions.slice(cut), linear, 150, 0.5),
  };
}

describe('training the network', () => {
  const { positions, train, heldOut } = fixtureSets();
  const options = { hidden: 16, epochs: 15, batch: 16, rate: 0.005, seed: 7 };

  it('lowers the held-out loss, reporting it each epoch', async () => {
    const untrained = new FloatNetwork(options.hidden, options.seed);
    const before = networkLoss(heldOut, (p) => untrained.forward(heldOut, p));
    const reported: number[] = [];
    const network = await trainNetwork(train, heldOut, { ...options, onEpoch: (_, _train, held) => reported.push(held) }); // prettier-ignore
    const after = networkLoss(heldOut, (p) => network.forward(heldOut, p));
    expect(heldOut.count).toBeGreaterThan(20);
    expect(reported).toHaveLength(options.epochs);
    expect(reported[options.epochs - 1]).toBeCloseTo(after, 10);
    expect(after).toBeLessThan(before - 0.02);
  });

  it('gives the same network for the same seed, another for another', async () => {
    const first = (await trainNetwork(train, heldOut, options)).quantise('armenian', 150);
    const again = (await trainNetwork(train, heldOut, options)).quantise('armenian', 150);
    const other = (await trainNetwork(train, heldOut, { ...options, seed: 8 })).quantise(
      'armenian',
      150,
    );
    expect(again).toEqual(first);
    expect(other.inputWeights).not.toEqual(first.inputWeights);
  });

  it('stops after the step under way once its signal aborts, the same network while it does not', async () => {
    const controller = new AbortController();
    const epochs: number[] = [];
    await trainNetwork(train, heldOut, { ...options, signal: controller.signal, onEpoch: (epoch) => {
      epochs.push(epoch);
      if (epoch === 2) controller.abort();
    } }); // prettier-ignore
    expect(epochs).toEqual([1, 2]);
    const listened = await trainNetwork(train, heldOut, { ...options, signal: new AbortController().signal }); // prettier-ignore
    expect(listened.quantise('armenian', 150)).toEqual((await trainNetwork(train, heldOut, options)).quantise('armenian', 150)); // prettier-ignore
  });

  it("adds each position's mirror image: files reversed, the same target, the network's output that of the mirrored position", () => {
    // prettier-ignore
    const mirrorWord = (word: number) => {
      let x = word;
      x = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
      x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
      x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
      return x | 0;
    };
    const mirrors = positions.map((p) => {
      const state = Int32Array.from(p.state);
      for (let word = 0; word < 8; word++) state[word] = mirrorWord(state[word]);
      return { ...p, state };
    });
    const both = buildNetworkSet(positions, linear, 150, 0.5, 'linear', { mirror: true });
    const plain = buildNetworkSet(positions, linear, 150, 0.5);
    const mirrored = buildNetworkSet(mirrors, linear, 150, 0.5);
    expect(both.samples).toBe(2 * positions.length);
    const network = new FloatNetwork(16, 3);
    let changed = 0;
    positions.forEach((position, i) => {
      expect(linear.evaluate(mirrors[i].state)).toBe(linear.evaluate(position.state));
      expect(mirrored.target[i]).toBeCloseTo(plain.target[i], 6);
      expect(network.forward(both, 2 * i)).toBeCloseTo(network.forward(plain, i), 5);
      expect(network.forward(both, 2 * i + 1)).toBeCloseTo(network.forward(mirrored, i), 5);
      if (new Position(rules, mirrors[i].state).toString() !== new Position(rules, position.state).toString()) changed++; // prettier-ignore
    });
    expect(changed).toBeGreaterThan(positions.length / 2);
  });

  it('reads packed positions in place: a range of them is the set of those positions', () => {
    const packed = packPositions(positions);
    const part = buildNetworkSet(packed, linear, 150, 0.5, 'linear', { from: 10, to: 30 });
    const apart = buildNetworkSet(positions.slice(10, 30), linear, 150, 0.5);
    expect(part.count).toBe(20);
    expect(Array.from(part.words)).toEqual(Array.from(apart.words));
    expect(Array.from(part.target)).toEqual(Array.from(apart.target));
  });
});

describe("the target's score", () => {
  const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
  const parse = (text: string) => {
    const parsed = Position.parse(text, 'armenian');
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value.state;
  };
  // Black to move, 150 centi-men up by its search: 150 down for White.
  const scored = { state: parse('B:Wa3,b3,c3:Ba6,b6,c6,d6'), result: 0.5, score: 150 };
  const unscored = { state: parse('W:Wa3,b3,c3:Ba6,b6,c6'), result: 1 };

  it("is the search's from the data with --target-score search, White's side, the linear evaluation's where there is none", () => {
    const set = buildNetworkSet([scored, unscored], linear, 100, 0.25, 'search');
    expect(set.target[0]).toBeCloseTo(0.25 * 0.5 + 0.75 * sigmoid(-1.5), 6);
    expect(set.target[1]).toBeCloseTo(0.25 + 0.75 * sigmoid(linear.evaluate(unscored.state) / 100), 6); // prettier-ignore
  });

  it("is the linear evaluation's by default, whatever the data carries", () => {
    const set = buildNetworkSet([scored], linear, 100, 0.25);
    expect(set.target[0]).toBeCloseTo(0.25 * 0.5 + 0.75 * sigmoid(-linear.evaluate(scored.state) / 100), 6); // prettier-ignore
    expect(linear.evaluate(scored.state)).not.toBe(150);
  });
});
