/** `tama match` and `tama match-openings` through the built command. */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, it } from 'vitest';
import { parseOpenings } from '../../src/match/openings.js';
import { parsePdn, replayPdnGame } from '../../src/pdn/pdn.js';
import { FIXTURES, requireBuild, ROOT } from '../helpers.js';

beforeAll(requireBuild);

const run = promisify(execFile);
const tama = join(ROOT, 'bin', 'tama.js');
const directory = mkdtempSync(join(tmpdir(), 'tama-cli-'));
const mover = (seed: number) => `cmd=node "${FIXTURES}random-mover.mjs" --seed ${seed}`;

async function tamaRun(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [tama, ...args], { cwd: ROOT });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe.concurrent('tama match', () => {
  it('documents its settings in --help', async ({ expect }) => {
    const { code, stdout } = await tamaRun(['match', '--help']);
    expect(code).toBe(0);
    for (const text of [
      '--engine cmd=CMD',
      'tc=40/60+0.6',
      'st=1',
      'timemargin=MS',
      '--openings file=FILE',
      '--pgnout FILE',
      '--draw movenumber=N',
      '--resign movecount=C',
      '--maxplies N',
      '--sprt elo0=E0',
      'round-robin|gauntlet',
      '--concurrency N',
    ]) {
      expect(stdout).toContain(text);
    }
  });

  it('refuses bad settings with exit code 2 and a message', async ({ expect }) => {
    const { code, stderr } = await tamaRun(['match', '--engine', 'cmd=x', 'depth=1']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      "error: a match needs at least two --engine options\n(run 'tama match --help' for usage and examples)\n",
    );
  });

  it('exits 1 when an engine cannot start', async ({ expect }) => {
    const { code, stderr } = await tamaRun([
      'match',
      '--engine',
      'cmd=/no/such/engine',
      '--engine',
      mover(1),
      '--each',
      'depth=1',
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^error: engine 1 \(\/no\/such\/engine\) did not start/);
  });

  it('plays a short match with openings and writes a PDN that replays', async ({ expect }) => {
    const pdn = join(directory, 'short.pdn');
    const { code, stdout } = await tamaRun([
      'match',
      '--engine',
      mover(1),
      'name=one',
      '--engine',
      mover(2),
      'name=two',
      '--each',
      'nodes=1',
      '--games',
      '4',
      '--concurrency',
      '2',
      '--maxplies',
      '120',
      '--openings',
      'file=data/openings-armenian.txt',
      'order=random',
      'seed=5',
      '--pgnout',
      pdn,
    ]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Match: one, two; round-robin, 4 games, variant armenian, 600 opening\(s\), concurrency 2$/m,
    );
    expect(
      stdout.match(/^Finished game \d \((one|two) vs (one|two)\): (2-0|1-1|0-2) \{.+\}$/gm),
    ).toHaveLength(4);
    expect(stdout).toMatch(/^Match finished$/m);
    expect(stdout).toMatch(/^Score of one vs two: \d - \d - \d {2}\[\d\.\d{3}\] 4$/m);
    expect(stdout).toMatch(/^Elo difference: /m);
    expect(stdout).toMatch(/^Ptnml\(0-2\): \[\d, \d, \d, \d, \d\]/m);
    const games = parsePdn(readFileSync(pdn, 'utf8'));
    expect(games.ok && games.value.length).toBe(4);
    if (games.ok) for (const game of games.value) expect(replayPdnGame(game).ok).toBe(true);
  });

  it("stops before the first game when an engine refuses a setting, with the engine's message", async ({
    expect,
  }) => {
    // prettier-ignore
    const { code, stdout, stderr } = await tamaRun([
      'match',
      '--engine',
      'cmd=node bin/tama.js',
      'option.Hash=lots',
      '--engine',
      mover(1),
      '--each',
      'depth=1',
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      "error: engine 1 (node bin/tama.js) refused its settings: option Hash needs a whole number from 1 to 2048, got 'lots'\n",
    );
  });

  it.for(['armenian', 'turkish'] as const)(
    'plays the shipped %s openings in order without --openings, and warns of nothing',
    async (variant, { expect }) => {
      const pdn = join(directory, `default-${variant}.pdn`);
      const { code, stdout, stderr } = await tamaRun(['match', '--engine', mover(5), '--engine', mover(6), '--each', 'nodes=1', '--games', '4', '--maxplies', '20', '--variant', variant, '--pgnout', pdn]); // prettier-ignore
      expect(code).toBe(0);
      expect(stderr).not.toContain('warning');
      expect(stdout).toContain(`variant ${variant}, 600 opening(s)`);
      const file = parseOpenings(readFileSync(join(ROOT, `data/openings-${variant}.txt`), 'utf8'), variant); // prettier-ignore
      expect(file.ok).toBe(true);
      const games = parsePdn(readFileSync(pdn, 'utf8'));
      if (!file.ok || !games.ok) return;
      // Game pairs 1 and 2 play the file's first and second openings, colours swapped.
      const starts = games.value.map((game) => [Number(game.tags.get('Round')), game.tags.get('FEN')] as const); // prettier-ignore
      expect(starts.sort()).toEqual([[1, file.value[0].fen], [2, file.value[0].fen], [3, file.value[1].fen], [4, file.value[1].fen]]); // prettier-ignore
    },
  );

  it('warns when the match would repeat games, as from the start position only', async ({
    expect,
  }) => {
    // prettier-ignore
    const { code, stdout, stderr } = await tamaRun(['match', '--engine', mover(7), '--engine', mover(8), '--each', 'nodes=1', '--games', '4', '--maxplies', '10', '--openings', 'startpos']); // prettier-ignore
    expect(code).toBe(0);
    expect(stdout).toContain('1 opening(s)');
    expect(stderr).toContain(
      'warning: 4 games per pairing from 1 opening(s): openings repeat with the same colours, and engines limited by depth or nodes will play identical games',
    );
  });

  it('stops on Ctrl-C, prints the results so far and keeps the finished games', async ({
    expect,
  }) => {
    const pdn = join(directory, 'interrupted.pdn');
    const child = spawn(
      process.execPath,
      [
        tama,
        'match',
        '--engine',
        mover(3),
        '--engine',
        mover(4),
        '--each',
        'depth=1',
        '--games',
        '500',
        '--pgnout',
        pdn,
      ],
      { cwd: ROOT },
    );
    let stdout = '';
    let interrupted = false;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (!interrupted && /^Finished game 2 /m.test(stdout)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(130);
    expect(stdout).toMatch(/^Match stopped: interrupted$/m);
    const finished = stdout.match(/^Finished game /gm)?.length ?? 0;
    expect(finished).toBeGreaterThanOrEqual(2);
    const games = parsePdn(readFileSync(pdn, 'utf8'));
    expect(games.ok && games.value.length).toBe(finished);
  });
});

describe('tama match-openings', () => {
  it('prints the header with its command and the openings', async ({ expect }) => {
    const { code, stdout } = await tamaRun(['match-openings', '--count', '5', '--seed', '2']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^# Generated by: tama match-openings --variant armenian --count 5 --min-plies 6 --max-plies 8 --seed 2 /m,
    );
    const parsed = parseOpenings(stdout, 'armenian');
    expect(parsed.ok && parsed.value.length).toBe(5);
  });
});
