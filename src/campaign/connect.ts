/**
 * Where a campaign command finds its database: `--db postgres://...` for a shared server,
 * else the embedded server of the data directory (started when it is not running).
 */
import { fail, ok, type Result } from '../core/result.js';
import { defaultDataDir, ensureEmbeddedServer } from './embedded.js';
import { JobQueue } from './queue.js';
import { redactUrl, Store } from './store.js';

export interface DatabaseChoice {
  /** A postgres:// URL; when absent, the embedded server. */
  readonly db?: string;
  /** The embedded server's data directory (default $TAMA_DB_DIR or ~/.tama/postgres). */
  readonly dataDir?: string;
}

export interface Connection {
  readonly store: Store;
  readonly queue: JobQueue;
  close(): Promise<void>;
}

/** Opens the store and the job queue; `supervise` for processes that stay (workers). */
export async function connect(
  choice: DatabaseChoice,
  supervise: boolean,
  warn: (line: string) => void,
): Promise<Result<Connection, 'db'>> {
  let url = choice.db;
  if (url === undefined) {
    const started = await ensureEmbeddedServer(choice.dataDir ?? defaultDataDir(), warn);
    if (!started.ok) return fail('db', started.error.message);
    url = started.value;
  }
  const opened = await Store.open(url);
  if (!opened.ok) return opened;
  const store = opened.value;
  let queue: JobQueue;
  try {
    queue = await JobQueue.open(url, supervise, warn);
  } catch (error) {
    await store.close();
    return fail(
      'db',
      `cannot start the job queue at ${redactUrl(url)}: ${(error as Error).message}`,
    );
  }
  return ok({
    store,
    queue,
    close: async () => {
      await queue.close();
      await store.close();
    },
  });
}
