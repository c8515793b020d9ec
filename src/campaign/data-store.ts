/**
 * The training data of data campaigns in the store: one row per game played (its result)
 * and one per training position, keyed by campaign, game number and ply. A game and its
 * positions go in one transaction with ON CONFLICT DO NOTHING, so a job played twice (a
 * lapsed lease handed out again while its first worker still played) stores each once.
 */
import type { Store } from './store.js';

/** A game of a data campaign as a worker hands it back. */
export interface DataGameRow {
  readonly number: number;
  readonly result: 'white' | 'black' | 'draw';
  readonly termination: string;
  /** Plies of the whole game, opening included. */
  readonly plies: number;
  readonly worker: string;
}

/** A training position: where it stood in its game and what the search said of it. */
export interface DataPositionRow {
  /** Plies from the game's first position (the opening's) to this one. */
  readonly ply: number;
  /** Position text. */
  readonly position: string;
  /** The search's score in centi-men, from the side to move's view; null for a mate score. */
  readonly score: number | null;
  /** The search's `score mate N` (moves; negative when the side to move is lost), else null. */
  readonly mate: number | null;
}

/** A stored position with its game's result for White (1, 0.5, 0), for the export. */
export interface ExportedPosition extends DataPositionRow {
  readonly game: number;
  readonly result: number;
}

/** Stores a game and its positions together; false when the game was stored already. */
export async function insertDataGame(
  store: Store,
  campaignId: number,
  game: DataGameRow,
  positions: readonly DataPositionRow[],
): Promise<boolean> {
  return store.transaction(async (client) => {
    const { rowCount } = await client.query(
      `INSERT INTO tama.data_games (campaign_id, number, result, termination, plies, positions, worker)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [campaignId, game.number, game.result, game.termination, game.plies, positions.length, game.worker], // prettier-ignore
    );
    // Stored already (the job was played twice): nothing more is written.
    if ((rowCount ?? 0) === 0) return false;
    await client.query(
      `INSERT INTO tama.positions (campaign_id, game, ply, position, score, mate)
       SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::int[], $6::int[])
       ON CONFLICT DO NOTHING`,
      [
        campaignId,
        game.number,
        positions.map((row) => row.ply),
        positions.map((row) => row.position),
        positions.map((row) => row.score),
        positions.map((row) => row.mate),
      ],
    );
    return true;
  });
}

/** The games of a data campaign that are stored. */
export async function storedDataGames(store: Store, campaignId: number): Promise<Set<number>> {
  const { rows } = await store.pool.query<{ number: number }>(
    'SELECT number FROM tama.data_games WHERE campaign_id = $1',
    [campaignId],
  );
  return new Set(rows.map((row) => row.number));
}

/** Games and positions stored, and positions stored per second over the last `minutes`. */
export async function dataTally(
  store: Store,
  campaignId: number,
  minutes = 10,
): Promise<{ games: number; positions: number; plies: number; positionsPerSecond: number }> {
  const { rows } = await store.pool.query<{
    games: number;
    positions: number;
    plies: number;
    recent: number;
    seconds: number | null;
  }>(
    `SELECT count(*)::int AS games, coalesce(sum(positions), 0)::int AS positions,
       coalesce(sum(plies), 0)::int AS plies,
       coalesce(sum(positions) FILTER (WHERE finished_at > now() - make_interval(mins => $2)), 0)::int AS recent,
       extract(epoch FROM now() - min(finished_at) FILTER (WHERE finished_at > now() - make_interval(mins => $2)))::float AS seconds
     FROM tama.data_games WHERE campaign_id = $1`,
    [campaignId, minutes],
  );
  const { games, positions, plies, recent, seconds } = rows[0];
  const span = seconds === null ? 0 : Math.min(seconds, minutes * 60);
  return { games, positions, plies, positionsPerSecond: span > 0 ? recent / span : 0 };
}

const RESULT_FOR_WHITE: Record<DataGameRow['result'], number> = { white: 1, draw: 0.5, black: 0 };

/**
 * Up to `limit` stored positions after (game, ply) `after`, in game and ply order, with
 * their game's result: the export reads a campaign a page at a time.
 */
export async function positionsPage(
  store: Store,
  campaignId: number,
  after: { readonly game: number; readonly ply: number },
  limit: number,
): Promise<ExportedPosition[]> {
  const { rows } = await store.pool.query<{
    game: number;
    ply: number;
    position: string;
    score: number | null;
    mate: number | null;
    result: DataGameRow['result'];
  }>(
    `SELECT p.game, p.ply, p.position, p.score, p.mate, g.result
     FROM tama.positions p JOIN tama.data_games g ON g.campaign_id = p.campaign_id AND g.number = p.game
     WHERE p.campaign_id = $1 AND (p.game, p.ply) > ($2, $3)
     ORDER BY p.game, p.ply LIMIT $4`,
    [campaignId, after.game, after.ply, limit],
  );
  return rows.map((row) => ({ ...row, result: RESULT_FOR_WHITE[row.result] }));
}
