/** Training positions from games: quiet leaves of the capture lines, labelled, once each. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import { rulesFor } from '../../src/core/variant.js';
import {
  extractPositions,
  formatPositions,
  parsePositions,
  positionLine,
  positionsHeader,
  quietForBoth,
  type ExtractStats,
} from '../../src/tune/positions.js';
import { position, quietLeaves } from '../helpers.js';

const pdn = readFileSync(new URL('../fixtures/games-armenian.pdn', import.meta.url), 'utf8');
const rules = rulesFor('armenian');
const searcher = quietLeaves();
const noStats = (): ExtractStats => ({ games: 0, skippedGames: 0, positions: 0, duplicates: 0, notQuiet: 0 }); // prettier-ignore

describe('capture lines', () => {
  it('are followed to the quiet end the search prefers, and only that leaf is kept', () => {
    // d4xe4 lands safely on f4; d4xd5 lands on d6, where d7 takes back. The game took
    // d5: its first position is kept as the search's line ends (a position of no game),
    // its second as d7xd5 leaves it, with White lost (no move: left out).
    const pdn = '[Result "0-2"]\n[FEN "W:Wd4:Bd5,e4,d7,d8"]\n\n1. d4xd6 d7xd5 0-2\n';
    const out = new Map<string, number>();
    const stats = noStats();
    expect(extractPositions(pdn, 'armenian', searcher, { skipPlies: 0 }, out, stats).ok).toBe(true); // prettier-ignore
    expect([...out]).toEqual([['B:Wf4:Bd5,d7,d8', 0]]);
    expect(stats).toMatchObject({ games: 1, positions: 1, duplicates: 0, notQuiet: 1 });
  });
});

describe('extracting positions', () => {
  it('keeps quiet positions of finished games, labelled with their results, once each', () => {
    const out = new Map<string, number>();
    const stats = noStats();
    const done = extractPositions(pdn, 'armenian', searcher, { skipPlies: 8 }, out, stats);
    expect(done.ok).toBe(true);
    expect(stats.games).toBe(8);
    expect(stats.positions).toBe(out.size);
    expect(out.size).toBeGreaterThan(100);
    // The fixture's games come in colour-swapped pairs of the same game: positions repeat.
    expect(stats.duplicates).toBeGreaterThan(0);
    expect(stats.notQuiet).toBeGreaterThan(0);
    for (const [text, result] of out) {
      const p = position(text);
      expect(quietForBoth(rules, p.state), text).toBe(true);
      expect([0, 0.5, 1]).toContain(result);
    }
    expect(new Set(out.values())).toEqual(new Set([0, 0.5, 1]));
    // The same games again add nothing.
    const again = noStats();
    extractPositions(pdn, 'armenian', searcher, { skipPlies: 8 }, out, again);
    expect(again.positions).toBe(0);
    expect(again.duplicates + again.notQuiet).toBe(stats.positions + stats.duplicates + stats.notQuiet); // prettier-ignore
  });

  it("skips each game's first plies, and games of another variant", () => {
    const all = new Map<string, number>();
    extractPositions(pdn, 'armenian', searcher, { skipPlies: 0 }, all, noStats());
    const fewer = new Map<string, number>();
    extractPositions(pdn, 'armenian', searcher, { skipPlies: 40 }, fewer, noStats());
    expect(fewer.size).toBeLessThan(all.size);
    expect(fewer.size).toBeGreaterThan(0);
    const stats = noStats();
    extractPositions(pdn, 'turkish', searcher, { skipPlies: 8 }, new Map(), stats);
    expect(stats).toMatchObject({ games: 0, skippedGames: 8, positions: 0 });
  });

  it('refuses a game with an illegal move, naming it', () => {
    const bad = pdn.replace(/\n(1\.+) (\S+)/, '\n$1 a1-a8');
    const done = extractPositions(bad, 'armenian', searcher, { skipPlies: 8 }, new Map(), noStats()); // prettier-ignore
    expect(done.ok).toBe(false);
    if (!done.ok) expect(done.error.message).toMatch(/game 1, ply 1/);
  });
});

describe('positions files', () => {
  it('write and read back the same positions and results', () => {
    const out = new Map([
      ['W:Wa2,c2:Bf7,h7', 1],
      ['B:Wa2:Bf7,Kh8', 0.5],
      ['W:Wa2:Bf7,g7', 0],
    ]);
    const text = formatPositions('armenian', 'a test', out);
    const read = parsePositions(text, 'armenian');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.map((p) => [new Position(rules, p.state).toString(), p.result])).toEqual([...out]); // prettier-ignore
    expect(parsePositions(text, 'turkish')).toMatchObject({ ok: false, error: { code: 'wrong-variant' } }); // prettier-ignore
  });

  it('read a score after the position, from the side to move', () => {
    const text =
      positionsHeader('armenian', ['made by a test', 'second line']) +
      positionLine(1, 'W:Wa2,c2:Bf7,h7', 42) +
      '\n' +
      positionLine(0, 'B:Wa2:Bf7,g7', -130) +
      '\n' +
      positionLine(0.5, 'W:Wa2:Bf7', null) +
      '\n';
    expect(text).toContain('1 W:Wa2,c2:Bf7,h7 42\n0 B:Wa2:Bf7,g7 -130\n0.5 W:Wa2:Bf7\n');
    const read = parsePositions(text, 'armenian');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.value.map((p) => [p.result, p.score])).toEqual([[1, 42], [0, -130], [0.5, undefined]]); // prettier-ignore
  });

  it.each([
    ['2 W:Wa2:Bh7', /line 1: the result must be 1, 0.5 or 0, got '2'/],
    ['1 W:Wz9:Bh7', /line 1: /],
    ['1', /line 1: position text is empty/],
    ['1 W:Wa2:Bh7 extra', /line 1: the score must be a whole number of centi-men, got 'extra'/],
    ['1 W:Wa2:Bh7 12.5', /line 1: the score must be a whole number/],
    ['1 W:Wa2:Bh7 35 more', /line 1: unexpected 'more' after the score/],
  ])('refuse a bad line with an error that names it (%s)', (text, message) => {
    const read = parsePositions(text, 'armenian');
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.message).toMatch(message);
  });
});
