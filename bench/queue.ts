/**
 * The job queue's ceiling: empty jobs taken and completed by worker processes as fast as
 * they go, through the same calls `tama worker` makes (take, complete), with nothing
 * played in between.
 *
 *   npm run build && node dist/bench/queue.js [--workers 8] [--jobs 4000] [--db URL]
 *
 * Without --db it starts the embedded PostgreSQL in a temporary data directory and stops
 * and removes it at the end. Prints the jobs per second over the whole run (from the
 * moment every worker is connected to the last completion).
 */
import { fork } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureEmbeddedServer, stopEmbeddedServer } from '../src/campaign/embedded.js';
import { JobQueue, jobRanges } from '../src/campaign/queue.js';
import { Store } from '../src/campaign/store.js';
import { readArguments, usageError, wholeNumber } from './args.js';

const USAGE = `Usage: node dist/bench/queue.js [options]

  --workers <n>  worker processes taking jobs (default 8)
  --jobs <n>     empty jobs queued (default 4000)
  --db <url>     a PostgreSQL to use (default: the embedded one, in a temporary directory)
  -h, --help     this text

Example:
  npm run build && node dist/bench/queue.js --workers 8 --jobs 4000`;

// A worker process learns its database and queue from the environment.
const CHILD = 'TAMA_QUEUE_BENCH_CHILD';

async function child(url: string, campaign: number): Promise<void> {
  const queue = await JobQueue.open(url, false, () => {});
  process.send?.('ready');
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  let done = 0;
  for (;;) {
    const job = await queue.take(campaign);
    if (job === undefined) break;
    await queue.complete(job);
    done++;
  }
  process.send?.(done);
  await queue.close();
}

async function main(): Promise<void> {
  const { values } = readArguments(USAGE, {
    workers: { type: 'string' },
    jobs: { type: 'string' },
    db: { type: 'string' },
  });
  const workers = wholeNumber(USAGE, values, 'workers', 8, 1, 256);
  const jobs = wholeNumber(USAGE, values, 'jobs', 4000, 1);
  let url = values.db as string | undefined;
  if (url !== undefined && !url.startsWith('postgres'))
    usageError(USAGE, '--db expects a postgres:// URL');
  let dataDir: string | undefined;
  if (url === undefined) {
    dataDir = mkdtempSync(join(tmpdir(), 'tama-queue-bench-'));
    chmodSync(dataDir, 0o755);
    const started = await ensureEmbeddedServer(join(dataDir, 'db'));
    if (!started.ok) throw new Error(started.error.message);
    url = started.value;
  }
  try {
    const opened = await Store.open(url);
    if (!opened.ok) throw new Error(opened.error.message);
    const store = opened.value;
    const campaign = await store.createCampaign('perft', 'queue bench', {});
    const queue = await JobQueue.open(url, false, () => {});
    await queue.enqueue(campaign, jobRanges(campaign, jobs, 1));
    const children = Array.from({ length: workers }, () =>
      fork(new URL(import.meta.url).pathname, [], {
        env: { ...process.env, [CHILD]: `${campaign} ${url}` },
      }),
    );
    await Promise.all(children.map((c) => new Promise((resolve) => c.once('message', resolve))));
    const started = performance.now();
    const counts = children.map(
      (c) => new Promise<number>((resolve) => c.once('message', (n) => resolve(Number(n)))),
    );
    for (const c of children) c.send('go');
    const taken = (await Promise.all(counts)).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${taken} empty jobs by ${workers} worker processes in ${seconds.toFixed(2)} s: ` +
        `${(taken / seconds).toFixed(0)} jobs/s`,
    );
    await queue.close();
    await store.close();
  } finally {
    if (dataDir !== undefined) {
      await stopEmbeddedServer(join(dataDir, 'db'));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

const childOf = process.env[CHILD];
if (childOf !== undefined) {
  const [campaign, url] = childOf.split(' ');
  await child(url, Number(campaign));
} else await main();
