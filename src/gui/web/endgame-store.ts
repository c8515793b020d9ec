/**
 * The endgame tables of the static build in the browser's storage. The build puts the
 * 3-piece tables of both variants under `egdb/` with a list of them (`egdb/tables.json`,
 * written by scripts/build-web.mjs); the page downloads them on request into a Cache API
 * store named for their version, and the engine's worker reads them from there when it
 * starts, so that `EGDB Path egdb` loads them as a folder is loaded in Node.
 *
 * The Cache API rather than IndexedDB: the tables are files fetched by address, which a
 * cache stores as they came (no copying into records, no schema), the engine's worker and
 * the service worker both read it, and the service worker already keeps the build there.
 */

/** The list of the build's tables (egdb/tables.json). */
export interface TableList {
  /** A hash of the tables' bytes: a new build of other tables is a new store. */
  readonly version: string;
  readonly pieces: number;
  readonly variants: readonly string[];
  /** Paths relative to the build's folder, such as `egdb/armenian/KvK.egdb`, and sizes. */
  readonly files: readonly { readonly path: string; readonly bytes: number }[];
  /** All files' bytes. */
  readonly bytes: number;
}

/** Where the list lives, relative to the build's folder. */
export const TABLE_LIST_FILE = 'egdb/tables.json';
/** The folder `EGDB Path` names (the tables' paths start with it). */
export const TABLE_FOLDER = 'egdb';
/** Stores of tables are named with this and their version (the service worker keeps them). */
export const TABLE_STORE_PREFIX = 'tama-egdb-';

/** The message that makes the engine's worker read the stored tables again. */
export const READ_STORED_TABLES = { type: 'read-stored-tables' } as const;

const storeName = (list: TableList) => `${TABLE_STORE_PREFIX}${list.version}`;

/** Whether this page can store tables (the Cache API needs HTTPS or localhost). */
export function canStoreTables(): boolean {
  return typeof caches !== 'undefined';
}

/** The build's list of tables beside `base` (the build's folder); undefined without one. */
export async function fetchTableList(base: URL): Promise<TableList | undefined> {
  try {
    const response = await fetch(new URL(TABLE_LIST_FILE, base));
    return response.ok ? ((await response.json()) as TableList) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The stored tables of `list`, each file's path and bytes; undefined unless every file
 * is stored (a download cut short stores nothing usable).
 */
export async function readStoredTables(
  base: URL,
  list: TableList,
): Promise<{ readonly path: string; readonly bytes: Uint8Array }[] | undefined> {
  if (!canStoreTables() || !(await caches.has(storeName(list)))) return undefined;
  const store = await caches.open(storeName(list));
  const read = [];
  for (const file of list.files) {
    const response = await store.match(new URL(file.path, base));
    if (response === undefined) return undefined;
    read.push({ path: file.path, bytes: new Uint8Array(await response.arrayBuffer()) });
  }
  return read;
}

/** Whether every table of `list` is stored. */
export async function tablesStored(base: URL, list: TableList): Promise<boolean> {
  if (!canStoreTables() || !(await caches.has(storeName(list)))) return false;
  const store = await caches.open(storeName(list));
  const found = await Promise.all(list.files.map((file) => store.match(new URL(file.path, base)))); // prettier-ignore
  return found.every((response) => response !== undefined);
}

/**
 * Downloads the tables of `list` into their store, telling `progress` the bytes stored so
 * far after each file; stores of other versions are deleted. Rejects with why on failure.
 */
export async function downloadTables(
  base: URL,
  list: TableList,
  progress: (bytes: number) => void,
): Promise<void> {
  const store = await caches.open(storeName(list));
  let done = 0;
  for (const file of list.files) {
    const address = new URL(file.path, base);
    const response = await fetch(address, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${file.path}: ${response.status} ${response.statusText}`);
    await store.put(address, response);
    done += file.bytes;
    progress(done);
  }
  const old = (await caches.keys()).filter((name) => name.startsWith(TABLE_STORE_PREFIX) && name !== storeName(list)); // prettier-ignore
  await Promise.all(old.map((name) => caches.delete(name)));
}
