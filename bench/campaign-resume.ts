/**
 * How long a worker needs to resume after the database server comes back: a campaign of
 * Tama against itself is played by one `tama worker`; the embedded server is stopped for
 * a while, several times, and each time it is started again the script times, from the
 * moment the server accepts connections again, the worker's first report (it reports when
 * it takes a job, and every 5 s) and the first game pair it stores.
 *
 *   npm run build && node dist/bench/campaign-resume.js [--rounds 3] [--down 5] [--nodes 1000]
 *
 * The cluster lives in a temporary directory, removed at the end.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEmbeddedServer, stopEmbeddedServer } from '../src/campaign/embedded.js';
import { Store } from '../src/campaign/store.js';
import { readArguments, wholeNumber } from './args.js';

const USAGE = `Usage: node dist/bench/campaign-resume.js [options]

  --rounds <n>   times the server is stopped and started again (default 3)
  --down <s>     seconds the server stays down each time (default 5)
  --nodes <n>    Tama's nodes a move (default 1000)
  --verbose      the worker's output on stderr, stamped with seconds since the start
  -h, --help     this text

Example:
  npm run build && node dist/bench/campaign-resume.js --rounds 3 --down 15`;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TAMA = join(ROOT, 'bin', 'tama.js');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 50 ms until it gives a value; connection errors count as not yet. */
async function poll<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch {
      // The server is still starting, or the pool drops a dead connection.
    }
    await sleep(50);
  }
}

async function main(): Promise<void> {
  const { values } = readArguments(USAGE, {
    rounds: { type: 'string' },
    down: { type: 'string' },
    nodes: { type: 'string' },
    verbose: { type: 'boolean' },
  });
  const rounds = wholeNumber(USAGE, values, 'rounds', 3, 1, 100);
  const down = wholeNumber(USAGE, values, 'down', 5, 0, 3600);
  const nodes = wholeNumber(USAGE, values, 'nodes', 1000, 1);
  const dir = mkdtempSync(join(tmpdir(), 'tama-resume-bench-'));
  chmodSync(dir, 0o755);
  const dataDir = join(dir, 'db');
  const started = await ensureEmbeddedServer(dataDir);
  if (!started.ok) throw new Error(started.error.message);
  const url = started.value;
  const opened = await Store.open(url);
  if (!opened.ok) throw new Error(opened.error.message);
  const store = opened.value;
  const worker = spawn(process.execPath, [TAMA, 'worker', '--db', url], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // With --verbose, the worker's lines go to stderr, stamped with seconds since the start.
  const start = performance.now();
  for (const stream of [worker.stdout, worker.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      if (values.verbose !== true) return;
      const stamp = ((performance.now() - start) / 1000).toFixed(2);
      for (const line of chunk.split('\n').filter((text) => text !== '')) {
        process.stderr.write(`[${stamp} s] ${line}\n`);
      }
    });
  }
  try {
    const engine = `cmd=${process.execPath} ${TAMA}`;
    const settings = [
      ...['--engine', engine, 'name=a', '--engine', engine, 'name=b', '--each', `nodes=${nodes}`],
      ...['--games', '2000', '--batch', '1', '--maxplies', '300'],
      ...['--openings', 'file=data/openings-armenian.txt', 'order=random'],
    ];
    const created = spawnSync(
      process.execPath,
      [TAMA, 'campaign', 'create', '--db', url, ...settings],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const id = Number(/Campaign (\d+) /.exec(created.stdout)?.[1]);
    if (!Number.isInteger(id)) throw new Error(`campaign create: ${created.stderr}`);
    const gamesNow = async () => (await store.tally(id)).games;
    await poll(async () => ((await gamesNow()) >= 2 ? true : undefined));
    console.log(`Campaign ${id}: Tama against itself at ${nodes} nodes a move, one worker`);
    for (let round = 1; round <= rounds; round++) {
      await stopEmbeddedServer(dataDir);
      await sleep(down * 1000);
      const restarted = await ensureEmbeddedServer(dataDir);
      if (!restarted.ok) throw new Error(restarted.error.message);
      const back = performance.now();
      if (values.verbose === true) {
        process.stderr.write(`[${((back - start) / 1000).toFixed(2)} s] (server back)\n`);
      }
      const serverNow = await poll(async () => {
        const { rows } = await store.pool.query<{ now: Date }>('SELECT now()');
        return rows[0].now;
      });
      const games = await gamesNow();
      const report = await poll(async () => {
        const { rows } = await store.pool.query('SELECT 1 FROM tama.workers WHERE last_seen > $1', [
          serverNow,
        ]);
        return rows.length > 0 ? performance.now() : undefined;
      });
      const stored = await poll(async () =>
        (await gamesNow()) > games ? performance.now() : undefined,
      );
      console.log(
        `round ${round}: server down ${down} s; after it was back: first worker report ` +
          `${((report - back) / 1000).toFixed(2)} s, first game pair stored ` +
          `${((stored - back) / 1000).toFixed(2)} s`,
      );
    }
    const load = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
    console.log(`machine: ${load || `up ${uptime()} s`}`);
  } finally {
    worker.kill('SIGKILL');
    await store.close().catch(() => {});
    await stopEmbeddedServer(dataDir);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
