/**
 * A build worker thread: solves one unit (retrograde.ts), reading the smaller tables it
 * needs from the database folder, and writes the unit's table files. Only the tables the
 * unit reads stay in memory: those of earlier units that it no longer needs are dropped.
 */
import type { MessagePort } from 'node:worker_threads';
import { rulesFor, type VariantName } from '../core/variant.js';
import { readTable, writeTable } from './file.js';
import { materialOfKey, type Material } from './material.js';
import { solveUnit } from './retrograde.js';
import { EndgameTables } from './tables.js';

export interface UnitTask {
  readonly variant: VariantName;
  readonly dir: string;
  /** Material keys of the unit (one, or a signature and its swap). */
  readonly unit: readonly number[];
  /** Material keys of the tables the unit's captures and crownings may lead into. */
  readonly needs: readonly number[];
  /** Receives progress (phase, done, total) now and then. */
  readonly port?: MessagePort;
  /** Word 0 set (shared memory): the build was stopped; the unit ends unfinished, unwritten. */
  readonly stop?: Int32Array;
}

/** The message of the error a unit ends with when the build was stopped under it. */
export const UNIT_STOPPED = 'the build was stopped';

export interface UnitSummary {
  readonly files: readonly string[];
}

/** Tables kept between tasks of one worker (by material key), for one variant and folder. */
let cached: { variant: VariantName; dir: string; values: Map<number, Uint16Array> } | undefined;

/** The tables a unit reads: those kept from the last unit that it needs, and the rest read. */
function pageIn(task: UnitTask): EndgameTables {
  if (cached === undefined || cached.variant !== task.variant || cached.dir !== task.dir) {
    cached = { variant: task.variant, dir: task.dir, values: new Map() };
  }
  const kept = cached.values;
  const wanted = new Set(task.needs);
  for (const key of [...kept.keys()]) if (!wanted.has(key)) kept.delete(key);
  const tables = new EndgameTables(rulesFor(task.variant));
  for (const key of task.needs) {
    const material = materialOfKey(key);
    let values = kept.get(key);
    if (values === undefined) {
      const read = readTable(task.dir, task.variant, material);
      if (!read.ok) throw new Error(read.error.message);
      values = read.value;
      kept.set(key, values);
    }
    tables.add({ material, values });
  }
  return tables;
}

/** Whether the build this task belongs to was stopped. */
const stopped = (task: UnitTask) => task.stop !== undefined && Atomics.load(task.stop, 0) !== 0;

export default function buildUnit(task: UnitTask): UnitSummary {
  if (stopped(task)) throw new Error(UNIT_STOPPED);
  const rules = rulesFor(task.variant);
  const unit: Material[] = task.unit.map(materialOfKey);
  const tables = pageIn(task);
  let last = 0;
  const results = solveUnit(
    rules,
    unit,
    (state) => tables.probe(state),
    // Called every 65,536 positions: where a stop is heard, a few milliseconds apart.
    (progress) => {
      if (stopped(task)) throw new Error(UNIT_STOPPED);
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      task.port?.postMessage(progress);
    },
  );
  const files = results.map((result) => writeTable(task.dir, task.variant, result.material, result.values)); // prettier-ignore
  task.port?.close();
  return { files };
}
