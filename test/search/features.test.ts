/**
 * The search's switchable parts (SearchFeatures): each switch, turned from its default,
 * really changes the search, so that self-play (bench/selfplay.ts) measures a live part.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURES, type SearchFeatures } from '../../src/search/search.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import { position } from '../helpers.js';
import { search } from './engine.js';

const NAMES = Object.keys(DEFAULT_FEATURES) as (keyof SearchFeatures)[];
const SAMPLE = BENCH_POSITIONS.slice(0, 6);

/** Nodes per sample position at depth 5. */
function nodes(features: Partial<SearchFeatures>): number[] {
  return SAMPLE.map((fen) => search(position(fen), { depth: 5 }, { features }).nodes);
}

describe('each search part switched from its default', () => {
  const defaults = nodes({});

  it.each(NAMES)('%s changes the nodes searched', (name) => {
    expect(nodes({ [name]: !DEFAULT_FEATURES[name] })).not.toEqual(defaults);
  });

  it('leaves the defaults as they were afterwards', () => {
    expect(nodes({})).toEqual(defaults);
  });
});
