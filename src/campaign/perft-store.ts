/**
 * The subtrees of perft campaigns in the store, as data-store.ts keeps the training data:
 * one row per subtree (the moves from the campaign's root to it), its count written once by
 * the first worker that finishes it, so a job counted twice stores each count once.
 */
import type { Store } from './store.js';

/** Stores a campaign's subtrees, numbered from 0 in the order of `moves`. */
export async function insertSubtrees(
  store: Store,
  campaignId: number,
  moves: readonly string[],
): Promise<void> {
  const chunk = 1000;
  for (let from = 0; from < moves.length; from += chunk) {
    const part = moves.slice(from, from + chunk);
    await store.pool.query(
      `INSERT INTO tama.perft_subtrees (campaign_id, index, moves)
       SELECT $1, $2::int + ordinality - 1, line FROM unnest($3::text[]) WITH ORDINALITY AS t(line)`,
      [campaignId, from, part],
    );
  }
}

/** The subtrees in [from, to) that have no count yet. */
export async function openSubtrees(
  store: Store,
  campaignId: number,
  from: number,
  to: number,
): Promise<{ index: number; moves: string }[]> {
  const { rows } = await store.pool.query<{ index: number; moves: string }>(
    `SELECT index, moves FROM tama.perft_subtrees
     WHERE campaign_id = $1 AND index >= $2 AND index < $3 AND nodes IS NULL ORDER BY index`,
    [campaignId, from, to],
  );
  return rows;
}

/** Records a subtree's count once (a replayed job writes nothing). */
export async function recordSubtree(
  store: Store,
  campaignId: number,
  index: number,
  nodes: number,
  worker: string,
): Promise<void> {
  await store.pool.query(
    `UPDATE tama.perft_subtrees SET nodes = $3, worker = $4
     WHERE campaign_id = $1 AND index = $2 AND nodes IS NULL`,
    [campaignId, index, nodes, worker],
  );
}

/** Subtrees counted, subtrees in all, and the sum of the counts so far (exact, as text). */
export async function perftTally(
  store: Store,
  campaignId: number,
): Promise<{ done: number; total: number; nodes: string }> {
  const { rows } = await store.pool.query<{ done: number; total: number; nodes: string }>(
    `SELECT count(nodes)::int AS done, count(*)::int AS total, coalesce(sum(nodes), 0)::text AS nodes
     FROM tama.perft_subtrees WHERE campaign_id = $1`,
    [campaignId],
  );
  return rows[0];
}

/** The subtrees of a campaign that have no count yet. */
export async function unfinishedSubtreeIndexes(
  store: Store,
  campaignId: number,
): Promise<number[]> {
  const { rows } = await store.pool.query<{ index: number }>(
    `SELECT index FROM tama.perft_subtrees WHERE campaign_id = $1 AND nodes IS NULL ORDER BY index`,
    [campaignId],
  );
  return rows.map((row) => row.index);
}
