/**
 * Database restarts on a real embedded PostgreSQL: a connection that the server drops in
 * the middle of a transaction fails that transaction and nothing else (a worker used to
 * exit on it).
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Store } from '../../src/campaign/store.js';
import { requireBuild } from '../helpers.js';
import { Lab } from './lab.js';

let lab: Lab;

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
