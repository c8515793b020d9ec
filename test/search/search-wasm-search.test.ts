/**
 * The search below the root in the WebAssembly module (src/wasm/search.ts) held to the
 * TypeScript alpha-beta of src/search/search.ts: the same searches give the same nodes,
 * scores, depths, lines and moves, in both variants, with MultiPV, a game's earlier positions
 * (repetitions), the no-progress rule, node limits and switched-off search parts.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import {
  Searcher,
  type SearchFeatures,
  type SearchInfo,
  type SearchResult,
} from '../../src/search/search.js';
import { SearchModule } from '../../src/search/search-wasm.js';
import { NO_TIME_LIMIT, type SearchLimits } from '../../src/search/timeman.js';
import { TranspositionTable, tableBytes } from '../../src/search/tt.js';
import { gamePositions, placedPositions, position } from '../helpers.js';
import { moveOf } from './engine.js';

interface Run {
  readonly result: SearchResult;
  readonly infos: Omit<SearchInfo, 'time' | 'nps'>[];
}

interface Setup {
  readonly multiPV?: number;
  readonly drawPlies?: number;
  readonly gameKeys?: readonly number[];
  readonly features?: Partial<SearchFeatures>;
}

/**
 * Two searchers, one searching with the module, each over its own table, kept between
 * searches; and the module, which counts the nodes it searched.
 */
function searchers(): { typeScript: Searcher; withModule: Searcher; module: SearchModule } {
  const made = () => new Searcher(new TranspositionTable(new SharedArrayBuffer(tableBytes(4))), SearchControl.create(1)); // prettier-ignore
  const module = SearchModule.create();
  if (!module.ok) throw new Error(module.error.message);
  const withModule = made();
  withModule.useModule(module.value);
  return { typeScript: made(), withModule, module: module.value };
}

/** One search of `root` by `searcher`, with what it reported (less the times). */
function run(searcher: Searcher, root: Position, limits: SearchLimits, setup: Setup = {}): Run {
  const infos: Run['infos'][number][] = [];
  const settings = { multiPV: setup.multiPV ?? 1, drawPlies: setup.drawPlies ?? 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs() }; // prettier-ignore
  Object.assign(searcher.features, setup.features);
  const result = searcher.search(root, setup.gameKeys ?? [], limits, settings, (info) => {
    const { time: _time, nps: _nps, ...rest } = info;
    infos.push(rest);
  });
  return { result, infos };
}

/** Searches each position with both searchers in turn (tables and history carried on). */
function compare(positions: readonly Position[], limits: SearchLimits, setup: Setup = {}): number {
  const { typeScript, withModule, module } = searchers();
  let nodes = 0;
  for (const p of positions) {
    const expected = run(typeScript, p, limits, setup);
    expect(run(withModule, p, limits, setup), p.toString()).toEqual(expected);
    // The module searched it: its own count is the search's.
    expect(module.nodes, p.toString()).toBe(expected.result.nodes);
    nodes += expected.result.nodes;
  }
  return nodes;
}

const VARIANTS: readonly VariantName[] = ['armenian', 'turkish'];

describe.each(VARIANTS)('the module searches %s as search.ts does', (variant) => {
  it('the bench positions, to depth 4', () => {
    const positions = BENCH_POSITIONS.map((text) => position(text, variant));
    expect(compare(positions, { depth: 4 })).toBeGreaterThan(10_000);
  });

  it('positions of random games and of pieces placed at random (kings of both colours)', () => {
    const positions = [...gamePositions(variant, 700, 40), ...placedPositions(variant, 701, 40)];
    expect(compare(positions, { depth: 5 })).toBeGreaterThan(10_000);
  });

  it('with three lines (MultiPV), to depth 4', () => {
    expect(compare(gamePositions(variant, 702, 10), { depth: 4 }, { multiPV: 3 })).toBeGreaterThan(1000); // prettier-ignore
  });

  it('within a node limit, and with each optional part switched off', () => {
    compare(gamePositions(variant, 703, 10), { nodes: 3000 });
    for (const part of [
      'lateMoveReductions',
      'singleReplyExtension',
      'killers',
      'history',
    ] as const) {
      // prettier-ignore
      compare(gamePositions(variant, 704, 5), { depth: 5 }, { features: { [part]: false } });
    }
  });
});

describe('the module knows the draws the game has', () => {
  it('repetitions of positions before the root, and the no-progress rule', () => {
    // Kings only: positions come back, and quiet plies add up.
    const root = position('W:WKa1,Kc3:BKh8,Kf6');
    const gameKeys: number[] = [];
    const walk = position('W:WKa1,Kc3:BKh8,Kf6');
    for (const text of ['a1-a2', 'h8-h7', 'a2-a1', 'h7-h8']) {
      gameKeys.push(walk.keyLo, walk.keyHi);
      const move = moveOf(walk, text);
      walk.play(move.move, move.capturedLo, move.capturedHi);
    }
    expect(compare([root], { depth: 6 }, { gameKeys })).toBeGreaterThan(100);
    expect(compare([root], { depth: 6 }, { drawPlies: 4 })).toBeGreaterThan(100);
  });
});

describe("the module's table", () => {
  it('is emptied with the table it stands for, so that a search from a new game repeats itself', () => {
    const tt = new TranspositionTable(new SharedArrayBuffer(tableBytes(4)));
    const searcher = new Searcher(tt, SearchControl.create(1));
    const module = SearchModule.create();
    if (!module.ok) throw new Error(module.error.message);
    searcher.useModule(module.value);
    const root = position(BENCH_POSITIONS[1]);
    const first = run(searcher, root, { depth: 6 });
    // Kept, the table makes the same search cheaper; emptied, it is the first search again.
    expect(run(searcher, root, { depth: 6 }).result.nodes).toBeLessThan(first.result.nodes);
    tt.clear();
    searcher.clearHistory();
    expect(run(searcher, root, { depth: 6 })).toEqual(first);
  });
});
