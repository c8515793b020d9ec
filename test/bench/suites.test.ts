/**
 * The speed suites of `npm run bench`, run in quick mode so that they cannot rot. Nothing
 * here looks at speed: only at what the tasks compute (perft counts, moves found), at the
 * results file and at the comparison of two runs.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareRuns } from '../../bench/compare.js';
import { formatComparison } from '../../bench/report.js';
import { describeRun, readRun, writeRun, type BenchRun } from '../../bench/results.js';
import { runSuites, SUITE_NAMES } from '../../bench/runner.js';
import type { Figure } from '../../bench/suite.js';

const run = promisify(execFile);
const RUN_JS = fileURLToPath(new URL('../../dist/bench/run.js', import.meta.url));

/** Leaves of the quick perft tasks, agreed with test/reference/simple-rules.ts. */
const QUICK_PERFT: [string, number][] = [
  ['armenian start, perft 4', 268_670],
  ['armenian middlegame, perft 4', 50_009],
  ['turkish start, perft 5', 85_090],
  ['turkish middlegame, perft 4', 62_422],
];

/** Legal moves of the 33 bench positions, summed. */
const BENCH_POSITION_MOVES = { armenian: 722, turkish: 433 };

let folder: string;
let figures: Figure[];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tama-bench-'));
  // In this process the perft tasks run on one thread only: the worker threads load the
  // built worker, so the tasks on two threads run from dist/ in the last group below.
  figures = await runSuites({ quick: true, perftThreads: [1] });
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

function figure(suite: string, task: string): Figure {
  const found = figures.find((f) => f.suite === suite && f.task === task);
  if (found === undefined) throw new Error(`no figure ${suite} / ${task}`);
  return found;
}

function runOf(list: readonly Figure[]): BenchRun {
  return describeRun(list, { quick: true, date: new Date('2026-01-02T03:04:05.678Z') });
}

describe('the suites in quick mode', () => {
  it('every suite gives figures, each a positive rate with its unit and spread', () => {
    expect(new Set(figures.map((f) => f.suite))).toEqual(new Set(SUITE_NAMES));
    for (const f of figures) {
      expect(f.unit, f.task).toMatch(/\/s$/);
      for (const value of [f.median, f.mean, f.work, f.msPerCall]) {
        expect(value, f.task).toBeGreaterThan(0);
      }
      for (const value of [f.mad, f.sd, f.rme]) expect(Number.isFinite(value), f.task).toBe(true);
      expect(f.samples, f.task).toBeGreaterThanOrEqual(1);
    }
  });

  it.each(QUICK_PERFT)('perft: %s counts %i leaves on one thread', (name, leaves) => {
    const f = figure('perft', `${name}, 1 thread`);
    expect(f.result).toBe(leaves);
    expect(f.resultRange).toBeUndefined();
  });

  it('move generation and playing moves go through every legal move of the bench positions', () => {
    for (const variant of ['armenian', 'turkish'] as const) {
      expect(figure('movegen', `generateMoves, ${variant}`).result).toBe(BENCH_POSITION_MOVES[variant]); // prettier-ignore
      expect(figure('movegen', `countMoves, ${variant}`).result).toBe(
        BENCH_POSITION_MOVES[variant],
      );
    }
    expect(figure('play', 'copy + applyMove (play and unplay)').result).toBe(722);
    expect(figure('play', 'copy + applyMove (play and unplay)').work).toBe(722);
  });

  it('the search suite searches the bench positions', () => {
    const search = figures.filter((f) => f.suite === 'search');
    expect(search.map((f) => f.task)).toEqual(['bench, depth 3, 1 thread']);
    expect(search[0].result).toBeGreaterThan(1000);
  });
});

describe('the results file and --compare', () => {
  it('a run records date, Node version, CPU, cores and commit, and reads back', () => {
    const saved = runOf(figures);
    const path = join(folder, 'run.json');
    writeRun(path, saved);
    const read = readRun(path);
    if (!read.ok) throw new Error(read.error.message);
    const value = read.value;
    expect(value.date).toBe('2026-01-02T03:04:05.678Z');
    expect(value.node).toBe(process.version);
    expect(value.cpu.length).toBeGreaterThan(0);
    expect(value.cores).toBeGreaterThanOrEqual(1);
    expect(value.commit).toMatch(/^([0-9a-f]{4,}|unknown)$/);
    expect(typeof value.dirty).toBe('boolean');
    expect(value.quick).toBe(true);
    expect(value.figures).toEqual(figures);
    for (const f of value.figures) {
      expect(Object.keys(f)).toEqual(expect.arrayContaining(['suite', 'task', 'unit', 'median', 'mad', 'mean', 'sd', 'rme', 'samples'])); // prettier-ignore
    }
  });

  it('compares a run with itself: every figure has a ratio of 1', () => {
    const rows = compareRuns(runOf(figures), runOf(figures));
    expect(rows).toHaveLength(figures.length);
    for (const row of rows) {
      expect(row.ratio, row.task).toBe(1);
      expect(row.missing).toBeUndefined();
    }
  });

  it('marks a figure only one of the runs has', () => {
    const [dropped, ...rest] = figures;
    const rows = compareRuns(runOf(figures), runOf(rest));
    const row = rows.find((r) => r.suite === dropped.suite && r.task === dropped.task);
    expect(row?.missing).toBe('only in old');
    expect(row?.ratio).toBeUndefined();
    expect(rows.filter((r) => r.ratio === 1)).toHaveLength(rest.length);
    const reverse = compareRuns(runOf(rest), runOf(figures));
    expect(reverse.find((r) => r.task === dropped.task)).toMatchObject({ missing: 'only in new' });
    const text = formatComparison(rows, runOf(figures), runOf(rest)).join('\n');
    expect(text).toContain('only in old');
    expect(text).toMatch(/new\/old/);
  });

  it('gives the ratio of the medians, above 1 when the new run is faster', () => {
    const old = figures.slice(0, 1);
    const faster = [{ ...old[0], median: old[0].median * 1.25 }];
    expect(compareRuns(runOf(old), runOf(faster))[0].ratio).toBeCloseTo(1.25, 10);
  });

  it('refuses a missing file, a file that is not JSON and one that is not a run', () => {
    const notJson = join(folder, 'not.json');
    writeFileSync(notJson, '{ nope');
    const notRun = join(folder, 'other.json');
    writeFileSync(notRun, JSON.stringify({ date: 'x', figures: [] }));
    expect(readRun(join(folder, 'absent.json'))).toMatchObject({ ok: false, error: { code: 'unreadable' } }); // prettier-ignore
    expect(readRun(notJson)).toMatchObject({ ok: false, error: { code: 'not-json' } });
    expect(readRun(notRun)).toMatchObject({ ok: false, error: { code: 'not-a-run' } });
  });
});

describe('npm run bench, built (dist/bench/run.js)', () => {
  const built = (): string => {
    if (!existsSync(RUN_JS)) throw new Error(`${RUN_JS} is missing: run npm run build first`);
    return RUN_JS;
  };

  it('runs perft on one and two threads, writes the JSON and compares it with itself', async () => {
    const out = join(folder, 'perft.json');
    const { stdout } = await run(process.execPath, [built(), '--quick', '--suite', 'perft', '--threads', '2', '--out', out]); // prettier-ignore
    expect(stdout).toMatch(/^Tama bench: .*commit .*Node v\d+/);
    expect(stdout).toContain('perft: one call');
    expect(stdout).toContain(`Wrote ${out}`);
    const read = readRun(out);
    if (!read.ok) throw new Error(read.error.message);
    for (const [name, leaves] of QUICK_PERFT) {
      for (const threads of ['1 thread', '2 threads']) {
        const f = read.value.figures.find((entry) => entry.task === `${name}, ${threads}`);
        expect(f?.result, `${name}, ${threads}`).toBe(leaves);
      }
    }
    const compared = await run(process.execPath, [built(), '--compare', out, out]);
    const rows = compared.stdout.split('\n').filter((line) => line.startsWith('perft '));
    expect(rows).toHaveLength(2 * QUICK_PERFT.length);
    for (const line of rows) expect(line).toMatch(/ 1\.000$/);
    // The table of docs/performance.md from the saved run: machine, date and commit, then one row a figure.
    const table = (await run(process.execPath, [built(), '--markdown', out])).stdout.split('\n');
    expect(table[0]).toMatch(/^Measured \d{4}-\d\d-\d\d \d\d:\d\d UTC on .+, \d+ cores?, .+, Node\.js v\d+\S*, at commit \S+/); // prettier-ignore
    expect(table[0]).toContain(`at commit ${read.value.commit}`);
    expect(table[0]).toContain('In quick mode');
    expect(table[2]).toBe('| suite | task | median (±MAD) | unit | result of one call |');
    for (const [name, leaves] of QUICK_PERFT) {
      expect(table).toContainEqual(expect.stringMatching(new RegExp(`^\\| perft \\| ${name}, 1 thread \\| .* \\| nodes/s \\| ${leaves} \\|$`))); // prettier-ignore
    }
  });

  it('refuses an unknown suite and an unreadable --compare file with exit code 2', async () => {
    await expect(run(process.execPath, [built(), '--suite', 'nope'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown suite 'nope'"),
    });
    await expect(
      run(process.execPath, [built(), '--compare', join(folder, 'absent.json')]),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
  });
});
