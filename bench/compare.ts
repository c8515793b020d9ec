/**
 * Comparing two runs figure by figure, matched by suite and task name: the ratio new/old
 * of the median rates (above 1 is faster), and which figures only one run has.
 */
import type { BenchRun } from './results.js';
import type { Figure } from './suite.js';

export interface ComparedFigure {
  readonly suite: string;
  readonly task: string;
  readonly unit: string;
  readonly old?: Figure;
  readonly new?: Figure;
  /** new.median / old.median when both runs have the figure (and the units agree). */
  readonly ratio?: number;
  /** Why there is no ratio. */
  readonly missing?: 'only in old' | 'only in new' | 'unit differs';
}

const keyOf = (figure: Figure): string => `${figure.suite}\u0000${figure.task}`;

/** Every figure of either run, in the new run's order, then those only the old run has. */
export function compareRuns(oldRun: BenchRun, newRun: BenchRun): ComparedFigure[] {
  const oldByKey = new Map(oldRun.figures.map((figure) => [keyOf(figure), figure]));
  const newKeys = new Set(newRun.figures.map(keyOf));
  const rows: ComparedFigure[] = newRun.figures.map((figure) => {
    const old = oldByKey.get(keyOf(figure));
    const base = { suite: figure.suite, task: figure.task, unit: figure.unit, new: figure };
    if (old === undefined) return { ...base, missing: 'only in new' as const };
    if (old.unit !== figure.unit) return { ...base, old, missing: 'unit differs' as const };
    return { ...base, old, ratio: old.median > 0 ? figure.median / old.median : Infinity };
  });
  for (const old of oldRun.figures) {
    if (!newKeys.has(keyOf(old))) {
      rows.push({ suite: old.suite, task: old.task, unit: old.unit, old, missing: 'only in old' });
    }
  }
  return rows;
}
