/**
 * Data campaigns: self-play games at a node budget whose quiet positions, labelled with the
 * game's result and the search's score, become training data for the evaluation. Game g
 * starts from an opening of the file drawn by a generator seeded with the campaign's seed
 * and g, followed by random plies from the same generator, so every game (and so every
 * job) is the same wherever and however often it is played. Workers play the games with
 * the match runner; the positions go to the store (data-store.ts), and
 * `tama tune-data --campaign ID` writes them in the tuner's positions file.
 */
import { Game } from '../core/game.js';
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import type { GameRecord } from '../match/game.js';
import { parseMatchArguments } from '../match/match-args.js';
import { looksBalanced } from '../match/make-openings.js';
import { loadOpenings, openingGame, shippedOpeningsFile, type Opening } from '../match/openings.js';
import { randomIndex, seededRandom } from '../stats/random.js';
import { quietForBoth } from '../tune/positions.js';
import { probeEngine } from './builds.js';
import type { DataPositionRow } from './data-store.js';
import { jobRanges, type JobQueue } from './queue.js';
import type { CampaignErrorCode, DataCampaignSettings } from './settings.js';
import type { Store } from './store.js';

/** `tama campaign data` as typed, its numbers already checked by the command line. */
export interface DataCampaignRequest {
  readonly engine: string;
  readonly variant: VariantName;
  readonly games: number;
  readonly nodes: number;
  readonly randomPlies: number;
  readonly seed: number;
  readonly openings?: string;
  readonly maxPlies: number;
  readonly batch: number;
  readonly tries: number;
  readonly name?: string;
  readonly benchDepth?: number;
}

/**
 * A won game is adjudicated once both engines' searches gave at least this score for four
 * moves in a row: the rest of it teaches little and costs time.
 */
const RESIGN_SCORE = 800;

/** The request turned into what a campaign stores (the engine not asked yet); a clear error when bad. */
function resolveRequest(
  request: DataCampaignRequest,
): Result<Omit<DataCampaignSettings, 'names' | 'builds'>, 'bad-argument'> {
  const file = request.openings ?? shippedOpeningsFile(request.variant);
  if (file === undefined) return fail('bad-argument', `no openings file for ${request.variant}: give --openings FILE`); // prettier-ignore
  const engine = `cmd=${request.engine}`;
  const parsed = parseMatchArguments([
    '--engine', engine, '--engine', engine, '--each', `nodes=${request.nodes}`,
    '--variant', request.variant, '--maxplies', String(request.maxPlies),
    '--resign', 'movecount=4', `score=${RESIGN_SCORE}`, 'twosided=true',
  ]); // prettier-ignore
  if (!parsed.ok) return fail('bad-argument', `--engine: ${parsed.error.message}`);
  const openings = loadOpenings(file, request.variant);
  if (!openings.ok) return fail('bad-argument', `--openings: ${openings.error.message}`);
  return ok({
    engines: [parsed.value.config.engines[0]],
    benchDepth: request.benchDepth,
    variant: request.variant,
    nodes: request.nodes,
    rules: parsed.value.config.rules,
    openingsFile: file,
    openings: openings.value,
    randomPlies: request.randomPlies,
    seed: request.seed,
    games: request.games,
    gamesPerJob: request.batch,
    tries: request.tries,
  });
}

/** Asks the engine who it is, stores the data campaign and queues its jobs; returns its id. */
export async function createDataCampaign(
  store: Store,
  queue: JobQueue,
  request: DataCampaignRequest,
  print: (line: string) => void,
): Promise<Result<number, CampaignErrorCode | 'bad-argument'>> {
  const resolved = resolveRequest(request);
  if (!resolved.ok) return resolved;
  print('Checking the engine: its name and bench signature...');
  const probed = await probeEngine(resolved.value.engines[0], request.variant, request.benchDepth, 'the engine'); // prettier-ignore
  if (!probed.ok) return fail('engine', probed.error.message);
  const settings: DataCampaignSettings = {
    ...resolved.value,
    names: [probed.value.displayName],
    builds: [probed.value.build],
  };
  const name = request.name ?? `data ${request.variant} ${request.nodes} nodes`;
  const id = await store.createCampaign('data', name, settings);
  const ranges = jobRanges(id, settings.games, settings.gamesPerJob);
  await queue.enqueue(id, ranges, settings.tries);
  print(
    `Campaign ${id} "${name}": ${settings.games} self-play games, ${ranges.length} jobs queued`,
  );
  return ok(id);
}

/** The generator's seed of game `number`: the campaign's seed and the game mixed. */
function gameSeed(seed: number, number: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) ^ Math.imul(number + 1, 0x85ebca6b)) >>> 0;
}

/** Draws of the random plies tried before a game starts from its opening alone. */
const RANDOM_PLY_DRAWS = 100;
/** The balance the shipped openings were chosen by (`tama match-openings --mobility-gap 4`). */
const BALANCE = { mobilityGap: 4 };

/**
 * How game `number` (0-based) starts: an opening of the file, then the campaign's random
 * plies, all drawn from the game's own seed. The random plies are drawn again until they
 * end in a position that looks balanced as the shipped openings do (no capture pending for
 * either side, equal material, mobility within 4): most random moves in draughts give a
 * man away, and a game decided before it starts teaches only that a man is worth having.
 */
export function dataOpening(settings: DataCampaignSettings, number: number): Opening {
  const random = seededRandom(gameSeed(settings.seed, number));
  const base = settings.openings[randomIndex(random, settings.openings.length)];
  const start = openingGame(base, settings.variant);
  for (let draw = 0; draw < RANDOM_PLY_DRAWS && settings.randomPlies > 0; draw++) {
    const game = start.copy();
    for (let ply = 0; ply < settings.randomPlies; ply++) {
      const moves = game.legalMoves();
      if (moves.length === 0) break;
      game.play(moves[randomIndex(random, moves.length)]);
    }
    if (game.outcome(settings.rules) === undefined && looksBalanced(game.position, BALANCE)) {
      return { fen: base.fen, moves: game.moves, line: base.line };
    }
  }
  return base;
}

/**
 * The training positions of a played game: each position where an engine moved (not the
 * opening's) that is quiet for both sides (no capture for the side to move nor for the
 * other), with the score the engine's search gave it.
 */
export function trainingPositions(record: GameRecord, variant: VariantName): DataPositionRow[] {
  const game = Game.parse(record.fen, [], variant);
  if (!game.ok) throw new Error(`data game: ${game.error.message}`);
  const positions: DataPositionRow[] = [];
  const rules = game.value.position.rules;
  record.moves.forEach((move, ply) => {
    const position = game.value.position;
    if (!move.book && move.score !== undefined && quietForBoth(rules, position.state)) {
      const mate = move.score.unit === 'mate';
      positions.push({
        ply,
        position: position.toString(),
        score: mate ? null : move.score.value,
        mate: mate ? move.score.value : null,
      });
    }
    const played = game.value.playText(move.text);
    if (!played.ok) throw new Error(`data game, ply ${ply + 1}: ${played.error.message}`);
  });
  return positions;
}
