/**
 * Perft on the job queue of a real PostgreSQL (the embedded server, in a temporary data
 * directory) with real `tama worker` processes counting through their own subtree tables:
 * the queued total equals the local hashed count, and a killed worker costs only the
 * subtrees it had not recorded.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ensureEmbeddedServer, stopEmbeddedServer } from '../../src/campaign/embedded.js';
import { requireBuild, ROOT } from '../helpers.js';

const run = promisify(execFile);
const TAMA = join(ROOT, 'bin', 'tama.js');

let dataDir: string;
let url: string;
let db: pg.Pool;
const workers = new Set<ChildProcess>();

/** Runs `tama ARGS` to its end; never throws for a failing exit code. */
async function tama(args: readonly string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [TAMA, ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Starts `tama worker` with extra arguments; its output is collected. */
function startWorker(...args: string[]) {
  const child = spawn(process.execPath, [TAMA, 'worker', '--db', url, '--poll', '1', ...args], {
    cwd: ROOT,
  });
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

async function until(check: () => Promise<boolean>, what: string, seconds = 120) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface SubtreeRow {
  index: number;
  nodes: string | null;
  worker: string | null;
}

/** The newest perft campaign's id (0 when there is none). */
async function newestPerft(): Promise<number> {
  const { rows } = await db.query<{ id: number | null }>(
    `SELECT max(id) AS id FROM tama.campaigns WHERE kind = 'perft'`,
  );
  return rows[0].id ?? 0;
}

/** Every subtree of perft campaign `id`, in order. */
async function subtrees(id: number): Promise<SubtreeRow[]> {
  const { rows } = await db.query<SubtreeRow>(
    `SELECT index, nodes::text AS nodes, worker FROM tama.perft_subtrees
     WHERE campaign_id = $1 ORDER BY index`,
    [id],
  );
  return rows;
}

beforeAll(async () => {
  requireBuild();
  dataDir = mkdtempSync(join(tmpdir(), 'tama-perft-queue-'));
  // As root the server runs as user postgres, which must be able to enter this directory.
  chmodSync(dataDir, 0o755);
  const started = await ensureEmbeddedServer(join(dataDir, 'db'));
  if (!started.ok) throw new Error(started.error.message);
  url = started.value;
  db = new pg.Pool({ connectionString: url, max: 2 });
});

afterAll(async () => {
  for (const child of workers) child.kill('SIGKILL');
  await db?.end();
  if (dataDir !== undefined) {
    await stopEmbeddedServer(join(dataDir, 'db'));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('perft on the queue with hashed workers', () => {
  it('gives the local hashed count, every subtree recorded once', async ({ expect }) => {
    const local = await tama(['perft', '6', '--variant', 'turkish', '--hash', '4', '--json']);
    expect(local.code).toBe(0);
    const results = (JSON.parse(local.stdout) as { results: { nodes: number }[] }).results;
    expect(results[5].nodes).toBe(931_312);
    const first = startWorker('--perft-hash', '4');
    const second = startWorker('--concurrency', '2', '--perft-hash', '2');
    const queued = await tama(['perft', '6', '--variant', 'turkish', '--db', url]);
    first.child.kill('SIGTERM');
    second.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await second.exited).toBe(0);
    expect(queued.code).toBe(0);
    expect(queued.stdout.trim()).toBe('Nodes searched: 931312');
    const rows = await subtrees(await newestPerft());
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.every((row) => row.nodes !== null && row.worker !== null)).toBe(true);
    const sum = rows.reduce((total, row) => total + Number(row.nodes), 0);
    expect(sum).toBe(931_312);
  });

  it('recounts only what a killed worker had not recorded', async ({ expect }) => {
    // Armenian perft 7: about 400 subtrees of 5 plies, long enough to kill the first
    // worker part way (it counts without a table, the second one with).
    const previous = await newestPerft();
    const queued = tama(['perft', '7', '--db', url]);
    await until(async () => (await newestPerft()) > previous, 'the perft campaign');
    const id = await newestPerft();
    const doomed = startWorker('--perft-hash', '0');
    const counted = async () => (await subtrees(id)).filter((row) => row.nodes !== null).length;
    await until(async () => (await counted()) >= 3, 'the first subtrees');
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const all = await subtrees(id);
    const before = all.filter((row) => row.nodes !== null);
    expect(before.length).toBeLessThan(all.length);

    const rescuer = startWorker('--perft-hash', '16');
    const total = await queued;
    rescuer.child.kill('SIGTERM');
    await rescuer.exited;
    expect(total.code).toBe(0);
    expect(total.stdout.trim()).toBe('Nodes searched: 3039217438');
    const after = await subtrees(id);
    // What the killed worker recorded stays as it was; the rest came from the new worker.
    for (const row of before) expect(after[row.index]).toEqual(row);
    expect(after.some((row) => row.worker !== before[0].worker)).toBe(true);
  });
});
