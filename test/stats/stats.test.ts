import { describe, it, expect } from 'vitest';
import {
  countOutcomes,
  countPairs,
  eloFromScore,
  erf,
  erfc,
  formatElo,
  gamePoints,
  normalCdf,
  pairOutcome,
  pentanomialElo,
  scoreFraction,
  scoreFromElo,
  sprtBounds,
  sprtDecision,
  sprtLlr,
  trinomialElo,
  type GameOutcome,
  type PairIndex,
} from '../../src/stats/stats.js';

// Expected values below are worked out by hand in the comments (z = 1.959964 throughout,
// Elo(s) = -400 log10(1/s - 1)); normal-table and erf values are the published table values.

describe('game scoring', () => {
  it.each([
    ['win', 2, 1],
    ['draw', 1, 0.5],
    ['loss', 0, 0],
  ] as const)('%s: %i PDN points, score %f', (outcome, points, fraction) => {
    expect(gamePoints(outcome)).toBe(points);
    expect(scoreFraction(outcome)).toBe(fraction);
  });

  it('counts outcomes and pairs', () => {
    const outcomes: GameOutcome[] = ['win', 'draw', 'win', 'loss', 'draw', 'draw'];
    expect(countOutcomes(outcomes)).toEqual({ wins: 2, draws: 3, losses: 1 });
    const pairs: PairIndex[] = [4, 2, 2, 0, 3];
    expect(countPairs(pairs)).toEqual([1, 0, 2, 1, 1]);
  });
});

describe('pairOutcome: pentanomial index = total PDN points of the pair', () => {
  it.each([
    ['loss', 'loss', 0], // 0 + 0
    ['loss', 'draw', 1], // 0 + 1
    ['draw', 'loss', 1],
    ['loss', 'win', 2], // 0 + 2
    ['win', 'loss', 2],
    ['draw', 'draw', 2], // 1 + 1
    ['draw', 'win', 3], // 1 + 2
    ['win', 'draw', 3],
    ['win', 'win', 4], // 2 + 2
  ] as const)('%s then %s -> %i', (first, second, index) => {
    expect(pairOutcome(first, second)).toBe(index);
  });
});

describe('normal distribution', () => {
  it('erf and erfc match table values to better than 1e-9', () => {
    // Abramowitz & Stegun table 7.1 and its extensions.
    expect(erf(0)).toBe(0);
    expect(erf(0.5)).toBeCloseTo(0.5204998778, 9);
    expect(erf(1)).toBeCloseTo(0.8427007929, 9);
    expect(erf(-1)).toBeCloseTo(-0.8427007929, 9);
    expect(erf(2)).toBeCloseTo(0.995322265, 9);
    expect(erf(3.5)).toBeCloseTo(0.9999992569, 9);
    expect(erfc(3) / 2.209049699858544e-5).toBeCloseTo(1, 9);
    expect(erfc(5) / 1.5374597944280349e-12).toBeCloseTo(1, 9);
    expect(erfc(-2)).toBeCloseTo(1.995322265, 9); // 2 - erfc(2) = 2 - 0.004677735
  });

  it('normalCdf is symmetric, gives the 95% quantile and keeps relative accuracy in the tail', () => {
    expect(normalCdf(0)).toBe(0.5);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 7);
    expect(normalCdf(-1.959964)).toBeCloseTo(0.025, 7);
    expect(normalCdf(1) + normalCdf(-1)).toBeCloseTo(1, 12);
    expect(normalCdf(1)).toBeCloseTo(0.8413447461, 9);
    // Φ(-8) = 6.220960574e-16: a 1 - Φ(8) formula would return 0 here.
    expect(normalCdf(-8) / 6.220960574e-16).toBeCloseTo(1, 8);
  });
});

describe('eloFromScore', () => {
  it('is the logistic Elo curve with infinite ends', () => {
    expect(eloFromScore(0.5)).toBe(0); // -400 log10(1) = 0
    // s = 0.75: 1/s - 1 = 1/3, log10(1/3) = -0.4771213 -> 190.8485
    expect(eloFromScore(0.75)).toBeCloseTo(190.8485, 3);
    expect(eloFromScore(0.25)).toBeCloseTo(-190.8485, 3);
    // s = 10/11: 1/s - 1 = 0.1, log10 = -1 -> 400
    expect(eloFromScore(10 / 11)).toBeCloseTo(400, 9);
    expect(eloFromScore(1)).toBe(Infinity);
    expect(eloFromScore(0)).toBe(-Infinity);
    expect(scoreFromElo(400)).toBeCloseTo(10 / 11, 12); // 1 / (1 + 10^-1)
  });
});

describe('trinomialElo', () => {
  it('0/100/0: all draws, zero-width interval at 0', () => {
    // s = 50/100 = 0.5; every game scores 0.5 so the variance is 0; LOS = 0.5 (no decisive game)
    const result = trinomialElo({ wins: 0, draws: 100, losses: 0 });
    expect(result).toEqual({
      games: 100,
      score: 0.5,
      elo: 0,
      eloLow: 0,
      eloHigh: 0,
      los: 0.5,
      drawRatio: 1,
    });
    expect(formatElo(result)).toBe('Elo: 0.0 +/- 0.0, LOS: 50.0 %, DrawRatio: 100.0 %');
  });

  it('60/20/20', () => {
    // s = (60 + 0.5 * 20) / 100 = 0.7 -> 1/s - 1 = 0.4285714, log10 = -0.3679768 -> 147.1907
    // var = (60 * 0.3^2 + 20 * 0.2^2 + 20 * 0.7^2) / 100 = (5.4 + 0.8 + 9.8) / 100 = 0.16
    // stdev of the mean = sqrt(0.16 / 100) = 0.04, z * 0.04 = 0.07839856
    // low  s = 0.62160144: 1/s - 1 = 0.6087479, log10 = -0.2155625 -> 86.2250
    // high s = 0.77839856: 1/s - 1 = 0.2846889, log10 = -0.5456294 -> 218.2518
    // LOS = Φ(40 / sqrt(80)) = Φ(4.4721) = 0.999996
    const result = trinomialElo({ wins: 60, draws: 20, losses: 20 });
    expect(result.games).toBe(100);
    expect(result.score).toBeCloseTo(0.7, 12);
    expect(result.elo).toBeCloseTo(147.1907, 3);
    expect(result.eloLow).toBeCloseTo(86.225, 3);
    expect(result.eloHigh).toBeCloseTo(218.2518, 3);
    expect(result.los).toBeCloseTo(0.999996, 6);
    expect(result.drawRatio).toBeCloseTo(0.2, 12);
    // margin = (218.2518 - 86.2250) / 2 = 66.0134
    expect(formatElo(result)).toBe('Elo: 147.2 +/- 66.0, LOS: 100.0 %, DrawRatio: 20.0 %');
  });

  it('30/40/30: symmetric interval around 0', () => {
    // s = 0.5; var = (30 * 0.25 + 40 * 0 + 30 * 0.25) / 100 = 0.15
    // stdev = sqrt(0.0015) = 0.0387298, z * stdev = 0.0759091
    // low s = 0.4240909: 1/s - 1 = 1.3579849, log10 = 0.1328950 -> -53.1580
    const result = trinomialElo({ wins: 30, draws: 40, losses: 30 });
    expect(result.elo).toBe(0);
    expect(result.eloLow).toBeCloseTo(-53.158, 3);
    expect(result.eloHigh).toBeCloseTo(53.158, 3);
    expect(result.los).toBe(0.5); // Φ(0 / sqrt(60))
    expect(formatElo(result)).toBe('Elo: 0.0 +/- 53.2, LOS: 50.0 %, DrawRatio: 40.0 %');
  });

  it('9/1/0: the upper bound passes a score of 1 and becomes infinite', () => {
    // s = 9.5 / 10 = 0.95 -> 1/s - 1 = 0.0526316, log10 = -1.2787536 -> 511.5014
    // var = (9 * 0.05^2 + 1 * 0.45^2) / 10 = (0.0225 + 0.2025) / 10 = 0.0225
    // stdev = sqrt(0.00225) = 0.0474342, z * stdev = 0.0929693
    // high s = 1.0429693 > 1 -> +inf; low s = 0.8570307: 1/s - 1 = 0.1668193,
    // log10 = -0.7777537 -> 311.1015; LOS = Φ(9 / sqrt(9)) = Φ(3) = 0.9986501
    const result = trinomialElo({ wins: 9, draws: 1, losses: 0 });
    expect(result.elo).toBeCloseTo(511.5014, 3);
    expect(result.eloLow).toBeCloseTo(311.1015, 3);
    expect(result.eloHigh).toBe(Infinity);
    expect(result.los).toBeCloseTo(0.9986501, 6);
    expect(formatElo(result)).toBe('Elo: 511.5 +/- inf, LOS: 99.9 %, DrawRatio: 10.0 %');
  });

  it('10/0/0: infinite Elo', () => {
    // s = 1; LOS = Φ(10 / sqrt(10)) = Φ(3.1623) = 0.9992173
    const result = trinomialElo({ wins: 10, draws: 0, losses: 0 });
    expect(result.score).toBe(1);
    expect(result.elo).toBe(Infinity);
    expect(result.eloLow).toBe(Infinity);
    expect(result.eloHigh).toBe(Infinity);
    expect(result.los).toBeCloseTo(0.9992173, 6);
    expect(formatElo(result)).toBe('Elo: inf +/- inf, LOS: 99.9 %, DrawRatio: 0.0 %');
  });

  it('0/0/10: minus infinite Elo', () => {
    // s = 0; LOS = Φ(-3.1623) = 1 - 0.9992173 = 0.0007827
    const result = trinomialElo({ wins: 0, draws: 0, losses: 10 });
    expect(result.score).toBe(0);
    expect(result.elo).toBe(-Infinity);
    expect(result.eloLow).toBe(-Infinity);
    expect(result.eloHigh).toBe(-Infinity);
    expect(result.los).toBeCloseTo(0.0007827, 6);
    expect(formatElo(result)).toBe('Elo: -inf +/- inf, LOS: 0.1 %, DrawRatio: 0.0 %');
  });

  it('no games: Elo 0 with an unbounded interval, never NaN', () => {
    const result = trinomialElo({ wins: 0, draws: 0, losses: 0 });
    expect(result).toEqual({
      games: 0,
      score: 0.5,
      elo: 0,
      eloLow: -Infinity,
      eloHigh: Infinity,
      los: 0.5,
      drawRatio: 0,
    });
    expect(formatElo(result)).toBe('Elo: 0.0 +/- inf, LOS: 50.0 %, DrawRatio: 0.0 %');
  });
});

describe('pentanomialElo', () => {
  it('pairs [2, 5, 10, 8, 5]', () => {
    // 30 pairs = 60 games; per-game pair scores 0, 0.25, 0.5, 0.75, 1
    // s = (5 * 0.25 + 10 * 0.5 + 8 * 0.75 + 5 * 1) / 30 = 17.25 / 30 = 0.575
    //   -> 1/s - 1 = 0.7391304, log10 = -0.1312789 -> 52.5116
    // deviations -0.575, -0.325, -0.075, 0.175, 0.425; squares 0.330625, 0.105625, 0.005625,
    // 0.030625, 0.180625; weighted sum = 0.66125 + 0.528125 + 0.05625 + 0.245 + 0.903125 = 2.39375
    // var = 2.39375 / 30 = 0.0797917; stdev of the mean = sqrt(0.0797917 / 30) = 0.0515725
    // z * stdev = 0.1010802
    // low  s = 0.4739198: 1/s - 1 = 1.1100618, log10 = 0.0453472 -> -18.1389
    // high s = 0.6760802: 1/s - 1 = 0.4791144, log10 = -0.3195608 -> 127.8243
    // LOS = Φ(0.075 / 0.0515725) = Φ(1.45426) = 0.92706; draw ratio = 10 / 30 balanced pairs
    const result = pentanomialElo([2, 5, 10, 8, 5]);
    expect(result.games).toBe(60);
    expect(result.score).toBeCloseTo(0.575, 12);
    expect(result.elo).toBeCloseTo(52.5116, 3);
    expect(result.eloLow).toBeCloseTo(-18.1389, 3);
    expect(result.eloHigh).toBeCloseTo(127.8243, 3);
    expect(result.los).toBeCloseTo(0.92706, 4);
    expect(result.drawRatio).toBeCloseTo(1 / 3, 12);
    // margin = (127.8243 + 18.1389) / 2 = 72.9816
    expect(formatElo(result)).toBe('Elo: 52.5 +/- 73.0, LOS: 92.7 %, DrawRatio: 33.3 %');
  });

  it('pairs with uncorrelated games give the trinomial interval', () => {
    // Games won with frequency 3/4, pairs in the independent proportions 1 LL : 6 WL : 9 WW,
    // i.e. [1, 0, 6, 0, 9] = 16 pairs, the same games as W/D/L 24/0/8 (W = 6 + 2 * 9).
    // Trinomial: s = 24 / 32 = 0.75, var = 0.75 * 0.25 = 0.1875, stdev^2 = 0.1875 / 32
    //   = 0.005859375.
    // Pentanomial: s = (6 * 0.5 + 9 * 1) / 16 = 0.75,
    //   var = (1 * 0.75^2 + 6 * 0.25^2 + 9 * 0.25^2) / 16 = (0.5625 + 0.375 + 0.5625) / 16
    //   = 0.09375, stdev^2 = 0.09375 / 16 = 0.005859375: the same.
    // stdev = 0.0765466, z * stdev = 0.1500285;
    // low  s = 0.5999715: 1/s - 1 = 0.6667458, log10 = -0.1760397 -> 70.4159
    // high s = 0.9000285: 1/s - 1 = 0.1110759, log10 = -0.9543800 -> 381.7520
    const pairs = pentanomialElo([1, 0, 6, 0, 9]);
    const games = trinomialElo({ wins: 24, draws: 0, losses: 8 });
    expect(pairs.games).toBe(32);
    expect(games.games).toBe(32);
    for (const result of [pairs, games]) {
      expect(result.elo).toBeCloseTo(190.8485, 3);
      expect(result.eloLow).toBeCloseTo(70.4159, 3);
      expect(result.eloHigh).toBeCloseTo(381.752, 3);
    }
    // LOS: trinomial Φ(16 / sqrt(32)) = Φ(2.8284) = 0.99766;
    // pentanomial Φ(0.25 / 0.0765466) = Φ(3.2660) = 0.99945.
    expect(games.los).toBeCloseTo(0.99766, 4);
    expect(pairs.los).toBeCloseTo(0.99945, 4);
  });

  it('perfectly correlated pairs widen the interval by sqrt(2)', () => {
    // [4, 0, 0, 0, 12]: the same 24 wins / 8 losses but both games of a pair always agree.
    // var = (4 * 0.5625 + 12 * 0.0625) / 16 = 0.1875, stdev^2 = 0.1875 / 16 = 0.01171875
    // (twice the trinomial 0.005859375); stdev = 0.1082532, z * stdev = 0.2121723
    // low  s = 0.5378277: 1/s - 1 = 0.8593316, log10 = -0.0658392 -> 26.3357
    // high s = 0.9621723: 1/s - 1 = 0.0393149, log10 = -1.4054432 -> 562.1773
    const result = pentanomialElo([4, 0, 0, 0, 12]);
    expect(result.elo).toBeCloseTo(190.8485, 3);
    expect(result.eloLow).toBeCloseTo(26.3357, 3);
    expect(result.eloHigh).toBeCloseTo(562.1773, 3);
  });

  it('degenerate pairs: all wins, all balanced, none', () => {
    const allWins = pentanomialElo([0, 0, 0, 0, 7]);
    expect(allWins.elo).toBe(Infinity);
    expect(allWins.los).toBe(1);
    const balanced = pentanomialElo([0, 0, 7, 0, 0]);
    expect(balanced.elo).toBe(0);
    expect(balanced.los).toBe(0.5);
    expect(balanced.drawRatio).toBe(1);
    const none = pentanomialElo([0, 0, 0, 0, 0]);
    expect(none.games).toBe(0);
    expect(none.los).toBe(0.5);
    expect(formatElo(none)).toBe('Elo: 0.0 +/- inf, LOS: 50.0 %, DrawRatio: 0.0 %');
  });
});

describe('SPRT', () => {
  // H0: elo = 0 -> s0 = 0.5; H1: elo = 10 -> s1 = 1 / (1 + 10^(-10/400)) = 1 / 1.9440609
  // = 0.5143872; s1 - s0 = 0.0143872. LLR = N (s1 - s0) (2 mean - s0 - s1) / (2 var).
  const elo0 = 0;
  const elo1 = 10;

  it('bounds for alpha = beta = 0.05 are +/- ln(19) = +/- 2.944439', () => {
    const bounds = sprtBounds(0.05, 0.05);
    expect(bounds.lower).toBeCloseTo(-2.944439, 6); // ln(0.05 / 0.95)
    expect(bounds.upper).toBeCloseTo(2.944439, 6); // ln(0.95 / 0.05)
    // alpha = 0.05, beta = 0.1: ln(0.1 / 0.95) = -2.251292, ln(0.9 / 0.05) = ln(18) = 2.890372
    const uneven = sprtBounds(0.05, 0.1);
    expect(uneven.lower).toBeCloseTo(-2.251292, 6);
    expect(uneven.upper).toBeCloseTo(2.890372, 6);
  });

  it('trinomial LLR: 60/20/20 favours H1, 30/40/30 favours H0', () => {
    // 60/20/20: mean 0.7, var 0.16; 2 * 0.7 - 0.5 - 0.5143872 = 0.3856128
    // LLR = 100 * 0.0143872 * 0.3856128 / 0.32 = 1.73371
    expect(sprtLlr({ wins: 60, draws: 20, losses: 20 }, elo0, elo1)).toBeCloseTo(1.73371, 4);
    // 30/40/30: mean 0.5, var 0.15; 1 - 1.0143872 = -0.0143872
    // LLR = 100 * 0.0143872 * -0.0143872 / 0.3 = -0.068997
    expect(sprtLlr({ wins: 30, draws: 40, losses: 30 }, elo0, elo1)).toBeCloseTo(-0.068997, 5);
  });

  it('the LLR increases with more wins', () => {
    // 40/40/30: N = 110, mean = 60 / 110 = 0.5454545,
    //   var = (40 * 0.4545455^2 + 40 * 0.0454545^2 + 30 * 0.5454545^2) / 110 = 17.272727 / 110
    //   = 0.1570248; LLR = 110 * 0.0143872 * 0.0765219 / 0.3140496 = 0.385617
    // 50/40/30: N = 120, mean = 70 / 120 = 0.5833333,
    //   var = (50 * 0.4166667^2 + 40 * 0.0833333^2 + 30 * 0.5833333^2) / 120 = 19.166667 / 120
    //   = 0.1597222; LLR = 120 * 0.0143872 * 0.1522795 / 0.3194444 = 0.823006
    const llrs = [30, 40, 50].map((wins) => sprtLlr({ wins, draws: 40, losses: 30 }, elo0, elo1));
    expect(llrs[1]).toBeCloseTo(0.385617, 5);
    expect(llrs[2]).toBeCloseTo(0.823006, 5);
    expect(llrs[0]).toBeLessThan(llrs[1]);
    expect(llrs[1]).toBeLessThan(llrs[2]);
  });

  it('pentanomial LLR from pairs', () => {
    // [2, 5, 10, 8, 5]: N = 30 pairs, mean 0.575, var 0.0797917;
    // 2 * 0.575 - 1.0143872 = 0.1356128; LLR = 30 * 0.0143872 * 0.1356128 / 0.1595833 = 0.366784
    expect(sprtLlr([2, 5, 10, 8, 5], elo0, elo1)).toBeCloseTo(0.366784, 5);
    // Uncorrelated pairs [1, 0, 6, 0, 9] equal W/D/L 24/0/8: N / var = 16 / 0.09375 = 32 / 0.1875
    // = 170.6667; LLR = 170.6667 * 0.0143872 * (1.5 - 1.0143872) / 2 = 0.596190
    expect(sprtLlr([1, 0, 6, 0, 9], elo0, elo1)).toBeCloseTo(0.59619, 5);
    expect(sprtLlr({ wins: 24, draws: 0, losses: 8 }, elo0, elo1)).toBeCloseTo(0.59619, 5);
  });

  it('swapping the hypotheses flips the sign', () => {
    const counts = { wins: 60, draws: 20, losses: 20 };
    expect(sprtLlr(counts, elo1, elo0)).toBeCloseTo(-sprtLlr(counts, elo0, elo1), 12);
  });

  it('no games or only draws mean no evidence', () => {
    expect(sprtLlr({ wins: 0, draws: 0, losses: 0 }, elo0, elo1)).toBe(0);
    expect(sprtLlr([0, 0, 0, 0, 0], elo0, elo1)).toBe(0);
    expect(sprtLlr({ wins: 0, draws: 12, losses: 0 }, elo0, elo1)).toBe(0);
    expect(sprtLlr([0, 0, 6, 0, 0], elo0, elo1)).toBe(0);
  });

  it('an engine that wins everything is accepted as stronger after a few games, not never', () => {
    const bounds = sprtBounds(0.1, 0.1);
    const wins = (n: number) => sprtLlr({ wins: n, draws: 0, losses: 0 }, 0, 100);
    const pairs = (n: number) => sprtLlr([0, 0, 0, 0, n], 0, 100);
    expect(wins(1)).toBeGreaterThan(0);
    expect(wins(10)).toBeGreaterThan(wins(5));
    expect(sprtDecision(wins(20), bounds)).toBe('H1');
    expect(sprtDecision(pairs(10), bounds)).toBe('H1');
    // All losses mirror all wins: H0.
    expect(sprtLlr({ wins: 0, draws: 0, losses: 20 }, 0, 100)).toBeLessThan(bounds.lower);
    expect(sprtLlr([10, 0, 0, 0, 0], 0, 100)).toBeLessThan(bounds.lower);
    // The variance used is that of the same results with one more draw.
    const withDraw = sprtLlr({ wins: 10, draws: 1, losses: 0 }, 0, 100);
    expect(wins(10)).toBeGreaterThan(withDraw);
  });

  it('decisions against +/- 2.944', () => {
    const bounds = sprtBounds(0.05, 0.05);
    // 600/200/200: same mean and variance as 60/20/20 with 10x the games: LLR = 17.3371
    const strong = sprtLlr({ wins: 600, draws: 200, losses: 200 }, elo0, elo1);
    expect(strong).toBeCloseTo(17.3371, 3);
    expect(sprtDecision(strong, bounds)).toBe('H1');
    // 3000/4000/3000: 100x 30/40/30: LLR = -6.8997
    const even = sprtLlr({ wins: 3000, draws: 4000, losses: 3000 }, elo0, elo1);
    expect(even).toBeCloseTo(-6.8997, 3);
    expect(sprtDecision(even, bounds)).toBe('H0');
    expect(sprtDecision(1.73371, bounds)).toBe('continue');
    expect(sprtDecision(2.95, bounds)).toBe('H1');
    expect(sprtDecision(-2.95, bounds)).toBe('H0');
    expect(sprtDecision(0, bounds)).toBe('continue');
  });
});
