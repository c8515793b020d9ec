/**
 * Matches between real engine processes at tiny limits: the random-mover fixture as a
 * stand-in, and the engine itself (`node bin/tama.js`). Every game must complete and its
 * PDN must replay to the final position the runner recorded. An engine that does not speak
 * the protocol fails here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import type { EngineSettings } from '../../src/engine-client/engine-pool.js';
import { parsePdn, replayPdnGame } from '../../src/pdn/pdn.js';
import { runMatch, type MatchConfig } from '../../src/match/tournament.js';
import { collectingIo, fakeEngine, quickMatch } from './helpers.js';
import { requireBuild, ROOT } from '../helpers.js';

beforeAll(requireBuild);

const directory = mkdtempSync(join(tmpdir(), 'tama-real-'));
const tamaScript = join(ROOT, 'bin', 'tama.js');

/** What `node bin/tama.js` answers to `uci` then `quit`, line by line. */
function tamaHandshake(): string[] {
  const reply = spawnSync(process.execPath, [tamaScript], {
    input: 'uci\nquit\n',
    encoding: 'utf8',
    timeout: 20_000,
  });
  return reply.stdout?.split(/\r?\n/) ?? [];
}

const tama = (name: string, limits: EngineSettings['limits']): EngineSettings => ({
  ...fakeEngine('random-mover'),
  name,
  command: { program: process.execPath, args: [tamaScript] },
  options: [['Hash', '8']],
  limits,
});

async function playAndReplay(config: MatchConfig, expect: typeof import('vitest').expect) {
  const pdn = join(directory, `${config.event}.pdn`);
  const result = await runMatch({ ...config, pdnOut: pdn }, collectingIo());
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  const summary = result.value;
  expect(summary.games).toHaveLength(config.gamesPerPairing);
  expect(summary.stopped).toBeUndefined();
  const parsed = parsePdn(readFileSync(pdn, 'utf8'));
  expect(parsed.ok).toBe(true);
  if (!parsed.ok) return;
  expect(parsed.value).toHaveLength(summary.games.length);
  for (const game of parsed.value) {
    const finished = summary.games.find((g) => String(g.game.number) === game.tags.get('Round'));
    expect(finished).toBeDefined();
    for (const tag of [
      'Event',
      'Date',
      'White',
      'Black',
      'Result',
      'Variant',
      'TimeControl',
      'Termination',
    ]) {
      expect(game.tags.has(tag)).toBe(true);
    }
    expect(game.tags.get('FEN')).toBe(finished?.record.fen);
    expect(game.result).toBe(game.tags.get('Result'));
    const replayed = replayPdnGame(game);
    expect(replayed.ok && replayed.value.toString()).toBe(finished?.record.finalPosition);
  }
  return summary;
}

const openings = {
  file: join(ROOT, 'data', 'openings-armenian.txt'),
  order: 'random' as const,
  seed: 11,
  start: 1,
};

describe.concurrent('matches between real processes', () => {
  it('two random movers at nodes=1 finish every game and their PDN replays', async ({ expect }) => {
    const limits = { nodes: 1 };
    const summary = await playAndReplay(
      quickMatch(
        [
          fakeEngine('random-mover', ['--seed', '21'], { limits }),
          fakeEngine('random-mover', ['--seed', '22'], { limits }),
        ],
        { gamesPerPairing: 4, openings, event: 'random-movers' },
      ),
      expect,
    );
    expect(summary?.games.every((g) => g.record.forfeitedBy === undefined)).toBe(true);
  });

  it('the engine itself at tiny limits, against itself and a random mover', async ({ expect }) => {
    expect(tamaHandshake()).toContain('uciok');
    const self = await playAndReplay(
      quickMatch([tama('tama-a', { nodes: 300 }), tama('tama-b', { nodes: 300 })], {
        gamesPerPairing: 2,
        openings,
        event: 'tama-self',
        rules: { repetitions: 3, noProgressPlies: 100, maxPlies: 200 },
      }),
      expect,
    );
    expect(self?.games.every((g) => g.record.forfeitedBy === undefined)).toBe(true);
    const mixed = await playAndReplay(
      quickMatch([tama('tama', { depth: 1 }), fakeEngine('random-mover')], {
        gamesPerPairing: 2,
        event: 'tama-random',
        rules: { repetitions: 3, noProgressPlies: 100, maxPlies: 200 },
      }),
      expect,
    );
    expect(mixed?.games.every((g) => g.record.forfeitedBy === undefined)).toBe(true);
  });
});
