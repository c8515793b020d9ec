/**
 * The miner's judgement of one search: the info lines read into a report, exactly one
 * winning move by the thresholds, the depth that first found it, the proof named.
 */
import { describe, expect, it } from 'vitest';
import { CHECK_THRESHOLDS, parseScoreText, proofOf, ratingDepth, scoreText, uniqueWin } from '../../src/puzzles/judge.js'; // prettier-ignore
import { ReportBuilder, type SearchReport } from '../../src/puzzles/searcher.js';

function report(lines: readonly string[], bestmove = 'a1-a2'): SearchReport {
  const builder = new ReportBuilder();
  for (const line of lines) builder.line(line);
  return builder.finish(bestmove);
}

const info = (depth: number, multipv: number, score: string, pv: string, extra = '') =>
  `info depth ${depth} multipv ${multipv} score ${score}${extra} nodes 100 pv ${pv}`;

describe('ReportBuilder', () => {
  it('keeps the best move of every depth and the two lines of the deepest depth with both', () => {
    const built = report([
      info(1, 1, 'cp 30', 'c3-d4 f6-e5'),
      info(1, 2, 'cp 10', 'c3-b4'),
      info(2, 1, 'cp 250', 'e3-f4 g5xe3'),
      info(2, 2, 'cp 0', 'c3-d4'),
      // Depth 3 ended by the node budget after its first line: not used for the check.
      info(3, 1, 'cp 260', 'e3-f4'),
      'info depth 3 nodes 8000 nps 1000 time 8',
      'info string something else',
    ]);
    expect(built.depth).toBe(2);
    expect(built.lines.map((line) => line.move)).toEqual(['e3-f4', 'c3-d4']);
    expect(built.lines[0].pv).toEqual(['e3-f4', 'g5xe3']);
    expect(built.bestByDepth).toEqual([
      { depth: 1, move: 'c3-d4' },
      { depth: 2, move: 'e3-f4' },
    ]);
  });

  it('skips bounded lines and keeps one line for a position with one legal move', () => {
    const built = report([
      info(1, 1, 'cp 40', 'a1-a2'),
      info(2, 1, 'cp 90', 'a1-a2', ' lowerbound'),
      info(2, 1, 'cp 50', 'a1-a2'),
    ]);
    expect(built.depth).toBe(2);
    expect(built.lines).toHaveLength(1);
    expect(built.lines[0].score).toEqual({ unit: 'cp', value: 50 });
  });
});

describe('uniqueWin', () => {
  const at = (best: string, second: string) =>
    report([info(5, 1, best, 'b2-b3 c6-c5'), info(5, 2, second, 'a2-a3')]);

  it.each([
    ['two men up against level', 'cp 200', 'cp 50', true],
    ['a forced win against a small edge', 'mate 7', 'cp 30', true],
    ['just short of two men', 'cp 199', 'cp 0', false],
    ['a second move that keeps over half a man', 'cp 400', 'cp 51', false],
    ['a second move that also wins by force', 'mate 3', 'mate 9', false],
    ['a forced loss', 'mate -4', 'mate -2', false],
  ])('%s (%s, %s): %s', (_, best, second, expected) => {
    expect(uniqueWin(at(best, second), CHECK_THRESHOLDS).ok).toBe(expected);
  });

  it('names the reason: one legal move, not winning, not unique', () => {
    const forced = uniqueWin(report([info(3, 1, 'cp 500', 'a1-a2')]), CHECK_THRESHOLDS);
    expect(!forced.ok && forced.error.code).toBe('forced');
    const level = uniqueWin(at('cp 20', 'cp 0'), CHECK_THRESHOLDS);
    expect(!level.ok && level.error.message).toMatch(/best move b2-b3 does not win \(cp 20\)/);
    const two = uniqueWin(at('cp 300', 'cp 250'), CHECK_THRESHOLDS);
    expect(!two.ok && two.error.code).toBe('not-unique');
  });
});

describe('ratingDepth', () => {
  it('is the first depth of the last run of depths that chose the move', () => {
    const built = report([
      info(1, 1, 'cp 300', 'e3-f4'),
      info(2, 1, 'cp 0', 'c3-d4'),
      info(3, 1, 'cp 260', 'e3-f4'),
      info(4, 1, 'cp 270', 'e3-f4'),
      info(4, 2, 'cp 0', 'c3-d4'),
    ]);
    expect(ratingDepth(built, 'e3-f4')).toBe(3);
    expect(ratingDepth(built, 'c3-d4')).toBeUndefined();
  });
});

describe('scores and proofs', () => {
  it('writes and reads scores, and refuses other text', () => {
    expect(scoreText({ unit: 'mate', value: -3 })).toBe('mate -3');
    expect(parseScoreText('cp 412')).toEqual({ unit: 'cp', value: 412 });
    expect(parseScoreText('cp 4.5')).toBeUndefined();
    expect(parseScoreText('mate')).toBeUndefined();
  });

  it('names material, a forced win, or the tables', () => {
    const line = (score: string, tbhits: number) =>
      report([info(2, 1, score, 'a1-a2', ` tbhits ${tbhits}`)]).lines[0];
    expect(proofOf(line('cp 300', 0))).toBe('material');
    expect(proofOf(line('mate 5', 0))).toBe('forced-win');
    expect(proofOf(line('mate 5', 12))).toBe('tables');
  });
});
