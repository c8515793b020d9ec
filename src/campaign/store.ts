/**
 * The campaign store in PostgreSQL (schema `tama`): campaigns with their settings, the
 * games, perft subtree counts (perft-store.ts) and training positions (data-store.ts) that
 * workers hand back, and the workers seen lately. A result is keyed by what it is (campaign and game
 * number, campaign and subtree, campaign, game and ply), and is inserted with ON CONFLICT
 * DO NOTHING, so a job played twice is stored once.
 */
import pg from 'pg';
import { fail, ok, type Result } from '../core/result.js';

export type CampaignKind = 'games' | 'perft' | 'data';
export type CampaignState = 'running' | 'stopped' | 'finished';

export interface CampaignRow {
  readonly id: number;
  readonly kind: CampaignKind;
  readonly name: string;
  readonly settings: unknown;
  readonly state: CampaignState;
  /** Why it finished: 'H0' or 'H1' (SPRT), 'complete' (every game or subtree counted). */
  readonly decision: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

/** One stored game: where it sits in the schedule, its result and its PDN text. */
export interface GameRow {
  readonly number: number;
  readonly slot: number;
  readonly pairing: number;
  readonly pairNumber: number;
  readonly gameInPair: 0 | 1;
  readonly white: number;
  readonly black: number;
  readonly result: 'white' | 'black' | 'draw';
  readonly termination: string;
  readonly forfeitedBy: number | null;
  readonly reason: string;
  /** PDN points (0, 1, 2) of the pairing's first engine. */
  readonly firstPoints: number;
  readonly pdn: string;
  readonly worker: string;
  readonly finishedAt?: Date;
}

export type StoreErrorCode = 'db';

/** A row of tama.games as the driver returns it. */
interface GameColumns {
  number: number;
  slot: number;
  pairing: number;
  pair_number: number;
  game_in_pair: 0 | 1;
  white: number;
  black: number;
  result: GameRow['result'];
  termination: string;
  forfeited_by: number | null;
  reason: string;
  first_points: number;
  pdn: string;
  worker: string;
  finished_at: Date;
}

/**
 * The version of the schema below: raised with every change to it. A store that finds this
 * version (or a later one) leaves the schema alone, so a role that may not create or alter
 * tables (a worker's, docs/campaigns.md) can use it.
 */
const SCHEMA_VERSION = 2;

const SCHEMA = `
CREATE SCHEMA IF NOT EXISTS tama;
CREATE TABLE IF NOT EXISTS tama.campaigns (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  name text NOT NULL,
  settings jsonb NOT NULL,
  state text NOT NULL,
  decision text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE TABLE IF NOT EXISTS tama.games (
  campaign_id int NOT NULL REFERENCES tama.campaigns ON DELETE CASCADE,
  number int NOT NULL,
  slot int NOT NULL,
  pairing int NOT NULL,
  pair_number int NOT NULL,
  game_in_pair int NOT NULL,
  white int NOT NULL,
  black int NOT NULL,
  result text NOT NULL,
  termination text NOT NULL,
  forfeited_by int,
  reason text NOT NULL,
  first_points int NOT NULL,
  pdn text NOT NULL,
  worker text NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, number)
);
CREATE TABLE IF NOT EXISTS tama.perft_subtrees (
  campaign_id int NOT NULL REFERENCES tama.campaigns ON DELETE CASCADE,
  index int NOT NULL,
  moves text NOT NULL,
  nodes bigint,
  worker text,
  PRIMARY KEY (campaign_id, index)
);
CREATE TABLE IF NOT EXISTS tama.workers (
  id text PRIMARY KEY,
  host text NOT NULL,
  pid int NOT NULL,
  concurrency int NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  campaigns int[] NOT NULL DEFAULT '{}'
);
ALTER TABLE tama.workers ADD COLUMN IF NOT EXISTS jobs int NOT NULL DEFAULT 0;
ALTER TABLE tama.workers ADD COLUMN IF NOT EXISTS games int NOT NULL DEFAULT 0;
CREATE TABLE IF NOT EXISTS tama.data_games (
  campaign_id int NOT NULL REFERENCES tama.campaigns ON DELETE CASCADE,
  number int NOT NULL,
  result text NOT NULL,
  termination text NOT NULL,
  plies int NOT NULL,
  positions int NOT NULL,
  worker text NOT NULL,
  finished_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, number)
);
CREATE TABLE IF NOT EXISTS tama.positions (
  campaign_id int NOT NULL,
  game int NOT NULL,
  ply int NOT NULL,
  position text NOT NULL,
  score int,
  mate int,
  PRIMARY KEY (campaign_id, game, ply),
  FOREIGN KEY (campaign_id, game) REFERENCES tama.data_games ON DELETE CASCADE
);
CREATE TABLE IF NOT EXISTS tama.refusals (
  campaign_id int NOT NULL REFERENCES tama.campaigns ON DELETE CASCADE,
  worker text NOT NULL,
  host text NOT NULL,
  reason text NOT NULL,
  refused_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign_id, worker)
);
CREATE TABLE IF NOT EXISTS tama.schema_version (version int NOT NULL);
DELETE FROM tama.schema_version;
INSERT INTO tama.schema_version VALUES (${SCHEMA_VERSION});`;

// Any number the other tama processes agree on: schema creation runs under this lock.
const MIGRATION_LOCK = 0x74616d61;

/** A worker counts as alive while it reported within this many seconds. */
export const WORKER_ALIVE_SECONDS = 30;

/** A worker as the status shows it. */
export interface WorkerRow {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly concurrency: number;
  /** Jobs it completed and games it stored since it started (all campaigns). */
  readonly jobs: number;
  readonly games: number;
  /** Games of the campaign asked about that it stored. */
  readonly gamesHere: number;
  /** Whether it plays a job of that campaign now. */
  readonly playingHere: boolean;
  readonly lastSeenSeconds: number;
}

/** The URL with its password hidden, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/(\/\/[^:/@]+:)[^@]*@/, '$1***@');
}

function campaignOf(row: Record<string, unknown>): CampaignRow {
  return {
    id: row.id as number,
    kind: row.kind as CampaignKind,
    name: row.name as string,
    settings: row.settings,
    state: row.state as CampaignState,
    decision: (row.decision as string | null) ?? null,
    createdAt: row.created_at as Date,
    finishedAt: (row.finished_at as Date | null) ?? null,
  };
}

/** Whether the schema is there at SCHEMA_VERSION or later (read without any lock or DDL). */
async function schemaCurrent(client: pg.PoolClient): Promise<boolean> {
  const { rows } = await client.query<{ found: string | null }>(
    `SELECT to_regclass('tama.schema_version')::text AS found`,
  );
  if (rows[0].found === null) return false;
  const version = await client.query<{ version: number }>(
    'SELECT max(version) AS version FROM tama.schema_version',
  );
  return (version.rows[0]?.version ?? 0) >= SCHEMA_VERSION;
}

/**
 * Runs `work` on a connection of its own taken from `pool`. While a connection is taken, the
 * pool no longer listens for its errors, and a connection that the server drops (a restart)
 * emits an 'error' that nobody hears, which ends the process: this listens for it, and a
 * connection that failed is closed on release instead of going back to the pool. The
 * statement in flight fails with the same error, so `work` still sees it.
 */
async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  let dropped: Error | undefined;
  const onError = (error: Error) => {
    dropped ??= error;
  };
  client.on('error', onError);
  try {
    return await work(client);
  } finally {
    client.removeListener('error', onError);
    client.release(dropped);
  }
}

/** A worker's refusal of a campaign, as the status shows it. */
export interface RefusalRow {
  readonly worker: string;
  readonly host: string;
  readonly reason: string;
  readonly refusedAt: Date;
}

export class Store {
  private constructor(
    readonly pool: pg.Pool,
    readonly url: string,
  ) {}

  /** Connects and creates the schema when missing; a clear error when the server is not there. */
  static async open(url: string): Promise<Result<Store, StoreErrorCode>> {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      return fail(
        'db',
        `--db must be a postgres://user:password@host:port/database URL, got '${url}'`,
      );
    }
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 5000, max: 4 });
    pool.on('error', () => {
      // An idle connection that dropped; the next query reconnects or reports the failure.
    });
    try {
      await withClient(pool, async (client) => {
        if (!(await schemaCurrent(client))) {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await client.query(SCHEMA);
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      });
    } catch (error) {
      await pool.end().catch(() => {});
      return fail(
        'db',
        `cannot use the database at ${redactUrl(url)}: ${(error as Error).message}`,
      );
    }
    return ok(new Store(pool, url));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  async createCampaign(kind: CampaignKind, name: string, settings: unknown): Promise<number> {
    const { rows } = await this.pool.query<{ id: number }>(
      `INSERT INTO tama.campaigns (kind, name, settings, state) VALUES ($1, $2, $3, 'running') RETURNING id`,
      [kind, name, JSON.stringify(settings)],
    );
    return rows[0].id;
  }

  async campaign(id: number): Promise<CampaignRow | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      'SELECT * FROM tama.campaigns WHERE id = $1',
      [id],
    );
    return rows.length === 0 ? undefined : campaignOf(rows[0]);
  }

  async campaigns(): Promise<CampaignRow[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      'SELECT * FROM tama.campaigns ORDER BY id',
    );
    return rows.map(campaignOf);
  }

  async runningCampaigns(): Promise<CampaignRow[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `SELECT * FROM tama.campaigns WHERE state = 'running' ORDER BY id`,
    );
    return rows.map(campaignOf);
  }

  async campaignState(id: number): Promise<CampaignState | undefined> {
    const { rows } = await this.pool.query<{ state: CampaignState }>(
      'SELECT state FROM tama.campaigns WHERE id = $1',
      [id],
    );
    return rows[0]?.state;
  }

  /** Sets the state; `from` guards the change (stop only what runs, resume only what stopped). */
  async setState(
    id: number,
    from: CampaignState,
    to: CampaignState,
    decision: string | null = null,
  ): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `UPDATE tama.campaigns SET state = $3, decision = $4,
         finished_at = CASE WHEN $3 = 'finished' THEN now() ELSE NULL END
       WHERE id = $1 AND state = $2`,
      [id, from, to, decision],
    );
    return (rowCount ?? 0) > 0;
  }

  /** Stores the games of one slot (a game pair) together; false when they were stored already. */
  async insertSlot(campaignId: number, games: readonly GameRow[]): Promise<boolean> {
    return this.transaction(async (client) => {
      let inserted = 0;
      for (const game of games) {
        const { rowCount } = await client.query(
          `INSERT INTO tama.games (campaign_id, number, slot, pairing, pair_number, game_in_pair,
             white, black, result, termination, forfeited_by, reason, first_points, pdn, worker)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
           ON CONFLICT DO NOTHING`,
          [
            campaignId,
            game.number,
            game.slot,
            game.pairing,
            game.pairNumber,
            game.gameInPair,
            game.white,
            game.black,
            game.result,
            game.termination,
            game.forfeitedBy,
            game.reason,
            game.firstPoints,
            game.pdn,
            game.worker,
          ],
        );
        inserted += rowCount ?? 0;
      }
      // A slot is stored whole or not at all: a partial replay is rolled back.
      return inserted === games.length;
    });
  }

  /**
   * Runs `work` in one transaction on one connection: committed when it returns true,
   * rolled back when it returns false or throws.
   */
  async transaction(work: (client: pg.PoolClient) => Promise<boolean>): Promise<boolean> {
    return withClient(this.pool, async (client) => {
      try {
        await client.query('BEGIN');
        const keep = await work(client);
        await client.query(keep ? 'COMMIT' : 'ROLLBACK');
        return keep;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      }
    });
  }

  /** The slots of a campaign that have their games stored. */
  async storedSlots(campaignId: number): Promise<Set<number>> {
    const { rows } = await this.pool.query<{ slot: number }>(
      'SELECT DISTINCT slot FROM tama.games WHERE campaign_id = $1',
      [campaignId],
    );
    return new Set(rows.map((row) => row.slot));
  }

  async games(campaignId: number): Promise<GameRow[]> {
    const { rows } = await this.pool.query<GameColumns>(
      'SELECT * FROM tama.games WHERE campaign_id = $1 ORDER BY number',
      [campaignId],
    );
    return rows.map((row) => ({
      number: row.number,
      slot: row.slot,
      pairing: row.pairing,
      pairNumber: row.pair_number,
      gameInPair: row.game_in_pair,
      white: row.white,
      black: row.black,
      result: row.result,
      termination: row.termination,
      forfeitedBy: row.forfeited_by,
      reason: row.reason,
      firstPoints: row.first_points,
      pdn: row.pdn,
      worker: row.worker,
      finishedAt: row.finished_at,
    }));
  }

  /** Game count and pentanomial pair counts of pairing 0: what the SPRT and the stop need. */
  async tally(campaignId: number): Promise<{ games: number; pairs: number[] }> {
    const games = await this.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tama.games WHERE campaign_id = $1',
      [campaignId],
    );
    const pairs = await this.pool.query<{ points: number; n: number }>(
      `SELECT points, count(*)::int AS n FROM (
         SELECT sum(first_points)::int AS points FROM tama.games
         WHERE campaign_id = $1 AND pairing = 0 GROUP BY pair_number HAVING count(*) = 2
       ) AS pair_points GROUP BY points`,
      [campaignId],
    );
    const counts = [0, 0, 0, 0, 0];
    for (const row of pairs.rows) counts[row.points] = row.n;
    return { games: games.rows[0].n, pairs: counts };
  }

  /** A worker's sign of life, with the campaigns it is playing and what it has done. */
  async reportWorker(
    id: string,
    host: string,
    pid: number,
    concurrency: number,
    campaigns: readonly number[],
    done: { readonly jobs: number; readonly games: number } = { jobs: 0, games: 0 },
  ): Promise<void> {
    await this.pool.query(
      `INSERT INTO tama.workers (id, host, pid, concurrency, campaigns, jobs, games)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET last_seen = now(), campaigns = $5, jobs = $6, games = $7`,
      [id, host, pid, concurrency, campaigns, done.jobs, done.games],
    );
  }

  /** Every worker that reported and has not said goodbye, oldest first, seen from campaign `id`. */
  async workers(id: number): Promise<WorkerRow[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `SELECT w.id, w.host, w.pid, w.concurrency, w.jobs, w.games,
         ($1 = ANY(w.campaigns)) AS playing_here,
         extract(epoch FROM now() - w.last_seen)::float AS last_seen_seconds,
         ((SELECT count(*) FROM tama.games g WHERE g.campaign_id = $1 AND g.worker = w.id) +
          (SELECT count(*) FROM tama.data_games d WHERE d.campaign_id = $1 AND d.worker = w.id))::int
           AS games_here
       FROM tama.workers w ORDER BY w.started_at, w.id`,
      [id],
    );
    return rows.map((row) => ({
      id: row.id as string,
      host: row.host as string,
      pid: row.pid as number,
      concurrency: row.concurrency as number,
      jobs: row.jobs as number,
      games: row.games as number,
      gamesHere: row.games_here as number,
      playingHere: row.playing_here as boolean,
      lastSeenSeconds: row.last_seen_seconds as number,
    }));
  }

  /** Records why worker `worker` refuses the jobs of a campaign (the latest reason is kept). */
  async recordRefusal(campaignId: number, worker: string, host: string, reason: string) {
    await this.pool.query(
      `INSERT INTO tama.refusals (campaign_id, worker, host, reason) VALUES ($1, $2, $3, $4)
       ON CONFLICT (campaign_id, worker) DO UPDATE SET reason = $4, refused_at = now()`,
      [campaignId, worker, host, reason],
    );
  }

  /** The workers that refused the campaign's jobs, latest first. */
  async refusals(campaignId: number): Promise<RefusalRow[]> {
    const { rows } = await this.pool.query<RefusalRow>(
      `SELECT worker, host, reason, refused_at AS "refusedAt" FROM tama.refusals
       WHERE campaign_id = $1 ORDER BY refused_at DESC, worker`,
      [campaignId],
    );
    return rows;
  }

  async removeWorker(id: string): Promise<void> {
    await this.pool.query('DELETE FROM tama.workers WHERE id = $1', [id]);
  }

  /** Workers alive now: all of them, and those that play campaign `id`. */
  async workersAlive(id: number): Promise<{ all: number; campaign: number }> {
    const { rows } = await this.pool.query<{ all: number; campaign: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE $1 = ANY(campaigns))::int AS campaign
       FROM tama.workers WHERE last_seen > now() - make_interval(secs => $2)`,
      [id, WORKER_ALIVE_SECONDS],
    );
    return rows[0];
  }

  /** Games per minute over the last `minutes` (or since the first game, if later). */
  async gamesPerMinute(campaignId: number, minutes = 10): Promise<number> {
    const { rows } = await this.pool.query<{ n: number; seconds: number | null }>(
      `SELECT count(*)::int AS n, extract(epoch FROM now() - min(finished_at))::float AS seconds
       FROM tama.games WHERE campaign_id = $1 AND finished_at > now() - make_interval(mins => $2)`,
      [campaignId, minutes],
    );
    const { n, seconds } = rows[0];
    if (n < 2 || seconds === null || seconds <= 0) return 0;
    return (n / Math.min(seconds, minutes * 60)) * 60;
  }
}
