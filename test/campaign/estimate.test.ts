import { describe, expect, it } from 'vitest';
import { estimateLeft, estimateLine, formatMinutes } from '../../src/campaign/estimate.js';

describe('the time a campaign has left', () => {
  it('counts the games left at the current rate', () => {
    expect(estimateLeft({ games: 16, total: 100, gamesPerMinute: 7 })).toEqual({
      games: 84,
      end: 'games',
      minutes: 12,
    });
    expect(estimateLine({ games: 16, total: 100, gamesPerMinute: 7 })).toBe(
      'Time left: about 12 min at 7.0 games/min (84 games to the game count)',
    );
  });

  it('says under a minute without "about"', () => {
    expect(estimateLine({ games: 8, total: 10, gamesPerMinute: 60 })).toBe(
      'Time left: under a minute at 60.0 games/min (2 games to the game count)',
    );
  });

  it('says it does not know without a rate', () => {
    expect(estimateLine({ games: 0, total: 10, gamesPerMinute: 0 })).toBe(
      'Time left: not known, no games stored lately (10 games to the game count)',
    );
  });

  it('follows the SPRT to the bound its LLR drifts towards when that comes first', () => {
    // 1.0 over 10 pairs: 0.1 a pair, 1.94 to go to the upper bound: 20 pairs, 40 games.
    const sprt = { llr: 1, lower: -2.94, upper: 2.94, pairs: 10 };
    expect(estimateLeft({ games: 20, total: 1000, gamesPerMinute: 4, sprt })).toEqual({
      games: 40,
      end: 'H1',
      minutes: 10,
    });
    const falling = { llr: -2, lower: -2.94, upper: 2.94, pairs: 40 };
    expect(estimateLeft({ games: 80, total: 1000, gamesPerMinute: 2, sprt: falling })).toEqual({
      games: 38,
      end: 'H0',
      minutes: 19,
    });
    expect(estimateLine({ games: 20, total: 1000, gamesPerMinute: 4, sprt })).toBe(
      'Time left: about 10 min at 4.0 games/min (about 40 games until the SPRT accepts H1 ' +
        'if its LLR keeps its average drift; 980 to the game count)',
    );
  });

  it('keeps the game count when it comes before the bound, or when the LLR is flat', () => {
    const sprt = { llr: 0.1, lower: -2.94, upper: 2.94, pairs: 10 };
    expect(estimateLeft({ games: 20, total: 30, gamesPerMinute: 5, sprt }).end).toBe('games');
    const flat = { llr: 0, lower: -2.94, upper: 2.94, pairs: 10 };
    expect(estimateLeft({ games: 20, total: 30, gamesPerMinute: 5, sprt: flat })).toEqual({
      games: 10,
      end: 'games',
      minutes: 2,
    });
  });

  it.each([
    [0.5, 'under a minute'],
    [12.4, '12 min'],
    [200, '3 h 20 min'],
    [3000, '2 days 2 h'],
  ])('%s minutes read %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
