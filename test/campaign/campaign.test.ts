/**
 * Campaigns against a real PostgreSQL (the embedded server, started here in a temporary
 * data directory and stopped at the end) with real `tama worker` processes: every game
 * stored once with a PDN that replays, a killed worker's job played again, an SPRT that
 * stops by itself, a worker with another engine build refused, perft on the queue equal
 * to the local count, and clear errors for bad settings and an unreachable database.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ensureEmbeddedServer, stopEmbeddedServer } from '../../src/campaign/embedded.js';
import { Store } from '../../src/campaign/store.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { parsePdn, replayPdnGame } from '../../src/pdn/pdn.js';
import { FIXTURES, requireBuild, ROOT } from '../helpers.js';

const run = promisify(execFile);
const TAMA = join(ROOT, 'bin', 'tama.js');
let dataDir: string;
/** The workers' --allow file: every fake engine command the tests name. */
const allowFile = () => join(dataDir, 'allow.txt');
const fake = (script: string, flags = '') => {
  const command = `${process.execPath} ${FIXTURES}${script}.mjs${flags}`;
  appendFileSync(allowFile(), `command ${command}\n`);
  return `cmd="${command}"`;
};

let url: string;
let store: Store;
const workers = new Set<ChildProcess>();

/** Runs `tama ARGS` to its end; never throws for a failing exit code. */
async function tama(args: readonly string[], env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [TAMA, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `tama campaign create` with the settings given as one shell-like line; returns the id. */
async function createCampaign(settings: string): Promise<number> {
  const words = settings.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  const args = words.map((word) => word.replace(/"/g, ''));
  const created = await tama(['campaign', 'create', '--db', url, ...args]);
  if (created.code !== 0) throw new Error(`create failed: ${created.stderr}`);
  const found = /Campaign (\d+) /.exec(created.stdout);
  if (found === null) throw new Error(`no campaign id in: ${created.stdout}`);
  return Number(found[1]);
}

/** Starts a worker process; its output is collected. */
function startWorker(concurrency = 2, env: NodeJS.ProcessEnv = {}) {
  const child = spawn(
    process.execPath,
    [TAMA, 'worker', '--db', url, '--concurrency', String(concurrency), '--poll', '1', '--allow', allowFile()], // prettier-ignore
    { cwd: ROOT, env: { ...process.env, ...env } },
  );
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  workers.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      workers.delete(child);
      resolve(code);
    }),
  );
  return { child, output, exited };
}

async function until(check: () => Promise<boolean> | boolean, what: string, seconds = 90) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const finished = (id: number) => async () => (await store.campaign(id))?.state === 'finished';

beforeAll(async () => {
  requireBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'tama-campaign-'));
  // As root the server runs as user postgres, which must be able to enter this directory.
  chmodSync(dataDir, 0o755);
  writeFileSync(allowFile(), '# the fake engines of these tests\n');
  const started = await ensureEmbeddedServer(join(dataDir, 'db'));
  if (!started.ok) throw new Error(started.error.message);
  url = started.value;
  const opened = await Store.open(url);
  if (!opened.ok) throw new Error(opened.error.message);
  store = opened.value;
});

afterAll(async () => {
  for (const child of workers) child.kill('SIGKILL');
  await store?.close();
  if (dataDir !== undefined) {
    await stopEmbeddedServer(join(dataDir, 'db'));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('tama campaign with workers', () => {
  it('plays every game once, with PDNs that replay legally', async ({ expect }) => {
    const id = await createCampaign(
      `--engine ${fake('random-mover')} name=A --engine ${fake('random-mover', ' --seed 7')} name=B ` +
        `--each depth=1 --games 20 --batch 3 --maxplies 300 --openings file=data/openings-armenian.txt order=random`,
    );
    const first = startWorker(2);
    const second = startWorker(1);
    await until(finished(id), 'the campaign to finish');
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);

    const games = await store.games(id);
    expect(games.map((game) => game.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Both workers took jobs.
    expect(new Set(games.map((game) => game.worker)).size).toBe(2);

    const exported = join(dataDir, 'all.pdn');
    const json = join(dataDir, 'results.json');
    const out = await tama([
      'campaign',
      'export',
      String(id),
      '--db',
      url,
      '--pdn',
      exported,
      '--json',
      json,
    ]);
    expect(out.stdout).toContain(`Exported 20 games of campaign ${id}`);
    const parsed = parsePdn(readFileSync(exported, 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value).toHaveLength(20);
    for (const game of parsed.value) expect(replayPdnGame(game).ok).toBe(true);
    const results = JSON.parse(readFileSync(json, 'utf8')) as {
      state: string;
      pairings: { wins: number; draws: number; losses: number; pentanomial: number[] }[];
    };
    const pairing = results.pairings[0];
    expect(pairing.wins + pairing.draws + pairing.losses).toBe(20);
    expect(pairing.pentanomial.reduce((a, b) => a + b, 0)).toBe(10);
    expect(results.state).toBe('finished');

    const status = await tama(['campaign', 'status', String(id), '--db', url]);
    expect(status.stdout).toContain('finished (every game played)');
    expect(status.stdout).toContain('Games: 20 of 20');
    expect(status.stdout).toMatch(/Score of A vs B: \d+ - \d+ - \d+ {2}\[[\d.]+\] 20/);
    expect(status.stdout).toContain('Ptnml(0-2):');
  });

  it('plays the job of a killed worker again and counts no pair twice', async ({ expect }) => {
    // Each engine takes 50 ms a move, so the worker is killed in the middle of its job.
    const id = await createCampaign(
      `--engine ${fake('random-mover', ' --delay 50')} name=A ` +
        `--engine ${fake('random-mover', ' --seed 3 --delay 50')} name=B ` +
        `--each depth=1 --games 8 --batch 2 --maxplies 16`,
    );
    const doomed = startWorker(1);
    await until(async () => (await store.games(id)).length >= 2, 'the first pair');
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const before = await store.games(id);
    expect(before.length).toBeLessThan(8);

    const rescuer = startWorker(2);
    await until(finished(id), 'the campaign to finish after the kill');
    rescuer.child.kill('SIGTERM');
    await rescuer.exited;
    const games = await store.games(id);
    expect(games.map((game) => game.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // What the killed worker stored is kept, and the rest came from the new worker.
    for (const game of before) {
      expect(games.find((other) => other.number === game.number)?.worker).toBe(game.worker);
    }
    expect(games.some((game) => game.worker !== before[0].worker)).toBe(true);
    expect((await store.tally(id)).pairs.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('stops an SPRT campaign by itself when one engine is clearly stronger', async ({ expect }) => {
    const id = await createCampaign(
      // Tama at 300 nodes against a random mover: wins, and draws at the ply limit. The linear
      // evaluation: at 300 nodes (depth 1-2) the network misjudges some positions, and a loss
      // among the first pairs would make the test about the network, not the SPRT.
      `--engine cmd="${process.execPath} bin/tama.js" name=strong nodes=300 option.EvalFile=data/eval-weights.json ` +
        `--engine ${fake('random-mover')} name=weak depth=1 --bench-depth 1 ` +
        `--games 60 --batch 2 --maxplies 60 --sprt elo0=0 elo1=100 alpha=0.1 beta=0.1 ` +
        `--openings file=data/openings-armenian.txt order=random`,
    );
    const worker = startWorker(2);
    await until(finished(id), 'the SPRT to decide');
    worker.child.kill('SIGTERM');
    await worker.exited;
    const campaign = await store.campaign(id);
    expect(campaign?.decision).toBe('H1');
    expect((await store.games(id)).length).toBeLessThan(60);
    const status = await tama(['campaign', 'status', String(id), '--db', url]);
    expect(status.stdout).toContain('finished (SPRT accepted H1)');
    expect(status.stdout).toMatch(/SPRT \(elo0 0, elo1 100\): llr [\d.]+ .* - H1 was accepted/);
  });

  it('refuses a worker whose engine build differs, then stops and resumes', async ({ expect }) => {
    const id = await createCampaign(
      `--engine ${fake('random-mover')} name=A --engine ${fake('random-mover', ' --seed 5')} name=B ` +
        `--each depth=1 --games 4 --batch 1 --maxplies 40`,
    );
    const other = startWorker(1, { FAKE_ENGINE_BENCH: '2000' });
    await until(() => other.output.stderr.includes('refusing'), 'the refusal');
    other.child.kill('SIGTERM');
    await other.exited;
    expect(other.output.stderr).toContain(
      `error: campaign ${id}: refusing its jobs: engine 1 (A) here has bench signature 2000 where the campaign recorded 1000`,
    );
    expect(await store.games(id)).toHaveLength(0);

    const stopped = await tama(['campaign', 'stop', String(id), '--db', url]);
    expect(stopped.stdout).toContain(`Campaign ${id} stopped`);
    const again = await tama(['campaign', 'stop', String(id), '--db', url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`campaign ${id} is stopped, not running`);
    const resumed = await tama(['campaign', 'resume', String(id), '--db', url]);
    expect(resumed.stdout).toContain(`Campaign ${id} resumed: 2 jobs queued`);
    const same = startWorker(1);
    await until(finished(id), 'the resumed campaign');
    same.child.kill('SIGTERM');
    await same.exited;
    expect(await store.games(id)).toHaveLength(4);
  });

  it('counts perft on the queue exactly as on one machine', async ({ expect }) => {
    const worker = startWorker(2);
    const counted = await tama(['perft', '4', '--db', url]);
    worker.child.kill('SIGTERM');
    await worker.exited;
    expect(counted.code).toBe(0);
    expect(counted.stdout.trim()).toBe(`Nodes searched: ${perft(Position.start('armenian'), 4)}`);
  });
});

describe('tama campaign errors', () => {
  it('names the bad setting and changes nothing', async ({ expect }) => {
    const before = (await store.campaigns()).length;
    const engines = '--engine cmd=a --engine cmd=b --each depth=1';
    const cases: [string, string][] = [
      ['--engine cmd=a --games 2', 'a match needs at least two --engine options'],
      [engines, 'a campaign needs --games N'],
      [`${engines} --games 2 --concurrency 2`, '--concurrency: games at once are a worker setting'],
      [`${engines} --games 2 --batch 0`, '--batch must be a whole number from 1'],
      [`${engines} --games 2 --sprt elo0=5 elo1=0`, '--sprt: elo1 must be greater than elo0'],
      [`${engines} --games 2 --tournament swiss`, '--tournament must be round-robin or gauntlet'],
    ];
    for (const [args, message] of cases) {
      const result = await tama(['campaign', 'create', '--db', url, ...args.split(' ')]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
    }
    const missing = await tama([
      'campaign',
      'create',
      '--db',
      url,
      '--engine',
      'cmd=/no/such/engine',
      '--engine',
      'cmd=/no/such/engine',
      '--games',
      '2',
      '--each',
      'depth=1',
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('engine 1 (/no/such/engine) did not start');
    const unknown = await tama(['campaign', 'status', '999999', '--db', url]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no campaign 999999');
    expect(await store.campaigns()).toHaveLength(before);
  });

  it('says clearly when the database cannot be reached', async ({ expect }) => {
    const refused = await tama([
      'campaign',
      'status',
      '--db',
      'postgres://tama:secret@127.0.0.1:1/tama',
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'cannot use the database at postgres://tama:***@127.0.0.1:1/tama',
    );
    expect(refused.stderr).not.toContain('secret');
    const notUrl = await tama(['worker', '--db', 'localhost:5432']);
    expect(notUrl.code).toBe(1);
    expect(notUrl.stderr).toContain(
      '--db must be a postgres://user:password@host:port/database URL',
    );
  });
});
