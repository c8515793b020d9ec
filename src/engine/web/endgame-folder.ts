/**
 * The `EGDB Path` option in a browser (replaces ../endgame-folder.ts in the web build): the
 * page has no file system, so the worker that hosts the engine reads the table files the
 * page stored (gui/web/endgame-store.ts) and registers them here under the paths they have
 * in the build (`egdb/armenian/KvK.egdb`). A folder is then loaded as in Node: every table
 * of the variant under it, each checked, a damaged one refused.
 */
import { fail, ok, type Result } from '../../core/result.js';
import { rulesFor, type VariantName } from '../../core/variant.js';
import { parseMaterialName } from '../../egdb/material.js';
import { tableFromBytes } from '../../egdb/table-bytes.js';
import { EndgameTables } from '../../egdb/tables.js';
import { crc32 } from './crc32.js';

const files = new Map<string, Uint8Array>();

/** Makes `bytes` readable as the table file `path` (a path such as `egdb/turkish/KvM.egdb`). */
export function registerEndgameFile(path: string, bytes: Uint8Array): void {
  files.set(path, bytes);
}

/** A folder's name as registered paths start with it: no `./` before, no `/` after. */
function folderName(path: string): string {
  return path
    .trim()
    .replace(/^(\.\/)+/, '')
    .replace(/\/+$/, '');
}

/**
 * The tables of `variant` under `path`, from the registered files. A folder with no file
 * of the variant, or a damaged one, is refused with an error naming it.
 */
export function loadEndgameFolder(path: string, variant: VariantName): Result<EndgameTables> {
  const folder = `${folderName(path)}/`;
  const prefix = `${folder}${variant}/`;
  const tables = new EndgameTables(rulesFor(variant));
  for (const [file, bytes] of files) {
    if (!file.startsWith(prefix) || !file.endsWith('.egdb')) continue;
    const material = parseMaterialName(file.slice(prefix.length, -'.egdb'.length));
    if (material === undefined) continue;
    const read = tableFromBytes(bytes, file, variant, material, crc32);
    if (!read.ok) return fail('egdb-damaged', `EGDB Path: ${read.error.message}`);
    tables.add({ material, values: read.value });
  }
  if (tables.maxPieces > 0) return ok(tables);
  if (![...files.keys()].some((file) => file.startsWith(folder))) {
    return fail('egdb-missing', `EGDB Path: no folder ${path} (the engine in the browser reads only the tables the page stored, under egdb)`); // prettier-ignore
  }
  return fail('egdb-empty', `EGDB Path: no ${variant} tables under ${path} (the page stores its tables under egdb)`); // prettier-ignore
}
