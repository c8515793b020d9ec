/**
 * scripts/build.mjs builds dist/ once per state of the sources: `--if-changed` (what
 * `npm start`, `npm test` and `npm pack` run) skips a build whose sources are those of the
 * last finished one, builds again when a source changes, and a build cut short by a failing
 * step is done again. Run on a copy of the script in a small tree whose steps only record
 * that they ran.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let tree: string;

/** A step that appends its name to dist/steps.log, and fails when FAIL_STEP names it. */
const step = (name: string) =>
  `import { appendFileSync, mkdirSync } from 'node:fs';
if (process.env.FAIL_STEP === '${name}') process.exit(3);
mkdirSync(new URL('${'../'.repeat(name === 'tsc' ? 3 : 1)}dist/', import.meta.url), { recursive: true });
appendFileSync(new URL('${'../'.repeat(name === 'tsc' ? 3 : 1)}dist/steps.log', import.meta.url), '${name}\\n');
`;

function write(path: string, text: string): void {
  mkdirSync(dirname(join(tree, path)), { recursive: true });
  writeFileSync(join(tree, path), text);
}

beforeEach(() => {
  tree = mkdtempSync(join(tmpdir(), 'tama-build-'));
  write('scripts/build.mjs', readFileSync(join(root, 'scripts/build.mjs'), 'utf8'));
  write('bin/supported-node.js', readFileSync(join(root, 'bin/supported-node.js'), 'utf8'));
  for (const name of ['build-wasm', 'build-page', 'build-web'])
    write(`scripts/${name}.mjs`, step(name));
  write('node_modules/typescript/bin/tsc', step('tsc'));
  write('node_modules/typescript/package.json', '{ "type": "module" }\n');
  write('package.json', '{ "type": "module" }\n');
  for (const file of ['package-lock.json', 'tsconfig.json', 'tsconfig.build.json'])
    write(file, '{}\n');
  write('src/core/rules.ts', 'export const rules = 1;\n');
  write('src/core/perft-wasm-module.ts', 'generated\n');
  write('bench/run.ts', '\n');
  write('data/eval-weights.json', '{}\n');
  write('data/train/armenian/shard-1.json', '{}\n');
});

/** Runs the copied build; its exit code, stderr and the steps that ran, in order. */
function build(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stderr: string; steps: string[] }> {
  const log = join(tree, 'dist/steps.log');
  rmSync(log, { force: true });
  return new Promise((resolve) => {
    execFile(process.execPath, [join(tree, 'scripts/build.mjs'), ...args], { env: { ...process.env, ...env } }, (error, _stdout, stderr) => {
      const steps = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : [];
      resolve({ code: error === null ? 0 : Number(error.code), stderr, steps });
    });
  }); // prettier-ignore
}

const ALL_STEPS = ['build-wasm', 'tsc', 'tsc', 'build-page', 'build-web'];

describe('the build', () => {
  it('runs every step in order, then skips with --if-changed until a source changes', async () => {
    expect((await build([])).steps).toEqual(ALL_STEPS);
    const skipped = await build(['--if-changed']);
    expect(skipped).toEqual({ code: 0, stderr: '', steps: [] });
    // Neither the module files it generates nor the training shards are sources.
    write('src/core/perft-wasm-module.ts', 'generated again\n');
    write('data/train/armenian/shard-2.json', '{}\n');
    expect((await build(['--if-changed'])).steps).toEqual([]);
    write('src/core/rules.ts', 'export const rules = 2;\n');
    const rebuilt = await build(['--if-changed']);
    expect(rebuilt.steps).toEqual(ALL_STEPS);
    expect(rebuilt.stderr).toContain('Building dist/ from the sources');
    expect((await build(['--if-changed'])).steps).toEqual([]);
    expect((await build([])).steps).toEqual(ALL_STEPS);
  });

  it('stops at a failing step with exit 1 and builds again next time', async () => {
    await build([]);
    write('data/eval-weights.json', '{"changed":true}\n');
    const failed = await build(['--if-changed'], { FAIL_STEP: 'build-page' });
    expect(failed.code).toBe(1);
    expect(failed.steps).toEqual(['build-wasm', 'tsc', 'tsc']);
    expect(failed.stderr).toContain("error: the build of the page of 'tama gui' failed");
    expect((await build(['--if-changed'])).steps).toEqual(ALL_STEPS);
  });

  it('says to install the tools first where they are missing', async () => {
    rmSync(join(tree, 'node_modules'), { recursive: true });
    const run = await build([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`error: the build tools are not installed: run 'npm ci' in ${tree}/\n`);
  });
});
