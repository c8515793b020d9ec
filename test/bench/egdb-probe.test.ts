/**
 * The endgame tables' cost measurement (bench/egdb-probe.ts, built): with tables of up to 3
 * pieces built for the test, a 4-piece position is searched with the tables (hits counted)
 * and without (none), each count printed; a bad call is one error line and exit code 2.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PROBE_JS = fileURLToPath(new URL('../../dist/bench/egdb-probe.js', import.meta.url));
const TAMA_JS = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'tama-egdb-probe-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeAll(async () => {
  await run(process.execPath, [TAMA_JS, 'egdb', 'build', '--pieces', '3', '--out', folder], { cwd: ROOT }); // prettier-ignore
}, 120_000);

/** Runs the script with `args` from the repository; its output, or its error output and exit code. */
async function probe(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  if (!existsSync(PROBE_JS)) throw new Error(`${PROBE_JS} is missing: run npm run build first`);
  try {
    const { stdout, stderr } = await run(process.execPath, [PROBE_JS, ...args], { cwd: ROOT });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

describe('bench/egdb-probe', () => {
  it('searches a position with the tables (hits) and without (none), and estimates a hit', async () => {
    const position = 'W:WKa1,c3:Bf6,d8';
    const { stdout, code } = await probe('--egdb', folder, '--depth', '6', '--rounds', '1', '--position', position); // prettier-ignore
    expect(code).toBe(0);
    const line = (side: string) => stdout.split('\n').find((text) => text.startsWith(`${position} ${side}:`)) ?? ''; // prettier-ignore
    expect(line('without')).toMatch(/nodes [1-9]\d* .* tbhits 0$/);
    const hits = Number(/tbhits (\d+)$/.exec(line('tables'))?.[1]);
    expect(hits).toBeGreaterThan(0);
    expect(stdout).toMatch(new RegExp(`all tables: nodes \\d+, \\d+ nodes/s, tbhits ${hits}`));
    expect(stdout).toMatch(/a table hit costs about -?\d+ ns \(estimate\)/);
  }, 120_000);

  it('refuses a call without tables, or with a bad position, in one line', async () => {
    const missing = await probe('--depth', '4');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--egdb is required');
    const bad = await probe(
      '--egdb',
      folder,
      '--depth',
      '2',
      '--rounds',
      '1',
      '--position',
      'W:Wz9:Bb6',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--position W:Wz9:Bb6');
    expect(bad.stdout).toBe('');
  }, 120_000);
});
