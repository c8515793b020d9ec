/**
 * The tuner's quiet leaves (QuietLeaves, SearchModule.quietLeaf): the quiescence search run
 * alone from a position, its principal variation followed to the quiet position it scored.
 */
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { STATE_SIZE } from '../../src/core/state.js';
import { rulesFor } from '../../src/core/variant.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluator } from '../../src/search/eval.js';
import { MATE } from '../../src/search/search.js';
import { createSearchMemory, SearchModule } from '../../src/search/search-wasm.js';
import { tableBytes } from '../../src/search/tt.js';
import { position, quietLeaves } from '../helpers.js';

const rules = rulesFor('armenian');
const evaluator = new Evaluator(rules, DEFAULT_EVAL_WEIGHTS.armenian);

/** The leaf and score of `text`. */
function leafOf(text: string): { leaf: string; score: number } {
  const leaf = new Int32Array(STATE_SIZE);
  const score = quietLeaves().find(rules, position(text).state, leaf);
  return { leaf: new Position(rules, leaf).toString(), score };
}

describe('the quiet leaf of a position', () => {
  it('is the end of the capture line the search prefers, scored from the side to move', () => {
    // d4xe4 lands safely on f4; d4xd5 lands on d6, where d7 takes back.
    const { leaf, score } = leafOf('W:Wd4:Bd5,e4,d7,d8');
    expect(leaf).toBe('B:Wf4:Bd5,d7,d8');
    expect(score).toBe(-evaluator.evaluate(position(leaf).state));
  });

  it('is the position itself when no capture is pending', () => {
    const quiet = 'W:Wa2,c2:Bf7,h7';
    const { leaf, score } = leafOf(quiet);
    expect(leaf).toBe(quiet);
    expect(score).toBe(evaluator.evaluate(position(quiet).state));
  });

  it('scores a leaf without a move for its side to move as the search does: lost', () => {
    const { leaf, score } = leafOf('W:Wd4:Bd5');
    expect(leaf).toBe('B:Wd6:B');
    expect(score).toBe(MATE - 1);
  });

  it('is found whole after a search that a node limit cut short', () => {
    const memory = createSearchMemory(1, tableBytes(1), false);
    if (!memory.ok) throw new Error(memory.error.message);
    const created = SearchModule.create(memory.value);
    if (!created.ok) throw new Error(created.error.message);
    const module = created.value;
    module.setRules(rules);
    module.setWeights(DEFAULT_EVAL_WEIGHTS.armenian);
    module.useNetwork(false);
    const start = Position.start('armenian');
    module.setPosition(0, start.state);
    const features = { lateMoveReductions: true, singleReplyExtension: true, killers: true, history: true }; // prettier-ignore
    module.beginSearch({ drawPlies: 100, nodeLimit: 1, checkInterval: 1024, gameKeys: new Int32Array(0), tablesPieces: 0, features, threadIndex: 0, crumbs: false }); // prettier-ignore
    module.searchRoot(5, new Uint8Array(module.generateMoves(0)), module.generateMoves(0));
    expect(module.aborted).toBe(true);
    const leaf = new Int32Array(STATE_SIZE);
    module.quietLeaf(position('W:Wd4:Bd5,e4,d7,d8').state, leaf);
    expect(new Position(rules, leaf).toString()).toBe('B:Wf4:Bd5,d7,d8');
  });
});
