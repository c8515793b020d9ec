/**
 * Whole matches between fake engines (test/fixtures): the draw rules and adjudication the
 * runner applies, SPRT stop, abort, and tournaments with concurrency (match-real.test.ts
 * checks that PDN games replay).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { DEFAULT_GAME_RULES, type Termination } from '../../src/match/game.js';
import { parsePdn } from '../../src/pdn/pdn.js';
import { runMatch, type MatchConfig, type MatchSummary } from '../../src/match/tournament.js';
import { collectingIo, fakeEngine, quickMatch } from './helpers.js';
import { requireBuild } from '../helpers.js';

beforeAll(requireBuild);

const directory = mkdtempSync(join(tmpdir(), 'tama-match-'));

async function play(config: MatchConfig, signal?: AbortSignal) {
  const io = collectingIo(signal);
  const result = await runMatch(config, io);
  if (!result.ok) throw new Error(result.error.message);
  return { summary: result.value, io };
}

const terminations = (summary: MatchSummary): Termination[] =>
  summary.games.map((g) => g.record.termination);

describe.concurrent('draws and adjudication', () => {
  const kings = join(directory, 'kings.txt');
  writeFileSync(kings, '# two kings shuttling\nW:WKa1,a3:BKh8,h6\n');
  const shuttle = (script: string) => fakeEngine('scripted', ['--after', '0', '--script', script]);
  const shuttles = [shuttle('a1-b1 b1-a1'), shuttle('h8-g8 g8-h8')];

  it('draws the third time the same position comes with the same side to move', async ({
    expect,
  }) => {
    const pdn = join(directory, 'repetition.pdn');
    const { summary } = await play(
      quickMatch(shuttles, {
        gamesPerPairing: 1,
        pdnOut: pdn,
        openings: { file: kings, order: 'sequential', seed: 1, start: 1 },
      }),
    );
    const [game] = summary.games;
    expect(game.record.termination).toBe('repetition');
    expect(game.record.result).toBe('draw');
    expect(game.record.moves.map((m) => m.text)).toEqual([
      'a1-b1',
      'h8-g8',
      'b1-a1',
      'g8-h8',
      'a1-b1',
      'h8-g8',
      'b1-a1',
      'g8-h8',
    ]);
    const parsed = parsePdn(readFileSync(pdn, 'utf8'));
    expect(parsed.ok && parsed.value[0].tags.get('FEN')).toBe('W:WKa1,a3:Bh6,Kh8');
    expect(parsed.ok && parsed.value[0].tags.get('Result')).toBe('1-1');
    expect(parsed.ok && parsed.value[0].tags.get('Termination')).toBe('repetition');
  });

  it('draws after the configured number of plies without capture or man move', async ({
    expect,
  }) => {
    const { summary } = await play(
      quickMatch(shuttles, {
        gamesPerPairing: 1,
        openings: { file: kings, order: 'sequential', seed: 1, start: 1 },
        rules: { repetitions: 0, noProgressPlies: 6, maxPlies: 0 },
      }),
    );
    expect(terminations(summary)).toEqual(['no-progress']);
    expect(summary.games[0].record.moves).toHaveLength(6);
  });

  it('draws at --maxplies', async ({ expect }) => {
    const { summary } = await play(
      quickMatch([fakeEngine('random-mover'), fakeEngine('random-mover', ['--seed', '2'])], {
        gamesPerPairing: 1,
        rules: { repetitions: 3, noProgressPlies: 100, maxPlies: 6 },
      }),
    );
    expect(terminations(summary)).toEqual(['max-plies']);
    expect(summary.games[0].record.moves).toHaveLength(6);
  });

  it('adjudicates a draw when both scores stay near 0', async ({ expect }) => {
    const { summary } = await play(
      quickMatch(
        [
          fakeEngine('random-mover', ['--score', '0']),
          fakeEngine('random-mover', ['--score', '-5']),
        ],
        {
          gamesPerPairing: 2,
          rules: {
            repetitions: 3,
            noProgressPlies: 100,
            maxPlies: 0,
            draw: { moveNumber: 5, moveCount: 3, scoreCp: 10 },
          },
        },
      ),
    );
    expect(terminations(summary)).toEqual(['adjudication-draw', 'adjudication-draw']);
    expect(summary.games.map((g) => g.record.moves.length)).toEqual([10, 10]);
  });

  it('adjudicates a loss for the side whose engine sees itself lost', async ({ expect }) => {
    const { summary } = await play(
      quickMatch(
        [
          fakeEngine('random-mover', ['--score', '0']),
          fakeEngine('random-mover', ['--score', '-700']),
        ],
        {
          gamesPerPairing: 2,
          rules: {
            repetitions: 3,
            noProgressPlies: 100,
            maxPlies: 0,
            resign: { moveCount: 3, scoreCp: 600, twoSided: false },
          },
        },
      ),
    );
    expect(terminations(summary)).toEqual(['adjudication-resign', 'adjudication-resign']);
    expect(summary.results.pairingCounts(0)).toEqual({ wins: 2, draws: 0, losses: 0 });
    expect(summary.games[0].record.moves).toHaveLength(6); // Black's third move
    expect(summary.games[1].record.moves).toHaveLength(5); // White's third move
  });
});

describe.concurrent('match control', () => {
  it('stops when the SPRT decides', async ({ expect }) => {
    const { summary, io } = await play(
      quickMatch([fakeEngine('random-mover'), fakeEngine('random-mover', ['--seed', '9'])], {
        gamesPerPairing: 200,
        concurrency: 2,
        rules: { ...DEFAULT_GAME_RULES, maxPlies: 80 },
        sprt: { elo0: 300, elo1: 600, alpha: 0.1, beta: 0.1 },
      }),
    );
    expect(summary.stopped).toBe('sprt');
    expect(summary.sprt?.decision).toBe('H0');
    expect(summary.games.length).toBeLessThan(200);
    expect(summary.results.games).toBe(summary.games.length);
    expect(io.lines.join('\n')).toMatch(/H0 was accepted/);
    expect(io.lines).toContain('Match stopped: SPRT decided H0');
  });

  it('stops cleanly on abort and reports the games so far', async ({ expect }) => {
    const controller = new AbortController();
    const io = collectingIo(controller.signal);
    const print = io.print;
    let finished = 0;
    io.print = (line) => {
      print(line);
      // Two games run at once and either may end first: stop after the second to end.
      if (line.startsWith('Finished game ') && ++finished === 2) controller.abort();
    };
    const pdn = join(directory, 'interrupted.pdn');
    const result = await runMatch(
      quickMatch([fakeEngine('random-mover'), fakeEngine('random-mover', ['--seed', '3'])], {
        gamesPerPairing: 100,
        concurrency: 2,
        rules: { ...DEFAULT_GAME_RULES, maxPlies: 80 },
        pdnOut: pdn,
      }),
      io,
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.stopped).toBe('interrupted');
    expect(result.value.games.length).toBeGreaterThanOrEqual(2);
    expect(result.value.games.length).toBeLessThan(100);
    expect(io.lines).toContain('Match stopped: interrupted');
    const parsed = parsePdn(readFileSync(pdn, 'utf8'));
    expect(parsed.ok && parsed.value.length).toBe(result.value.games.length);
  });

  it('plays a round robin of three and a gauntlet, several games at once', async ({ expect }) => {
    const engines = [1, 2, 3].map((seed) =>
      fakeEngine('random-mover', ['--seed', String(seed), '--name', `R${seed}`]),
    );
    const short = { ...DEFAULT_GAME_RULES, maxPlies: 40 };
    const robin = await play(quickMatch(engines, { concurrency: 3, rules: short }));
    expect(robin.summary.games).toHaveLength(6);
    expect(robin.summary.names).toEqual(['R1', 'R2', 'R3']);
    expect(robin.summary.processesStarted.every((n) => n <= 3)).toBe(true);
    expect(robin.io.lines.some((line) => /^Rank Name/.test(line))).toBe(true);
    const gauntlet = await play(
      quickMatch(engines, { tournament: 'gauntlet', concurrency: 2, rules: short }),
    );
    expect(gauntlet.summary.games.map((g) => [g.game.white, g.game.black])).toEqual(
      expect.arrayContaining([
        [0, 1],
        [1, 0],
        [0, 2],
        [2, 0],
      ]),
    );
    expect(gauntlet.summary.games).toHaveLength(4);
  });

  it('names engines apart when they report the same name', async ({ expect }) => {
    const { summary } = await play(
      quickMatch([fakeEngine('random-mover'), fakeEngine('random-mover')], { gamesPerPairing: 1 }),
    );
    expect(summary.names).toEqual(['random-mover', 'random-mover-2']);
  });
});
