import { describe, expect, it } from 'vitest';
import type { GameRecord, Termination } from '../../src/match/game.js';
import type { GameResult } from '../../src/pdn/pdn.js';
import { MatchResults } from '../../src/match/results.js';
import { buildSchedule, pairingsOf } from '../../src/match/schedule.js';
import { finalReport, scoreLine, sprtState } from '../../src/match/report.js';

describe('pairings and schedule', () => {
  it('pairs everyone in a round robin and the first engine with each other in a gauntlet', () => {
    expect(pairingsOf(3, 'round-robin')).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(pairingsOf(4, 'gauntlet')).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
    ]);
  });

  it('plays each opening twice with colours swapped, pair by pair across pairings', () => {
    const games = buildSchedule(3, 'round-robin', 4);
    expect(games).toHaveLength(12);
    expect(games.slice(0, 6).map((g) => [g.white, g.black, g.pairNumber])).toEqual([
      [0, 1, 0],
      [1, 0, 0],
      [0, 2, 0],
      [2, 0, 0],
      [1, 2, 0],
      [2, 1, 0],
    ]);
    expect(games.map((g) => g.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(games[11]).toMatchObject({ pairing: 2, pairNumber: 1, gameInPair: 1 });
  });

  it('ends an odd count with a lone game', () => {
    const games = buildSchedule(2, 'round-robin', 3);
    expect(games.map((g) => [g.white, g.gameInPair])).toEqual([
      [0, 0],
      [1, 1],
      [0, 0],
    ]);
  });
});

function record(
  result: GameResult,
  termination: Termination = 'no-moves',
  forfeitedBy?: 0 | 1,
): GameRecord {
  return { moves: [], result, termination, reason: 'test', finalPosition: '', forfeitedBy };
}

describe('MatchResults', () => {
  it('counts W/D/L for the first engine and pairs when both games are in, in any order', () => {
    const games = buildSchedule(2, 'round-robin', 6);
    const results = new MatchResults(['A', 'B'], pairingsOf(2, 'round-robin'));
    // Pair 0: A wins with White, draws with Black -> 3 points; pair 1: A loses both -> 0;
    // pair 2: only the first game (A wins with White) is in.
    results.add(games[1], record('draw'));
    expect(results.pairCounts(0)).toEqual([0, 0, 0, 0, 0]);
    results.add(games[0], record('white'));
    results.add(games[2], record('black', 'time-forfeit', 0));
    results.add(games[3], record('white', 'illegal-move', 1));
    results.add(games[4], record('white'));
    results.add(games[5], record('none', 'interrupted'));
    expect(results.games).toBe(5);
    expect(results.pairingCounts(0)).toEqual({ wins: 2, draws: 1, losses: 2 });
    expect(results.pairCounts(0)).toEqual([1, 0, 0, 1, 0]);
    expect(results.engineCounts(1)).toEqual({ wins: 2, draws: 1, losses: 2 });
    expect(results.forfeits(0)).toMatchObject({ 'time-forfeit': 1, 'illegal-move': 1 });
    expect(results.forfeits(1)['illegal-move']).toBe(0);
    expect(scoreLine(results, 0)).toBe('Score of A vs B: 2 - 2 - 1  [0.500] 5');
  });

  it('reports standings for three engines, forfeits, terminations and the SPRT', () => {
    const games = buildSchedule(3, 'round-robin', 2);
    const results = new MatchResults(['A', 'B', 'C'], pairingsOf(3, 'round-robin'));
    // A beats everyone; B and C draw, except that B crashes in its game with Black.
    for (const game of games) {
      if (game.white === 0 || game.black === 0) {
        results.add(game, record(game.white === 0 ? 'white' : 'black'));
      } else if (game.black === 1) results.add(game, record('white', 'crash', 1));
      else results.add(game, record('draw', 'repetition'));
    }
    const text = finalReport(
      results,
      { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 },
      undefined,
    ).join('\n');
    expect(text).toMatch(/^Rank Name +Elo/m);
    expect(text).toMatch(/^ +1 A +inf/m);
    expect(text).toContain('Score of A vs B: 2 - 0 - 0  [1.000] 2');
    expect(text).toContain(
      'Forfeits of B: illegal-move 0, time-forfeit 0, stall 0, crash 1, disconnect 0',
    );
    expect(text).toMatch(/Terminations: no-moves 4, repetition 1, crash 1/);
    // One won pair: the variance is that of a won and a drawn pair, so a little evidence.
    expect(text).toMatch(/SPRT \(elo0 0, elo1 5\): llr 0\.06 /);
    expect(sprtState(results, { elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 }).decision).toBe(
      'continue',
    );
  });
});
