/**
 * The module's quiet leaves (SearchModule.quietLeaf through QuietLeaves) held to a plain
 * quiescence over core's rules and the TypeScript evaluations (test/reference/quiescence.ts)
 * (it was held to the TypeScript search's own until that was deleted): the same leaf and the same score
 * over thousands of seeded positions of both variants (random games, and pieces placed at
 * random with kings of both colours), with the linear weights and with a network.
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { STATE_SIZE } from '../../src/core/state.js';
import { hasCapture } from '../../src/core/movegen.js';
import type { VariantName } from '../../src/core/variant.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluator, type NetworkSet } from '../../src/search/eval.js';
import { NetworkEvaluator } from '../../src/search/network.js';
import { gamePositions, placedPositions, quietLeaves } from '../helpers.js';
import { referenceQuietLeaf } from '../reference/quiescence.js';
import { randomNetwork, shippedNetwork } from '../search/networks.js';

const VARIANTS: readonly VariantName[] = ['armenian', 'turkish'];
/** Positions of each kind, variant and evaluation. */
const POSITIONS = 1000;

describe.each(VARIANTS)('the module quiet leaves of %s', (variant) => {
  const positions = [...gamePositions(variant, 41, POSITIONS), ...placedPositions(variant, 42, POSITIONS)]; // prettier-ignore
  const evaluations: [string, NetworkSet][] = [
    ['the linear weights', {}],
    ['the shipped network', { [variant]: shippedNetwork(variant) }],
    ['a random network of 20 units', { [variant]: randomNetwork(variant, 43, 20) }],
  ];

  it.each(evaluations)('are the reference quiescence leaves and scores with %s', (_, networks) => {
    const rules = positions[0].rules;
    const network = networks[variant];
    const evaluate =
      network === undefined
        ? ((evaluator: Evaluator) => (state: Int32Array) => evaluator.evaluate(state))(new Evaluator(rules, DEFAULT_EVAL_WEIGHTS[variant])) // prettier-ignore
        : ((evaluator: NetworkEvaluator) => (state: Int32Array) => evaluator.evaluate(state))(new NetworkEvaluator(rules, network)); // prettier-ignore
    const leaves = quietLeaves(DEFAULT_EVAL_WEIGHTS, networks);
    const leaf = new Int32Array(STATE_SIZE);
    let captures = 0;
    let lines = 0;
    for (const position of positions) {
      const expected = referenceQuietLeaf(rules, position.state, evaluate);
      const score = leaves.find(rules, position.state, leaf);
      const text = position.toString();
      expect({ text, leaf: new Position(rules, leaf).toString(), score }).toEqual({ text, leaf: new Position(rules, expected.leaf).toString(), score: expected.score }); // prettier-ignore
      expect(Array.from(leaf)).toEqual(Array.from(expected.leaf)); // the key and counts too
      if (hasCapture(rules, position.state)) captures++;
      if (hasCapture(rules, position.state) && leaf.some((word, i) => word !== position.state[i])) lines++; // prettier-ignore
    }
    // The positions are not all quiet: many carry capture lines played out to their leaf.
    expect(captures).toBeGreaterThan(POSITIONS / 4);
    expect(lines).toBe(captures);
  });

  it('leave the position as it was given, and answer for one variant after the other', () => {
    const leaves = quietLeaves();
    const other = Position.start(variant === 'armenian' ? 'turkish' : 'armenian');
    const position = positions.find((p) => hasCapture(p.rules, p.state)) as Position;
    const before = Array.from(position.state);
    const leaf = new Int32Array(STATE_SIZE);
    const first = leaves.find(position.rules, position.state, leaf);
    leaves.find(other.rules, other.state, new Int32Array(STATE_SIZE));
    expect(leaves.find(position.rules, position.state, leaf)).toBe(first);
    expect(Array.from(position.state)).toEqual(before);
  });
});
