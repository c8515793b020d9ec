/**
 * The `EGDB Path` option's folder: the current variant's tables read from the file system.
 * The browser build replaces this module with web/endgame-folder.ts.
 */
import { existsSync } from 'node:fs';
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { loadTables } from '../egdb/load.js';
import type { EndgameTables } from '../egdb/tables.js';

/**
 * The tables of `variant` under `path`. A folder that does not exist, holds no table of the
 * variant or holds a damaged one is refused with an error naming it.
 */
export function loadEndgameFolder(path: string, variant: VariantName): Result<EndgameTables> {
  if (!existsSync(path)) return fail('egdb-missing', `EGDB Path: no folder ${path}`);
  const { tables, errors } = loadTables(path, variant);
  if (errors.length > 0) return fail('egdb-damaged', `EGDB Path: ${errors[0]}`);
  if (tables.maxPieces === 0) {
    return fail('egdb-empty', `EGDB Path: no ${variant} tables under ${path} (build them with tama egdb build)`); // prettier-ignore
  }
  return ok(tables);
}
