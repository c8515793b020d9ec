/**
 * How fast `tama gui` feels, measured in headless Chromium (the @sparticuz/chromium of the
 * tests):
 * - from starting `tama gui` to the page's first paint (the browser is started first, so
 *   its own start is not counted), and from the page's navigation to its first paint: the
 *   medians of --starts fresh servers;
 * - from a person's move (the pointer released on the target square) to the engine's reply
 *   on the board, at the page's default level and clock: the median of --moves games, each
 *   a new game opened with a different first move.
 *
 *   npm run build && node dist/bench/gui-latency.js [--starts 5] [--moves 20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Page } from 'playwright-core';
import { legalMoves } from '../src/core/notation.js';
import { Position } from '../src/core/position.js';
import { parseSquare } from '../src/core/square.js';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write('usage: node dist/bench/gui-latency.js [--starts N] [--moves N]\n');
  process.exit(0);
}
function fail(message: string): never {
  process.stderr.write(`gui-latency: ${message} (see --help)\n`);
  process.exit(2);
}
function option(name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) fail(`--${name} needs a whole number from 1`);
  return value;
}
const unknown = args.find((a, i) => !['--starts', '--moves'].includes(a) && !['--starts', '--moves'].includes(args[i - 1])); // prettier-ignore
if (unknown !== undefined) fail(`unknown argument '${unknown}'`);
const starts = option('starts', 5);
const moves = option('moves', 20);

const TAMA = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Starts `tama gui` on a free port; resolves with the process, its URL and the start time. */
function startGui(): Promise<{ child: ChildProcess; url: string; startedAt: number }> {
  const startedAt = Date.now();
  const child = spawn(process.execPath, [TAMA, 'gui', '--port', '0'], { stdio: 'pipe' });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /open (http:\/\/\S+)/.exec(output)?.[1];
      if (url !== undefined) resolve({ child, url, startedAt });
    });
    child.on('exit', (code) => reject(new Error(`tama gui exited with ${code}: ${output}`)));
  });
}

async function stopGui(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function squareCentre(page: Page, name: string) {
  const box = await page.locator('#board').boundingBox();
  if (box === null) throw new Error('no board');
  const square = parseSquare(name);
  const size = box.width / 8;
  return { x: box.x + ((square & 7) + 0.5) * size, y: box.y + (7 - (square >> 3) + 0.5) * size };
}

// Runs in the page (as text: this file is compiled without the DOM's types): notes when the
// pointer is released on the board and when the move list first holds two plies.
const INSTALL_MARKS = `{
  const list = document.getElementById('moves');
  window.releasedAt = window.repliedAt = undefined;
  document.getElementById('board').addEventListener(
    'pointerup', () => (window.releasedAt = performance.now()), { capture: true, once: true });
  new MutationObserver((_, observer) => {
    if (list.querySelectorAll('button[data-ply]').length >= 2) {
      window.repliedAt = performance.now();
      observer.disconnect();
    }
  }).observe(list, { childList: true, subtree: true });
}`;

const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  // In one process, Chromium crashes when a second page of the origin whose service worker
  // the page registered opens: several processes, as people run it.
  args: chromium.args.filter((flag) => flag !== '--single-process'),
  headless: true,
});
// The page's Content-Security-Policy forbids evaluated text; the measuring scripts need it.
const page = await browser.newPage({ viewport: { width: 1200, height: 860 }, bypassCSP: true });

const paints: number[] = [];
const pagePaints: number[] = [];
for (let run = 0; run < starts; run++) {
  const gui = await startGui();
  await page.goto(gui.url);
  await page.waitForFunction("performance.getEntriesByName('first-paint').length > 0");
  const paintedAt = await page.evaluate<number>(
    "performance.timeOrigin + performance.getEntriesByName('first-paint')[0].startTime",
  );
  paints.push(paintedAt - gui.startedAt);
  pagePaints.push(
    await page.evaluate<number>("performance.getEntriesByName('first-paint')[0].startTime"),
  );
  await page.goto('about:blank');
  await stopGui(gui.child);
}

const gui = await startGui();
await page.goto(gui.url);
await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
const firstMoves = legalMoves(Position.start()).map((m) => m.text);
const replies: number[] = [];
for (let game = 0; game < moves; game++) {
  await page.click('#new-game');
  const [from, to] = firstMoves[game % firstMoves.length].split('-');
  await page.evaluate(INSTALL_MARKS);
  for (const name of [from, to]) {
    const point = await squareCentre(page, name);
    await page.mouse.click(point.x, point.y);
  }
  await page.waitForFunction('window.repliedAt !== undefined');
  replies.push(await page.evaluate<number>('window.repliedAt - window.releasedAt'));
}
await stopGui(gui.child);
await browser.close();

const format = (values: number[]) =>
  `median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)}, n=${values.length})`; // prettier-ignore
process.stdout.write(`tama gui to first paint: ${format(paints)}\n`);
process.stdout.write(`navigation to first paint: ${format(pagePaints)}\n`);
process.stdout.write(`move to engine reply (default level and clock): ${format(replies)}\n`);
