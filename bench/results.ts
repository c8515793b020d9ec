/**
 * A bench run as a JSON file: when and where it ran (date, Node version, CPU model, cores,
 * load, commit) and every figure with its unit and spread. Runs are saved under
 * bench/results/ (git-ignored) and read back to compare.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fail, ok, type Result } from '../src/core/result.js';
import { projectRoot } from '../src/engine/project-root.js';
import type { Figure } from './suite.js';

export const RESULTS_SCHEMA = 1;

export interface BenchRun {
  readonly schema: number;
  /** When the run started, ISO 8601 in UTC. */
  readonly date: string;
  /** `process.version`, e.g. v20.20.2. */
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly platform: string;
  /** Load averages (1, 5, 15 minutes) when the run started: a busy machine measures slow. */
  readonly loadAverage: readonly number[];
  /** Short hash of HEAD, or 'unknown' outside git. */
  readonly commit: string;
  /** Whether tracked files differed from that commit. */
  readonly dirty: boolean;
  readonly quick: boolean;
  readonly figures: readonly Figure[];
}

export { projectRoot };

function git(root: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(); // prettier-ignore
  } catch {
    return undefined;
  }
}

/** The commit the working tree is on and whether tracked files differ from it. */
export function gitState(root: string = projectRoot()): { commit: string; dirty: boolean } {
  const commit = git(root, ['rev-parse', '--short', 'HEAD']);
  if (commit === undefined || commit === '') return { commit: 'unknown', dirty: false };
  const changes = git(root, ['status', '--porcelain', '--untracked-files=no']);
  return { commit, dirty: changes !== undefined && changes !== '' };
}

/** A run record for figures measured now on this machine. */
export function describeRun(
  figures: readonly Figure[],
  options: { quick: boolean; date?: Date; root?: string },
): BenchRun {
  const { commit, dirty } = gitState(options.root);
  return {
    schema: RESULTS_SCHEMA,
    date: (options.date ?? new Date()).toISOString(),
    node: process.version,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    cores: cpus().length,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: loadavg().map((load) => Math.round(load * 100) / 100),
    commit,
    dirty,
    quick: options.quick,
    figures,
  };
}

/** bench/results/<date>-<commit>[-dirty][-quick].json under the project root. */
export function defaultResultPath(run: BenchRun, root: string = projectRoot()): string {
  const stamp = run.date.replace(/[:]/g, '').replace(/\.\d+Z$/, 'Z');
  const suffix = `${run.dirty ? '-dirty' : ''}${run.quick ? '-quick' : ''}`;
  return join(root, 'bench', 'results', `${stamp}-${run.commit}${suffix}.json`);
}

/** Writes a run as indented JSON, making the folder if needed. */
export function writeRun(path: string, run: BenchRun): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(run, null, 2) + '\n');
}

export type ReadRunErrorCode = 'unreadable' | 'not-json' | 'not-a-run';

/** Reads a run saved by writeRun; a missing, broken or foreign file is an error, not a throw. */
export function readRun(path: string): Result<BenchRun, ReadRunErrorCode> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return fail('unreadable', `cannot read ${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('not-json', `${path} is not JSON: ${(error as Error).message}`);
  }
  const problem = runProblem(value);
  if (problem !== undefined) return fail('not-a-run', `${path} is not a bench run: ${problem}`);
  return ok(value as BenchRun);
}

/** What is wrong with a parsed value as a BenchRun, or undefined. */
function runProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const run = value as Record<string, unknown>;
  for (const key of ['date', 'node', 'cpu', 'commit']) {
    if (typeof run[key] !== 'string') return `no text field '${key}'`;
  }
  if (!Array.isArray(run.figures)) return "no list 'figures'";
  for (const [index, figure] of (run.figures as unknown[]).entries()) {
    if (typeof figure !== 'object' || figure === null)
      return `figure ${index + 1} is not an object`;
    const fields = figure as Record<string, unknown>;
    for (const key of ['suite', 'task', 'unit']) {
      if (typeof fields[key] !== 'string') return `figure ${index + 1} has no text field '${key}'`;
    }
    if (typeof fields.median !== 'number') return `figure ${index + 1} has no number 'median'`;
  }
  return undefined;
}
