/**
 * Loading a database folder: every table of a variant found under it, into
 * SharedArrayBuffers, with a clear error for a damaged or foreign file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fail, ok, type Result } from '../core/result.js';
import { rulesFor, type VariantName } from '../core/variant.js';
import { readTable } from './file.js';
import { buildPlan, keyOf, MAX_DATABASE_PIECES, type Material } from './material.js';
import { EndgameTables } from './tables.js';

export interface LoadedTables {
  readonly tables: EndgameTables;
  /** Files that exist but could not be used, with why. */
  readonly errors: readonly string[];
}

/**
 * Loads the tables of up to `pieces` pieces found under `dir` (missing ones are skipped),
 * except those of `skip`, into `into` (or a new set).
 */
export function loadTables(
  dir: string,
  variant: VariantName,
  pieces = MAX_DATABASE_PIECES,
  skip: readonly Material[] = [],
  into: EndgameTables = new EndgameTables(rulesFor(variant)),
): LoadedTables {
  const errors: string[] = [];
  const skipped = new Set(skip.map(keyOf));
  if (!existsSync(join(dir, variant))) return { tables: into, errors };
  for (const group of buildPlan(pieces)) {
    for (const unit of group) {
      for (const material of unit) {
        if (skipped.has(keyOf(material)) || into.has(material)) continue;
        const read = readTable(dir, variant, material);
        if (read.ok) into.add({ material, values: read.value });
        else if (read.error.code !== 'missing') errors.push(read.error.message);
      }
    }
  }
  return { tables: into, errors };
}

export type TableFolderErrorCode = 'egdb-missing' | 'egdb-damaged' | 'egdb-empty';

/**
 * The tables of `variant` under the folder `dir`, checked as one: a folder that does not
 * exist, holds a damaged or foreign table (the first is named, with its fault) or holds no
 * table of the variant is refused. The engine's `EGDB Path` and `tama egdb probe` both ask
 * this, so both name the same file and fault.
 */
export function loadTableFolder(
  dir: string,
  variant: VariantName,
): Result<EndgameTables, TableFolderErrorCode> {
  if (!existsSync(dir)) return fail('egdb-missing', `no folder ${dir}`);
  const { tables, errors } = loadTables(dir, variant);
  if (errors.length > 0) return fail('egdb-damaged', errors[0]);
  if (tables.maxPieces === 0) {
    return fail('egdb-empty', `no ${variant} tables under ${dir} (build them with tama egdb build)`); // prettier-ignore
  }
  return ok(tables);
}
