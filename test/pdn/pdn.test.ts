import { describe, expect, it } from 'vitest';
import {
  formatPdnGame,
  gameResultOfPdn,
  pdnResultOf,
  parsePdn,
  readTimeControls,
  replayPdnGame,
  type PdnHeader,
  type PdnRecord,
} from '../../src/pdn/pdn.js';

const header: PdnHeader = {
  event: 'Test "quoted" \\ event',
  date: new Date(2024, 2, 5),
  round: '7',
  white: 'A',
  black: 'B',
  variant: 'armenian',
  whiteTimeControl: '10+0.1',
  blackTimeControl: '10+0.1',
};

const fromStart: PdnRecord = {
  moves: [
    { text: 'c3-c4', color: 0, book: true },
    {
      text: 'f6-f5',
      color: 1,
      book: false,
      elapsedMs: 120,
      score: { unit: 'cp', value: -35 },
      depth: 6,
    },
    { text: 'c4-c5', color: 0, book: false, elapsedMs: 5, score: { unit: 'mate', value: 3 } },
    { text: 'c6xc4', color: 1, book: false },
  ],
  result: 'black',
  termination: 'time-forfeit',
  reason: 'White lost on time {really}',
};

describe('PDN results: 2-0, 1-1, 0-2 and * mapped in one place', () => {
  it.each([
    ['white', '2-0'],
    ['draw', '1-1'],
    ['black', '0-2'],
    ['none', '*'],
  ] as const)('%s is written %s and read back', (result, token) => {
    expect(pdnResultOf(result)).toBe(token);
    expect(gameResultOfPdn(token)).toBe(result);
  });

  it('reads no result from a token that is not one', () => {
    for (const token of ['1-0', '', '2-2', ' 2-0']) expect(gameResultOfPdn(token)).toBeUndefined();
  });
});

describe('formatPdnGame', () => {
  it('writes the tags, numbered moves with engine comments, the reason and the result', () => {
    const text = formatPdnGame(header, fromStart);
    expect(text).toBe(
      [
        '[Event "Test \\"quoted\\" \\\\ event"]',
        '[Date "2024.03.05"]',
        '[Round "7"]',
        '[White "A"]',
        '[Black "B"]',
        '[Result "0-2"]',
        '[Variant "Armenian"]',
        '[TimeControl "10+0.1"]',
        '[Termination "time-forfeit"]',
        '[PlyCount "4"]',
        '',
        '1. c3-c4 f6-f5 {-0.35/6 0.120s} 2. c4-c5 {+M3 0.005s} c6xc4',
        '{White lost on time really} 0-2',
        '',
        '',
      ].join('\n'),
    );
  });

  it('writes a FEN tag, Black-first numbering and separate time controls', () => {
    const text = formatPdnGame(
      { ...header, blackTimeControl: 'depth=3', variant: 'turkish' },
      {
        fen: 'B:Wa2,h3:Ba7,h7',
        moves: [{ text: 'a7-a6', color: 1, book: false }],
        result: 'draw',
        termination: 'max-plies',
        reason: 'the game reached 1 plies',
      },
    );
    expect(text).toContain('[FEN "B:Wa2,h3:Ba7,h7"]\n[Variant "Turkish"]');
    expect(text).toContain('[WhiteTimeControl "10+0.1"]\n[BlackTimeControl "depth=3"]');
    expect(text).toContain('\n1... a7-a6 {the game reached 1 plies} 1-1\n');
  });

  it('writes no Termination tag for a record without one (the page names its ending in the comment)', () => {
    const { termination: _, ...record } = fromStart;
    const text = formatPdnGame(header, record);
    expect(text).not.toContain('Termination');
    expect(text).toContain(
      '[Result "0-2"]\n[Variant "Armenian"]\n[TimeControl "10+0.1"]\n[PlyCount "4"]',
    );
  });

  it('keeps lines within 80 columns', () => {
    const moves = Array.from({ length: 40 }, (_, i) => ({
      text: i % 2 ? 'e6-e5' : 'd3-d4',
      color: (i % 2) as 0 | 1,
      book: false,
      elapsedMs: 10,
    }));
    const text = formatPdnGame(header, { ...fromStart, moves });
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe('parsePdn and replayPdnGame', () => {
  it('reads back what was written and replays it', () => {
    const text =
      formatPdnGame(header, fromStart) + formatPdnGame({ ...header, round: '8' }, fromStart);
    const parsed = parsePdn(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value).toHaveLength(2);
    const [game] = parsed.value;
    expect(game.tags.get('Event')).toBe('Test "quoted" \\ event');
    expect(game.tags.get('Round')).toBe('7');
    expect(game.moves).toEqual(['c3-c4', 'f6-f5', 'c4-c5', 'c6xc4']);
    expect(game.result).toBe('0-2');
    const replayed = replayPdnGame(game);
    expect(replayed.ok && replayed.value.toString()).toBe(
      'W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3:Bc4,f5,a6,b6,d6,e6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7',
    );
  });

  it('reads a FEN tag, Black-first numbers, semicolon comments and an unfinished game', () => {
    const parsed = parsePdn(
      '[FEN "B:Wa2,h3:Ba7,h7"]\n\n1... a7-a6 ; note\n2. a2-a3 *\n[Event "x"]\n1. c3-c4',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.map((g) => [g.moves, g.result])).toEqual([
      [['a7-a6', 'a2-a3'], '*'],
      [['c3-c4'], '*'],
    ]);
    const replayed = replayPdnGame(parsed.value[0]);
    expect(replayed.ok && replayed.value.toString()).toBe('B:Wa3,h3:Ba6,h7');
  });

  it('reports bad text and illegal moves as errors', () => {
    expect(parsePdn('[Event "x]\n').ok).toBe(false);
    expect(parsePdn('1. c3-c4 {open').ok).toBe(false);
    const parsed = parsePdn('1. c3-c5 2-0');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) {
      const replayed = replayPdnGame(parsed.value[0]);
      expect(!replayed.ok && replayed.error.message).toMatch(/^ply 1: illegal move/);
    }
    const badVariant = parsePdn('[Variant "Chess"]\n1. c3-c4 2-0');
    expect(badVariant.ok && replayPdnGame(badVariant.value[0]).ok).toBe(false);
  });
});

describe('readTimeControls: seconds, and the old page minutes', () => {
  const read = (tags: string) => {
    const games = parsePdn(`${tags}\n1. c3-c4 *\n`);
    if (!games.ok) throw new Error(games.error.message);
    return readTimeControls(games.value[0]);
  };
  const clock = (baseMs: number, incrementMs: number) => ({
    clock: { movesPerPeriod: 0, baseMs, incrementMs },
  });

  it.each([
    ['the page now', '[Event "tama gui"]\n[TimeControl "300+3"]', clock(300_000, 3000)],
    ['a match', '[Event "tama match"]\n[TimeControl "10+0.1"]', clock(10_000, 100)],
    ['a match at 5+3 seconds', '[Event "tama match"]\n[TimeControl "5+3"]', clock(5000, 3000)],
    ['the old page at 5+3 minutes', '[Event "tama gui"]\n[TimeControl "5+3"]', clock(300_000, 3000)], // prettier-ignore
    ['the old page at 1+0 minutes', '[Event "tama gui"]\n[TimeControl "1+0"]', clock(60_000, 0)], // prettier-ignore
    ['the page without a clock', '[Event "tama gui"]\n[TimeControl "-"]', undefined],
    ['no tag', '[Event "x"]', undefined],
  ])('%s', (_, tags, limits) => {
    expect(read(tags)).toEqual({ ok: true, value: { white: limits, black: limits } });
  });

  it('reads each side its own', () => {
    const both = read('[WhiteTimeControl "10+0.1"]\n[BlackTimeControl "nodes=500"]');
    expect(both).toEqual({ ok: true, value: { white: clock(10_000, 100), black: { nodes: 500 } } }); // prettier-ignore
  });

  it('names a tag it cannot read', () => {
    const bad = read('[TimeControl "G/60"]');
    expect(bad).toEqual({
      ok: false,
      error: { code: 'bad-time-control', message: expect.stringMatching(/^TimeControl tag: bad time control 'G\/60'/) }, // prettier-ignore
    });
  });

  it('refuses a clock past the range a clock has, naming the tag', () => {
    const bad = read('[WhiteTimeControl "99999999999999999999+5"]');
    expect(!bad.ok && bad.error.message).toBe("WhiteTimeControl tag: time control '99999999999999999999+5': at most 10000 moves in at most 1000000000 seconds plus at most 1000000 a move"); // prettier-ignore
  });
});
