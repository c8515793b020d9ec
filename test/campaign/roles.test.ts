/**
 * The database roles of docs/campaigns.md, run as written on the embedded PostgreSQL: the
 * owner's role creates a campaign, a worker using the workers' role plays it to its end,
 * and that role can neither create a campaign nor change one's engine commands.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { FIXTURES, requireBuild, ROOT } from '../helpers.js';
import { Lab, until } from './lab.js';

let lab: Lab;

/** The ```sql blocks of the docs' section on roles, in order. */
function rolesSql(): string[] {
  const docs = readFileSync(join(ROOT, 'docs', 'campaigns.md'), 'utf8');
  const section = docs.slice(docs.indexOf('**Database roles for a shared campaign.**'));
  const end = section.indexOf('\n**', 2);
  return [...section.slice(0, end).matchAll(/```sql\n([\s\S]*?)```/g)].map((found) => found[1]);
}

/** Runs `sql` on the database at `url`, as the role the URL names. */
async function query(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The lab's URL for another role and database. */
const urlOf = (role: string, password: string, database: string) => {
  const url = new URL(lab.url);
  url.username = role;
  url.password = password;
  url.pathname = `/${database}`;
  return url.toString();
};

beforeAll(async () => {
  requireBuild();
  lab = await Lab.open('tama-roles-');
});

afterAll(async () => {
  await lab?.close();
});

describe('the roles of a shared campaign', () => {
  it('lets workers play with a role that cannot create or alter campaigns', async ({ expect }) => {
    const [roles, grants] = rolesSql();
    expect(grants).toContain('GRANT USAGE ON SCHEMA tama, pgboss TO tama_worker;');
    // CREATE DATABASE cannot run in a transaction: one statement at a time.
    for (const statement of roles.split(';').filter((text) => text.trim() !== '')) {
      await query(lab.url, statement);
    }
    const owner = urlOf('tama_owner', 'owner-secret', 'tama');
    const worker = urlOf('tama_worker', 'worker-secret', 'tama');
    const first = await lab.tama(['campaign', 'status', '--db', owner]);
    expect(first.stdout).toBe('No campaigns.\n');
    await query(owner, grants);

    const mover = `${process.execPath} ${FIXTURES}random-mover.mjs`;
    lab.allow(mover);
    const created = await lab.tama([
      ...['campaign', 'create', '--db', owner, '--engine', `cmd=${mover}`, 'name=A'],
      ...['--engine', `cmd=${mover}`, 'name=B', '--each', 'depth=1', '--games', '4', '--batch', '1'], // prettier-ignore
    ]);
    expect(created.code).toBe(0);
    const id = Number(/Campaign (\d+) /.exec(created.stdout)?.[1]);

    const playing = lab.worker(['--db', worker, '--poll', '1', '--allow', lab.allowFile]);
    const finished = async () => {
      const status = await lab.tama(['campaign', 'status', String(id), '--db', owner]);
      return status.stdout.includes('finished');
    };
    await until(finished, 'the campaign played with the workers role');
    playing.child.kill('SIGTERM');
    expect(await playing.exited).toBe(0);
    expect(playing.output.stderr).not.toMatch(/permission denied|warning|error/);

    const status = await lab.tama(['campaign', 'status', String(id), '--db', owner]);
    expect(status.stdout).toMatch(/Games: 4 of 4/);

    const insert = `INSERT INTO tama.campaigns (kind, name, settings, state) VALUES ('games', 'x', '{}', 'running')`; // prettier-ignore
    await expect(query(worker, insert)).rejects.toThrow(/permission denied for table campaigns/);
    await expect(
      query(worker, `UPDATE tama.campaigns SET settings = '{}' WHERE id = ${id}`),
    ).rejects.toThrow(/permission denied for table campaigns/);
    await expect(query(worker, 'CREATE TABLE tama.x (a int)')).rejects.toThrow(
      /permission denied for schema tama/,
    );
  });
});
