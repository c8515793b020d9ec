/**
 * Loading a database folder: every table of a variant found under it, into
 * SharedArrayBuffers, with a clear error for a damaged or foreign file.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
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
