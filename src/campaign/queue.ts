/**
 * The job queue: pg-boss on the same PostgreSQL, one queue per campaign. A job is a range
 * of a campaign's slots (game pairs) or perft subtrees. Leases are pg-boss heartbeats: a
 * worker refreshes its job every few seconds, and a job whose worker went silent is handed
 * out again by whichever tama process supervises the queues next. A job has a campaign's
 * number of tries (pg-boss's retry limit): a failed try (its games lost to engine failures,
 * or its worker lost) hands it out again until the tries are used up; then pg-boss moves it
 * to the campaign's dead letter queue, where it stays with its last reason for the status.
 * A worker that stops hands its jobs back without using a try.
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
  /** Which claim of the job this is, from 0 (pg-boss's retry count). */
  readonly attempt: number;
  /** Tries the job has left after this one. */
  readonly triesLeft: number;
}

/** A job whose tries were all used up: its range and the last try's reason. */
export interface FailedJob {
  readonly range: JobRange;
  readonly why: string;
}

/** Seconds a job's worker may stay silent before the job is handed out again. */
export const LEASE_SECONDS = 10;
/** How often a worker refreshes the lease of a job it plays. */
export const LEASE_REFRESH_MS = 3000;
/** Tries of a job, unless the campaign says otherwise. */
export const DEFAULT_TRIES = 3;
/** The most tries a campaign may give its jobs. */
export const MAX_TRIES = 100;
// pg-boss's upper bound on a job's active time; the lease above is what catches a lost worker.
const LONGEST_JOB_SECONDS = 23 * 3600;

export const queueName = (campaign: number) => `tama-campaign-${campaign}`;
/** Where pg-boss keeps the jobs of a campaign whose tries were used up. */
export const failedQueueName = (campaign: number) => `tama-campaign-${campaign}-failed`;

/** A held job as pg-boss names one claim of it: settling it touches only that claim. */
const claim = (job: HeldJob) => ({ id: job.id, retryCount: job.attempt });

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
    // While the server is away pg-boss reports the same error every few seconds: once a minute is enough.
    let last = { message: '', at: 0 };
    boss.on('error', (error: Error) => {
      const now = Date.now();
      if (error.message === last.message && now - last.at < 60_000) return;
      last = { message: error.message, at: now };
      warn(`warning: job queue: ${error.message}`);
    });
    await boss.start();
    return new JobQueue(boss);
  }

  async close(): Promise<void> {
    await this.boss.stop({ graceful: false, close: true, timeout: 5000 });
  }

  /** Creates the campaign's queue (and its dead letter queue) and puts its jobs on it. */
  async enqueue(
    campaign: number,
    ranges: readonly JobRange[],
    tries: number = DEFAULT_TRIES,
  ): Promise<void> {
    const name = queueName(campaign);
    const failed = failedQueueName(campaign);
    if ((await this.boss.getQueue(failed)) === null) await this.boss.createQueue(failed);
    if ((await this.boss.getQueue(name)) === null) {
      await this.boss.createQueue(name, {
        heartbeatSeconds: LEASE_SECONDS,
        expireInSeconds: LONGEST_JOB_SECONDS,
        retryLimit: tries - 1,
        retryDelay: 0,
        deleteAfterSeconds: 7 * 24 * 3600,
        deadLetter: failed,
      });
    }
    const chunk = 500;
    for (let i = 0; i < ranges.length; i += chunk) {
      await this.boss.insert(
        name,
        ranges.slice(i, i + chunk).map((range) => ({ data: { ...range }, retryLimit: tries - 1 })),
      );
    }
  }

  /** Takes one job of the campaign, or undefined when none is waiting. */
  async take(campaign: number): Promise<HeldJob | undefined> {
    const name = queueName(campaign);
    const jobs = await this.boss.fetch<JobRange>(name, { batchSize: 1, includeMetadata: true });
    const job = jobs[0];
    if (job === undefined) return undefined;
    const triesLeft = Math.max(0, job.retryLimit - job.retryCount);
    return { id: job.id, range: job.data, attempt: job.retryCount, triesLeft };
  }

  /** Refreshes the lease of a job in play. */
  async renew(job: HeldJob): Promise<void> {
    await this.boss.touch(queueName(job.range.campaign), claim(job));
  }

  /** Marks the job done (nothing happens when this claim of it had lapsed). */
  async complete(job: HeldJob): Promise<void> {
    await this.boss.complete(queueName(job.range.campaign), claim(job));
  }

  /** Ends a failed try of the job: it is handed out again while it has tries left. */
  async fail(job: HeldJob, why: string): Promise<void> {
    await this.boss.fail(queueName(job.range.campaign), claim(job), { why });
  }

  /**
   * Hands a job back unfinished without using a try (its worker stops), when this worker
   * still holds it (a job whose lease lapsed is the queue's already): a copy with the tries
   * the job has left goes on the queue, and this claim is cancelled.
   */
  async giveBack(job: HeldJob): Promise<void> {
    const name = queueName(job.range.campaign);
    const [found] = await this.boss.findJobs<JobRange>(name, { id: job.id });
    if (found?.state !== 'active' || found.retryCount !== job.attempt) return;
    const retryLimit = Math.max(0, found.retryLimit - found.retryCount);
    await this.boss.insert(name, [{ data: { ...job.range }, retryLimit }]);
    await this.boss.cancel(name, claim(job));
  }

  /** The jobs of the campaign whose tries were all used up, oldest first. */
  async failed(campaign: number): Promise<FailedJob[]> {
    const name = failedQueueName(campaign);
    if ((await this.boss.getQueue(name)) === null) return [];
    const jobs = await this.boss.findJobs<JobRange>(name, { queued: true });
    return jobs.map((job) => ({ range: job.data, why: failureText(job.sourceOutput) }));
  }

  /** Forgets the campaign's failed jobs (it is resumed: their slots are queued again). */
  async forgetFailed(campaign: number): Promise<void> {
    const name = failedQueueName(campaign);
    if ((await this.boss.getQueue(name)) !== null) await this.boss.deleteQueuedJobs(name);
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

/** The reason a failed try left: ours (`why`), or pg-boss's own (a lapsed lease). */
function failureText(output: object | null): string {
  if (output === null) return 'no reason recorded';
  const fields = output as { why?: unknown; message?: unknown };
  if (typeof fields.why === 'string') return fields.why;
  if (typeof fields.message === 'string') return fields.message;
  return JSON.stringify(output);
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
