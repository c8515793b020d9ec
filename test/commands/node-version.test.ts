/**
 * On a Node.js that package.json's `engines` does not cover, the command and the build say
 * so in one line, with the way to run Node.js 24 from the npm registry, and do nothing else.
 * The version is faked with a preload (`--import`), so the test runs on any supported Node.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `node <script> ...args` as if on Node.js `version`. */
function runAs(
  version: string,
  script: string,
  args: readonly string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  const fake = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'${version}'})`;
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', fake, join(root, script), ...args], { cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr });
    }); // prettier-ignore
  });
}

const LINE = (version: string) =>
  `error: tama runs on Node.js 24 or 22.17 and later, not ${version}; for Node.js 24 from the npm registry, installed nowhere else, put 'npx --yes --package=node@24 --' before the command: 'npx --yes --package=node@24 -- npm start'\n`;

describe('an unsupported Node.js', () => {
  it.each(['20.20.2', '22.16.0', '23.11.1'])('%s: tama says how to run Node.js 24, exit 1', async (version) => {
    const run = await runAs(version, 'bin/tama.js', ['perft', '1']);
    expect(run).toEqual({ code: 1, stdout: '', stderr: LINE(version) });
  }); // prettier-ignore

  it('stops the build before it starts', async () => {
    const run = await runAs('20.20.2', 'scripts/build.mjs', []);
    expect(run).toEqual({ code: 1, stdout: '', stderr: LINE('20.20.2') });
  });

  it.each(['22.17.0', '24.0.0'])('%s: tama runs', async (version) => {
    const run = await runAs(version, 'bin/tama.js', ['perft', '1']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('22');
  });
});
