/**
 * A data campaign's positions written as the tuner's positions file (tune/positions.ts):
 * read from the store a page at a time in game and ply order, each position once (the first
 * game that reached it gives its result and score), with a header naming the campaign, the
 * engine's build and the settings that reproduce the games.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { fail, ok, type Result } from '../core/result.js';
import { positionLine, positionsHeader } from '../tune/positions.js';
import { formatBuild } from './builds.js';
import { positionsPage } from './data-store.js';
import type { CampaignErrorCode, DataCampaignSettings } from './settings.js';
import type { Store } from './store.js';

/** Rows read from the store at a time. */
const PAGE = 20_000;

export interface ExportedCounts {
  readonly positions: number;
  /** Positions left out because an earlier game had reached them. */
  readonly duplicates: number;
  readonly variant: string;
}

/**
 * Writes the positions of data campaign `id` to `out`; `madeBy` is the command line for the
 * header; `progress` hears the count after each page.
 */
export async function exportDataPositions(
  store: Store,
  id: number,
  out: string,
  madeBy: string,
  progress: (written: number, duplicates: number) => void,
): Promise<Result<ExportedCounts, CampaignErrorCode>> {
  const campaign = await store.campaign(id);
  if (campaign === undefined) return fail('no-campaign', `no campaign ${id}`);
  if (campaign.kind !== 'data') {
    return fail('kind', `campaign ${id} is a ${campaign.kind} campaign, not a data campaign (tama campaign data)`); // prettier-ignore
  }
  const settings = campaign.settings as DataCampaignSettings;
  let file: number;
  try {
    file = openSync(out, 'w');
  } catch (error) {
    return fail('file', `cannot write '${out}': ${(error as Error).message}`);
  }
  try {
    writeSync(
      file,
      positionsHeader(settings.variant, [
        `made by: ${madeBy}`,
        `campaign ${id} "${campaign.name}" (${campaign.state}): self-play by ${settings.names[0]} (${formatBuild(settings.builds[0])}), ` +
          `${settings.nodes} nodes a move, openings ${settings.openingsFile} + ${settings.randomPlies} random plies, seed ${settings.seed}`,
        "each line: the game's result for White, the position (quiet for both sides), the search's score in centi-men from the side to move's view (none after a mate score)", // prettier-ignore
      ]),
    );
    const seen = new Set<string>();
    let duplicates = 0;
    let after = { game: -1, ply: -1 };
    for (;;) {
      const page = await positionsPage(store, id, after, PAGE);
      if (page.length === 0) break;
      const lines: string[] = [];
      for (const row of page) {
        if (seen.has(row.position)) duplicates++;
        else {
          seen.add(row.position);
          lines.push(positionLine(row.result, row.position, row.score) + '\n');
        }
      }
      writeSync(file, lines.join(''));
      const last = page[page.length - 1];
      after = { game: last.game, ply: last.ply };
      progress(seen.size, duplicates);
    }
    return ok({ positions: seen.size, duplicates, variant: settings.variant });
  } finally {
    closeSync(file);
  }
}
