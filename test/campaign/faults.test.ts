/**
 * Campaign faults on a real embedded PostgreSQL with real `tama worker` processes: the
 * server stopped and started again mid-campaign (a worker on the embedded server, and one
 * given its URL), a poison job that fails its tries and stops the campaign, both Ctrl-C
 * paths of a worker, and the status a person steers by (workers, time left, failed jobs).
 */
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { JobQueue } from '../../src/campaign/queue.js';
import { FIXTURES, requireBuild } from '../helpers.js';
import { drawnGame, Lab, until } from './lab.js';

let lab: Lab;

const fake = (script: string, flags = '') =>
  `cmd="${process.execPath} ${FIXTURES}${script}.mjs${flags}"`;
/** Two random movers that think 40 ms a move: a game of 16 plies takes about a second. */
const SLOW_PAIR =
  `--engine ${fake('random-mover', ' --delay 40')} name=A ` +
  `--engine ${fake('random-mover', ' --seed 3 --delay 40')} name=B --each depth=1 --maxplies 16`;

const gameNumbers = async (id: number) => (await lab.store.games(id)).map((game) => game.number);
const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);

beforeAll(async () => {
  requireBuild();
  lab = await Lab.open('tama-faults-');
});

afterAll(async () => {
  await lab?.close();
});

/**
 * Stops the server after the first pair (the worker is then in the middle of its one job of
 * five pairs), and starts it again once the worker holds a pair it finished meanwhile and
 * could not store.
 */
async function restartMidCampaign(id: number, workerArgs: string[]) {
  const worker = lab.worker([...workerArgs, '--allow', lab.allowFile]);
  await until(async () => (await gameNumbers(id)).length >= 2, 'the first pair');
  const before = worker.output.stderr.length;
  const stopped = await lab.tama(['db', 'stop', '--data-dir', lab.dataDir]);
  if (stopped.stdout.trim() !== 'Stopped') throw new Error(`db stop: ${stopped.stderr}`);
  const waiting = /warning: cannot store games (\d+) and (\d+) of campaign \d+ yet/;
  await until(() => waiting.test(worker.output.stderr.slice(before)), 'a pair kept for later');
  const kept = waiting.exec(worker.output.stderr.slice(before))?.slice(1).map(Number);
  const started = await lab.tama(['db', 'start', '--data-dir', lab.dataDir]);
  if (started.code !== 0) throw new Error(`db start: ${started.stderr}`);
  await until(lab.finished(id), 'the campaign to finish after the restart');
  worker.child.kill('SIGTERM');
  return { worker, code: await worker.exited, kept: kept ?? [] };
}

describe('the server stopped and started again mid-campaign', () => {
  it('a worker on the embedded server carries on, and every game is stored once', async ({
    expect,
  }) => {
    const id = await lab.create(`${SLOW_PAIR} --games 10 --batch 5`);
    const { code, kept } = await restartMidCampaign(id, ['--data-dir', lab.dataDir, '--poll', '1']);
    expect(code).toBe(0);
    expect(await gameNumbers(id)).toEqual(range(10));
    // The pair finished while the server was away was stored by this worker once it was back.
    const games = await lab.store.games(id);
    expect(kept.map((number) => games[number - 1].worker)).toEqual([
      games[0].worker,
      games[0].worker,
    ]);
    expect((await lab.status(id)).stdout).toContain('Games: 10 of 10');
  });

  it('a worker given the server by --db URL carries on, and every game is stored once', async ({
    expect,
  }) => {
    const id = await lab.create(`${SLOW_PAIR} --games 10 --batch 5`);
    const { code } = await restartMidCampaign(id, ['--db', lab.url, '--poll', '1']);
    expect(code).toBe(0);
    expect(await gameNumbers(id)).toEqual(range(10));
  });
});

describe('a poison job', () => {
  it('fails after its tries, with its reason in the status, and stops the campaign', async ({
    expect,
  }) => {
    const id = await lab.create(
      `--engine ${fake('crasher', ' --after 0')} name=C --engine ${fake('random-mover')} name=R ` +
        `--each depth=1 --games 2 --batch 1 --tries 2`,
    );
    const worker = lab.worker();
    await until(async () => (await lab.store.campaign(id))?.state === 'stopped', 'the stop');
    await until(() => worker.output.stdout.includes(`Campaign ${id} stopped`), 'its message');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);

    expect(await gameNumbers(id)).toEqual([]);
    const tries = worker.output.stderr.match(/a try failed \(([^)]*)\)/g) ?? [];
    expect(tries).toEqual(['a try failed (1 try left)', 'a try failed (no tries left)']);
    expect(worker.output.stderr).toContain(
      `warning: campaign ${id}, game pairs 1: a try failed (no tries left): games 1 and 2 lost to engine failures:`,
    );
    expect(worker.output.stdout).toContain(
      `Campaign ${id} stopped: 1 job(s) used up their tries (tama campaign status ${id} says why; ` +
        `tama campaign resume ${id} queues them again)`,
    );

    const status = (await lab.status(id)).stdout;
    expect(status).toContain(`Campaign ${id} "C vs R": stopped`);
    expect(status).toContain(
      `Failed jobs: 1, each after 2 tries (tama campaign resume ${id} queues them again once stopped):`,
    );
    expect(status).toMatch(/\n {2}game pairs 1: games 1 and 2 lost to engine failures: .*code 3/);

    // Resumed, its jobs are queued again and the failures forgotten.
    const resumed = await lab.tama(['campaign', 'resume', String(id), '--db', lab.url]);
    expect(resumed.stdout).toContain(`Campaign ${id} resumed: 1 jobs queued`);
    const after = (await lab.status(id)).stdout;
    expect(after).toContain(`Campaign ${id} "C vs R": running`);
    expect(after).not.toContain('Failed jobs');
    await lab.tama(['campaign', 'stop', String(id), '--db', lab.url]);
  });

  it('lists only the failed jobs that still miss games', async ({ expect }) => {
    const id = await lab.create(
      `--engine ${fake('random-mover')} name=A --engine ${fake('random-mover')} name=B ` +
        `--each depth=1 --games 4 --batch 1 --tries 1`,
    );
    const queue = await JobQueue.open(lab.url, false, () => {});
    try {
      const first = await queue.take(id);
      const second = await queue.take(id);
      if (first === undefined || second === undefined) throw new Error('two jobs expected');
      // The first job's pair was stored all the same (its worker finished it after its
      // lease lapsed); the second job's was not.
      const number = 2 * first.range.from + 1;
      const slot = first.range.from;
      const pair = [drawnGame(number, 0, slot), drawnGame(number + 1, 1, slot)];
      expect(await lab.store.insertSlot(id, pair)).toBe(true);
      await queue.fail(first, 'lease lapsed');
      await queue.fail(second, 'engines failed');
    } finally {
      await queue.close();
    }
    const status = (await lab.status(id)).stdout;
    expect(status).toContain('Failed jobs: 1, each after 1 try (');
    expect(status).toContain('engines failed');
    expect(status).not.toContain('lease lapsed');
    await lab.tama(['campaign', 'stop', String(id), '--db', lab.url]);
  });

  it('refuses a number of tries out of range', async ({ expect }) => {
    const result = await lab.tama([
      'campaign',
      'create',
      '--db',
      lab.url,
      ...`--engine cmd=a --engine cmd=b --each depth=1 --games 2 --tries 0`.split(' '),
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--tries must be a whole number from 1 to 100, got '0'");
  });
});

describe('Ctrl-C in tama worker, and the status meanwhile', () => {
  it('first finishes the job in play; twice gives it back at once without using a try', async ({
    expect,
  }) => {
    // Two jobs of four pairs; one try each, so a give-back that used a try would fail a job.
    const id = await lab.create(`${SLOW_PAIR} --games 16 --batch 4 --tries 1`);
    const first = lab.worker();
    const pid = first.child.pid;
    // The status names the worker, what it does and how long the campaign has left.
    let status = '';
    await until(async () => {
      status = (await lab.status(id)).stdout;
      return status.includes('playing this campaign') && /Games: [2-7] of 16/.test(status);
    }, 'a status with the worker at play');
    expect(status).toContain(
      `\n  ${hostname()} pid ${pid} (1 lane): playing this campaign; 0 jobs and `,
    );
    expect(status).toMatch(/ games done, \d of them here; last seen \d+ s ago\n/);
    expect(status).toMatch(
      /\nTime left: (about .+|under a minute) at [\d.]+ games\/min \(\d+ games to the game count\)\n/,
    );

    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output.stderr).toContain('Finishing the jobs in play');
    expect(first.output.stdout).toContain('Worker done: 1 job(s) completed');
    // Its whole job, and not one game of the next.
    expect(await gameNumbers(id)).toEqual(range(8));

    const second = lab.worker();
    await until(async () => (await gameNumbers(id)).length >= 10, 'a pair of the second job');
    second.child.kill('SIGINT');
    await until(() => second.output.stderr.includes('Finishing'), 'the first Ctrl-C');
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(second.output.stdout).toContain('Worker done: 0 job(s) completed');
    const kept = await gameNumbers(id);
    expect(kept.length).toBeLessThan(16);
    expect((await lab.status(id)).stdout).toContain('Workers: none');

    const third = lab.worker();
    await until(lab.finished(id), 'the campaign played to its end');
    third.child.kill('SIGTERM');
    await third.exited;
    expect(await gameNumbers(id)).toEqual(range(16));
    expect((await lab.status(id)).stdout).not.toContain('Failed jobs');
  });
});
