/**
 * How long the page's Review takes, measured in headless Chromium (the @sparticuz/chromium
 * of the tests) against a fresh `tama gui`: the first game of a PDN file, cut to --plies
 * plies, is loaded on the page and reviewed at the page's default budget, from the click on
 * Review to the panel's "Review done", --runs times (each run a fresh page and engine).
 * With --screenshot FILE the last run's page is saved there, shown at its first marked move.
 *
 *   npm run build && node dist/bench/gui-review.js --pdn games.pdn [--plies 100] [--runs 1]
 *     [--screenshot docs/gui-review.png]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from 'playwright-core';
import { DEFAULT_REVIEW_NODES } from '../src/analyse/settings.js';
import { parsePdn } from '../src/pdn/pdn.js';

const USAGE =
  'usage: node dist/bench/gui-review.js --pdn FILE [--plies N] [--runs N] [--screenshot FILE]\n';
const args = process.argv.slice(2);
if (args.includes('--help')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
function fail(message: string): never {
  process.stderr.write(`gui-review: ${message} (see --help)\n`);
  process.exit(2);
}
const OPTIONS = ['--pdn', '--plies', '--runs', '--screenshot'];
for (let i = 0; i < args.length; i += 2) {
  if (!OPTIONS.includes(args[i])) fail(`unknown argument '${args[i]}'`);
  if (args[i + 1] === undefined) fail(`${args[i]} needs a value`);
}
const text = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
function count(name: string, fallback: number): number {
  const value = Number(text(name) ?? fallback);
  if (!Number.isInteger(value) || value < 1) fail(`--${name} needs a whole number from 1`);
  return value;
}
const pdnFile = text('pdn') ?? fail('--pdn FILE is needed');
const plies = count('plies', 100);
const runs = count('runs', 1);
const screenshot = text('screenshot');

let source: string;
try {
  source = readFileSync(pdnFile, 'utf8');
} catch (error) {
  fail(`cannot read ${pdnFile}: ${(error as Error).message}`);
}
const parsed = parsePdn(source);
if (!parsed.ok) fail(`${pdnFile}: ${parsed.error.message}`);
const first = parsed.value[0] ?? fail(`${pdnFile} holds no game`);
if (first.moves.length < plies) fail(`the first game has ${first.moves.length} plies, fewer than --plies ${plies}`); // prettier-ignore
const tags = ['Variant', 'FEN']
  .filter((name) => first.tags.has(name))
  .map((name) => `[${name} "${first.tags.get(name)}"]`);
const pdn = `${tags.join('\n')}\n\n${first.moves.slice(0, plies).join(' ')} *\n`;

const TAMA = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));

/** Starts `tama gui` on a free port; resolves with the process and its URL. */
function startGui(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [TAMA, 'gui', '--port', '0'], { stdio: 'pipe' });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const url = /open (http:\/\/\S+)/.exec(output)?.[1];
      if (url !== undefined) resolve({ child, url });
    });
    child.on('exit', (code) => reject(new Error(`tama gui exited with ${code}: ${output}`)));
  });
}

async function stopGui(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

// Runs in the page: notes when the review's status first says it is done.
const MARK_DONE = `{
  const status = document.querySelector('#review-view .review-status');
  window.doneAt = undefined;
  new MutationObserver((_, observer) => {
    if (status.textContent.startsWith('Review done')) {
      window.doneAt = performance.now();
      observer.disconnect();
    }
  }).observe(status, { childList: true, characterData: true, subtree: true });
}`;

const browser = await playwright.launch({
  executablePath: await chromium.executablePath(),
  // In one process, Chromium crashes when a second page of the origin whose service worker
  // the page registered opens: several processes, as people run it.
  args: chromium.args.filter((flag) => flag !== '--single-process'),
  headless: true,
});
const times: number[] = [];
for (let run = 0; run < runs; run++) {
  const gui = await startGui();
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, bypassCSP: true });
  await page.goto(gui.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
  await page.locator('details.pdn summary').click();
  await page.fill('#pdn-text', pdn);
  await page.click('#pdn-import');
  await page.locator(`#moves button[data-ply="${plies}"]`).waitFor();
  await page.locator('details.pdn summary').click();
  await page.evaluate(MARK_DONE);
  const clickedAt = await page.evaluate<number>(
    "document.getElementById('review').click(), performance.now()",
  );
  await page.waitForFunction('window.doneAt !== undefined', undefined, { timeout: 0 });
  const seconds = ((await page.evaluate<number>('window.doneAt')) - clickedAt) / 1000;
  times.push(seconds);
  process.stdout.write(`run ${run + 1}: ${plies} plies reviewed in ${seconds.toFixed(1)} s\n`);
  if (run === runs - 1 && screenshot !== undefined) {
    await page.locator('#review-view .review-marks button').first().click();
    await page.evaluate('document.activeElement?.blur(); window.scrollTo(0, 0)');
    await page.screenshot({ path: screenshot });
  }
  // The page stays (Chromium's single-process mode ends with its last page), left blank.
  await page.goto('about:blank');
  await stopGui(gui.child);
}
await browser.close();

const sorted = [...times].sort((a, b) => a - b);
const median =
  sorted.length % 2 === 1
    ? sorted[sorted.length >> 1]
    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
process.stdout.write(
  `review of ${plies} plies at ${DEFAULT_REVIEW_NODES} nodes a position: median ${median.toFixed(1)} s (min ${sorted[0].toFixed(1)}, max ${sorted[sorted.length - 1].toFixed(1)}, n=${runs})\n`,
);
