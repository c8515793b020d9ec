/**
 * What the match prints: a line per finished game with the running score of its pairing,
 * an Elo/pentanomial/SPRT block every few games, and at the end the standings, the score
 * of every pairing, forfeits by kind and how the games ended. Text only; no I/O here.
 */
import { FORFEITS, type GameRecord, type Termination } from './game.js';
import { pdnResultOf } from '../pdn/pdn.js';
import type { MatchResults } from './results.js';
import type { ScheduledGame } from './schedule.js';
import {
  formatElo,
  pentanomialElo,
  sprtBounds,
  sprtDecision,
  sprtLlr,
  trinomialElo,
  type EloEstimate,
  type SprtDecision,
} from '../stats/stats.js';

export interface SprtSettings {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
}

export interface SprtState {
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  readonly decision: SprtDecision;
}

/** The SPRT on the first pairing's game pairs (pentanomial model). */
export function sprtState(results: MatchResults, settings: SprtSettings): SprtState {
  const llr = sprtLlr(results.pairCounts(0), settings.elo0, settings.elo1);
  const bounds = sprtBounds(settings.alpha, settings.beta);
  return { llr, ...bounds, decision: sprtDecision(llr, bounds) };
}

const fixed = (value: number, digits: number) =>
  Number.isFinite(value) ? value.toFixed(digits) : value > 0 ? 'inf' : '-inf';

/** `Finished game 3 (A vs B): 2-0 {Black has no legal move}` */
export function finishedLine(
  game: ScheduledGame,
  names: readonly string[],
  record: GameRecord,
): string {
  return `Finished game ${game.number} (${names[game.white]} vs ${names[game.black]}): ${pdnResultOf(record.result)} {${record.reason}}`;
}

/** `Score of A vs B: 5 - 3 - 4  [0.583] 12` (wins - losses - draws of A, score, games). */
export function scoreLine(results: MatchResults, pairing: number): string {
  const [a, b] = results.pairings[pairing];
  const { wins, draws, losses } = results.pairingCounts(pairing);
  const games = wins + draws + losses;
  const score = games === 0 ? 0.5 : (wins + draws / 2) / games;
  return `Score of ${results.names[a]} vs ${results.names[b]}: ${wins} - ${losses} - ${draws}  [${score.toFixed(3)}] ${games}`;
}

/** Half the width of an Elo interval; infinite when either end is. */
function eloMargin(estimate: EloEstimate): number {
  const bounded = Number.isFinite(estimate.eloLow) && Number.isFinite(estimate.eloHigh);
  return bounded ? (estimate.eloHigh - estimate.eloLow) / 2 : Infinity;
}

/** Elo with its 95% interval per game, and per game pair with the pentanomial counts. */
export function eloLines(results: MatchResults, pairing: number): string[] {
  const perGame = formatElo(trinomialElo(results.pairingCounts(pairing)));
  const lines = [`Elo difference: ${perGame.replace(/^Elo: /, '')}`];
  const pairs = results.pairCounts(pairing);
  if (pairs.some((count) => count > 0)) {
    const estimate = pentanomialElo(pairs);
    lines.push(
      `Ptnml(0-2): [${pairs.join(', ')}], pair Elo: ${fixed(estimate.elo, 1)} +/- ${fixed(eloMargin(estimate), 1)}, LOS: ${(estimate.los * 100).toFixed(1)} %`,
    );
  }
  return lines;
}

/** `SPRT: llr 1.23 (41.8%), lbound -2.94, ubound 2.94` plus the decision once taken. */
export function sprtLine(state: SprtState, settings: SprtSettings): string {
  const percent =
    state.llr >= 0 ? (100 * state.llr) / state.upper : (-100 * state.llr) / state.lower;
  const verdict =
    state.decision === 'H1'
      ? ' - H1 was accepted'
      : state.decision === 'H0'
        ? ' - H0 was accepted'
        : '';
  return `SPRT (elo0 ${settings.elo0}, elo1 ${settings.elo1}): llr ${state.llr.toFixed(2)} (${percent.toFixed(1)}%), lbound ${state.lower.toFixed(2)}, ubound ${state.upper.toFixed(2)}${verdict}`;
}

/** Standings of every engine against the field, best score first. */
export function standingsLines(results: MatchResults): string[] {
  const width = Math.max(4, ...results.names.map((name) => name.length));
  const rows = results.names.map((name, engine) => {
    const counts = results.engineCounts(engine);
    const estimate = trinomialElo(counts);
    return { name, counts, estimate, margin: eloMargin(estimate) };
  });
  rows.sort((x, y) => y.estimate.score - x.estimate.score);
  const lines = [`Rank ${'Name'.padEnd(width)}      Elo      +/-  Games   Score    Draw`];
  rows.forEach((row, rank) => {
    const games = row.counts.wins + row.counts.draws + row.counts.losses;
    lines.push(
      `${String(rank + 1).padStart(4)} ${row.name.padEnd(width)} ${fixed(row.estimate.elo, 1).padStart(8)} ${fixed(row.margin, 1).padStart(8)} ${String(games).padStart(6)} ${(row.estimate.score * 100).toFixed(1).padStart(6)}% ${(row.estimate.drawRatio * 100).toFixed(1).padStart(6)}%`,
    );
  });
  return lines;
}

/** Forfeits by kind for each engine that had any, or one line saying there were none. */
export function forfeitLines(results: MatchResults): string[] {
  const lines: string[] = [];
  results.names.forEach((name, engine) => {
    const counts = results.forfeits(engine);
    const total = FORFEITS.reduce((sum, kind) => sum + counts[kind], 0);
    if (total > 0)
      lines.push(
        `Forfeits of ${name}: ${FORFEITS.map((kind) => `${kind} ${counts[kind]}`).join(', ')}`,
      );
  });
  return lines.length > 0 ? lines : ['Forfeits: none'];
}

/** `Terminations: no-moves 10, repetition 2, ...` */
export function terminationLine(results: MatchResults): string {
  const parts = [...results.terminations].map(
    ([kind, count]: [Termination, number]) => `${kind} ${count}`,
  );
  return `Terminations: ${parts.length > 0 ? parts.join(', ') : 'none'}`;
}

/** The report printed when the match ends (or is stopped). */
export function finalReport(
  results: MatchResults,
  sprt: SprtSettings | undefined,
  stopped: string | undefined,
): string[] {
  const lines = ['', stopped === undefined ? 'Match finished' : `Match stopped: ${stopped}`];
  if (results.names.length > 2) lines.push(...standingsLines(results), '');
  results.pairings.forEach((_, pairing) => {
    lines.push(scoreLine(results, pairing), ...eloLines(results, pairing));
  });
  if (sprt) lines.push(sprtLine(sprtState(results, sprt), sprt));
  lines.push(...forfeitLines(results), terminationLine(results));
  return lines;
}
