/**
 * The gift count of real searches (bench/gifts.ts, built): on two games whose quiet positions
 * are ones where the shipped Armenian network's search of depth 1 gives a man that the
 * linear evaluation's keeps, and on a few positions of a training shard, the table's shape
 * and counts; a bad call is one error line and exit code 2.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const GIFTS_JS = fileURLToPath(new URL('../../dist/bench/gifts.js', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHARD = 'data/train/armenian/20261207T074006Z-c1-01.json';
const folder = mkdtempSync(join(tmpdir(), 'tama-gifts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Two openings of data/openings-armenian.txt where the shipped network's search of depth 1
 * gives a man that the linear evaluation's keeps: White plays g4-g5, which h5xf5 answers
 * (linear: h2-g3), and Black g5-h4, which h3xh5 answers (linear: h7-h6).
 */
const GAMES = `[Event "test"]
[White "net"]
[Black "other"]
[Result "*"]
[FEN "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,c3,d3,e3,f3,h3,b4,g4:Bc5,d5,e5,h5,a6,b6,e6,h6,a7,b7,c7,d7,e7,f7,g7,h7"]
[Variant "Armenian"]

1. g4-g5 *

[Event "test"]
[White "other"]
[Black "net"]
[Result "*"]
[FEN "B:Wa2,b2,c2,d2,e2,g2,h2,a3,b3,e3,f3,g3,h3,d4,e4,f4:Be5,g5,a6,b6,c6,d6,e6,f6,g6,a7,b7,c7,e7,f7,g7,h7"]
[Variant "Armenian"]

1... g5-h4 *
`;

function built(): string {
  if (!existsSync(GIFTS_JS)) throw new Error(`${GIFTS_JS} is missing: run npm run build first`);
  return GIFTS_JS;
}

/** Runs the script with `args` from the repository; its output, or its error output and exit code. */
async function gifts(...args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [built(), ...args], { cwd: ROOT });
    return { stdout, stderr, code: 0 };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string; code: number };
    return { stdout: failed.stdout, stderr: failed.stderr, code: failed.code };
  }
}

/** The table's rows: source, variant, depth and the cells, as printed. */
function rows(stdout: string): string[][] {
  return stdout
    .split('\n')
    .filter((line) => /^\| [^|]+ \| (armenian|turkish) \(/.test(line))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe('dist/bench/gifts.js', () => {
  const file = join(folder, 'game.pdn');
  writeFileSync(file, GAMES);

  it("counts the network's gifts at depth 1, which depth 2 sees and the linear evaluation never makes", async () => {
    const { stdout, code } = await gifts('--player', 'net', '--depth', '2', file);
    expect(code).toBe(0);
    expect(stdout).toContain(`${file} (armenian): 2 positions where some move gives a man, found among 2 of its 2 quiet positions`); // prettier-ignore
    expect(stdout).toContain('evaluation under test: the default (data/network-armenian.json;data/network-turkish.json); compared with data/eval-weights.json'); // prettier-ignore
    expect(rows(stdout)).toEqual([
      ['game.pdn', 'armenian (network)', '1', '2 (100.0 %), 1.00', '0 (0.0 %), 0.00', '+100.0 ± 0.0'], // prettier-ignore
      ['game.pdn', 'armenian (network)', '2', '0 (0.0 %), 0.00', '0 (0.0 %), 0.00', '+0.0 ± 0.0'],
    ]);
  });

  it('compares an evaluation file with itself as level, on positions of a training shard', async () => {
    const { stdout, code } = await gifts('--positions', '4', '--depth', '3', '--eval-file', 'data/eval-weights.json', SHARD); // prettier-ignore
    expect(code).toBe(0);
    expect(stdout).toMatch(/^data\/train\/armenian\/20261207T074006Z-c1-01\.json \(armenian\): 4 positions where some move gives a man, found among \d+ of its \d+ quiet positions$/m); // prettier-ignore
    const table = rows(stdout);
    expect(table.map((row) => row.slice(0, 3))).toEqual([1, 2, 3].map((depth) => ['20261207T074006Z-c1-01.json', 'armenian (linear)', String(depth)])); // prettier-ignore
    for (const row of table) {
      expect(row[3]).toMatch(/^[0-4] \(\d+\.\d %\), \d+\.\d\d$/);
      expect(row[3]).toBe(row[4]);
      expect(row[5]).toBe('+0.0 ± 0.0');
    }
  });

  it("reads an openings file's positions in its variant", async () => {
    const { stdout, code } = await gifts('--positions', '2', '--depth', '1', 'data/openings-turkish.txt'); // prettier-ignore
    expect(code).toBe(0);
    expect(stdout).toMatch(/^data\/openings-turkish\.txt \(turkish\): 2 positions where some move gives a man, found among \d+ of its \d+ quiet positions$/m); // prettier-ignore
    expect(rows(stdout).map((row) => row.slice(0, 3))).toEqual([['openings-turkish.txt', 'turkish (network)', '1']]); // prettier-ignore
  });

  it('refuses a call without a source, a PDN file without a player, an unreadable file, an openings file without its variant and a depth past 12', async () => {
    const none = await gifts();
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: name at least one source\n/);
    const noPlayer = await gifts(file);
    expect(noPlayer.code).toBe(2);
    expect(noPlayer.stderr).toMatch(/^error: --player is required with a PDN file /);
    const missing = await gifts('--player', 'net', join(folder, 'none.pdn'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: cannot read .*none\.pdn: /);
    const nobody = await gifts('--player', 'nobody', file);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toMatch(/^error: no quiet position of 'nobody' in /);
    const unnamed = join(folder, 'openings.txt');
    writeFileSync(unnamed, 'W:Wa2:Bh7\n');
    const noVariant = await gifts(unnamed);
    expect(noVariant.code).toBe(2);
    expect(noVariant.stderr).toMatch(
      /^error: .*openings\.txt: its first line does not name the variant /,
    );
    const deep = await gifts('--depth', '13', SHARD);
    expect(deep.code).toBe(2);
    expect(deep.stderr).toMatch(/^error: --depth expects a whole number from 1 to 12, got '13'\n/);
  });
});
