/**
 * The suites in the order they run (cheap first), and runSuites, which runs a selection of
 * them: what `npm run bench` does before printing and saving, and what the tests call in
 * quick mode.
 */
import { availableParallelism } from 'node:os';
import { evalSuite } from './suites/eval.js';
import { movegenSuite } from './suites/movegen.js';
import { perftSuite } from './suites/perft.js';
import { playSuite } from './suites/play.js';
import { searchSuite } from './suites/search.js';
import { QUICK_BUDGET, runSuite, type Figure, type Suite, type SuiteOptions } from './suite.js';

export const SUITE_NAMES = ['movegen', 'play', 'eval', 'perft', 'search'] as const;
export type SuiteName = (typeof SUITE_NAMES)[number];

const FACTORIES: Record<SuiteName, (options: SuiteOptions) => Suite> = {
  movegen: movegenSuite,
  play: playSuite,
  eval: evalSuite,
  perft: perftSuite,
  search: searchSuite,
};

/** The "N threads" of perft: every core, and never fewer than two. */
export function defaultPerftThreads(): number {
  return Math.max(2, availableParallelism());
}

export interface RunSuitesOptions {
  /** Tiny budgets and depths: for tests, which check results and not speed. */
  readonly quick?: boolean;
  /** Suites to run, in their usual order; all when absent. */
  readonly suites?: readonly SuiteName[];
  /** Thread counts of the perft tasks; default one and defaultPerftThreads(). */
  readonly perftThreads?: readonly number[];
  /** Called as each suite ends, with its figures (to print them at once). */
  readonly onSuite?: (suite: Suite, figures: readonly Figure[]) => void;
}

/** Runs the chosen suites one after the other and returns every figure. */
export async function runSuites(options: RunSuitesOptions = {}): Promise<Figure[]> {
  const quick = options.quick === true;
  const suiteOptions: SuiteOptions = {
    quick,
    perftThreads: options.perftThreads ?? [1, defaultPerftThreads()],
  };
  const figures: Figure[] = [];
  for (const name of SUITE_NAMES) {
    if (options.suites !== undefined && !options.suites.includes(name)) continue;
    const suite = FACTORIES[name](suiteOptions);
    try {
      const measured = await runSuite(suite, quick ? QUICK_BUDGET : suite.budget);
      options.onSuite?.(suite, measured);
      figures.push(...measured);
    } finally {
      await suite.close?.();
    }
  }
  return figures;
}
