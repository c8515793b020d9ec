/**
 * Match statistics for engine-vs-engine play: Elo estimate with a 95% interval, likelihood of
 * superiority (LOS) and a sequential probability ratio test (SPRT).
 *
 * Draughts PDN scores a game 2-0, 1-1 or 0-2 (win = 2 points, draw = 1, loss = 0). The
 * statistics use the usual score fraction instead (win = 1, draw = 0.5, loss = 0), so an Elo
 * figure here means the same as in chess tools. Scores are always from the point of view of
 * the engine under test ("first engine").
 *
 * Two sampling models:
 * - trinomial: every game is an independent sample (W/D/L counts);
 * - pentanomial: games come in pairs on the same opening with colours swapped, and every pair
 *   is one sample with pair score 0, 0.5, 1, 1.5 or 2 (index 0..4). This removes the opening
 *   bias from the variance and gives tighter, more honest intervals.
 */

export type GameOutcome = 'win' | 'draw' | 'loss';
/** Pentanomial index of a game pair: its total PDN points (0..4), i.e. pair score index / 2. */
export type PairIndex = 0 | 1 | 2 | 3 | 4;

export interface WinDrawLoss {
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
}

/** Number of game pairs by pair index 0..4 (pair score 0, 0.5, 1, 1.5, 2 out of 2 games). */
export type PairCounts = readonly [number, number, number, number, number];

export interface EloEstimate {
  /** Number of games (twice the number of pairs for the pentanomial model). */
  readonly games: number;
  /** Mean score fraction per game, 0..1. */
  readonly score: number;
  readonly elo: number;
  /** Bounds of the 95% confidence interval (may be -Infinity / Infinity). */
  readonly eloLow: number;
  readonly eloHigh: number;
  /** Likelihood of superiority: probability that the first engine is the stronger, 0..1. */
  readonly los: number;
  /** Drawn games / games (trinomial); balanced pairs (index 2) / pairs (pentanomial). */
  readonly drawRatio: number;
}

export interface SprtBounds {
  readonly lower: number;
  readonly upper: number;
}

export type SprtDecision = 'H0' | 'H1' | 'continue';

/** Two-sided 95% quantile of the standard normal distribution. */
export const Z_95 = 1.959964;

// ---------------------------------------------------------------------------------------------
// Game and pair scoring

/** PDN points of a game (win 2, draw 1, loss 0): what the PDN result string counts. */
export function gamePoints(outcome: GameOutcome): 0 | 1 | 2 {
  return outcome === 'win' ? 2 : outcome === 'draw' ? 1 : 0;
}

/** Score fraction of a game (win 1, draw 0.5, loss 0): what the statistics count. */
export function scoreFraction(outcome: GameOutcome): 0 | 0.5 | 1 {
  return outcome === 'win' ? 1 : outcome === 'draw' ? 0.5 : 0;
}

/** Pentanomial index of a game pair from one engine's point of view: its total PDN points. */
export function pairOutcome(first: GameOutcome, second: GameOutcome): PairIndex {
  return (gamePoints(first) + gamePoints(second)) as PairIndex;
}

/** W/D/L counts of a list of game outcomes, for the trinomial model. */
export function countOutcomes(outcomes: readonly GameOutcome[]): WinDrawLoss {
  let wins = 0;
  let draws = 0;
  let losses = 0;
  for (const outcome of outcomes) {
    if (outcome === 'win') wins++;
    else if (outcome === 'draw') draws++;
    else losses++;
  }
  return { wins, draws, losses };
}

/** Pair counts by pentanomial index of a list of pair indices, for the pentanomial model. */
export function countPairs(pairs: readonly PairIndex[]): PairCounts {
  const counts: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const index of pairs) counts[index]++;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Normal distribution

const SQRT_PI = Math.sqrt(Math.PI);
// Below this erf's series is used, above it erfc's continued fraction (both converge well there).
const SERIES_LIMIT = 2;

/** Complementary error function, to ~1e-13 relative error everywhere (also in the far tail). */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < SERIES_LIMIT) return 1 - erfSeries(x);
  // Continued fraction erfc(x) = exp(-x^2) / sqrt(pi) / (x + (1/2) / (x + 1 / (x + (3/2) / ...))),
  // evaluated from the tail; 60 levels are plenty for x >= 2.
  let denominator = x;
  for (let k = 60; k >= 1; k--) denominator = x + k / 2 / denominator;
  return Math.exp(-x * x) / (SQRT_PI * denominator);
}

/** Error function, to ~1e-14 absolute error; built on erfc's pieces so both agree. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (Math.abs(x) < SERIES_LIMIT) return erfSeries(x);
  return x > 0 ? 1 - erfc(x) : erfc(-x) - 1;
}

// Maclaurin series erf(x) = 2/sqrt(pi) * sum (-1)^n x^(2n+1) / (n! (2n+1)); used for |x| < 2,
// where the alternating terms stay below e^4 and cancellation costs under 2 of 16 digits.
function erfSeries(x: number): number {
  const xSquared = x * x;
  let power = x;
  let sum = x;
  for (let n = 1; n < 200; n++) {
    power *= -xSquared / n;
    const term = power / (2 * n + 1);
    sum += term;
    if (Math.abs(term) <= 1e-17 * Math.abs(sum)) break;
  }
  return (2 / SQRT_PI) * sum;
}

/** Standard normal CDF Φ(x); via erfc so that the far tails keep their relative accuracy. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

// ---------------------------------------------------------------------------------------------
// Elo

/** Logistic Elo difference for an expected score; 0 -> -Infinity, 1 -> Infinity (saturating). */
export function eloFromScore(score: number): number {
  if (Number.isNaN(score)) return NaN;
  if (score <= 0) return -Infinity;
  if (score >= 1) return Infinity;
  return 400 * Math.log10(score / (1 - score)); // = -400 log10(1/score - 1), but +0 at 0.5
}

/** Expected score for a logistic Elo difference: the inverse of eloFromScore. */
export function scoreFromElo(elo: number): number {
  return 1 / (1 + Math.pow(10, -elo / 400));
}

// A discrete score distribution: `units` samples (games or pairs) with per-game score values.
interface ScoreSample {
  readonly units: number;
  readonly mean: number;
  /** Population variance of one sample's per-game score. */
  readonly variance: number;
}

function sampleOf(values: readonly number[], counts: readonly number[]): ScoreSample {
  let units = 0;
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    units += counts[i];
    total += counts[i] * values[i];
  }
  if (units === 0) return { units: 0, mean: 0.5, variance: 0 };
  const mean = total / units;
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += counts[i] * (values[i] - mean) ** 2;
  return { units, mean, variance: squares / units };
}

const GAME_SCORES = [1, 0.5, 0];
const PAIR_SCORES = [0, 0.25, 0.5, 0.75, 1]; // per-game score of a pair, index / 4

function trinomialSample(counts: WinDrawLoss): ScoreSample {
  return sampleOf(GAME_SCORES, [counts.wins, counts.draws, counts.losses]);
}

function pentanomialSample(counts: PairCounts): ScoreSample {
  return sampleOf(PAIR_SCORES, counts);
}

// Elo and its 95% interval from the normal approximation of the mean score; with no samples
// the interval is unbounded.
function eloInterval(sample: ScoreSample): { elo: number; eloLow: number; eloHigh: number } {
  if (sample.units === 0) return { elo: 0, eloLow: -Infinity, eloHigh: Infinity };
  const margin = Z_95 * Math.sqrt(sample.variance / sample.units);
  return {
    elo: eloFromScore(sample.mean),
    eloLow: eloFromScore(sample.mean - margin),
    eloHigh: eloFromScore(sample.mean + margin),
  };
}

/** Elo, 95% interval and LOS treating every game as an independent sample (W/D/L counts). */
export function trinomialElo(counts: WinDrawLoss): EloEstimate {
  const { wins, draws, losses } = counts;
  const sample = trinomialSample(counts);
  const decisive = wins + losses;
  return {
    games: sample.units,
    score: sample.mean,
    ...eloInterval(sample),
    los: decisive === 0 ? 0.5 : normalCdf((wins - losses) / Math.sqrt(decisive)),
    drawRatio: sample.units === 0 ? 0 : draws / sample.units,
  };
}

/**
 * Elo, 95% interval and LOS from game pairs (same opening, colours swapped), one sample per
 * pair; LOS = Φ((score - 0.5) / stdev of the mean score).
 */
export function pentanomialElo(counts: PairCounts): EloEstimate {
  const sample = pentanomialSample(counts);
  const deviation = Math.sqrt(sample.variance / sample.units);
  const excess = sample.mean - 0.5;
  let los = 0.5;
  if (sample.units > 0 && excess !== 0) {
    los = deviation === 0 ? (excess > 0 ? 1 : 0) : normalCdf(excess / deviation);
  }
  return {
    games: 2 * sample.units,
    score: sample.mean,
    ...eloInterval(sample),
    los,
    drawRatio: sample.units === 0 ? 0 : counts[2] / sample.units,
  };
}

// ---------------------------------------------------------------------------------------------
// SPRT

/**
 * Log-likelihood ratio of H1: elo = elo1 against H0: elo = elo0 (logistic Elo), by the normal
 * approximation of the generalized SPRT: LLR = N (s1 - s0) (2 mean - s0 - s1) / (2 variance),
 * with N samples (games for W/D/L counts, pairs for pair counts).
 *
 * When every sample so far scored the same (all wins, all won pairs) the variance is 0 and the
 * formula has no value; the variance is then taken as if one more sample had been a draw (a
 * drawn pair), the smallest doubt the data allows. So an engine that wins everything is
 * accepted as stronger after a few games instead of never. With no samples, or only draws,
 * nothing can be concluded yet: 0.
 */
export function sprtLlr(counts: WinDrawLoss | PairCounts, elo0: number, elo1: number): number {
  let sample = 'wins' in counts ? trinomialSample(counts) : pentanomialSample(counts);
  if (sample.units === 0) return 0;
  if (sample.variance === 0) {
    const doubt =
      'wins' in counts ? trinomialSample({ ...counts, draws: counts.draws + 1 }) : pentanomialSample([counts[0], counts[1], counts[2] + 1, counts[3], counts[4]]); // prettier-ignore
    if (doubt.variance === 0) return 0;
    sample = { ...sample, variance: doubt.variance };
  }
  const score0 = scoreFromElo(elo0);
  const score1 = scoreFromElo(elo1);
  return (
    (sample.units * (score1 - score0) * (2 * sample.mean - score0 - score1)) / (2 * sample.variance)
  );
}

/** Wald's SPRT stopping bounds on the LLR for false-positive rate alpha and false-negative beta. */
export function sprtBounds(alpha: number, beta: number): SprtBounds {
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

/** Whether the test accepts H0, accepts H1, or needs more games. */
export function sprtDecision(llr: number, bounds: SprtBounds): SprtDecision {
  if (llr >= bounds.upper) return 'H1';
  if (llr <= bounds.lower) return 'H0';
  return 'continue';
}

// ---------------------------------------------------------------------------------------------
// Report

function formatFixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (value === Infinity) return 'inf';
  if (value === -Infinity) return '-inf';
  return value.toFixed(digits);
}

/** One-line summary, e.g. "Elo: 35.2 +/- 20.1, LOS: 99.9 %, DrawRatio: 42.0 %"; never throws. */
export function formatElo(result: EloEstimate): string {
  // An interval with an infinite end (no games, or a score of 0 or 1) has no finite width.
  const bounded = Number.isFinite(result.eloLow) && Number.isFinite(result.eloHigh);
  const margin = bounded ? (result.eloHigh - result.eloLow) / 2 : Infinity;
  return (
    `Elo: ${formatFixed(result.elo, 1)} +/- ${formatFixed(margin, 1)}, ` +
    `LOS: ${formatFixed(result.los * 100, 1)} %, ` +
    `DrawRatio: ${formatFixed(result.drawRatio * 100, 1)} %`
  );
}
