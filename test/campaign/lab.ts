/**
 * A campaign laboratory for tests: an embedded PostgreSQL cluster in a temporary folder,
 * `tama` commands run to their end, and `tama worker` processes whose output is collected
 * and which are killed when the lab closes.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ensureEmbeddedServer, stopEmbeddedServer } from '../../src/campaign/embedded.js';
import { Store, type GameRow } from '../../src/campaign/store.js';
import { ROOT } from '../helpers.js';

const run = promisify(execFile);

export interface Finished {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  readonly output: { stdout: string; stderr: string };
  /** The exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
}

/** Splits a shell-like line into words, keeping "quoted parts" together (quotes dropped). */
export function words(line: string): string[] {
  return (line.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []).map((word) => word.replace(/"/g, ''));
}

/**
 * Waits until `check` holds, polling; a check that throws (the database restarting) counts
 * as not yet. Throws naming `what` (and the last error) after `seconds`.
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  seconds = 120,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  let lastError = '';
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      lastError = ` (last error: ${(error as Error).message})`;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${lastError}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A drawn game of slot (game pair) `slot` as a worker stores it, for the tests that store
 * games themselves.
 */
export function drawnGame(number: number, gameInPair: 0 | 1, slot = 0, worker = 'test'): GameRow {
  return {
    number,
    slot,
    pairing: 0,
    pairNumber: slot,
    gameInPair,
    white: gameInPair,
    black: 1 - gameInPair,
    result: 'draw',
    termination: 'max-plies',
    forfeitedBy: null,
    reason: 'the game reached 40 plies',
    firstPoints: 1,
    pdn: '',
    worker,
  };
}

/**
 * Runs `steps`, which watch `worker`; when they fail, the error carries the worker's output,
 * which says why it did not get there (a campaign stalled, a worker gone).
 */
export async function watching<T>(worker: WorkerProcess, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    const { stdout, stderr } = worker.output;
    const exited = worker.child.exitCode === null ? 'running' : `exited ${worker.child.exitCode}`;
    (error as Error).message +=
      `\nthe worker (${exited}) printed:\n${stdout}\nand on stderr:\n${stderr}`;
    throw error;
  }
}

export class Lab {
  private readonly workers = new Set<ChildProcess>();

  private constructor(
    /** The temporary folder; the cluster is its `db` subfolder. */
    readonly dir: string,
    readonly url: string,
    readonly store: Store,
  ) {}

  /**
   * The lab workers' `--allow` file: the engine commands of the campaigns made with
   * `create` (and those passed to `allow`), as their owner would list them.
   */
  get allowFile(): string {
    return join(this.dir, 'allow.txt');
  }

  /** Lets the lab's workers run `command` (one line, as `cmd=` gives it). */
  allow(command: string): void {
    appendFileSync(this.allowFile, `command ${command}\n`);
  }

  /** The cluster's data directory. */
  get dataDir(): string {
    return join(this.dir, 'db');
  }

  /** Creates and starts a cluster in a new temporary folder and opens the store on it. */
  static async open(prefix: string): Promise<Lab> {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    // As root the server runs as user postgres, which must be able to enter this folder.
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, 'allow.txt'), '# the engines of the campaigns of the lab\n');
    const started = await ensureEmbeddedServer(join(dir, 'db'));
    if (!started.ok) throw new Error(started.error.message);
    const opened = await Store.open(started.value);
    if (!opened.ok) throw new Error(opened.error.message);
    return new Lab(dir, started.value, opened.value);
  }

  /** Kills the workers still running, stops the cluster and removes the folder. */
  async close(): Promise<void> {
    for (const child of this.workers) child.kill('SIGKILL');
    await this.store.close().catch(() => {});
    await stopEmbeddedServer(this.dataDir);
    rmSync(this.dir, { recursive: true, force: true });
  }

  /**
   * Runs `tama ARGS` to its end: the tama of the checkout `cwd` (default this project), in
   * that folder; never throws for its exit code.
   */
  async tama(args: readonly string[], cwd = ROOT): Promise<Finished> {
    try {
      const { stdout, stderr } = await run(
        process.execPath,
        [join(cwd, 'bin', 'tama.js'), ...args],
        {
          cwd,
          maxBuffer: 16 << 20,
        },
      );
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  /**
   * `tama campaign create --db URL SETTINGS` (one shell-like line); returns the campaign id.
   * Its engine commands are added to the lab's allow file.
   */
  async create(settings: string): Promise<number> {
    for (const found of settings.matchAll(/cmd=(?:"([^"]*)"|(\S+))/g)) {
      this.allow(found[1] ?? found[2]);
    }
    const created = await this.tama(['campaign', 'create', '--db', this.url, ...words(settings)]);
    if (created.code !== 0) throw new Error(`create failed: ${created.stderr}`);
    const found = /Campaign (\d+) /.exec(created.stdout);
    if (found === null) throw new Error(`no campaign id in: ${created.stdout}`);
    return Number(found[1]);
  }

  /** `tama campaign status ID --db URL`. */
  async status(id: number): Promise<Finished> {
    return this.tama(['campaign', 'status', String(id), '--db', this.url]);
  }

  /**
   * Starts `tama worker ARGS` (by default `--db URL --concurrency 1 --poll 1 --allow
   * ALLOW_FILE`) of the
   * checkout `cwd`, in that folder; its output is collected.
   */
  worker(args?: readonly string[], cwd = ROOT): WorkerProcess {
    const child = spawn(
      process.execPath,
      [
        join(cwd, 'bin', 'tama.js'),
        'worker',
        ...(args ?? ['--db', this.url, '--concurrency', '1', '--poll', '1', '--allow', this.allowFile]), // prettier-ignore
      ],
      { cwd },
    );
    const output = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk) => (output.stdout += chunk));
    child.stderr.on('data', (chunk) => (output.stderr += chunk));
    this.workers.add(child);
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => {
        this.workers.delete(child);
        resolve(code);
      }),
    );
    return { child, output, exited };
  }

  /** Stops the cluster's server (a fast shutdown: every connection is dropped at once). */
  async stopServer(): Promise<void> {
    const stopped = await stopEmbeddedServer(this.dataDir);
    if (!stopped.ok || !stopped.value) {
      throw new Error(`the server did not stop: ${stopped.ok ? 'it was not running' : stopped.error.message}`); // prettier-ignore
    }
  }

  /** Starts the cluster's server again. */
  async startServer(): Promise<void> {
    const started = await ensureEmbeddedServer(this.dataDir);
    if (!started.ok) throw new Error(started.error.message);
  }

  /**
   * Stops and starts the server while a statement of another connection that begins with
   * `statement` waits on `table` (a worker storing a result): the lab holds a lock on the
   * table until such a statement waits for it, so the server goes away in the middle of
   * that store, the lab's own connection being dropped with it.
   */
  async restartDuringWrite(table: string, statement: string): Promise<void> {
    const holder = await this.store.pool.connect();
    // The server drops this connection when it stops; its 'error' is expected.
    let dropped: Error | undefined;
    holder.on('error', (error) => (dropped ??= error));
    try {
      await holder.query('BEGIN');
      await holder.query(`LOCK TABLE ${table} IN SHARE MODE`);
      await until(async () => {
        const { rows } = await this.store.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND query LIKE $1`,
          [`${statement}%`],
        );
        return rows[0].n > 0;
      }, `a statement waiting on ${table}`);
      await this.stopServer();
    } finally {
      holder.release(dropped ?? new Error('dropped with the server'));
    }
    await this.startServer();
  }

  /** Whether campaign `id` has finished. */
  finished(id: number): () => Promise<boolean> {
    return async () => (await this.store.campaign(id))?.state === 'finished';
  }
}
