/**
 * The static build's settings panel in a real headless Chromium (dist/web from a plain
 * static server, as web-static.test.ts):
 * - the endgame tables: the panel offers them with their size, downloads them into the
 *   browser's storage showing its progress, and the engine loads them; an engine worker
 *   started afterwards finds them stored and gives, for 3-piece positions of both
 *   variants, the values `tama egdb probe` prints, and its search scores from them
 *   (`tbhits`); the page's analysis says it hits them, also after a reload with the
 *   server gone and the network off;
 * - Threads and Hash: offered within the engine's own ranges (its `option` lines), set from
 *   the keyboard, applied to the running engine without a reload (its name and its search
 *   threads change, and it still plays), kept for the next visit; axe-core finds no WCAG 2
 *   A/AA violation with the panel open.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticBrowser } from './chromium.js';
import { Game } from '../../src/gui/page/game.js';
import { axeViolations } from './axe.js';
import type { StaticServer } from './static-server.js';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const TAMA = fileURLToPath(new URL('../../bin/tama.js', import.meta.url));
const TABLE_LIST = JSON.parse(readFileSync(`${WEB}egdb/tables.json`, 'utf8')) as {
  files: { path: string }[];
  bytes: number;
};

/** 3-piece positions: wins, losses and a draw, one worth other distances in each variant. */
const POSITIONS = ['W:WKa1,Kh8:BKd5', 'W:Wb2,e2:Bb6', 'B:WKc3:Bd5,e6', 'W:Wc3:BKf6,Kb8', 'B:Wd4,Kg1:Bf7']; // prettier-ignore
const VARIANTS = ['armenian', 'turkish'] as const;

const chromium = staticBrowser(WEB);

/** A new browser context (its own storage) on the page of a new static server. */
async function openPage(isolated: boolean) {
  const server = await chromium.serve(isolated);
  const context = await chromium.browser().newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(server.url);
  await ready(page);
  return { server, context, page, errors };
}

const ready = (page: Page) =>
  page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });

/** Opens the settings panel once the page has shown it. */
async function openPanel(page: Page): Promise<void> {
  await page.locator('#engine-settings').waitFor({ state: 'visible', timeout: 30_000 });
  if ((await page.locator('#engine-settings').getAttribute('open')) === null) {
    await page.locator('#engine-settings summary').click();
  }
}

/** Runs in the page: a new engine worker's output lines for `input`, until `last` matched `times`. */
function engineLines(
  page: Page,
  input: readonly string[],
  last: RegExp,
  times = 1,
): Promise<string[]> {
  // prettier-ignore
  return page.evaluate<string[]>(`new Promise((resolve) => {
    const worker = new Worker('./engine-worker.js', { type: 'module' });
    const output = [];
    let matched = 0;
    worker.onmessage = (event) => {
      output.push(event.data);
      if (${last.toString()}.test(event.data) && ++matched === ${times}) { worker.terminate(); resolve(output); }
    };
    for (const line of ${JSON.stringify(input)}) worker.postMessage(line);
  })`);
}

/** Sets up `fen` as a human-against-human game and analyses it; the summary's text. */
async function analyse(page: Page, fen: string): Promise<string> {
  await page.selectOption('#clock-control', '');
  await page.selectOption('#mode', 'human');
  if ((await page.locator('details.pdn').getAttribute('open')) === null) {
    await page.locator('details.pdn summary').click();
  }
  await page.fill('#fen-text', fen);
  await page.click('#fen-setup');
  await page.check('#analyse');
  const summary = page.locator('#search-summary', { hasText: 'table hits' });
  await summary.waitFor({ state: 'attached', timeout: 60_000 });
  const text = (await summary.textContent()) ?? '';
  await page.uncheck('#analyse');
  return text;
}

describe('the endgame tables in the browser', () => {
  let context: BrowserContext;
  let server: StaticServer;
  let page: Page;

  it('downloads them with their size and progress, and the engine loads them', async () => {
    ({ context, server, page } = await openPage(false));
    await openPanel(page);
    const status = page.locator('#tables-status');
    await expect.poll(() => status.textContent()).toMatch(/^Not loaded: 3-piece tables, Armenian and Turkish, 1\.\d MiB to download\.$/); // prettier-ignore
    expect(await page.locator('body').getAttribute('data-tables')).toBe('none');
    const button = page.getByRole('button', { name: /^Download tables \(1\.\d MiB\)$/ });
    // The texts the status line shows while it downloads.
    await page.evaluate(`{
      window.tableTexts = [];
      const line = document.getElementById('tables-status');
      new MutationObserver(() => window.tableTexts.push(line.textContent)).observe(line, { childList: true, characterData: true, subtree: true });
    }`);
    await button.click();
    await page.waitForSelector('body[data-tables=loaded]', { state: 'attached', timeout: 60_000 }); // prettier-ignore
    expect(await status.textContent()).toMatch(/^Loaded: 3-piece tables, Armenian and Turkish, 1\.\d MiB;/); // prettier-ignore
    expect(await button.isVisible()).toBe(false);
    const texts = await page.evaluate<string[]>('window.tableTexts');
    const total = (TABLE_LIST.bytes / 2 ** 20).toFixed(1);
    expect(texts).toContain(`Downloading 0.0 MiB of ${total} MiB…`);
    expect(texts).toContain(`Downloading ${total} MiB of ${total} MiB…`);
    expect(texts.filter((text) => text.startsWith('Downloading')).length).toBeGreaterThan(TABLE_LIST.files.length / 2); // prettier-ignore
    // Every table came from the static server, once.
    for (const file of TABLE_LIST.files) {
      expect(server.requests.filter((path) => path === `/${file.path}`)).toHaveLength(1);
    }
    // The page's engine uses them at once.
    expect(await analyse(page, 'W:WKa1,Kh8:BKd5')).toMatch(/table hits/);
    // The analysis was stopped by ending its thread: the new one has the tables too.
    expect(await analyse(page, 'W:Wc3:BKf6,Kb8')).toMatch(/table hits/);
  });

  it('an engine started afterwards reads them from storage: the values of tama egdb probe', async () => {
    const input = ['uci', 'setoption name EGDB Path value egdb'];
    for (const variant of VARIANTS) {
      input.push(`setoption name Variant value ${variant}`);
      for (const fen of POSITIONS) input.push(`position fen ${fen}`, 'd');
    }
    input.push('setoption name Variant value armenian', 'position fen W:Wb2,e2:Bb6', 'go depth 5'); // prettier-ignore
    // A second search on the same thread, which keeps its copy of the tables.
    input.push('position fen B:Wd4,Kg1:Bf7', 'go depth 5');
    const lines = await engineLines(page, input, /^bestmove/, 2);
    expect(lines.filter((line) => line.startsWith('info string error'))).toEqual([]);
    const values = lines.filter((line) => line.startsWith('Endgame database: ')).map((line) => line.slice('Endgame database: '.length)); // prettier-ignore
    const probed = VARIANTS.flatMap((variant) =>
      POSITIONS.map((fen) => {
        const output = execFileSync(process.execPath, [TAMA, 'egdb', 'probe', '--variant', variant, '--path', `${WEB}egdb`, fen], { encoding: 'utf8' }); // prettier-ignore
        return /^value (.+)$/m.exec(output)![1];
      }),
    );
    expect(probed).toContain('draw');
    expect(new Set(probed).size).toBeGreaterThan(3);
    expect(values).toEqual(probed);
    // The search scores from the tables: a win in 39 plies is a mate in 20 moves.
    const [first, second] = lines.filter((line) => line.startsWith('info depth 5 '));
    expect(first).toMatch(/ score mate 20 .* tbhits [1-9]\d* /);
    // A loss in 8 plies: mated in 4 moves.
    expect(second).toMatch(/ score mate -4 .* tbhits [1-9]\d* /);
    const best = lines.find((line) => line.startsWith('bestmove'))!.split(' ')[1];
    const game = Game.from('armenian', 'W:Wb2,e2:Bb6');
    expect(game.ok && game.value.playText(best)).toMatchObject({ ok: true });
  });

  it('after a reload with the network off, the engine starts with them', async () => {
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 }); // prettier-ignore
    await server.close();
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    await page.waitForSelector('body[data-tables=loaded]', { state: 'attached', timeout: 30_000 }); // prettier-ignore
    await openPanel(page);
    expect(await page.locator('#tables-status').textContent()).toMatch(/^Loaded: /);
    expect(await analyse(page, 'B:Wd4,Kg1:Bf7')).toMatch(/table hits/);
    await context.close();
  });
});

/** The engine's `option` line range for `name`, from a worker of its own. */
async function optionRange(page: Page, name: string): Promise<{ min: number; max: number }> {
  const lines = await engineLines(page, ['uci'], /^uciok$/);
  const line = lines.find((l) => l.startsWith(`option name ${name} type spin`)) ?? '';
  const [, min, max] = /min (\d+) max (\d+)$/.exec(line)!;
  return { min: Number(min), max: Number(max) };
}

const optionValues = (page: Page, id: string) =>
  page.locator(`#${id} option`).evaluateAll((options) => options.map((o) => Number((o as unknown as { value: string }).value))); // prettier-ignore

describe('Threads and Hash in the settings panel', () => {
  it('offers the engine ranges, applies a change without a reload and keeps it', async () => {
    const { context, page, errors } = await openPage(true);
    await openPanel(page);
    const threads = page.getByLabel('Threads');
    const hash = page.getByLabel('Hash');
    // The choices are the engine's ranges (its option lines), not a copy of them.
    const threadRange = await optionRange(page, 'Threads');
    const hashRange = await optionRange(page, 'Hash');
    expect(threadRange.max).toBeGreaterThan(1);
    const threadChoices = await optionValues(page, 'threads');
    expect(threadChoices[0]).toBe(threadRange.min);
    expect(threadChoices.at(-1)).toBe(threadRange.max);
    const hashChoices = await optionValues(page, 'hash');
    expect(hashChoices[0]).toBeGreaterThanOrEqual(hashRange.min);
    expect(hashChoices.at(-1)).toBeLessThanOrEqual(hashRange.max);
    expect(hashChoices.at(-1)! * 2).toBeGreaterThan(hashRange.max);
    // It started with two threads (two cores here) and says so.
    expect(await threads.inputValue()).toBe('2');
    const startHash = await hash.inputValue();
    await expect.poll(() => page.locator('#engine-about').textContent()).toMatch(new RegExp(`\\(2 threads, ${startHash} MiB hash; cross-origin isolated\\)`)); // prettier-ignore
    expect(await axeViolations(page)).toEqual([]);
    // From the keyboard: one thread fewer.
    await threads.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => page.locator('#settings-status').textContent()).toMatch(/^Applied: 1 thread, /); // prettier-ignore
    await expect.poll(() => page.locator('#engine-about').textContent()).toMatch(/\(1 thread, \d+ MiB hash; cross-origin isolated\)\.$/); // prettier-ignore
    await hash.selectOption('16');
    await expect.poll(() => page.locator('#settings-status').textContent()).toBe('Applied: 1 thread, 16 MiB hash (kept for the next visit).'); // prettier-ignore
    // The running engine plays with one search thread.
    await page.selectOption('#clock-control', '');
    await page.selectOption('#mode', 'black');
    await page.locator('#moves button[data-ply="1"]').waitFor({ state: 'attached', timeout: 60_000 }); // prettier-ignore
    const first = (await page.locator('#moves button[data-ply]').first().textContent())!.trim();
    expect(Game.fresh('armenian').playText(first)).toMatchObject({ ok: true });
    const searchThreads = page.workers().filter((worker) => worker.url().endsWith('/search-thread.js')); // prettier-ignore
    expect(searchThreads).toHaveLength(1);
    // The next visit starts with the same choice.
    await page.reload();
    await ready(page);
    await openPanel(page);
    expect(await threads.inputValue()).toBe('1');
    expect(await hash.inputValue()).toBe('16');
    expect(await page.locator('#engine-about').textContent()).toMatch(/\(1 thread, 16 MiB hash; cross-origin isolated\)/); // prettier-ignore
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without isolation offers one thread and says why', async () => {
    const { context, page, errors } = await openPage(false);
    await openPanel(page);
    expect(await optionValues(page, 'threads')).toEqual([1]);
    expect(await page.locator('#threads-note').textContent()).toMatch(/not cross-origin isolated/); // prettier-ignore
    expect(errors).toEqual([]);
    await context.close();
  });
});
