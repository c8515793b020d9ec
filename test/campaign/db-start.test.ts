/**
 * `tama db start` says where the embedded server listens (localhost only), has no way to
 * listen elsewhere, and refuses to start a cluster whose configuration was set to listen
 * on other addresses, its password being the built-in one, or whose port is no port.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { embeddedRunning } from '../../src/campaign/embedded.js';
import { Lab } from './lab.js';

let lab: Lab;

beforeAll(async () => {
  lab = await Lab.open('tama-db-start-');
});

afterAll(async () => {
  await lab?.close();
});

describe('tama db start', () => {
  it('prints its URL and that it listens on localhost only', async ({ expect }) => {
    const started = await lab.tama(['db', 'start', '--data-dir', lab.dataDir]);
    expect(started.code).toBe(0);
    const port = new URL(lab.url).port;
    expect(started.stdout).toBe(
      `${lab.url}\nListening on localhost only (127.0.0.1 and ::1), port ${port}: other ` +
        `machines cannot reach it, since its password is the built-in one; to share ` +
        `campaigns, use a PostgreSQL of your own with --db (docs/campaigns.md)\n`,
    );
  });

  it('has no option to listen elsewhere', async ({ expect }) => {
    const dir = join(lab.dir, 'never');
    const refused = await lab.tama(['db', 'start', '--data-dir', dir, '--host', '0.0.0.0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("error: unknown option '--host'");
    expect(existsSync(dir)).toBe(false);
  });

  it('refuses to start when set to listen on other addresses', async ({ expect }) => {
    expect((await lab.tama(['db', 'stop', '--data-dir', lab.dataDir])).stdout).toBe('Stopped\n');
    const conf = join(lab.dataDir, 'postgresql.conf');
    appendFileSync(conf, "listen_addresses = 'localhost, 192.0.2.7'\n");
    const refused = await lab.tama(['db', 'start', '--data-dir', lab.dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `error: the embedded PostgreSQL in ${lab.dataDir} is set to listen on 'localhost, 192.0.2.7' ` +
        `(listen_addresses), but its user and password are the built-in tama/tama`,
    );
    expect(await embeddedRunning(lab.dataDir)).toBe(false);

    appendFileSync(conf, "listen_addresses = '127.0.0.1,::1'\n");
    const again = await lab.tama(['db', 'start', '--data-dir', lab.dataDir]);
    expect(again.code).toBe(0);
    expect(await embeddedRunning(lab.dataDir)).toBe(true);
  });

  it('refuses a configured port past the ports there are, naming the file and the range', async ({
    expect,
  }) => {
    expect((await lab.tama(['db', 'stop', '--data-dir', lab.dataDir])).stdout).toBe('Stopped\n');
    const conf = join(lab.dataDir, 'postgresql.conf');
    const before = readFileSync(conf, 'utf8');
    writeFileSync(conf, before.replace(/^port\s*=\s*\d+/m, 'port = 99999999999999999999999'));
    const refused = await lab.tama(['db', 'start', '--data-dir', lab.dataDir]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`error: ${conf}: port must be from 1 to 65535, got 99999999999999999999999`); // prettier-ignore
    writeFileSync(conf, before);
    expect((await lab.tama(['db', 'start', '--data-dir', lab.dataDir])).code).toBe(0);
  });
});
