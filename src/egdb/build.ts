/**
 * `tama egdb build`: every table of up to N pieces (or one unit and what it needs), each
 * unit on a worker thread as soon as the units it reads are done, so that every thread is
 * busy while any unit is ready. A unit whose files are already there and sound (their
 * checksums hold) is skipped, so a stopped build resumes where it was. A worker loads only
 * the tables its unit's captures and crownings lead into (paging by unit).
 */
import { MessageChannel } from 'node:worker_threads';
import { statSync } from 'node:fs';
import { Piscina } from 'piscina';
import type { VariantName } from '../core/variant.js';
import { UNIT_STOPPED, type UnitSummary, type UnitTask } from './build-worker.js';
import { readTable, tablePath } from './file.js';
import {
  buildPlan,
  keyOf,
  materialName,
  unitsNeeded,
  unitWithNeeds,
  type Material,
} from './material.js';
import type { UnitProgress } from './retrograde.js';

export interface BuildOptions {
  readonly variant: VariantName;
  readonly pieces: number;
  readonly dir: string;
  readonly threads: number;
  /** Only this signature's unit and the units it needs (the whole plan when absent). */
  readonly unit?: Material;
  /**
   * Aborted: the build stops. The units under way end within milliseconds, unwritten
   * (their threads poll a shared flag); the units done stay, each written whole.
   */
  readonly signal?: AbortSignal;
}

export interface BuildReport {
  readonly built: number;
  readonly skipped: number;
  readonly bytes: number;
  readonly seconds: number;
  /** The build was stopped (`signal`) before every unit was done. */
  readonly stopped: boolean;
}

const WORKER_FILE = new URL('./build-worker.js', import.meta.url).href;

/** Whether every table of a unit is on disk and passes its checks. */
function unitDone(options: BuildOptions, unit: readonly Material[]): boolean {
  return unit.every((material) => readTable(options.dir, options.variant, material).ok);
}

/** The units a build solves, in an order where each needs only units before it. */
export function unitsToBuild(options: BuildOptions): Material[][] {
  if (options.unit === undefined) return buildPlan(options.pieces).flat();
  return unitWithNeeds(options.unit) ?? [];
}

/** Builds the databases; `log` receives progress lines (for stderr). */
export async function buildDatabases(
  options: BuildOptions,
  log: (line: string) => void,
): Promise<BuildReport> {
  const start = performance.now();
  const units = unitsToBuild(options);
  const plan = [units];
  const pool = new Piscina<UnitTask, UnitSummary>({
    filename: WORKER_FILE,
    minThreads: 1,
    maxThreads: options.threads,
    idleTimeout: 1000,
  });
  let finished = 0;
  let built = 0;
  let skipped = 0;
  // Word 0 is set at a stop; every worker thread reads it as it solves.
  const stop = new Int32Array(new SharedArrayBuffer(4));
  const onAbort = () => Atomics.store(stop, 0, 1);
  if (options.signal?.aborted === true) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const isStopped = () => Atomics.load(stop, 0) !== 0;
  const runUnit = async (unit: Material[], needs: readonly Material[][]): Promise<void> => {
    if (isStopped()) return;
    const name = unit.map(materialName).join(' + ');
    if (unitDone(options, unit)) {
      skipped++;
      log(`[${++finished}/${units.length}] ${name}: already built`);
      return;
    }
    const unitStart = performance.now();
    const channel = new MessageChannel();
    channel.port1.on('message', (progress: UnitProgress) => {
      const percent = ((100 * progress.done) / progress.total).toFixed(0);
      log(`    ${name}: ${progress.phase === 'scan' ? `scanning ${percent}%` : `spreading, ${progress.done} positions decided`}`); // prettier-ignore
    });
    const task: UnitTask = { variant: options.variant, dir: options.dir, unit: unit.map(keyOf), needs: needs.flat().map(keyOf), port: channel.port2, stop }; // prettier-ignore
    try {
      await pool.run(task, { transferList: [channel.port2] });
    } catch (error) {
      if (isStopped() && (error as Error).message === UNIT_STOPPED) return;
      throw error;
    } finally {
      channel.port1.close();
    }
    built++;
    log(`[${++finished}/${units.length}] ${name}: ${((performance.now() - unitStart) / 1000).toFixed(1)} s`); // prettier-ignore
  };
  try {
    // Each unit waits for the units it reads, then queues for a thread.
    const running = new Map<Material[], Promise<void>>();
    for (const unit of units) {
      const needs = unitsNeeded(plan, unit);
      const before = needs.map((need) => running.get(need) as Promise<void>);
      running.set(
        unit,
        Promise.all(before).then(() => runUnit(unit, needs)),
      );
    }
    await Promise.all(running.values());
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
    await pool.destroy();
  }
  let bytes = 0;
  for (const material of units.flat()) bytes += statSync(tablePath(options.dir, options.variant, material), { throwIfNoEntry: false })?.size ?? 0; // prettier-ignore
  const stopped = finished < units.length;
  return { built, skipped, bytes, seconds: (performance.now() - start) / 1000, stopped };
}
