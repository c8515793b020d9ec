/** The judgement of a move: expected scores, the thresholds, and forced wins, losses and draws. */
import { describe, expect, it } from 'vitest';
import { CLASS_THRESHOLDS, classifyMove, type MoveClass } from '../../src/analyse/classify.js';
import {
  EXPECTED_SCORE_SCALE,
  engineScore,
  expectedScore,
  formatWhiteScore,
  negateScore,
  whiteView,
  type Score,
} from '../../src/analyse/score.js';
import { BLACK, WHITE } from '../../src/core/variant.js';
import { cp, loss, win } from './helpers.js';

/** The centi-men whose expected score is `p` in Armenian. */
const cpOf = (p: number) => EXPECTED_SCORE_SCALE.armenian * Math.log(p / (1 - p));

const judge = (
  best: Score,
  played: Score,
  more: { playedIsBest?: boolean; forced?: boolean } = {},
) =>
  classifyMove(
    { best, played, playedIsBest: more.playedIsBest ?? false, forced: more.forced ?? false },
    'armenian',
  ).classification;

describe('expected score', () => {
  it('is 0.5 at a level score, 1 for any forced win, 0 for any forced loss', () => {
    expect(expectedScore(cp(0), 'armenian')).toBe(0.5);
    expect(expectedScore(win(1), 'armenian')).toBe(1);
    expect(expectedScore(win(40), 'turkish')).toBe(1);
    expect(expectedScore(loss(0), 'armenian')).toBe(0);
  });

  it('rises with the score, symmetrically, and a man up is about 70 % in Armenian', () => {
    const scores = [-800, -300, -100, -10, 0, 10, 100, 300, 800].map((v) =>
      expectedScore(cp(v), 'armenian'),
    );
    for (let i = 1; i < scores.length; i++) expect(scores[i]).toBeGreaterThan(scores[i - 1]);
    expect(expectedScore(cp(150), 'armenian') + expectedScore(cp(-150), 'armenian')).toBeCloseTo(1, 12); // prettier-ignore
    expect(expectedScore(cp(138), 'armenian')).toBeGreaterThan(0.7);
    expect(expectedScore(cp(138), 'armenian')).toBeLessThan(0.75);
  });
});

describe('scores from a point of view', () => {
  it('reads the engine: mate n > 0 wins, n < 0 loses', () => {
    expect(engineScore('cp', -35)).toEqual(cp(-35));
    expect(engineScore('mate', 3)).toEqual(win(3));
    expect(engineScore('mate', -2)).toEqual(loss(2));
  });

  it('turns over: cp changes sign, a win becomes a loss in as many moves', () => {
    expect(negateScore(cp(40))).toEqual(cp(-40));
    expect(negateScore(cp(0))).toEqual(cp(0));
    expect(negateScore(win(4))).toEqual(loss(4));
    expect(whiteView(loss(2), BLACK)).toEqual(win(2));
    expect(whiteView(cp(-12), WHITE)).toEqual(cp(-12));
  });

  it.each([
    [cp(35), '+0.35'],
    [cp(-120), '-1.20'],
    [cp(0), '0.00'],
    [win(5), 'White wins in 5'],
    [loss(3), 'Black wins in 3'],
    [win(0), 'White has won'],
    [loss(0), 'Black has won'],
  ])("writes %o from White's view as %s", (score, text) => {
    expect(formatWhiteScore(score)).toBe(text);
  });
});

describe('classifyMove', () => {
  it.each([
    ['inaccuracy', CLASS_THRESHOLDS.inaccuracy],
    ['mistake', CLASS_THRESHOLDS.mistake],
    ['blunder', CLASS_THRESHOLDS.blunder],
  ] as const)('marks a %s from a drop of %s on, not below', (kind, threshold) => {
    const best = cp(40);
    const bestExpected = expectedScore(best, 'armenian');
    const above = cp(cpOf(bestExpected - threshold - 0.001));
    const below = cp(cpOf(bestExpected - threshold + 0.001));
    expect(judge(best, above)).toBe(kind);
    expect(judge(best, below)).not.toBe(kind);
  });

  it.each<[string, Score, Score, MoveClass]>([
    ['a man given away from a level game', cp(0), cp(-150), 'blunder'],
    ['half a man given away', cp(0), cp(-70), 'mistake'],
    ['a quarter of a man', cp(0), cp(-35), 'inaccuracy'],
    ['a small wobble', cp(0), cp(-15), 'good'],
    ['a man given away while far ahead', cp(900), cp(760), 'good'],
    ['a win in 5 that becomes a win in 7', win(5), win(7), 'good'],
    ['a forced win thrown away for a big edge', win(6), cp(400), 'blunder'],
    ['a forced win thrown away for a draw', win(2), cp(0), 'blunder'],
    ['a forced win thrown away for a loss', win(1), loss(3), 'blunder'],
    ['a draw thrown away for a forced loss', cp(0), loss(9), 'blunder'],
    ['a won edge let go to a draw', cp(250), cp(0), 'blunder'],
    ['a lost game lost faster', loss(8), loss(2), 'good'],
    ['a lost game by a lot lost by force', cp(-900), loss(12), 'good'],
    ['a move better than the engine thought', cp(-20), cp(60), 'good'],
  ])('%s: %o to %o is %s', (_, best, played, expected) => {
    expect(judge(best, played)).toBe(expected);
  });

  it("never marks the engine's own move or a forced move, and still says the drop", () => {
    expect(judge(win(3), cp(0), { playedIsBest: true })).toBe('good');
    expect(judge(cp(0), cp(-500), { forced: true })).toBe('good');
    const verdict = classifyMove({ best: cp(0), played: cp(-500), playedIsBest: false, forced: true }, 'armenian'); // prettier-ignore
    expect(verdict.drop).toBeCloseTo(0.5 - expectedScore(cp(-500), 'armenian'), 12);
  });

  it("uses the variant's scale", () => {
    const best = cp(0);
    const played = cp(-75);
    expect(
      classifyMove({ best, played, playedIsBest: false, forced: false }, 'turkish').drop,
    ).toBeGreaterThan(
      classifyMove({ best, played, playedIsBest: false, forced: false }, 'armenian').drop,
    );
  });
});
