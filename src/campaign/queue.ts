/**
 * The job queue: pg-boss on the same PostgreSQL, one queue per campaign. A job is a range
 * of a campaign's slots (game pairs) or perft subtrees. Leases are pg-boss heartbeats: a
 * worker refreshes its job every few seconds, and a job whose worker went silent is handed
 * out again by whichever tama process supervises the queues next.
 */
import { PgBoss } from 'pg-boss';

export interface JobRange {
  readonly campaign: number;
  /** First slot or subtree of the job. */
  readonly from: number;
  /** One past its last. */
  readonly to: number;
}

export interface HeldJob {
  readonly id: string;
  readonly range: JobRange;
}

/** Seconds a job's worker may stay silent before the job is handed out again. */
export const LEASE_SECONDS = 10;
/** How often a worker refreshes the lease of a job it plays. */
export const LEASE_REFRESH_MS = 3000;
/** A job that failed (or was returned) this many times is left failed. */
const RETRY_LIMIT = 25;
// pg-boss's upper bound on a job's active time; the lease above is what catches a lost worker.
const LONGEST_JOB_SECONDS = 23 * 3600;

export const queueName = (campaign: number) => `tama-campaign-${campaign}`;

export class JobQueue {
  private constructor(private readonly boss: PgBoss) {}

  /**
   * Starts pg-boss on `url`. `supervise` makes this process one of those that hand out the
   * jobs of lost workers again (workers do; short-lived commands need not).
   */
  static async open(
    url: string,
    supervise: boolean,
    warn: (line: string) => void,
  ): Promise<JobQueue> {
    const boss = new PgBoss({
      connectionString: url,
      max: 4,
      supervise,
      schedule: false,
      superviseIntervalSeconds: 2,
      monitorIntervalSeconds: 2,
    });
    boss.on('error', (error: Error) => warn(`warning: job queue: ${error.message}`));
    await boss.start();
    return new JobQueue(boss);
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: false, close: true, timeout: 5000 });
  }

  /** Creates the campaign's queue and puts its jobs on it. */
  async enqueue(campaign: number, ranges: readonly JobRange[]): Promise<void> {
    const name = queueName(campaign);
    if ((await this.boss.getQueue(name)) === null) {
      await this.boss.createQueue(name, {
        heartbeatSeconds: LEASE_SECONDS,
        expireInSeconds: LONGEST_JOB_SECONDS,
        retryLimit: RETRY_LIMIT,
        retryDelay: 0,
        deleteAfterSeconds: 7 * 24 * 3600,
      });
    }
    const chunk = 500;
    for (let i = 0; i < ranges.length; i += chunk) {
      await this.boss.insert(
        name,
        ranges.slice(i, i + chunk).map((range) => ({ data: { ...range } })),
      );
    }
  }

  /** Takes one job of the campaign, or undefined when none is waiting. */
  async take(campaign: number): Promise<HeldJob | undefined> {
    const name = queueName(campaign);
    const jobs = await this.boss.fetch<JobRange>(name, { batchSize: 1 });
    const job = jobs[0];
    return job === undefined ? undefined : { id: job.id, range: job.data };
  }

  /** Refreshes the lease of a job in play. */
  async renew(job: HeldJob): Promise<void> {
    await this.boss.touch(queueName(job.range.campaign), job.id);
  }

  async complete(job: HeldJob): Promise<void> {
    await this.boss.complete(queueName(job.range.campaign), job.id);
  }

  /** Hands a job back unfinished, to be played again. */
  async giveBack(job: HeldJob, why: string): Promise<void> {
    await this.boss.fail(queueName(job.range.campaign), job.id, { why });
  }

  /** Removes the campaign's waiting jobs (jobs in play finish or are abandoned). */
  async dropWaiting(campaign: number): Promise<void> {
    const name = queueName(campaign);
    if ((await this.boss.getQueue(name)) !== null) await this.boss.deleteQueuedJobs(name);
  }

  /** Jobs waiting and jobs in play. */
  async counts(campaign: number): Promise<{ waiting: number; active: number }> {
    const name = queueName(campaign);
    if ((await this.boss.getQueue(name)) === null) return { waiting: 0, active: 0 };
    const [stats] = await this.boss.getQueueStats(name, { force: true });
    return { waiting: stats?.queuedCount ?? 0, active: stats?.activeCount ?? 0 };
  }
}

/** Cuts [0, count) into jobs of `size`, keeping only the indexes in `open` when given. */
export function jobRanges(
  campaign: number,
  count: number,
  size: number,
  open?: ReadonlySet<number>,
): JobRange[] {
  const ranges: JobRange[] = [];
  let from = -1;
  let taken = 0;
  for (let index = 0; index <= count; index++) {
    const wanted = index < count && (open === undefined || open.has(index));
    if (wanted && from < 0) from = index;
    if (wanted) taken++;
    if (from >= 0 && (!wanted || taken === size)) {
      const to = wanted ? index + 1 : index;
      ranges.push({ campaign, from, to });
      from = -1;
      taken = 0;
    }
  }
  return ranges;
}
