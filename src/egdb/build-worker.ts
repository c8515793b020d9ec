/**
 * A build worker thread: solves one unit (retrograde.ts), reading the smaller tables it
 * needs from the database folder, and writes the unit's table files.
 */
import type { MessagePort } from 'node:worker_threads';
import { rulesFor, type VariantName } from '../core/variant.js';
import { writeTable } from './file.js';
import { loadTables } from './load.js';
import { materialOfKey, pieceCount, type Material } from './material.js';
import { solveUnit } from './retrograde.js';
import type { EndgameTables } from './tables.js';

export interface UnitTask {
  readonly variant: VariantName;
  readonly dir: string;
  /** Material keys of the unit (one, or a signature and its swap). */
  readonly unit: readonly number[];
  /** Receives progress (phase, done, total) now and then. */
  readonly port?: MessagePort;
}

export interface UnitSummary {
  readonly files: readonly string[];
}

/** Tables kept between tasks of one worker: each unit only adds smaller signatures. */
let cached: { variant: VariantName; dir: string; tables: EndgameTables } | undefined;

export default function buildUnit(task: UnitTask): UnitSummary {
  const rules = rulesFor(task.variant);
  const unit: Material[] = task.unit.map(materialOfKey);
  const pieces = pieceCount(unit[0]);
  if (cached === undefined || cached.variant !== task.variant || cached.dir !== task.dir) {
    cached = { variant: task.variant, dir: task.dir, tables: loadTables(task.dir, task.variant, pieces, unit).tables }; // prettier-ignore
  } else {
    loadTables(task.dir, task.variant, pieces, unit, cached.tables);
  }
  const tables = cached.tables;
  let last = 0;
  const results = solveUnit(
    rules,
    unit,
    (state) => tables.probe(state),
    (progress) => {
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
