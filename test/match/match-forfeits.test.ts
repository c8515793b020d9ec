/**
 * Whole matches against fake engines (test/fixtures): each kind of misbehaviour is judged
 * as a loss of its own kind, the match goes on, and a failed process is replaced. Timing
 * enters only through wide margins: a stalling engine never answers, a slow one answers a
 * full second late.
 */
import { beforeAll, describe, it } from 'vitest';
import { DEFAULT_GAME_RULES, type Termination } from '../../src/match/game.js';
import { runMatch, type MatchConfig, type MatchSummary } from '../../src/match/tournament.js';
import { collectingIo, fakeEngine, quickMatch } from './helpers.js';
import { requireBuild } from '../helpers.js';

beforeAll(requireBuild);

async function play(config: MatchConfig, signal?: AbortSignal) {
  const io = collectingIo(signal);
  const result = await runMatch(config, io);
  if (!result.ok) throw new Error(result.error.message);
  return { summary: result.value, io };
}

const terminations = (summary: MatchSummary): Termination[] =>
  summary.games.map((g) => g.record.termination);

describe('a long match', () => {
  it('keeps no game in its summary when told not to, and still counts and reports them all', async ({
    expect,
  }) => {
    const config = quickMatch([fakeEngine('random-mover'), fakeEngine('random-mover')], { gamesPerPairing: 4 }); // prettier-ignore
    const result = await runMatch(config, { ...collectingIo(), keepGames: false });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.games).toEqual([]);
    expect(result.value.results.games).toBe(4);
    const kept = await play(config);
    expect(kept.summary.games).toHaveLength(4);
  });
});

describe.concurrent('forfeits', () => {
  it('an illegal move loses, and the same process plays on', async ({ expect }) => {
    const { summary, io } = await play(
      quickMatch([fakeEngine('random-mover'), fakeEngine('illegal-mover', ['--after', '3'])], {
        gamesPerPairing: 4,
      }),
    );
    expect(terminations(summary)).toEqual(Array(4).fill('illegal-move'));
    expect(summary.results.pairingCounts(0)).toEqual({ wins: 4, draws: 0, losses: 0 });
    expect(summary.results.forfeits(1)['illegal-move']).toBe(4);
    expect(summary.processesStarted).toEqual([1, 1]);
    expect(summary.games[0].record.reason).toMatch(/made an illegal move 'a1-a8'/);
    // Both colours: the forfeiting side is the illegal mover's colour in each game.
    expect(summary.games.map((g) => g.record.forfeitedBy)).toEqual([1, 0, 1, 0]);
    expect(io.lines).toContain(
      'Forfeits of illegal-mover: illegal-move 4, time-forfeit 0, stall 0, crash 0, disconnect 0',
    );
  });

  it('a crash loses, and the engine is restarted for its next game', async ({ expect }) => {
    const { summary } = await play(
      quickMatch([fakeEngine('random-mover'), fakeEngine('crasher', ['--after', '2'])], {
        gamesPerPairing: 3,
      }),
    );
    expect(terminations(summary)).toEqual(['crash', 'crash', 'crash']);
    expect(summary.results.forfeits(1).crash).toBe(3);
    expect(summary.processesStarted).toEqual([1, 3]);
    expect(summary.games[0].record.moves.length).toBe(5); // 3 White moves, 2 Black, then the crash
  });

  it('an engine that leaves mid-game loses by disconnect', async ({ expect }) => {
    const { summary } = await play(
      quickMatch([
        fakeEngine('crasher', ['--after', '1', '--code', '0']),
        fakeEngine('random-mover'),
      ]),
    );
    expect(terminations(summary)).toEqual(['disconnect', 'disconnect']);
    expect(summary.results.pairingCounts(0)).toEqual({ wins: 0, draws: 0, losses: 2 });
  });

  it('an engine that stops answering loses by stall and is replaced', async ({ expect }) => {
    const { summary } = await play(
      quickMatch([
        fakeEngine('random-mover'),
        fakeEngine('staller', ['--after', '2', '--deaf'], { stallMs: 1500 }),
      ]),
    );
    expect(terminations(summary)).toEqual(['stall', 'stall']);
    expect(summary.games[0].record.reason).toMatch(/engine stalled: no readyok within 1500 ms$/);
    expect(summary.results.forfeits(1).stall).toBe(2);
    expect(summary.processesStarted).toEqual([1, 2]);
  });

  it('a depth-limited search longer than the stall period is no stall while it answers pings', async ({
    expect,
  }) => {
    const { summary } = await play(
      quickMatch(
        [
          fakeEngine('random-mover', ['--delay', '700'], { stallMs: 200 }),
          fakeEngine('random-mover'),
        ],
        { gamesPerPairing: 1, rules: { ...DEFAULT_GAME_RULES, maxPlies: 4 } },
      ),
    );
    expect(terminations(summary)).toEqual(['max-plies']);
  });

  it('silence after the move time ran out is a stall, not a time loss', async ({ expect }) => {
    const { summary } = await play(
      quickMatch(
        [
          fakeEngine('random-mover'),
          fakeEngine('staller', ['--after', '1'], { limits: { moveTimeMs: 1000 }, stallMs: 1500 }),
        ],
        { gamesPerPairing: 1 },
      ),
    );
    expect(terminations(summary)).toEqual(['stall']);
  });

  it('a move that comes after the clock ran out loses on time', async ({ expect }) => {
    const clock = { movesPerPeriod: 0, baseMs: 500, incrementMs: 0 };
    const { summary } = await play(
      quickMatch([
        fakeEngine('random-mover'),
        fakeEngine('slow-mover', ['--after', '2'], { limits: { clock }, stallMs: 5000 }),
      ]),
    );
    expect(terminations(summary)).toEqual(['time-forfeit', 'time-forfeit']);
    expect(summary.games[0].record.reason).toMatch(
      /^Black lost on time \(\d+ ms used, \d+ ms left\)$/,
    );
    expect(summary.results.forfeits(1)['time-forfeit']).toBe(2);
    expect(summary.processesStarted).toEqual([1, 1]);
  });

  it('a move slower than the fixed move time loses on time', async ({ expect }) => {
    const { summary } = await play(
      quickMatch(
        [
          fakeEngine('slow-mover', ['--after', '1'], {
            limits: { moveTimeMs: 300 },
            stallMs: 5000,
          }),
          fakeEngine('random-mover'),
        ],
        { gamesPerPairing: 1 },
      ),
    );
    expect(terminations(summary)).toEqual(['time-forfeit']);
    expect(summary.games[0].record.reason).toMatch(
      /^White lost on time \(\d+ ms used, 300 ms a move\)$/,
    );
  });

  it('an engine that cannot start stops the match before it begins', async ({ expect }) => {
    const result = await runMatch(
      quickMatch([
        fakeEngine('random-mover'),
        { ...fakeEngine('random-mover'), command: { program: '/no/such/engine', args: [] } },
      ]),
      collectingIo(),
    );
    expect(!result.ok && result.error.code).toBe('engine-start');
    expect(!result.ok && result.error.message).toMatch(
      /^engine 2 \(\/no\/such\/engine\) did not start: crash: could not start/,
    );
  });
});
