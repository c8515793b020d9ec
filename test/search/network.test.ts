/**
 * The network evaluation: the quantised network agrees with the float one it came from, the
 * search and the tuner's quiet leaves use it, and a network file of the wrong version, shape
 * or variant is refused. (The module's accumulators kept up to date move by move:
 * test/wasm/accumulators.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { ok } from '../../src/core/result.js';
import { SIDE, STATE_SIZE } from '../../src/core/state.js';
import { rulesFor, VARIANT_NAMES, type VariantName } from '../../src/core/variant.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluator, Evaluators, evalSourceOf, parseEvalFile } from '../../src/search/eval.js'; // prettier-ignore
import { NetworkEvaluator } from '../../src/search/network.js';
import { formatNetwork, MAX_INPUT_WEIGHT, type NetworkWeights } from '../../src/search/network-weights.js'; // prettier-ignore
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { tableBytes } from '../../src/search/tt.js';
import { buildNetworkSet, FloatNetwork, trainNetwork } from '../../src/tune/network-train.js';
import { extractPositions } from '../../src/tune/positions.js';
import { moduleSearcher, quietLeaves, seededRandom } from '../helpers.js';

/** A random network with large input weights, so that the clipped ReLU saturates both ways. */
function randomNetwork(variant: VariantName, seed: number, hidden = 32): NetworkWeights {
  const float = new FloatNetwork(hidden, seed);
  const random = seededRandom(seed + 1);
  for (let i = 0; i < float.inputWeights.length; i++) {
    float.inputWeights[i] = (random() * 2 - 1) * MAX_INPUT_WEIGHT * 0.4;
  }
  return float.quantise(variant, 150);
}

/** Training positions of the fixture's games. */
function fixturePositions() {
  const pdn = readFileSync(new URL('../fixtures/games-armenian.pdn', import.meta.url), 'utf8');
  const found = new Map<string, number>();
  const searcher = quietLeaves();
  const stats = { games: 0, skippedGames: 0, positions: 0, duplicates: 0, notQuiet: 0 };
  extractPositions(pdn, 'armenian', searcher, { skipPlies: 8 }, found, stats);
  return [...found].map(([text, result]) => {
    const parsed = Position.parse(text, 'armenian');
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { state: parsed.value.state, result };
  });
}

describe('quantisation', () => {
  it('the integer network scores within 12 centi-men (4 on average) of the float network it came from', async () => {
    const positions = fixturePositions();
    const rules = rulesFor('armenian');
    const k = 150;
    const set = buildNetworkSet(positions, new Evaluator(rules, DEFAULT_EVAL_WEIGHTS.armenian), k, 0.5); // prettier-ignore
    const float = await trainNetwork(set, set, { hidden: 32, epochs: 20, batch: 32, rate: 0.005, seed: 4 }); // prettier-ignore
    const quantised = new NetworkEvaluator(rules, float.quantise('armenian', k));
    let worst = 0;
    let total = 0;
    let spread = 0;
    for (let p = 0; p < set.count; p++) {
      const floatScore = float.forward(set, p) * k;
      const difference = Math.abs(quantised.evaluate(positions[p].state) - floatScore);
      worst = Math.max(worst, difference);
      total += difference;
      spread += Math.abs(floatScore);
    }
    expect(set.count).toBeGreaterThan(100);
    // The network says something: its scores are not all near zero.
    expect(spread / set.count).toBeGreaterThan(20);
    // Rounding the output weights to 1/64 is most of it: up to K/128 per active unit.
    expect(worst).toBeLessThan(12);
    expect(total / set.count).toBeLessThan(4);
  });
});

describe('the search with a network', () => {
  it('scores its leaves with the network of its variant only', () => {
    const network = randomNetwork('turkish', 9);
    const searchWith = (evaluators: Evaluators, variant: VariantName) => {
      const searcher = moduleSearcher(tableBytes(1), SearchControl.create(1), evaluators);
      const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
      return searcher.search(Position.start(variant), [], { depth: 5 }, settings, () => {});
    };
    const linear = new Evaluators(DEFAULT_EVAL_WEIGHTS);
    const withNetwork = new Evaluators(DEFAULT_EVAL_WEIGHTS, { [network.variant]: network });
    // The other variant is searched exactly as with the linear weights alone.
    expect(searchWith(withNetwork, 'armenian')).toEqual(searchWith(linear, 'armenian'));
    const turkish = searchWith(withNetwork, 'turkish');
    expect(turkish.nodes).not.toBe(searchWith(linear, 'turkish').nodes);
    expect(turkish.bestMove).toBeDefined();
    // Depth 1 from the start: the best child's network score, negated.
    const one = moduleSearcher(tableBytes(1), SearchControl.create(1), withNetwork);
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    const result = one.search(Position.start('turkish'), [], { depth: 1 }, settings, () => {});
    const scorer = new NetworkEvaluator(rulesFor('turkish'), network);
    const start = Position.start('turkish');
    const best = Math.max(...legalMoves(start).map((m) => {
      const child = Position.start('turkish');
      child.play(m.move, m.capturedLo, m.capturedHi);
      return -scorer.evaluate(child.state);
    })); // prettier-ignore
    expect(result.score).toEqual({ kind: 'cp', value: best });
  });

  it("scores the quiet leaf of a capture line with the network, as the tuner's leaves are found", () => {
    const network = randomNetwork('turkish', 9);
    const leaves = quietLeaves(DEFAULT_EVAL_WEIGHTS, { [network.variant]: network });
    const rules = rulesFor('turkish');
    const root = Position.parse('W:Wd4:Bd5,e4,d7,d8', 'turkish');
    if (!root.ok) throw new Error(root.error.message);
    const leaf = new Int32Array(STATE_SIZE);
    const score = leaves.find(rules, root.value.state, leaf);
    const leafScore = new NetworkEvaluator(rules, network).evaluate(leaf);
    expect(new Position(rules, leaf).toString()).not.toBe(root.value.toString());
    expect(score).toBe(leaf[SIDE] === root.value.state[SIDE] ? leafScore : -leafScore);
    // Without the network the same line scores otherwise.
    expect(score).not.toBe(quietLeaves().find(rules, root.value.state, leaf));
  });
});

describe('network files', () => {
  const good = randomNetwork('armenian', 5, 16);
  const text = formatNetwork(good, 'a test network');
  const edited = (change: (data: Record<string, unknown>) => void) => {
    const data = JSON.parse(text) as Record<string, unknown>;
    change(data);
    return JSON.stringify(data);
  };

  /** The hidden units of each variant's shipped network. */
  const SHIPPED_HIDDEN = { armenian: 32, turkish: 64 } as const;

  it.each(VARIANT_NAMES)('the shipped network of %s loads, for its variant', (variant) => {
    const parsed = parseEvalFile(readFileSync(new URL(`../../data/network-${variant}.json`, import.meta.url), 'utf8')); // prettier-ignore
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.network?.variant).toBe(variant);
    expect(parsed.value.network?.hidden).toBe(SHIPPED_HIDDEN[variant]);
  });

  it('a written file reads back as the same network, for its variant only', () => {
    const parsed = parseEvalFile(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.network).toEqual(good);
    expect(parsed.value.weights).toBeNull();
    // As EvalFile alone: the network for its variant, the shipped linear weights for both.
    expect(evalSourceOf('net.json', () => ok(text))).toEqual(ok({ weights: DEFAULT_EVAL_WEIGHTS, networks: { [good.variant]: good } })); // prettier-ignore
  });

  it.each([
    ['a newer version', (d: Record<string, unknown>) => (d.version = 2), /network file version 2 is not supported/], // prettier-ignore
    ['another shape', (d: Record<string, unknown>) => (d.shape = { inputs: 256, hidden: 32 }), /"inputWeights" must be a list of 8192 numbers, got 4096/], // prettier-ignore
    ['a shape out of range', (d: Record<string, unknown>) => (d.shape = { inputs: 256, hidden: 4 }), /"shape".hidden must be a whole number from 8 to 512/], // prettier-ignore
    ['other inputs', (d: Record<string, unknown>) => (d.shape = { inputs: 128, hidden: 16 }), /"shape" must be \{"inputs": 256/], // prettier-ignore
    ['an unknown variant', (d: Record<string, unknown>) => (d.variant = 'russian'), /"variant" must be one of armenian, turkish, got "russian"/], // prettier-ignore
    ['a weight out of range', (d: Record<string, unknown>) => ((d.outputWeights as number[])[3] = 200), /"outputWeights"\[3\] must be a whole number from -127 to 127, got 200/], // prettier-ignore
  ])('a file with %s is refused with one error naming it', (_, change, message) => {
    const parsed = parseEvalFile(edited(change));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error.message).toMatch(message);
  });
});
