/**
 * Database restarts on a real embedded PostgreSQL: a connection that the server drops in
 * the middle of a transaction fails that transaction and nothing else (a worker used to
 * exit on it), a campaign whose last pair was stored without the worker hearing so
 * finishes all the same, a server lost between finishing a campaign and dropping its
 * waiting jobs costs only a wait, and a real `tama worker` that sees the server restarted
 * several times during a small campaign finishes it, each game stored once, and is still
 * running: restarted at given counts of games, and at the points of a worker's life where
 * it would hurt most (idle, away for longer than a lease, in the middle of a store, twice
 * at once).
 */
import { setTimeout as wait } from 'node:timers/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { settle, type JobRun } from '../../src/campaign/jobs.js';
import { JobQueue, LEASE_SECONDS, queueName } from '../../src/campaign/queue.js';
import { Store } from '../../src/campaign/store.js';
import { FIXTURES, requireBuild } from '../helpers.js';
import { drawnGame, Lab, until, watching } from './lab.js';

let lab: Lab;

/** Two random movers that play at once, as `tama campaign create` takes them. */
const MOVERS =
  `--engine cmd="${process.execPath} ${FIXTURES}random-mover.mjs" name=A ` +
  `--engine cmd="${process.execPath} ${FIXTURES}random-mover.mjs --seed 3" name=B --each depth=1`;

beforeAll(async () => {
  requireBuild();
  lab = await Lab.open('tama-restarts-');
});

afterAll(async () => {
  await lab?.close();
});

describe('a connection dropped in a transaction', () => {
  it('fails the transaction, and the store goes on', async ({ expect }) => {
    const opened = await Store.open(lab.url);
    if (!opened.ok) throw new Error(opened.error.message);
    const store = opened.value;
    try {
      const attempt = store.transaction(async (client) => {
        const ended = new Promise((resolve) => client.once('end', resolve));
        const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
        // The server drops the connection while no statement of it runs, as a restart does.
        await lab.store.pool.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
        await ended;
        return true;
      });
      await expect(attempt).rejects.toThrow(/terminat|not queryable/i);
      expect((await store.campaigns()).length).toBeGreaterThanOrEqual(0);
    } finally {
      await store.close();
    }
  });
});

describe('a campaign whose last games were stored while the answer was lost', () => {
  it('finishes when a worker takes the job again and finds nothing to play', async ({ expect }) => {
    const id = await lab.create(`${MOVERS} --games 2 --batch 1`);
    // The pair is in the store, as when its commit landed but the server went away before
    // answering: the job is still on the queue, and the campaign still running.
    expect(
      await lab.store.insertSlot(id, [drawnGame(1, 0, 0, 'lost'), drawnGame(2, 1, 0, 'lost')]),
    ).toBe(true);
    const worker = lab.worker();
    await until(lab.finished(id), 'the campaign to finish');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output.stdout).toContain(`Campaign ${id} finished: complete`);
    expect((await lab.store.games(id)).map((row) => row.worker)).toEqual(['lost', 'lost']);
  });
});

describe('a server lost between finishing a campaign and dropping its waiting jobs', () => {
  it('drops them once it is back, and says the campaign finished', async ({ expect }) => {
    const id = await lab.create(`${MOVERS} --games 4 --batch 1`);
    // Every game is stored while both jobs still wait: the next settle finishes the campaign.
    for (const slot of [0, 1]) {
      const rows = [drawnGame(2 * slot + 1, 0, slot), drawnGame(2 * slot + 2, 1, slot)];
      expect(await lab.store.insertSlot(id, rows)).toBe(true);
    }
    // Counted in pg-boss's table itself: its queue counts are a cache the monitor refreshes.
    const waiting = async () =>
      (
        await lab.store.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state < 'active'`,
          [queueName(id)],
        )
      ).rows[0].n;
    expect(await waiting()).toBe(2);
    const queue = await JobQueue.open(lab.url, false, () => {});
    try {
      // The queue's first drop fails as when the server goes away just before it.
      let lost = false;
      const away: JobQueue = Object.create(queue);
      away.dropWaiting = async (campaign: number) => {
        if (!lost) {
          lost = true;
          throw new Error('Connection terminated unexpectedly');
        }
        return queue.dropWaiting(campaign);
      };
      const printed: string[] = [];
      const never = new AbortController().signal;
      const run: JobRun = {
        store: lab.store,
        queue: away,
        campaign: (await lab.store.campaign(id))!,
        job: { id: 'none', range: { campaign: id, from: 0, to: 1 }, attempt: 0, triesLeft: 0 },
        worker: 'test',
        io: {
          print: (line) => printed.push(line),
          warn: () => {},
          finish: never,
          giveBack: never,
          countPerft: () => Promise.reject(new Error('no perft here')),
        },
        done: { games: 0 },
      };
      await settle(run, (decision) => `finished: ${decision}`);
      expect(lost).toBe(true);
      expect(printed).toEqual(['finished: complete']);
      expect((await lab.store.campaign(id))?.state).toBe('finished');
      expect(await waiting()).toBe(0);
    } finally {
      await queue.close();
    }
  });
});

describe('the server restarted several times during a campaign', () => {
  it('a worker finishes it, every game stored once, and keeps running', async ({ expect }) => {
    const fake = (flags: string) => `cmd="${process.execPath} ${FIXTURES}random-mover.mjs${flags}"`;
    // Random movers that think 40 ms a move, 16 plies a game: a pair takes about two seconds.
    // A restart that outlasts a lease costs its job a try, which is not what is tested here.
    const id = await lab.create(
      `--engine ${fake(' --delay 40')} name=A --engine ${fake(' --seed 3 --delay 40')} name=B ` +
        `--each depth=1 --maxplies 16 --games 12 --batch 2 --tries 20`,
    );
    const worker = lab.worker(['--data-dir', lab.dataDir, '--poll', '1', '--allow', lab.allowFile]);
    const stored = async () => (await lab.store.games(id)).length;
    let seen = 0;
    for (let restart = 0; restart < 3; restart++) {
      const before = seen;
      await until(async () => (seen = await stored()) > before, `games before restart ${restart + 1}`); // prettier-ignore
      const stopped = await lab.tama(['db', 'stop', '--data-dir', lab.dataDir]);
      if (stopped.stdout.trim() !== 'Stopped') throw new Error(`db stop: ${stopped.stderr}`);
      const started = await lab.tama(['db', 'start', '--data-dir', lab.dataDir]);
      if (started.code !== 0) throw new Error(`db start: ${started.stderr}`);
    }
    await until(lab.finished(id), 'the campaign to finish after the restarts', 300);
    expect(worker.child.exitCode).toBe(null);
    const numbers = (await lab.store.games(id)).map((game) => game.number);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect((await lab.status(id)).stdout).toContain('Games: 12 of 12');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 600_000);
});

describe("restarts at every point of a worker's life", () => {
  it('while idle, for longer than a lease, while it stores a pair and twice at once', async ({
    expect,
  }) => {
    // Random movers that think 40 ms a move, 16 plies a game; allowed before the worker starts.
    const engines = [' --delay 40', ' --seed 3 --delay 40'].map(
      (flags) => `${process.execPath} ${FIXTURES}random-mover.mjs${flags}`,
    );
    for (const command of engines) lab.allow(command);
    const worker = lab.worker();
    await watching(worker, async () => {
      // Whether the worker said `line` on stderr since it had said `since` characters there.
      const saw =
        (line: string, since = 0) =>
        () =>
          worker.output.stderr.slice(since).includes(line);
      await until(() => worker.output.stdout.includes('waiting for jobs'), 'the worker to start');
      // Idle: no campaign runs, and the worker finds the server away when it looks for jobs.
      await lab.stopServer();
      await until(saw('warning: cannot take a job'), 'the worker to miss the server');
      await lab.startServer();

      const id = await lab.create(
        `--engine cmd="${engines[0]}" name=A --engine cmd="${engines[1]}" name=B ` +
          `--each depth=1 --maxplies 16 --games 12 --batch 2 --tries 20`,
      );
      const stored = async () => (await lab.store.games(id)).length;
      const more = async (than: number, what: string) => {
        let now = than;
        await until(async () => (now = await stored()) > than, what);
        return now;
      };
      let seen = await more(0, 'the first pair');
      // Away for longer than a lease, in the middle of a job: whichever comes first once the
      // server is back, the worker's renewal or the supervisor's look at the lease, the job
      // is played to its end, by its first claim or by both.
      await lab.stopServer();
      await wait((LEASE_SECONDS + 2) * 1000);
      await lab.startServer();
      seen = await more(seen, 'a pair stored after the long restart');
      // In the middle of a store: the worker's insert waits on the lab's lock when the server goes.
      const said = worker.output.stderr.length;
      await lab.restartDuringWrite('tama.games', 'INSERT INTO tama.games');
      await until(saw('warning: cannot store games', said), 'the store to fail');
      seen = await more(seen, 'a pair stored after the restart during a store');
      // Twice in quick succession.
      await lab.stopServer();
      await lab.startServer();
      await lab.stopServer();
      await lab.startServer();
      await more(seen, 'a pair stored after the two restarts');

      await until(lab.finished(id), 'the campaign to finish after the restarts', 300);
      expect(worker.child.exitCode).toBe(null);
      const numbers = (await lab.store.games(id)).map((game) => game.number);
      expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const status = (await lab.status(id)).stdout;
      expect(status).toContain('Games: 12 of 12');
      expect(status).not.toContain('Failed jobs');
    });
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 600_000);
});
