/**
 * The running tally of a match: W/D/L and pentanomial pair counts per pairing (from the
 * pairing's first engine's point of view), totals per engine, forfeits per engine by kind,
 * and how games ended. Only finished games are counted.
 */
import type { Color } from '../core/variant.js';
import { FORFEITS, type Forfeit, type GameRecord, type Termination } from './game.js';
import type { ScheduledGame } from './schedule.js';
import {
  countPairs,
  pairOutcome,
  type GameOutcome,
  type PairCounts,
  type PairIndex,
  type WinDrawLoss,
} from '../stats/stats.js';

interface Tally {
  wins: number;
  draws: number;
  losses: number;
}

const emptyTally = (): Tally => ({ wins: 0, draws: 0, losses: 0 });

function add(tally: Tally, outcome: GameOutcome): void {
  if (outcome === 'win') tally.wins++;
  else if (outcome === 'draw') tally.draws++;
  else tally.losses++;
}

/** The outcome of a game for the engine that played `color`. */
export function outcomeFor(record: GameRecord, color: Color): GameOutcome {
  if (record.result === 'draw') return 'draw';
  return (record.result === 'white') === (color === 0) ? 'win' : 'loss';
}

export class MatchResults {
  private readonly pairingTallies: Tally[];
  private readonly pairingPairs: PairIndex[][];
  private readonly engineTallies: Tally[];
  private readonly engineForfeits: Record<Forfeit, number>[];
  // First game's outcome of each open pair, keyed "pairing:pairNumber".
  private readonly openPairs = new Map<string, GameOutcome>();
  /** How many games ended each way. */
  readonly terminations = new Map<Termination, number>();
  /** Finished games counted so far. */
  games = 0;

  constructor(
    readonly names: readonly string[],
    readonly pairings: readonly (readonly [number, number])[],
  ) {
    this.pairingTallies = pairings.map(emptyTally);
    this.pairingPairs = pairings.map(() => []);
    this.engineTallies = names.map(emptyTally);
    this.engineForfeits = names.map(
      () => Object.fromEntries(FORFEITS.map((kind) => [kind, 0])) as Record<Forfeit, number>,
    );
  }

  /** Counts one finished game (a game with result 'none' is ignored). */
  add(game: ScheduledGame, record: GameRecord): void {
    if (record.result === 'none') return;
    this.games++;
    this.terminations.set(record.termination, (this.terminations.get(record.termination) ?? 0) + 1);
    const [first] = this.pairings[game.pairing];
    const firstColor: Color = game.white === first ? 0 : 1;
    const outcome = outcomeFor(record, firstColor);
    add(this.pairingTallies[game.pairing], outcome);
    add(this.engineTallies[game.white], outcomeFor(record, 0));
    add(this.engineTallies[game.black], outcomeFor(record, 1));
    if (
      record.forfeitedBy !== undefined &&
      (FORFEITS as readonly string[]).includes(record.termination)
    ) {
      const loser = record.forfeitedBy === 0 ? game.white : game.black;
      this.engineForfeits[loser][record.termination as Forfeit]++;
    }
    const key = `${game.pairing}:${game.pairNumber}`;
    const earlier = this.openPairs.get(key);
    if (earlier === undefined) this.openPairs.set(key, outcome);
    else {
      this.openPairs.delete(key);
      this.pairingPairs[game.pairing].push(pairOutcome(earlier, outcome));
    }
  }

  /** W/D/L of a pairing for its first engine. */
  pairingCounts(pairing: number): WinDrawLoss {
    return { ...this.pairingTallies[pairing] };
  }

  /** Completed game pairs of a pairing by pentanomial index, for its first engine. */
  pairCounts(pairing: number): PairCounts {
    return countPairs(this.pairingPairs[pairing]);
  }

  /** W/D/L of an engine over all its games. */
  engineCounts(engine: number): WinDrawLoss {
    return { ...this.engineTallies[engine] };
  }

  /** Forfeits of an engine by kind. */
  forfeits(engine: number): Readonly<Record<Forfeit, number>> {
    return { ...this.engineForfeits[engine] };
  }
}
