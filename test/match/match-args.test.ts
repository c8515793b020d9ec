import { describe, expect, it } from 'vitest';
import { parseMatchArguments } from '../../src/match/match-args.js';

/** Splits a line the way the shell hands it over ("..." grouped, quotes removed). */
function argv(line: string): string[] {
  return [...line.matchAll(/(?:[^\s"]+|"[^"]*")+/g)].map((m) => m[0].replace(/"/g, ''));
}

describe('parseMatchArguments', () => {
  it('reads the full example of the issue', () => {
    const parsed = parseMatchArguments(
      argv(
        '--engine cmd="node bin/tama.js" name=A option.Hash=16 --engine cmd="node old/tama.js --x" name=B ' +
          '--each tc=10+0.1 option.Threads=2 --games 200 --concurrency 2 ' +
          '--openings file=data/openings-armenian.txt order=random seed=1 --pgnout games.pdn ' +
          '--draw movenumber=40 movecount=8 score=10 --resign movecount=4 score=600 --maxplies 400 ' +
          '--sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 --variant armenian --tournament gauntlet',
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const { config } = parsed.value;
    expect(config.engines).toHaveLength(2);
    expect(config.engines[0].name).toBe('A');
    expect(config.engines[0].command).toEqual({
      program: 'node',
      args: ['bin/tama.js'],
      cwd: undefined,
    });
    expect(config.engines[1].command.args).toEqual(['old/tama.js', '--x']);
    expect(config.engines[0].options).toEqual([
      ['Threads', '2'],
      ['Hash', '16'],
    ]);
    expect(config.engines[1].options).toEqual([['Threads', '2']]);
    expect(config.engines[1].limits).toEqual({
      clock: { movesPerPeriod: 0, baseMs: 10_000, incrementMs: 100 },
    });
    expect(config.engines[0].stallMs).toBe(10_000);
    expect(config.engines[0].startupMs).toBe(10_000);
    expect(config.gamesPerPairing).toBe(200);
    expect(config.concurrency).toBe(2);
    expect(config.openings).toEqual({
      file: 'data/openings-armenian.txt',
      order: 'random',
      seed: 1,
      start: 1,
      plies: undefined,
    });
    expect(config.pdnOut).toBe('games.pdn');
    expect(config.rules).toEqual({
      repetitions: 3,
      noProgressPlies: 100,
      maxPlies: 400,
      draw: { moveNumber: 40, moveCount: 8, scoreCp: 10 },
      resign: { moveCount: 4, scoreCp: 600, twoSided: false },
    });
    expect(config.sprt).toEqual({ elo0: 0, elo1: 5, alpha: 0.05, beta: 0.05 });
    expect(config.tournament).toBe('gauntlet');
    expect(config.variant).toBe('armenian');
  });

  it('lets an engine override --each, takes --opt=value and defaults', () => {
    const parsed = parseMatchArguments(
      argv(
        '--each st=1 timemargin=50 stall=2000 startup=20000 --engine cmd=a st=0.5 depth=3 --engine cmd=b --games=4 --pdnout=x.pdn --debug --noprogress 0 --repetition 0',
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const [a, b] = parsed.value.config.engines;
    expect(a.limits).toEqual({ moveTimeMs: 500, depth: 3 });
    expect(b.limits).toEqual({ moveTimeMs: 1000 });
    expect(a.timeMarginMs).toBe(50);
    expect(b.stallMs).toBe(2000);
    expect(a.startupMs).toBe(20_000);
    expect(parsed.value.config.gamesPerPairing).toBe(4);
    expect(parsed.value.config.pdnOut).toBe('x.pdn');
    expect(parsed.value.debug).toBe(true);
    expect(parsed.value.config.rules.noProgressPlies).toBe(0);
    expect(parsed.value.config.rules.repetitions).toBe(0);
    expect(parsed.value.config.tournament).toBe('round-robin');
    expect(parsed.value.config.ratingInterval).toBe(10);
  });

  it.each([
    ['--engine cmd=a depth=1', /at least two --engine/],
    ['--engine cmd=a depth=1 --engine name=b depth=1', /engine 2: cmd=... is missing/],
    ['--engine cmd=a --engine cmd=b', /no time control/],
    ['--engine cmd=a tc=abc --engine cmd=b depth=1', /bad time control/],
    ['--engine cmd=a tc=10 st=1 --engine cmd=b depth=1', /cannot be combined/],
    ['--engine cmd="a \'b" depth=1 --engine cmd=b depth=1', /unclosed/],
    ['--each depth=1 --engine cmd=a colour=red --engine cmd=b', /unknown key 'colour'/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --frobnicate', /unknown option '--frobnicate'/],
    [
      '--each depth=1 --engine cmd=a --engine cmd=b --games 0',
      /--games must be a whole number >= 1/,
    ],
    ['--each depth=1 --engine cmd=a --engine cmd=b --games', /--games needs a value/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --variant chess', /--variant must be/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --tournament swiss', /--tournament must be/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --openings order=random', /file=... is missing/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --openings file=x order=odd', /order must be/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --draw score=10', /--draw movecount/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --resign movecount=3', /--resign score/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --sprt elo0=5 elo1=0', /elo1 must be greater/],
    ['--each depth=1 --engine cmd=a --engine cmd=b --sprt elo1=5', /elo0=... is missing/],
    [
      '--each depth=1 --engine cmd=a --engine cmd=b --engine cmd=c --sprt elo0=0 elo1=5',
      /exactly two engines/,
    ],
    ['--each depth=1 --engine cmd=a --engine cmd=b --repetition 1', /--repetition must be 0/],
    ['stray --each depth=1 --engine cmd=a --engine cmd=b', /unexpected 'stray'/],
    ['--each depth=1 --engine cmd=a --engine cmd=b noequals', /expected key=value/],
    ['--each depth=1 restart=maybe --engine cmd=a --engine cmd=b', /restart must be on or off/],
  ])('%s -> error', (line, message) => {
    const parsed = parseMatchArguments(argv(line));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.code).toBe('bad-argument');
      expect(parsed.error.message).toMatch(message);
    }
  });
});
