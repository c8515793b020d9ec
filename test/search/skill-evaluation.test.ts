/**
 * Which evaluation a skill level searches with: in Armenian levels 0 to 3 score with the
 * linear weights even where the variant has a network (the same lines, scores and nodes as a
 * search with no network at all), levels 4 to 9 and full strength with the network; in
 * Turkish every level scores with the network.
 */
import { describe, expect, it } from 'vitest';
import type { Position } from '../../src/core/position.js';
import type { VariantName } from '../../src/core/variant.js';
import { BENCH_POSITIONS } from '../../src/search/bench.js';
import { SearchControl, nowMs } from '../../src/search/control.js';
import { DEFAULT_EVAL_WEIGHTS, Evaluators } from '../../src/search/eval.js';
import { Searcher, type SearchInfo } from '../../src/search/search.js';
import { MAX_SKILL_LEVEL, NETWORK_MIN_DEPTH, SKILL_LINES, skillSettings, skillUsesNetwork } from '../../src/search/skill.js'; // prettier-ignore
import { NO_TIME_LIMIT } from '../../src/search/timeman.js';
import { tableBytes, type TranspositionTable } from '../../src/search/tt.js';
import { position } from '../helpers.js';
import { shippedNetwork } from './networks.js';

interface Engine {
  readonly searcher: Searcher;
  readonly tt: TranspositionTable;
}

/** A searcher over its own table and module, scoring with `evaluators`. */
function engine(evaluators: Evaluators): Engine {
  const searcher = Searcher.create(tableBytes(4), SearchControl.create(1), evaluators);
  if (!searcher.ok) throw new Error(searcher.error.message);
  return { searcher: searcher.value, tt: searcher.value.table };
}

/**
 * What a search of `root` at `level` reports (every line of every iteration, less the
 * times), within the level's depth cap and node budget (full strength: depth 5) and with
 * the level's lines, as the engine plans it. The move played below full strength is a
 * random choice among these lines, so it is left out.
 */
function report(on: Engine, root: Position, level: number): Omit<SearchInfo, 'time' | 'nps'>[] {
  const weakened = level < MAX_SKILL_LEVEL;
  const limits = weakened ? { depth: skillSettings(level).depth, nodes: skillSettings(level).nodes } : { depth: 5 }; // prettier-ignore
  const settings = { multiPV: weakened ? SKILL_LINES : 1, drawPlies: 100, timeBudget: NO_TIME_LIMIT, threadIndex: 0, startTime: nowMs(), ...(weakened && { skillLevel: level }) }; // prettier-ignore
  on.tt.clear();
  on.searcher.clearHistory();
  const infos: Omit<SearchInfo, 'time' | 'nps'>[] = [];
  on.searcher.search(root, [], limits, settings, (info) => {
    const { time: _time, nps: _nps, ...rest } = info;
    infos.push(rest);
  });
  return infos;
}

describe('the levels that play the network', () => {
  it('are in Armenian levels 4 to 9 (depth caps 5 and more) and full strength, in Turkish all', () => {
    expect(NETWORK_MIN_DEPTH).toEqual({ armenian: 5, turkish: 1 });
    const levels = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, MAX_SKILL_LEVEL];
    expect(levels.filter((level) => skillUsesNetwork(level, 'armenian'))).toEqual([4, 5, 6, 7, 8, 9, MAX_SKILL_LEVEL]); // prettier-ignore
    expect(levels.filter((level) => skillUsesNetwork(level, 'turkish'))).toEqual(levels);
  });
});

const roots = (variant: VariantName) => BENCH_POSITIONS.slice(0, 6).map((text) => position(text, variant)); // prettier-ignore
const withNetwork = (variant: VariantName) => engine(new Evaluators(DEFAULT_EVAL_WEIGHTS, { [variant]: shippedNetwork(variant) })); // prettier-ignore
const linearOnly = engine(new Evaluators(DEFAULT_EVAL_WEIGHTS, {}));

describe('Armenian searches', () => {
  const net = withNetwork('armenian');

  it.each([0, 1, 2, 3])(
    'at level %i score with the linear weights though a network is loaded',
    (level) => {
      for (const root of roots('armenian')) {
        const expected = report(linearOnly, root, level);
        expect(expected.length).toBeGreaterThan(0);
        expect(report(net, root, level), root.toString()).toEqual(expected);
      }
    },
  );
});

describe.each([
  ['armenian', [4, 6, 9, MAX_SKILL_LEVEL]],
  ['turkish', [0, 2, 4, MAX_SKILL_LEVEL]],
] as const)('%s searches', (variant, levels) => {
  const net = withNetwork(variant);

  it.each(levels)('at level %i score with the network', (level) => {
    // The network's scores differ from the linear weights' in some line of the positions.
    const differing = roots(variant).filter((root) => JSON.stringify(report(net, root, level)) !== JSON.stringify(report(linearOnly, root, level))); // prettier-ignore
    expect(differing.length).toBeGreaterThan(0);
    // The same at the level whatever level searched before it (a level 0 search in between).
    for (const root of roots(variant).slice(0, 2)) {
      const first = report(net, root, level);
      report(net, root, 0);
      expect(report(net, root, level), root.toString()).toEqual(first);
    }
  });
});
