/** `tama egdb build` and `tama egdb probe`: wiring to src/egdb. */
import { resolve } from 'node:path';
import { Position } from '../core/position.js';
import type { VariantName } from '../core/variant.js';
import { rankMoves } from '../egdb/best.js';
import { buildDatabases } from '../egdb/build.js';
import { loadTables } from '../egdb/load.js';
import { formatStats, tableStats } from '../egdb/stats.js';
import { describeCode } from '../egdb/value.js';

export interface EgdbBuildArgs {
  variant: VariantName;
  pieces: number;
  out: string;
  threads: number;
}

export async function runEgdbBuild(
  args: EgdbBuildArgs,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  const dir = resolve(args.out);
  err(`building ${args.variant} databases of up to ${args.pieces} pieces in ${dir} on ${args.threads} thread(s)`); // prettier-ignore
  const report = await buildDatabases({ variant: args.variant, pieces: args.pieces, dir, threads: args.threads }, err); // prettier-ignore
  out(`built ${report.built} units, ${report.skipped} already there; ${(report.bytes / 2 ** 20).toFixed(1)} MiB in ${dir}; ${report.seconds.toFixed(1)} s`); // prettier-ignore
  const { tables } = loadTables(dir, args.variant, args.pieces);
  for (const line of formatStats(tableStats(tables.rules, tables.tables))) out(line);
  return 0;
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
  const { tables, errors } = loadTables(dir, args.variant);
  for (const error of errors) err(`warning: ${error}`);
  const code = tables.probe(position.state);
  const ranked = code < 0 ? undefined : rankMoves(tables, position);
  if (code < 0 || ranked === undefined) {
    err(`no ${args.variant} table in ${dir} covers ${position.toString()}${tables.maxPieces === 0 ? ' (no tables found: run tama egdb build)' : ''}`); // prettier-ignore
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
