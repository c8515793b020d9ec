/**
 * The search speaks packed moves: its best move, ponder move and principal variations are
 * moves of the root's move generator (the engine turns them into text), and `searchmoves`
 * arrives packed.
 */
import { describe, expect, it } from 'vitest';
import { sameMove } from '../../src/core/movegen.js';
import { formatLine, legalMoves } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import type { SearchInfo } from '../../src/search/search.js';
import { tableBytes } from '../../src/search/tt.js';
import { moduleSearcher } from '../helpers.js';
import { moveOf } from './engine.js';

function searchStart(searchmoves?: readonly string[]) {
  const root = Position.start();
  const searcher = moduleSearcher(tableBytes(1), SearchControl.create(1));
  const infos: SearchInfo[] = [];
  const settings = { multiPV: 2, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
  const limits = { depth: 4, searchmoves: searchmoves?.map((text) => moveOf(root, text)) };
  const result = searcher.search(root, [], limits, settings, (info) => infos.push(info));
  return { root, result, infos };
}

describe('the search speaks packed moves', () => {
  it('answers with a legal root move and the reply its line expects', () => {
    const { root, result, infos } = searchStart();
    const best = result.bestMove!;
    expect(legalMoves(root).some((m) => sameMove(m, best))).toBe(true);
    const last = infos.filter((info) => info.multipv === 1).at(-1)!;
    expect(sameMove(last.pv[0], best)).toBe(true);
    expect(sameMove(last.pv[1], result.ponderMove!)).toBe(true);
    // Every line is playable from the root: its moves are legal one after the other.
    for (const info of infos) expect(formatLine(root, info.pv)).toHaveLength(info.pv.length);
  });

  it('searches only the packed searchmoves, one MultiPV line each', () => {
    const { root, result, infos } = searchStart(['a3-b4', 'g3-h4']);
    const allowed = [moveOf(root, 'a3-b4'), moveOf(root, 'g3-h4')];
    expect(allowed.some((m) => sameMove(m, result.bestMove!))).toBe(true);
    const lastDepth = infos.filter((info) => info.depth === 4);
    expect(lastDepth).toHaveLength(2);
    for (const info of lastDepth) expect(allowed.some((m) => sameMove(m, info.pv[0]))).toBe(true);
  });
});
