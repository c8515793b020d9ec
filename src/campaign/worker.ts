/**
 * `tama worker`: takes jobs of the running campaigns, plays them and hands back plain
 * records. It owns its engine processes (one pool per engine of each campaign, shared by
 * its lanes) and checks, before its first job of a campaign, that its engines are the
 * builds the campaign recorded; it refuses the jobs of a campaign whose builds differ.
 * `concurrency` lanes each play one job at a time; a job is played by the module of its
 * campaign's kind (games-job.ts, data-job.ts, perft-job.ts), which stores what it played
 * and asks the aggregator whether the campaign is done. A server that is away (restarting)
 * costs a job nothing: the worker waits for it (jobs.ts). A first Ctrl-C lets the jobs in
 * play finish; a second (or SIGTERM) gives them back.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { stopIfStuck } from './aggregate.js';
import { engineRefusal, type AllowList } from './allow.js';
import { buildDifference, probeEngine } from './builds.js';
import { dataContext, playDataJob, type DataContext } from './data-job.js';
import { gamesContext, playGamesJob, type GamesContext } from './games-job.js';
import { countPerftJob } from './perft-job.js';
import { STOPPED, sleep, whenReachable, type JobEnd, type JobRun, type WorkerIo } from './jobs.js';
import { LEASE_REFRESH_MS, type HeldJob, type JobQueue } from './queue.js';
import type { DataCampaignSettings, GamesCampaignSettings } from './settings.js';
import type { CampaignRow, Store } from './store.js';

export interface WorkerOptions {
  readonly concurrency: number;
  /** The engines this worker may run (allow.ts); a campaign with any other is refused. */
  readonly allow: AllowList;
  /** The folder engine commands run in (the worker's own). */
  readonly folder: string;
  /** Seconds between looks for new jobs when there are none. */
  readonly pollSeconds: number;
}

const REPORT_MS = 5000;

/** What a worker keeps of a campaign between its jobs, once it checked its engines. */
type Context =
  GamesContext | DataContext | { readonly kind: 'perft' } | { readonly kind: 'refused' };

/** Plays a job by its campaign's kind (games-job.ts, data-job.ts, perft-job.ts). */
function playJob(run: JobRun, context: Exclude<Context, { kind: 'refused' }>): Promise<JobEnd> {
  switch (context.kind) {
    case 'games':
      return playGamesJob(run, context);
    case 'data':
      return playDataJob(run, context);
    case 'perft':
      return countPerftJob(run);
  }
}

/** Runs the worker until Ctrl-C; returns the number of jobs it completed. */
export async function runWorker(
  store: Store,
  queue: JobQueue,
  options: WorkerOptions,
  io: WorkerIo,
): Promise<number> {
  const id = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const contexts = new Map<number, Promise<Context>>();
  const playing = new Map<string, number>();
  /** Jobs completed and games stored, for the status. */
  const done = { jobs: 0, games: 0 };

  // A report that fails is said once, not every few seconds while the server is away.
  let reportFailing = false;
  const report = async () => {
    try {
      const campaigns = [...new Set(playing.values())];
      await store.reportWorker(id, hostname(), process.pid, options.concurrency, campaigns, done);
      reportFailing = false;
    } catch (error) {
      if (!reportFailing) io.warn(`warning: cannot report to the database: ${(error as Error).message}`); // prettier-ignore
      reportFailing = true;
    }
  };
  await report();
  const reporter = setInterval(() => void report(), REPORT_MS);
  io.print(`Worker ${id}: ${options.concurrency} lane(s), waiting for jobs`);

  const contextOf = (campaign: CampaignRow): Promise<Context> => {
    let context = contexts.get(campaign.id);
    if (context === undefined) {
      context = prepare(campaign, options, io, (reason) =>
        store.recordRefusal(campaign.id, id, hostname(), reason).catch((error: Error) => {
          io.warn(`warning: cannot record the refusal of campaign ${campaign.id}: ${error.message}`); // prettier-ignore
        }),
      );
      contexts.set(campaign.id, context);
    }
    return context;
  };

  const take = async (): Promise<{ job: HeldJob; campaign: CampaignRow } | undefined> => {
    for (const campaign of await store.runningCampaigns()) {
      if ((await contextOf(campaign)).kind === 'refused') continue;
      const job = await queue.take(campaign.id);
      if (job !== undefined) return { job, campaign };
    }
    return undefined;
  };

  const lane = async () => {
    while (!io.finish.aborted) {
      let taken;
      try {
        taken = await take();
      } catch (error) {
        io.warn(`warning: cannot take a job: ${(error as Error).message}`);
      }
      if (taken === undefined) {
        await sleep(options.pollSeconds * 1000, io.finish);
        continue;
      }
      const { job, campaign } = taken;
      playing.set(job.id, campaign.id);
      void report();
      const lease = setInterval(() => {
        queue.renew(job).catch(() => {});
      }, LEASE_REFRESH_MS);
      try {
        const context = await contextOf(campaign);
        const run: JobRun = { store, queue, campaign, job, worker: id, io, done };
        const end = context.kind === 'refused' ? STOPPED : await playJob(run, context);
        const what = `campaign ${campaign.id}, ${rangeText(campaign, job)}`;
        if (end.kind === 'done') {
          const completed = await whenReachable(() => queue.complete(job).then(() => true), `mark ${what} done`, io); // prettier-ignore
          if (completed) done.jobs++;
        } else if (end.kind === 'stopped') {
          await whenReachable(() => queue.giveBack(job), `give ${what} back`, io);
        } else {
          const left = job.triesLeft === 0 ? 'no tries left' : `${job.triesLeft} ${job.triesLeft === 1 ? 'try' : 'tries'} left`; // prettier-ignore
          io.warn(`warning: ${what}: a try failed (${left}): ${end.why}`);
          await whenReachable(() => queue.fail(job, end.why), `record the failed try of ${what}`, io); // prettier-ignore
        }
      } catch (error) {
        io.warn(`warning: job ${job.id} failed: ${(error as Error).message}`);
        await queue.fail(job, (error as Error).message).catch(() => {});
      } finally {
        clearInterval(lease);
        playing.delete(job.id);
        void report();
      }
      await stopIfOver(campaign);
      await retireIfOver(campaign.id);
    }
  };

  // A campaign whose last jobs failed for good stops, instead of waiting for nothing.
  const stopIfOver = async (campaign: CampaignRow) => {
    try {
      if ((await store.campaignState(campaign.id)) !== 'running') return;
      const failed = await stopIfStuck(store, queue, campaign);
      if (failed !== undefined) {
        io.print(
          `Campaign ${campaign.id} stopped: ${failed} job(s) used up their tries ` +
            `(tama campaign status ${campaign.id} says why; tama campaign resume ${campaign.id} queues them again)`,
        );
      }
    } catch (error) {
      io.warn(`warning: cannot check campaign ${campaign.id}: ${(error as Error).message}`);
    }
  };

  // A campaign that no longer runs gives its engine processes back once no lane plays it.
  const retireIfOver = async (campaign: number) => {
    if ([...playing.values()].includes(campaign)) return;
    const state = await store.campaignState(campaign).catch(() => 'running');
    const context = contexts.get(campaign);
    if (state === 'running' || context === undefined) return;
    contexts.delete(campaign);
    const ready = await context;
    if ('pools' in ready) await Promise.all(ready.pools.map((pool) => pool.close()));
  };

  await Promise.all(Array.from({ length: options.concurrency }, lane));
  clearInterval(reporter);
  for (const context of contexts.values()) {
    const ready = await context;
    if ('pools' in ready) await Promise.all(ready.pools.map((pool) => pool.close()));
  }
  await store.removeWorker(id).catch(() => {});
  return done.jobs;
}

/**
 * Checks the engines of a campaign the first time a lane meets it: first that this worker
 * may run their commands at all (before anything is started), then that they are the
 * builds the campaign recorded. A refusal is printed and handed to `refuse` to be stored.
 */
async function prepare(
  campaign: CampaignRow,
  options: WorkerOptions,
  io: WorkerIo,
  refuse: (reason: string) => Promise<void>,
): Promise<Context> {
  if (campaign.kind === 'perft') return { kind: 'perft' };
  // A data campaign records its one engine as a match does, so both are checked alike.
  const settings = campaign.settings as GamesCampaignSettings | DataCampaignSettings;
  const refused = async (reason: string): Promise<Context> => {
    io.warn(`error: campaign ${campaign.id}: refusing its jobs: ${reason}`);
    await refuse(reason);
    return { kind: 'refused' };
  };
  for (let i = 0; i < settings.engines.length; i++) {
    const label = `engine ${i + 1} (${settings.names[i]})`;
    const why = engineRefusal(settings.engines[i].command, options.allow, options.folder);
    if (why !== undefined) return refused(`${label}: ${why}`);
  }
  for (let i = 0; i < settings.engines.length; i++) {
    const label = `engine ${i + 1} (${settings.names[i]})`;
    const probed = await probeEngine(
      settings.engines[i],
      settings.variant,
      settings.benchDepth,
      label,
    );
    const difference = probed.ok
      ? buildDifference(settings.builds[i], probed.value.build)
      : probed.error.message;
    if (difference !== undefined) {
      return refused(`${label} here has ${difference}`);
    }
  }
  io.print(`Campaign ${campaign.id} "${campaign.name}": engines checked, same builds`);
  const warn = (line: string) => io.warn(line);
  return campaign.kind === 'data'
    ? dataContext(settings as DataCampaignSettings, warn)
    : gamesContext(settings as GamesCampaignSettings, warn);
}

/** `game pairs 3-4` or `subtrees 10-19` (1-based, as people count). */
function rangeText(campaign: CampaignRow, job: HeldJob): string {
  const what = { perft: 'subtrees', games: 'game pairs', data: 'games' }[campaign.kind];
  const { from, to } = job.range;
  return to - from === 1 ? `${what} ${from + 1}` : `${what} ${from + 1}-${to}`;
}
