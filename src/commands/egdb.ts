/** `tama egdb build`, `verify` and `probe`: wiring to src/egdb. */
import { resolve } from 'node:path';
import { Position } from '../core/position.js';
import type { VariantName } from '../core/variant.js';
import { rankMoves } from '../egdb/best.js';
import { buildDatabases, unitsToBuild } from '../egdb/build.js';
import { loadTableFolder, loadTables } from '../egdb/load.js';
import { parseMaterialName, unitsNeeded, type Material } from '../egdb/material.js';
import { formatStats, tableStats } from '../egdb/stats.js';
import { describeCode } from '../egdb/value.js';
import { verifyUnit } from '../egdb/verify.js';
import { listenForInterrupt, SIGNAL_EXIT_CODES } from './interrupt.js';

export interface EgdbBuildArgs {
  variant: VariantName;
  pieces: number;
  out: string;
  threads: number;
  /** One signature's unit (and what it needs) instead of every table, e.g. `KMvKKM`. */
  unit?: string;
}

/** The signature named by `--unit`, or an error line; undefined when none was given. */
function unitOption(text: string | undefined): Material | undefined | string {
  if (text === undefined) return undefined;
  return parseMaterialName(text) ?? `bad --unit ${text}: give a signature such as KMvKKM`;
}

export async function runEgdbBuild(
  args: EgdbBuildArgs,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const dir = resolve(args.out);
  const unit = unitOption(args.unit);
  if (typeof unit === 'string') {
    err(unit);
    return 2;
  }
  err(`building ${args.variant} databases of ${args.unit === undefined ? `up to ${args.pieces} pieces` : `unit ${args.unit} and the units it needs`} in ${dir} on ${args.threads} thread(s)`); // prettier-ignore
  // A signal stops the build: the units under way end unwritten within milliseconds; each
  // unit is written whole (through a temporary name), so the units done stay, and the same
  // command goes on from them.
  let done = `0/${unitsToBuild({ variant: args.variant, pieces: args.pieces, dir, threads: 1, unit }).length}`; // prettier-ignore
  const log = (line: string) => {
    done = /^\[(\d+\/\d+)\]/.exec(line)?.[1] ?? done;
    err(line);
  };
  const stoppedLine = () => `interrupted: ${done} units done in ${dir}; the same command goes on from them`; // prettier-ignore
  const interrupt = listenForInterrupt(undefined, () => err(stoppedLine()));
  let report;
  try {
    report = await buildDatabases({ variant: args.variant, pieces: args.pieces, dir, threads: args.threads, unit, signal: interrupt.signal }, log); // prettier-ignore
  } finally {
    interrupt.release();
  }
  if (report.stopped) {
    err(stoppedLine());
    return interrupt.exitCode ?? SIGNAL_EXIT_CODES.SIGINT;
  }
  out(`built ${report.built} units, ${report.skipped} already there; ${(report.bytes / 2 ** 20).toFixed(1)} MiB in ${dir}; ${report.seconds.toFixed(1)} s`); // prettier-ignore
  if (unit !== undefined) return 0;
  const { tables } = loadTables(dir, args.variant, args.pieces);
  for (const line of formatStats(tableStats(tables.rules, tables.tables))) out(line);
  return 0;
}

export interface EgdbVerifyArgs {
  variant: VariantName;
  pieces: number;
  path: string;
  unit?: string;
}

/** Checks every unit of a build (or one unit) against its moves: 0 when all are sound. */
export function runEgdbVerify(
  args: EgdbVerifyArgs,
  out: (line: string) => void,
  err: (line: string) => void,
): number {
  const dir = resolve(args.path);
  const unit = unitOption(args.unit);
  if (typeof unit === 'string') {
    err(unit);
    return 2;
  }
  const units = unitsToBuild({ variant: args.variant, pieces: args.pieces, dir, threads: 1, unit }); // prettier-ignore
  const checks = unit === undefined ? units : units.slice(-1);
  let bad = 0;
  for (const checked of checks) {
    const check = verifyUnit(dir, args.variant, checked, unitsNeeded([units], checked).flat()); // prettier-ignore
    if (check.problems.length === 0) out(`${check.name}: sound, ${check.checked} positions`);
    else {
      bad++;
      for (const problem of check.problems) err(`${check.name}: ${problem}`);
    }
  }
  out(bad === 0 ? `${checks.length} unit(s) sound` : `${bad} of ${checks.length} unit(s) wrong`);
  return bad === 0 ? 0 : 1;
}

export interface EgdbProbeArgs {
  variant: VariantName;
  path: string;
}

export function runEgdbProbe(
  text: string,
  args: EgdbProbeArgs,
  out: (line: string) => void,
  err: (line: string) => void,
): number {
  const parsed = Position.parse(text, args.variant);
  if (!parsed.ok) {
    err(`bad position text: ${parsed.error.message}`);
    return 2;
  }
  const position = parsed.value;
  const dir = resolve(args.path);
  const loaded = loadTableFolder(dir, args.variant);
  if (!loaded.ok) {
    err(`error: ${loaded.error.message}`);
    return 1;
  }
  const tables = loaded.value;
  const code = tables.probe(position.state);
  const ranked = code < 0 ? undefined : rankMoves(tables, position);
  if (code < 0 || ranked === undefined) {
    err(`no ${args.variant} table in ${dir} covers ${position.toString()}`);
    return 1;
  }
  out(`position ${position.toString()}`);
  out(`value ${describeCode(code)}`);
  const best = ranked.filter((m) => m.code === ranked[0].code);
  out(
    `best ${best.length === 0 ? '(none: no legal move)' : best.map((m) => m.move.text).join(' ')}`,
  );
  for (const m of ranked) out(`  ${m.move.text.padEnd(12)} ${describeCode(m.code)}`);
  return 0;
}
