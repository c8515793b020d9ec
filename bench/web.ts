/**
 * The static build (dist/web) measured in headless Chromium (the @sparticuz/chromium of the
 * tests), served by a plain static server:
 * - the bench (the protocol's `bench`, the bench positions at the bench depth) in the
 *   browser's engine worker, one thread without isolation, one and two threads with it,
 *   against `tama bench` in Node on the same machine (Threads 1 and 2);
 * - the size of dist/web without source maps, raw and gzipped (level 9, file by file);
 * - from a cold load (a new browser context) to the engine's first move on the board, the
 *   page's default level and clock, playing Black: the median of --loads loads, at desktop
 *   size, then at phone size (390x844) with the CPU slowed --throttle times (Chromium's
 *   CPU throttling), each split into the load (to the engine's readyok) and the move.
 * The endgame tables (dist/web/egdb) are counted apart: the page downloads them only when
 * asked. `--phone` measures only the phone-size loads and moves.
 *
 *   npm run build && node dist/bench/web.js [--loads 5] [--throttle 4] [--phone]
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';
import { serveFolder } from '../test/gui/static-server.js';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write('usage: node dist/bench/web.js [--loads N] [--throttle RATE] [--phone]\n');
  process.exit(0);
}
function fail(message: string): never {
  process.stderr.write(`web: ${message} (see --help)\n`);
  process.exit(2);
}
function option(name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) fail(`--${name} needs a whole number from 1`);
  return value;
}
const NAMES = ['--loads', '--throttle'];
const unknown = args.find((a, i) => a !== '--phone' && !NAMES.includes(a) && !NAMES.includes(args[i - 1])); // prettier-ignore
if (unknown !== undefined) fail(`unknown argument '${unknown}'`);
const loads = option('loads', 5);
const throttle = option('throttle', 4);
const phoneOnly = args.includes('--phone');

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const WEB = here('../../dist/web/');
const TAMA = here('../../bin/tama.js');
const FLAGS = /^--(single-process|disable-site-isolation-trials|disable-web-security|enable-features=SharedArrayBuffer|disable-features=)/; // prettier-ignore

/** Nodes a second from the protocol's `bench` output lines. */
function benchNps(lines: readonly string[]): number {
  const line = lines.find((l) => l.startsWith('Nodes/second'));
  if (line === undefined) throw new Error(`no Nodes/second in ${lines.join(' | ')}`);
  return Number(line.split(':')[1]);
}

/** `tama bench` in a Node process with `threads` threads; quit only once it has answered. */
function nodeBench(threads: number): Promise<number> {
  const child = spawn(process.execPath, [TAMA], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  let rest = '';
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
      if (parts.some((line) => line.startsWith('Nodes/second'))) {
        child.stdin.end('quit\n');
        resolve(benchNps(lines));
      }
    });
    child.on('exit', () => reject(new Error(`tama bench ended early: ${lines.join(' | ')}`)));
    child.stdin.write(`setoption name Threads value ${threads}\nisready\nbench\n`);
  });
}

async function browserBench(browser: Browser, isolated: boolean, threads: number): Promise<number> {
  const server = await serveFolder(WEB, isolated);
  const page = await browser.newPage();
  await page.goto(server.url);
  const input = ['uci', `setoption name Threads value ${threads}`, 'isready', 'bench'];
  const lines = await page.evaluate<string[]>(`new Promise((resolve) => {
    const worker = new Worker('./engine-worker.js', { type: 'module' });
    const output = [];
    worker.onmessage = (event) => {
      output.push(event.data);
      if (event.data.startsWith('Nodes/second')) resolve(output);
    };
    for (const line of ${JSON.stringify(input)}) worker.postMessage(line);
  })`);
  await page.close();
  await server.close();
  return benchNps(lines);
}

/** Milliseconds from a cold load to the engine's readyok, and from there to its first move. */
async function firstMove(
  browser: Browser,
  phone: boolean,
): Promise<{ load: number; move: number }> {
  // prettier-ignore
  const server = await serveFolder(WEB, false);
  const context = await browser.newContext(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }); // prettier-ignore
  const page = await context.newPage();
  if (phone) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  }
  const started = performance.now();
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
  const loaded = performance.now();
  await page.selectOption('#mode', 'black');
  await page.locator('#moves button[data-ply="1"]').waitFor({ state: 'attached' });
  const moved = performance.now();
  await context.close();
  await server.close();
  return { load: loaded - started, move: moved - loaded };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]; // prettier-ignore
const range = (values: number[]) => `${Math.round(Math.min(...values))} to ${Math.round(Math.max(...values))}`; // prettier-ignore

/** The files of `folder` and its subfolders (paths relative to it), source maps left out. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(folder.length).replace(/^\//, ''));
}

/** Raw and gzipped bytes (level 9, file by file) of `files` under dist/web. */
function sizes(files: readonly string[]): string {
  let raw = 0;
  let gzipped = 0;
  for (const file of files) {
    const bytes = readFileSync(WEB + file);
    raw += bytes.length;
    gzipped += gzipSync(bytes, { level: 9 }).length;
  }
  return `${raw} bytes, ${gzipped} gzipped`;
}

if (!phoneOnly) {
  const files = filesUnder(WEB);
  const tables = files.filter((file) => file.startsWith('egdb/') && file.endsWith('.egdb'));
  process.stdout.write(`dist/web without maps and tables: ${sizes(files.filter((file) => !tables.includes(file)))}\n`); // prettier-ignore
  process.stdout.write(`endgame tables (downloaded on request): ${tables.length} files, ${sizes(tables)}\n`); // prettier-ignore
  process.stdout.write(`Node bench: 1 thread ${await nodeBench(1)} nps, 2 threads ${await nodeBench(2)} nps\n`); // prettier-ignore
}
const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  args: chromium.args.filter((flag) => !FLAGS.test(flag)),
  headless: true,
});
try {
  if (!phoneOnly) {
    process.stdout.write(`browser bench, not isolated, 1 thread: ${await browserBench(browser, false, 1)} nps\n`); // prettier-ignore
    process.stdout.write(`browser bench, isolated, 1 thread: ${await browserBench(browser, true, 1)} nps\n`); // prettier-ignore
    process.stdout.write(`browser bench, isolated, 2 threads: ${await browserBench(browser, true, 2)} nps\n`); // prettier-ignore
  }
  for (const phone of phoneOnly ? [true] : [false, true]) {
    const times: { load: number; move: number }[] = [];
    for (let i = 0; i < loads; i++) times.push(await firstMove(browser, phone));
    const what = phone ? `phone size, CPU slowed ${throttle}x` : 'desktop size';
    const total = times.map((t) => t.load + t.move);
    const load = times.map((t) => t.load);
    const move = times.map((t) => t.move);
    process.stdout.write(`cold load to the engine's first move (${what}): median ${Math.round(median(total))} ms (${range(total)}, ${loads} loads); the load to readyok ${Math.round(median(load))} ms (${range(load)}), the move ${Math.round(median(move))} ms (${range(move)})\n`); // prettier-ignore
  }
} finally {
  await browser.close();
}
