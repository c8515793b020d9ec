/**
 * Searcher.quietLeaf: the quiescence search run alone from a position, its principal
 * variation followed to the quiet position it scored (what the tuner trains on).
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { STATE_SIZE } from '../../src/core/state.js';
import { rulesFor } from '../../src/core/variant.js';
import { nowMs } from '../../src/search/control.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluator, Evaluators } from '../../src/search/eval.js';
import { MATE, Searcher } from '../../src/search/search.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { position } from '../helpers.js';

const rules = rulesFor('armenian');
const evaluator = new Evaluator(rules, DEFAULT_EVAL_WEIGHTS.armenian);

/** The leaf and score of `text` by `searcher`. */
function leafOf(searcher: Searcher, text: string): { leaf: string; score: number } {
  const leaf = new Int32Array(STATE_SIZE);
  const score = searcher.quietLeaf(rules, position(text).state, leaf);
  return { leaf: new Position(rules, leaf).toString(), score };
}

describe('the quiet leaf of a position', () => {
  it('is the end of the capture line the search prefers, scored from the side to move', () => {
    // d4xe4 lands safely on f4; d4xd5 lands on d6, where d7 takes back.
    const { leaf, score } = leafOf(Searcher.forQuietLeaves(new Evaluators()), 'W:Wd4:Bd5,e4,d7,d8'); // prettier-ignore
    expect(leaf).toBe('B:Wf4:Bd5,d7,d8');
    expect(score).toBe(-evaluator.evaluate(position(leaf).state));
  });

  it('is the position itself when no capture is pending', () => {
    const quiet = 'W:Wa2,c2:Bf7,h7';
    const { leaf, score } = leafOf(Searcher.forQuietLeaves(new Evaluators()), quiet);
    expect(leaf).toBe(quiet);
    expect(score).toBe(evaluator.evaluate(position(quiet).state));
  });

  it('scores a leaf without a move for its side to move as the search does: lost', () => {
    const { leaf, score } = leafOf(Searcher.forQuietLeaves(new Evaluators()), 'W:Wd4:Bd5');
    expect(leaf).toBe('B:Wd6:B');
    expect(score).toBe(MATE - 1);
  });

  it('is found whole after a search that a node limit cut short', () => {
    const searcher = Searcher.forQuietLeaves(new Evaluators());
    const settings = { multiPV: 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
    const cut = searcher.search(Position.start('armenian'), [], { depth: 20, nodes: 1 }, settings, () => {}); // prettier-ignore
    expect(cut.interrupted).toBe(true);
    expect(leafOf(searcher, 'W:Wd4:Bd5,e4,d7,d8').leaf).toBe('B:Wf4:Bd5,d7,d8');
  });
});
