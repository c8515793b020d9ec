/**
 * A saved bench run as the figure table of docs/performance.md, in Markdown: a line saying when, on which
 * machine and at which commit it was measured, then one row per figure. Printed by
 * `npm run bench -- --markdown` (after a run) or `node dist/bench/run.js --markdown RUN.json`.
 */
import { formatRate } from './report.js';
import type { BenchRun } from './results.js';

/** `part` of `whole` in percent, one decimal. */
function percent(part: number, whole: number): string {
  return whole > 0 && Number.isFinite(part) ? `${((100 * part) / whole).toFixed(1)}%` : '-';
}

/** The figures of `run` as Markdown lines, with the run's machine, date and commit. */
export function formatMarkdown(run: BenchRun): string[] {
  const cores = `${run.cores} core${run.cores === 1 ? '' : 's'}`;
  const state = run.dirty ? ' with uncommitted changes' : '';
  const load = run.loadAverage.length > 0 ? `, load average ${run.loadAverage.map((l) => l.toFixed(2)).join(' ')} at the start` : ''; // prettier-ignore
  const quick = run.quick ? ' In quick mode: the rates mean nothing.' : '';
  const rows = run.figures.map(
    (figure) =>
      `| ${figure.suite} | ${figure.task} | ${formatRate(figure.median)} ±${percent(figure.mad, figure.median)} | ${figure.unit} | ${figure.result}${figure.resultRange ? ` (${figure.resultRange[0]}-${figure.resultRange[1]})` : ''} |`, // prettier-ignore
  );
  return [
    `Measured ${run.date.slice(0, 16).replace('T', ' ')} UTC on ${run.cpu}, ${cores}, ${run.platform}, Node.js ${run.node}, at commit ${run.commit}${state}${load}.${quick}`, // prettier-ignore
    '',
    '| suite | task | median (±MAD) | unit | result of one call |',
    '|---|---|---:|---|---:|',
    ...rows,
  ];
}
