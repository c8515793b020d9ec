/**
 * The `EGDB Path` option's folder: the current variant's tables read from the file system.
 * The browser build replaces this module with web/endgame-folder.ts.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import { loadTableFolder } from '../egdb/load.js';
import type { EndgameTables } from '../egdb/tables.js';

/**
 * The tables of `variant` under `path`. A folder that does not exist, holds no table of the
 * variant or holds a damaged one is refused with an error naming it (egdb/load.ts, the check
 * `tama egdb probe` makes too).
 */
export function loadEndgameFolder(path: string, variant: VariantName): Result<EndgameTables> {
  const loaded = loadTableFolder(path, variant);
  return loaded.ok ? ok(loaded.value) : fail(loaded.error.code, `EGDB Path: ${loaded.error.message}`); // prettier-ignore
}
