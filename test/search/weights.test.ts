/** Searchers with their own evaluation weights, as self-play gives each player its own. */
import { describe, expect, it } from 'vitest';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluators, type EvalWeightSet } from '../../src/search/eval.js';
import { tableBytes } from '../../src/search/tt.js';
import { moduleSearcher, position } from '../helpers.js';

function searchWith(weights: EvalWeightSet, fen: string): number {
  const control = SearchControl.create(1);
  const searcher = moduleSearcher(tableBytes(1), control, new Evaluators(weights));
  const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
  const result = searcher.search(position(fen), [], { depth: 4 }, settings, () => {});
  if (result.score.kind !== 'cp') throw new Error('expected a centi-men score');
  return result.score.value;
}

describe('per-searcher weights', () => {
  it('two searchers in one thread each score with their own weights', () => {
    const heavy: EvalWeightSet = {
      ...DEFAULT_EVAL_WEIGHTS,
      armenian: { ...DEFAULT_EVAL_WEIGHTS.armenian, man: 1000 },
    };
    const fen = 'W:Wa2,c2,h2:Bb7,g7';
    const usual = searchWith(DEFAULT_EVAL_WEIGHTS, fen);
    const weighty = searchWith(heavy, fen);
    expect(weighty - usual).toBeGreaterThan(500);
    expect(searchWith(DEFAULT_EVAL_WEIGHTS, fen)).toBe(usual);
  });
});
