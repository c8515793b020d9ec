/**
 * The depth-1 gift count (bench/gifts.ts, built): on a game whose first position is one
 * where the shipped Armenian network, at depth 1, gives a man that the linear evaluation
 * keeps, each evaluation's count and margin; a bad call is one error line and exit code 2.
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
const folder = mkdtempSync(join(tmpdir(), 'tama-gifts-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** White to move; b4-c5 gives a man (c6xc4), which the network scores +16, the linear -104. */
const GAME = `[Event "test"]
[White "net"]
[Black "other"]
[Result "*"]
[FEN "W:Wa2,b2,c2,d2,e2,f2,h2,b3,d3,e3,f3,g3,h3,a4,b4,g4:Bb5,d5,e5,b6,c6,d6,f6,h6,a7,b7,c7,d7,e7,f7,g7,h7"]
[Variant "Armenian"]

1. b4-c5 c6xc4 2. a4-a5 *
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

describe('dist/bench/gifts.js', () => {
  const file = join(folder, 'game.pdn');
  writeFileSync(file, GAME);

  it("counts the network's gift at depth 1 and the linear evaluation's refusal", async () => {
    const { stdout, code } = await gifts('--player', 'net', file);
    expect(code).toBe(0);
    // Two quiet positions of White, the start and after c6xc4: in both the network would
    // give a man at depth 1 and the linear evaluation would not.
    expect(stdout).toContain(`${file}: 2 quiet positions of 'net' (armenian), judged with data/network-armenian.json`); // prettier-ignore
    expect(stdout).toMatch(/^network +depth 1 gives a man in 2 \(100 %\);/m);
    expect(stdout).toMatch(/^linear +depth 1 gives a man in 0 \(0 %\);/m);
  });

  it('refuses a call without a player, an unreadable file and a player with no position', async () => {
    const noPlayer = await gifts(file);
    expect(noPlayer.code).toBe(2);
    expect(noPlayer.stderr).toMatch(/^error: --player is required\n/);
    const missing = await gifts('--player', 'net', join(folder, 'none.pdn'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: cannot read .*none\.pdn: /);
    const nobody = await gifts('--player', 'nobody', file);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toMatch(/^error: no quiet position of 'nobody' in the file\n/);
  });
});
