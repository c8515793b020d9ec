/**
 * A perft campaign's job: a range of its subtrees, each counted off the main thread (so
 * that the lease keeps being renewed) and its count stored once (perft-store.ts).
 */
import { parseMove } from '../core/notation.js';
import { Position } from '../core/position.js';
import { DONE, STOPPED, settle, whenReachable, type JobEnd, type JobRun } from './jobs.js';
import { openSubtrees, recordSubtree } from './perft-store.js';
import type { PerftCampaignSettings } from './settings.js';

/** Counts a job's open subtrees; done when all were counted. */
export async function countPerftJob(run: JobRun): Promise<JobEnd> {
  const { store, campaign, job, io } = run;
  const settings = campaign.settings as PerftCampaignSettings;
  const open = await whenReachable(
    () => openSubtrees(store, campaign.id, job.range.from, job.range.to),
    `read the open subtrees of campaign ${campaign.id}`,
    io,
  );
  if (open === undefined) return STOPPED;
  for (const subtree of open) {
    if (io.giveBack.aborted) return STOPPED;
    const position = subtreeRoot(settings, subtree.moves);
    const nodes = await io.countPerft(
      position.toString(),
      settings.variant,
      settings.depth - settings.split,
    );
    const recorded = await whenReachable(
      () => recordSubtree(store, campaign.id, subtree.index, nodes, run.worker).then(() => true),
      `store subtree ${subtree.index + 1} of campaign ${campaign.id}`,
      io,
    );
    if (recorded === undefined) return STOPPED;
  }
  await settle(run, () => `Perft campaign ${campaign.id}: every subtree counted`);
  return DONE;
}

/** The position at the root of a subtree: the campaign's root after the subtree's moves. */
export function subtreeRoot(settings: PerftCampaignSettings, moves: string): Position {
  const parsed = Position.parse(settings.fen, settings.variant);
  if (!parsed.ok) throw new Error(`perft campaign position: ${parsed.error.message}`);
  const position = parsed.value;
  for (const text of moves === '' ? [] : moves.split(' ')) {
    const move = parseMove(position, text);
    if (!move.ok) throw new Error(`perft subtree move '${text}': ${move.error.message}`);
    position.play(move.value.move, move.value.capturedLo, move.value.capturedHi);
  }
  return position;
}
