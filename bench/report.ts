/** Text for the terminal: a table per suite, a run's header line and a comparison table. */
import type { ComparedFigure } from './compare.js';
import type { BenchRun } from './results.js';
import type { Figure, Suite } from './suite.js';

/** A rate with three or four significant digits and a k/M/G suffix: `45.21 M`. */
export function formatRate(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value >= 1e9) return `${(value / 1e9).toFixed(2)} G`;
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)} M`;
  if (value >= 1e3) return `${(value / 1e3).toFixed(2)} k`;
  return value.toFixed(1);
}

/** `part` as a percentage of `whole`: `1.2%`. */
function percent(part: number, whole: number): string {
  return whole > 0 && Number.isFinite(part) ? `${((100 * part) / whole).toFixed(1)}%` : '-';
}

/** Columns padded to their widest cell: text left, numbers right (`align` per column). */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  align: readonly ('left' | 'right')[],
): string[] {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, column) =>
        align[column] === 'right' ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** A task's result, and the range when its calls disagreed. */
function resultText(figure: Figure): string {
  const range = figure.resultRange;
  return range === undefined
    ? String(figure.result)
    : `${figure.result} (calls gave ${range[0]}-${range[1]})`;
}

/** The table of one suite's figures, under a line saying what one call does. */
export function formatSuite(
  suite: Pick<Suite, 'name' | 'about'>,
  figures: readonly Figure[],
): string[] {
  const rows = figures.map((figure) => [
    figure.task,
    figure.unit,
    formatRate(figure.median),
    percent(figure.mad, figure.median),
    formatRate(figure.mean),
    `${figure.rme.toFixed(1)}%`,
    String(figure.samples),
    figure.msPerCall.toFixed(3),
    resultText(figure),
  ]);
  return [
    `${suite.name}: ${suite.about}`,
    ...formatTable(
      ['task', 'unit', 'median', '±MAD', 'mean', '±RME', 'calls', 'ms/call', 'result'],
      rows,
      ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  ];
}

/** One line saying when, where and on what a run was made. */
export function formatRunHeader(run: BenchRun): string {
  const state = run.dirty ? ' (tracked files modified)' : '';
  const load = run.loadAverage?.length ? `, load ${run.loadAverage.join(' ')}` : '';
  const quick = run.quick ? ', quick mode' : '';
  return `${run.date}, commit ${run.commit}${state}, Node ${run.node}, ${run.cpu} x ${run.cores}, ${run.platform}${load}${quick}`; // prettier-ignore
}

/** Old and new median side by side with the ratio, or which run lacks the figure. */
export function formatComparison(
  rows: readonly ComparedFigure[],
  oldRun: BenchRun,
  newRun: BenchRun,
): string[] {
  const cell = (figure: Figure | undefined): string =>
    figure === undefined ? '-' : `${formatRate(figure.median)} ±${percent(figure.mad, figure.median)}`; // prettier-ignore
  const table = formatTable(
    ['suite', 'task', 'unit', 'old median', 'new median', 'new/old'],
    rows.map((row) => [
      row.suite,
      row.task,
      row.unit,
      cell(row.old),
      cell(row.new),
      row.ratio !== undefined ? row.ratio.toFixed(3) : (row.missing ?? ''),
    ]),
    ['left', 'left', 'left', 'right', 'right', 'right'],
  );
  const notes: string[] = [];
  if (oldRun.quick !== newRun.quick) notes.push('note: one run is quick mode, the other is not');
  if (oldRun.cpu !== newRun.cpu || oldRun.node !== newRun.node) {
    notes.push('note: the runs differ in CPU or Node version');
  }
  return [
    `old: ${formatRunHeader(oldRun)}`,
    `new: ${formatRunHeader(newRun)}`,
    'new/old > 1: the new run is faster. ±: median absolute deviation within a run; run-to-run noise is larger.',
    ...notes,
    ...table,
  ];
}
