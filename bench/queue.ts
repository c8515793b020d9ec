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

const args = process.argv.slice(2);
function option(name: string, fallback: string | undefined): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && at + 1 < args.length ? args[at + 1] : fallback;
}

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
  const workers = Number(option('workers', '8'));
  const jobs = Number(option('jobs', '4000'));
  let url = option('db', undefined);
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
      fork(new URL(import.meta.url).pathname, ['--child', url, String(campaign)]),
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

const at = args.indexOf('--child');
if (at >= 0) await child(args[at + 1], Number(args[at + 2]));
else await main();
