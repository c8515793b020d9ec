/** `tama tune-data`, `tama tune` and `tama train` through the built command: files in, files out, errors. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadEvalFile } from '../../src/engine/eval-file.js';
import { DEFAULT_EVAL_WEIGHTS } from '../../src/search/eval.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const games = join(root, 'test/fixtures/games-armenian.pdn');
const folder = mkdtempSync(join(tmpdir(), 'tama-tune-'));

function tama(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'bin/tama.js'), ...args],
      { cwd: root },
      (error, _stdout, stderr) => {
        // prettier-ignore
        resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stderr }); // prettier-ignore
      },
    );
  });
}

describe('tama tune-data and tama tune', () => {
  it('make training positions from games, then a weights file the engine loads', async () => {
    const positions = join(folder, 'positions.txt');
    const data = await tama(['tune-data', '--variant', 'armenian', '--out', positions, games]);
    expect(data.code).toBe(0);
    expect(data.stderr).toMatch(/^\d+ positions from 8 games /m);
    const lines = readFileSync(positions, 'utf8').trim().split('\n');
    expect(lines[0]).toBe('# tama training positions, variant armenian');
    expect(lines[1]).toContain('tama tune-data --variant armenian');
    expect(lines.length).toBeGreaterThan(100);

    const out = join(folder, 'weights.json');
    const tune = await tama(['tune', '--positions', positions, '--out', out, '--epochs', '3', '--seed', '5']); // prettier-ignore
    expect(tune.code).toBe(0);
    expect(tune.stderr).toMatch(/^epoch 3\/3: loss /m);
    const loaded = loadEvalFile(out);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.weights.turkish).toEqual(DEFAULT_EVAL_WEIGHTS.turkish);
    expect(loaded.value.weights.armenian).not.toEqual(DEFAULT_EVAL_WEIGHTS.armenian);
    const about = (JSON.parse(readFileSync(out, 'utf8')) as { about: string }).about;
    expect(about).toMatch(/armenian fitted by: tama tune --positions .* --epochs 3 --seed 5 \(\d+ positions, K /); // prettier-ignore
  });

  it('train a network that the engine loads, the held-out loss on stderr', async () => {
    const positions = join(folder, 'positions-train.txt');
    expect((await tama(['tune-data', '--out', positions, games])).code).toBe(0);
    const out = join(folder, 'network.json');
    const train = await tama(['train', '--positions', positions, '--out', out, '--hidden', '16', '--epochs', '2', '--seed', '3']); // prettier-ignore
    expect(train.code).toBe(0);
    expect(train.stderr).toMatch(/^\d+ training and \d+ held-out positions, K [\d.]+ .*held-out loss against the results: linear 0\.\d+$/m); // prettier-ignore
    expect(train.stderr).toMatch(/^epoch 2\/2: loss 0\.\d+, held-out 0\.\d+ /m);
    expect(train.stderr).toMatch(/network 0\.\d+ float, 0\.\d+ quantised .*; wrote /);
    const loaded = loadEvalFile(out);
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(Object.keys(loaded.value.networks)).toEqual(['armenian']);
    expect(loaded.value.networks.armenian?.hidden).toBe(16);
    const about = (JSON.parse(readFileSync(out, 'utf8')) as { about: string }).about;
    expect(about).toMatch(/^armenian network trained by: tama train --positions .* --seed 3 \(\d+ training positions with their mirrors, hidden 16, K /); // prettier-ignore
    // A network is no starting point for the linear tuner.
    const tune = await tama(['tune', '--positions', positions, '--init', out, '--out', join(folder, 'w.json')]); // prettier-ignore
    expect(tune.code).toBe(2);
    expect(tune.stderr).toMatch(/--init: '.*network\.json' is a network; this needs a linear weights file/); // prettier-ignore
  });

  it.each([
    [['train', '--positions', games, '--out', join(folder, 'n.json')], 2, /games-armenian\.pdn: line 1: the result must be/], // prettier-ignore
    [['train', '--positions', games, '--out', join(folder, 'n.json'), '--hidden', '4'], 2, /--hidden/], // prettier-ignore
    [['tune-data', '--out', join(folder, 'x.txt'), join(folder, 'missing.pdn')], 1, /cannot read '.*missing\.pdn'/], // prettier-ignore
    [['tune-data', '--out', folder, games], 1, /cannot write .*: it is a directory/],
    [['tune-data', '--eval', games, '--out', join(folder, 'x.txt'), games], 2, /--eval: EvalFile .*: not JSON/], // prettier-ignore
    [['tune', '--positions', games, '--out', join(folder, 'w.json')], 2, /games-armenian\.pdn: line 1: the result must be/], // prettier-ignore
    [['tune', '--positions', join(folder, 'missing.txt'), '--out', join(folder, 'w.json')], 1, /cannot read/], // prettier-ignore
    [['tune', '--positions', games, '--out', join(folder, 'w.json'), '--rate', 'fast'], 2, /expected a number from 0 to 1000/], // prettier-ignore
    [
      ['tune', '--out', join(folder, 'w.json')],
      2,
      /error: give the training positions: --positions FILE or --data DIR \(one of them\)/,
    ],
  ])('fail clearly on bad input (%#)', async (args, code, message) => {
    const run = await tama(args);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
  });

  it('refuses positions of the other variant', async () => {
    const turkish = join(folder, 'turkish.txt');
    writeFileSync(turkish, '# tama training positions, variant turkish\n1 W:Wa2:Bh7\n');
    const run = await tama(['tune', '--positions', turkish, '--out', join(folder, 'w.json')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the positions are of variant turkish, not armenian/);
  });
});
