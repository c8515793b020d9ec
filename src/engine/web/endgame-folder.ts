/**
 * The `EGDB Path` option in a browser (replaces ../endgame-folder.ts in the web build): the
 * page has no file system, so every folder is refused with an error that says so.
 */
import { fail, type Result } from '../../core/result.js';
import type { VariantName } from '../../core/variant.js';
import type { EndgameTables } from '../../egdb/tables.js';

/** Refuses `path`: the in-browser engine reads no endgame tables from folders. */
export function loadEndgameFolder(path: string, variant: VariantName): Result<EndgameTables> {
  return fail('egdb-missing', `EGDB Path: no folder ${path} (the engine in the browser has no ${variant} tables on disk)`); // prettier-ignore
}
