/**
 * What each kind of campaign stores (games, data, perft) and the error codes of campaign
 * actions: the types that the store, the workers and the aggregator share. A games campaign
 * stores the settings of `tama match` (engines, limits, openings,
 * adjudication, SPRT) resolved once on the machine that creates it, so that every worker
 * plays the same thing: the openings are kept in play order, and each engine's identity
 * (its `id name` and bench signature) is recorded for the workers to check.
 */
import { fail, ok, type Result } from '../core/result.js';
import type { VariantName } from '../core/variant.js';
import type { EngineSettings } from '../engine-client/engine-pool.js';
import type { GameRules } from '../match/game.js';
import { parseMatchArguments } from '../match/match-args.js';
import { loadOpenings, OpeningSequence, START_OPENING, type Opening } from '../match/openings.js';
import type { SprtSettings } from '../match/report.js';
import { buildSchedule, type ScheduledGame, type TournamentKind } from '../match/schedule.js';
import { DEFAULT_TRIES, MAX_TRIES } from './queue.js';

/** Who an engine is: what it calls itself and the node count of its bench. */
export interface EngineBuild {
  readonly name: string | null;
  readonly signature: number | null;
}

export interface GamesCampaignSettings {
  readonly engines: readonly EngineSettings[];
  /** Display names, distinct. */
  readonly names: readonly string[];
  readonly builds: readonly EngineBuild[];
  /** Depth of the identity bench; undefined: the engine's own default. */
  readonly benchDepth?: number;
  readonly variant: VariantName;
  readonly tournament: TournamentKind;
  readonly gamesPerPairing: number;
  readonly rules: GameRules;
  readonly sprt?: SprtSettings;
  readonly event: string;
  /** The openings in play order: game pair k plays openings[k % length]. */
  readonly openings: readonly Opening[];
  /** Slots (game pairs) per job. */
  readonly slotsPerJob: number;
  /** Tries of each job before it is left failed (absent in older campaigns: the default). */
  readonly tries?: number;
}

/** What a data campaign stores: one engine playing itself, and how its games start. */
export interface DataCampaignSettings {
  /** The engine, as a one-element list so that the workers' build check reads it as a match's. */
  readonly engines: readonly [EngineSettings];
  readonly names: readonly [string];
  readonly builds: readonly [EngineBuild];
  readonly benchDepth?: number;
  readonly variant: VariantName;
  /** Nodes a move. */
  readonly nodes: number;
  readonly rules: GameRules;
  readonly openingsFile: string;
  /** The openings of the file, in its order. */
  readonly openings: readonly Opening[];
  /** Random plies played after the opening. */
  readonly randomPlies: number;
  readonly seed: number;
  readonly games: number;
  readonly gamesPerJob: number;
  readonly tries: number;
}

/** What a perft campaign stores: the root, the depth, and where the tree is cut. */
export interface PerftCampaignSettings {
  readonly fen: string;
  readonly variant: 'armenian' | 'turkish';
  readonly depth: number;
  /** Plies from the root to the subtrees. */
  readonly split: number;
  readonly subtrees: number;
  readonly subtreesPerJob: number;
}

/** Why a campaign action failed. */
export type CampaignErrorCode = 'engine' | 'no-campaign' | 'state' | 'kind' | 'file';

/** The settings as read from the command line, before the engines are asked who they are. */
export interface CampaignRequest {
  readonly name?: string;
  readonly benchDepth?: number;
  readonly slotsPerJob: number;
  readonly tries: number;
  readonly engines: readonly EngineSettings[];
  readonly variant: VariantName;
  readonly tournament: TournamentKind;
  readonly gamesPerPairing: number;
  readonly rules: GameRules;
  readonly sprt?: SprtSettings;
  readonly event?: string;
  readonly openings: readonly Opening[];
}

export const DEFAULT_SLOTS_PER_JOB = 8;

/** Options of `tama campaign create` beside those of `tama match`, with their value checks. */
const OWN_OPTIONS = ['name', 'batch', 'bench-depth', 'tries'] as const;
/** Match settings that belong to the workers or to `export`, not to a campaign. */
const REFUSED: Record<string, string> = {
  concurrency: 'games at once are a worker setting: tama worker --concurrency N',
  pgnout: 'a campaign stores its games: tama campaign export ID --pdn FILE',
  pdnout: 'a campaign stores its games: tama campaign export ID --pdn FILE',
  debug: 'engine traffic is not recorded by campaigns',
  'rating-interval': 'tama campaign status shows the figures at any time',
};

type Parsed<T> = Result<T, 'bad-argument'>;
const bad = (message: string) => fail('bad-argument', message);

/** Reads the settings of `tama campaign create` (the match settings, plus --name, --batch, --bench-depth, --tries). */
export function parseCampaignArguments(args: readonly string[]): Parsed<CampaignRequest> {
  const own = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const found = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(args[i]);
    const name = found?.[1];
    if (name !== undefined && name in REFUSED) return bad(`--${name}: ${REFUSED[name]}`);
    if (name === undefined || !(OWN_OPTIONS as readonly string[]).includes(name)) {
      rest.push(args[i]);
      continue;
    }
    const value = found?.[2] ?? args[++i];
    if (value === undefined) return bad(`--${name} needs a value`);
    own.set(name, value);
  }
  if (!rest.some((arg) => /^--games(=|$)/.test(arg))) {
    return bad('a campaign needs --games N (games per pairing; with --sprt, the most it plays)');
  }
  const parsed = parseMatchArguments(rest);
  if (!parsed.ok) return parsed;
  const config = parsed.value.config;
  const whole = (key: string, min: number, max: number): Parsed<number | undefined> => {
    const text = own.get(key);
    if (text === undefined) return ok(undefined);
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      return bad(`--${key} must be a whole number from ${min} to ${max}, got '${text}'`);
    }
    return ok(Number(text));
  };
  const batch = whole('batch', 1, 10_000);
  if (!batch.ok) return batch;
  const benchDepth = whole('bench-depth', 1, 64);
  if (!benchDepth.ok) return benchDepth;
  const tries = whole('tries', 1, MAX_TRIES);
  if (!tries.ok) return tries;
  let openings: readonly Opening[] = [START_OPENING];
  if (config.openings) {
    const { file, order, seed, plies, start } = config.openings;
    const loaded = loadOpenings(file, config.variant, plies);
    if (!loaded.ok) return bad(loaded.error.message);
    const sequence = new OpeningSequence(loaded.value, order, seed, start);
    openings = Array.from({ length: sequence.size }, (_, k) => sequence.at(k));
  }
  const eventGiven = rest.some((arg) => /^--event(=|$)/.test(arg));
  return ok({
    name: own.get('name'),
    benchDepth: benchDepth.value,
    slotsPerJob: batch.value ?? DEFAULT_SLOTS_PER_JOB,
    tries: tries.value ?? DEFAULT_TRIES,
    engines: config.engines,
    variant: config.variant,
    tournament: config.tournament,
    gamesPerPairing: config.gamesPerPairing,
    rules: config.rules,
    sprt: config.sprt,
    event: eventGiven ? config.event : undefined,
    openings,
  });
}

/**
 * The games of a campaign grouped by slot: slot s is one game pair of one pairing (two
 * games on one opening with colours swapped, or a lone last game), in schedule order.
 */
export function campaignSlots(settings: GamesCampaignSettings): ScheduledGame[][] {
  const schedule = buildSchedule(
    settings.engines.length,
    settings.tournament,
    settings.gamesPerPairing,
  );
  const slots: ScheduledGame[][] = [];
  for (const game of schedule) {
    const last = slots.at(-1);
    if (last && last[0].pairing === game.pairing && last[0].pairNumber === game.pairNumber) {
      last.push(game);
    } else slots.push([game]);
  }
  return slots;
}
