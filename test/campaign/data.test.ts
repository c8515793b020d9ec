/**
 * Data campaigns on a real embedded PostgreSQL with a real `tama worker` and the real
 * engine: self-play games stored with their quiet positions, results and scores; the same
 * settings giving the same positions (so a job played again gives the same rows) and a game
 * stored twice kept once; the export read back by the tuner; clear errors for bad arguments.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOpening } from '../../src/campaign/data.js';
import type { DataCampaignSettings } from '../../src/campaign/settings.js';
import { insertDataGame, type DataPositionRow } from '../../src/campaign/data-store.js';
import { Position } from '../../src/core/position.js';
import { parsePositions, quietForBoth } from '../../src/tune/positions.js';
import { readShardFolders } from '../../src/tune/shard.js';
import { FIXTURES, requireBuild } from '../helpers.js';
import { Lab, until, words } from './lab.js';

let lab: Lab;

/** Small and quick: 6 games of at most 60 plies at 300 nodes a move, 2 games a job. */
const SETTINGS = '--games 6 --nodes 300 --batch 2 --maxplies 60 --random-plies 3 --seed 7 --bench-depth 2'; // prettier-ignore

beforeAll(async () => {
  requireBuild();
  lab = await Lab.open('tama-data-');
});

afterAll(async () => {
  await lab?.close();
});

/** `tama campaign data --db URL SETTINGS`; returns the campaign id. */
async function createData(settings: string): Promise<number> {
  const created = await lab.tama(['campaign', 'data', '--db', lab.url, ...settings.split(' ')]);
  if (created.code !== 0) throw new Error(`campaign data failed: ${created.stderr}`);
  const found = /Campaign (\d+) /.exec(created.stdout);
  if (found === null) throw new Error(`no campaign id in: ${created.stdout}`);
  return Number(found[1]);
}

interface StoredPosition {
  game: number;
  ply: number;
  position: string;
  score: number | null;
  mate: number | null;
}

const storedPositions = async (id: number) =>
  (
    await lab.store.pool.query<StoredPosition>(
      'SELECT game, ply, position, score, mate FROM tama.positions WHERE campaign_id = $1 ORDER BY game, ply',
      [id],
    )
  ).rows;

const storedGames = async (id: number) =>
  (
    await lab.store.pool.query<{
      number: number;
      result: string;
      positions: number;
      plies: number;
    }>(
      'SELECT number, result, positions, plies FROM tama.data_games WHERE campaign_id = $1 ORDER BY number',
      [id],
    )
  ).rows;

let first: number;

describe('a data campaign played by a worker', () => {
  it('stores each game with its quiet positions, their scores and the result', async ({
    expect,
  }) => {
    first = await createData(SETTINGS);
    const worker = lab.worker();
    await until(lab.finished(first), 'the data campaign to finish', 240);
    worker.child.kill('SIGTERM');
    await worker.exited;

    const settings = (await lab.store.campaign(first))?.settings as DataCampaignSettings;
    const games = await storedGames(first);
    expect(games.map((game) => game.number)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const game of games) expect(['white', 'black', 'draw']).toContain(game.result);
    const positions = await storedPositions(first);
    expect(positions.length).toBeGreaterThan(20);
    expect(positions.length).toBe(games.reduce((sum, game) => sum + game.positions, 0));
    for (const row of positions) {
      const parsed = Position.parse(row.position, 'armenian');
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(quietForBoth(parsed.value.rules, parsed.value.state)).toBe(true);
      // Past the opening (its line, then 3 random plies), within the game.
      expect(row.ply).toBeGreaterThanOrEqual(dataOpening(settings, row.game).moves.length);
      expect(row.ply).toBeLessThan(games[row.game].plies);
      expect(row.score === null).toBe(row.mate !== null);
    }
    expect(positions.filter((row) => row.score !== null).length).toBeGreaterThan(positions.length / 2); // prettier-ignore
    // Games differ: their openings and random plies are drawn per game.
    expect(new Set(positions.map((row) => row.position)).size).toBeGreaterThan(positions.length / 2); // prettier-ignore

    const status = await lab.status(first);
    expect(status.stdout).toContain('finished (every game played)');
    expect(status.stdout).toContain(`Games: 6 of 6; positions ${positions.length}`);
  });

  it('plays the same games again from the same settings, and keeps a game stored twice once', async ({
    expect,
  }) => {
    const again = await createData(SETTINGS);
    const worker = lab.worker();
    await until(lab.finished(again), 'the second data campaign to finish', 240);
    worker.child.kill('SIGTERM');
    await worker.exited;
    const before = await storedPositions(first);
    const replayed = await storedPositions(again);
    expect(replayed).toEqual(before);

    // A job handed out again after its lease lapsed: its second worker stores the same rows.
    const rows: DataPositionRow[] = replayed
      .filter((row) => row.game === 2)
      .map(({ ply, position, score, mate }) => ({ ply, position, score, mate }));
    const game = (await storedGames(again))[2];
    const row = { number: 2, result: game.result as 'white', termination: 'no-moves', plies: game.plies, worker: 'second' }; // prettier-ignore
    expect(await insertDataGame(lab.store, first, row, rows)).toBe(false);
    expect(await storedPositions(first)).toEqual(before);
    expect((await storedGames(first)).length).toBe(6);
  });

  it('exports the positions as the file the tuner reads, and the tuner fits them', async ({
    expect,
  }) => {
    const out = join(lab.dir, 'positions.txt');
    const exported = await lab.tama(['tune-data', '--campaign', String(first), '--db', lab.url, '--out', out]); // prettier-ignore
    expect(exported.stderr).toMatch(/\d+ positions of campaign \d+ written to .* \(\d+ duplicates left out\)/); // prettier-ignore
    expect(exported.code).toBe(0);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n')[0]).toBe('# tama training positions, variant armenian');
    expect(text).toMatch(/# campaign \d+ .*Tama.*bench \d+.*300 nodes a move/);
    const parsed = parsePositions(text, 'armenian');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const stored = await storedPositions(first);
    expect(parsed.value.length).toBe(new Set(stored.map((row) => row.position)).size);
    // Each line carries its game's result and its score, as stored.
    const results = new Map((await storedGames(first)).map((game) => [game.number, game.result]));
    const firstRow = stored[0];
    const line = text.split('\n').find((l) => l.split(' ')[1] === firstRow.position);
    const forWhite = { white: '1', draw: '0.5', black: '0' }[results.get(firstRow.game) ?? 'draw'];
    expect(line).toBe(`${forWhite} ${firstRow.position}${firstRow.score === null ? '' : ` ${firstRow.score}`}`); // prettier-ignore

    const weights = join(lab.dir, 'weights.json');
    const tuned = await lab.tama(['tune', '--variant', 'armenian', '--positions', out, '--init', 'data/eval-weights.json', '--out', weights, '--epochs', '1']); // prettier-ignore
    expect(tuned.stderr).toMatch(/positions, features worked out/);
    expect(tuned.code).toBe(0);
  });
});

describe('training shards from a data campaign', () => {
  it('adds its positions to a shard folder once, and the trainer reads them the same way every time', async ({
    expect,
  }) => {
    const shards = join(lab.dir, 'train', 'armenian');
    const exported = await lab.tama(['tune-data', '--campaign', String(first), '--db', lab.url, '--shards', shards]); // prettier-ignore
    expect(exported.stderr).toMatch(/\d+ new positions of campaign \d+ added to .* in 1 shards/);
    expect(exported.code).toBe(0);
    const read = await readShardFolders([shards], 'armenian');
    if (!read.ok) throw new Error(read.error.message);
    const stored = await storedPositions(first);
    expect(read.value.positions.count).toBe(new Set(stored.map((row) => row.position)).size);
    const manifestFile = readdirSync(shards).find((name) => name.endsWith('.json')) ?? '';
    const manifest = JSON.parse(readFileSync(join(shards, manifestFile), 'utf8')) as Record<string, unknown>; // prettier-ignore
    expect(manifest).toMatchObject({ variant: 'armenian', nodes: 300, seed: 7, randomPlies: 3, games: 6, positions: read.value.positions.count }); // prettier-ignore
    expect(manifest.benchSignature).toEqual(expect.any(Number));
    // A game's positions after its first are links, found at the plies the store gives.
    expect(manifest.version).toBe(2);
    expect(manifest.links).toBeGreaterThanOrEqual(0.9 * (read.value.positions.count - 6));
    expect(manifest.command).toMatch(/^tama tune-data --campaign \d+ --shards /);
    // Where the database was is this machine's, not the data's (and a URL may hold a password).
    expect(JSON.stringify(manifest)).not.toContain(lab.url);

    // Exported again: the folder holds every position already, so nothing is added.
    const again = await lab.tama(['tune-data', '--campaign', String(first), '--db', lab.url, '--shards', shards]); // prettier-ignore
    expect(again.stderr).toMatch(/^0 new positions .* in 0 shards/m);
    expect(readdirSync(shards)).toHaveLength(2);

    // Trained twice with one seed: the same file.
    const train = (out: string) => lab.tama(['train', '--variant', 'armenian', '--data', shards, '--out', out, '--epochs', '1', '--hidden', '8', '--seed', '3']); // prettier-ignore
    const out = join(lab.dir, 'net.json');
    expect((await train(out)).code).toBe(0);
    const once = readFileSync(out, 'utf8');
    expect((await train(out)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(once);

    // A corrupt shard beside it is named and left out; training goes on with the rest.
    const bad = join(shards, 'zz-bad');
    writeFileSync(`${bad}.bin.gz`, 'garbage');
    writeFileSync(`${bad}.json`, JSON.stringify({ ...manifest, file: 'zz-bad.bin.gz' }));
    const warned = await train(join(lab.dir, 'net2.json'));
    expect(warned.stderr).toMatch(/warning: shard refused, its positions left out: .*zz-bad\.bin\.gz: 7 bytes, the manifest says/); // prettier-ignore
    expect(warned.stderr).toContain(`${read.value.positions.count} positions from 1 shards`);
    expect(warned.code).toBe(0);
  });
});

describe('a data campaign stopped and resumed', () => {
  it('queues jobs again for the games not stored, which a worker then plays', async ({
    expect,
  }) => {
    const id = await createData('--games 4 --nodes 200 --batch 2 --maxplies 40 --bench-depth 2');
    const stopped = await lab.tama(['campaign', 'stop', String(id), '--db', lab.url]);
    expect(stopped.stdout).toContain(`Campaign ${id} stopped`);
    // Game 1 (of 0-3) stored already, as if a worker had played it before the stop.
    const row = { number: 1, result: 'draw' as const, termination: 'max-plies', plies: 40, worker: 'earlier' }; // prettier-ignore
    expect(await insertDataGame(lab.store, id, row, [])).toBe(true);
    const resumed = await lab.tama(['campaign', 'resume', String(id), '--db', lab.url]);
    expect(resumed.stdout).toContain(`Campaign ${id} resumed: 2 jobs queued`);
    const worker = lab.worker();
    await until(lab.finished(id), 'the resumed data campaign to finish', 240);
    worker.child.kill('SIGTERM');
    await worker.exited;
    const games = await storedGames(id);
    expect(games.map((game) => game.number)).toEqual([0, 1, 2, 3]);
    expect(games[1].positions).toBe(0);
  });
});

describe('bad arguments', () => {
  it.each([
    ['campaign data --nodes 300', 2, /required option '--games <n>' not specified/],
    ['campaign data --games 4 --nodes 0', 2, /--nodes.*expected a whole number from 1/],
    ['campaign data --games 4 --nodes 300 --variant polish', 2, /Allowed choices are armenian, turkish/], // prettier-ignore
    ['campaign data --games 4 --nodes 300 --openings /nonexistent/o.txt --db URL', 2, /error: --openings: cannot read openings file '\/nonexistent\/o.txt'/], // prettier-ignore
    ['campaign data --games 4 --nodes 300 --engine "node \'unclosed" --db URL', 2, /error: --engine: /], // prettier-ignore
    ['tune-data --out x.txt', 2, /give PDN files, or --campaign ID/],
    ['tune-data --campaign 1 --out x.txt games.pdn --db URL', 2, /give no PDN files \(got 'games.pdn'\)/], // prettier-ignore
    ['tune-data --campaign 999 --out OUT --db URL', 1, /error: no campaign 999/],
    ['tune-data --campaign FIRST --variant turkish --out OUT --db URL', 2, /campaign \d+ played armenian, not turkish/], // prettier-ignore
    ['tune-data --campaign FIRST --out OUT --shards DIR --db URL', 2, /give --out FILE, or --shards DIR with --campaign ID/], // prettier-ignore
    ['tune-data --shards DIR games.pdn', 2, /--shards writes the positions of a data campaign: give --campaign ID/], // prettier-ignore
    ['train --out OUT', 2, /give the training positions: --positions FILE or --data DIR/],
    ['train --out OUT --positions OUT --data DIR', 2, /give the training positions: --positions FILE or --data DIR/], // prettier-ignore
    ['train --out OUT --data /nonexistent/shards', 1, /cannot read the folder \/nonexistent\/shards/], // prettier-ignore
  ])('tama %s: exit %i with a clear error', async (line, code, message) => {
    const out = join(lab.dir, 'refused.txt');
    const filled = words(line).map(
      (arg) =>
      arg === 'URL' ? lab.url : arg === 'OUT' ? out : arg === 'DIR' ? join(lab.dir, 'refused-shards') : arg === 'FIRST' ? String(first) : arg, // prettier-ignore
    );
    const run = await lab.tama(filled);
    expect(run.stderr).toMatch(message);
    expect(run.code).toBe(code);
  });

  it('refuses to export a games campaign as positions, and a data campaign as games', async ({
    expect,
  }) => {
    const exported = await lab.tama(['campaign', 'export', String(first), '--db', lab.url]);
    expect(exported.stderr).toContain(`campaign ${first} is a data campaign: tama tune-data --campaign ${first}`); // prettier-ignore
    expect(exported.code).toBe(1);
    const mover = `cmd="${process.execPath} ${FIXTURES}random-mover.mjs"`;
    const games = await lab.create(`--engine ${mover} name=A --engine ${mover} name=B --each depth=1 --games 2`); // prettier-ignore
    const out = join(lab.dir, 'games-as-positions.txt');
    const refused = await lab.tama(['tune-data', '--campaign', String(games), '--db', lab.url, '--out', out]); // prettier-ignore
    expect(refused.stderr).toContain(`campaign ${games} is a games campaign, not a data campaign`);
    expect(refused.code).toBe(1);
  });
});
