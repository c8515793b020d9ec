/**
 * The static build without COOP/COEP (no shared memory, one search thread that receives
 * copies) analysing a position with a forced result: the search ends early, and the
 * engine holds its answer until stop instead of the thread waiting on a buffer that is not
 * shared (which failed the thread and restarted the search again and again). The bar:
 * 30 s of analysis of a 3-piece position that the build's endgame tables decide gives no
 * error and at most 2 search starts.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticBrowser } from './chromium.js';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const FORCED = 'W:WKa1,Kb1:Bh8';

const chromium = staticBrowser(WEB);

/** Counts the searches the page starts: the `go` lines it sends to its engine worker. */
const COUNT_GO = `{
  const send = Worker.prototype.postMessage;
  window.goLines = 0;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (typeof message === 'string' && message.startsWith('go')) window.goLines++;
    return send.call(this, message, ...rest);
  };
}`;

/**
 * Counts the searches the engine starts, whoever starts them (the page, or the engine after
 * a failed thread): its `info depth 1` lines, each the first of a search's iterations.
 */
const COUNT_SEARCH_STARTS = `{
  window.searchStarts = 0;
  window.Worker = class extends Worker {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        if (typeof event.data === 'string' && event.data.startsWith('info depth 1 ')) window.searchStarts++;
      });
    }
  };
}`;

/** The page of the static build served without isolation, its errors and its searches. */
async function openPlain(): Promise<{
  page: Page;
  errors: string[];
  searches: () => Promise<number>;
  searchStarts: () => Promise<number>;
}> {
  const server = await chromium.serve(false);
  const page = await chromium.browser().newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(COUNT_GO);
  await page.addInitScript(COUNT_SEARCH_STARTS);
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
  return {
    page,
    errors,
    searches: () => page.evaluate<number>('window.goLines'),
    searchStarts: () => page.evaluate<number>('window.searchStarts'),
  };
}

/** Sets up `fen` as a game between two people and turns analysis on. */
async function analyse(page: Page, fen: string): Promise<void> {
  await page.selectOption('#mode', 'human');
  await page.click('details.pdn > summary');
  await page.fill('#fen-text', fen);
  await page.click('#fen-setup');
  await page.check('#analyse');
}

/** Error words in the lines a person reads: the engine's status and the message line. */
async function shownErrors(page: Page): Promise<string[]> {
  const texts = [await page.locator('#engine-status').textContent(), await page.locator('#message').textContent()]; // prettier-ignore
  return texts.filter((text) => /fail|error/i.test(text ?? '')).map(String);
}

describe('analysis of a forced result without shared memory', () => {
  it('the worker keeps an infinite search until stop, then answers, with no error', async () => {
    const { page, errors } = await openPlain();
    const input = ['uci', `position fen ${FORCED}`, 'go infinite'];
    // Runs in the page: the engine worker's lines for 3 s of analysis, then after stop.
    const lines = await page.evaluate<string[]>(`new Promise((resolve) => {
      const worker = new Worker('./engine-worker.js', { type: 'module' });
      const output = [];
      worker.onmessage = (event) => {
        output.push(event.data);
        if (event.data.startsWith('bestmove')) resolve(output);
      };
      for (const line of ${JSON.stringify(input)}) worker.postMessage(line);
      setTimeout(() => {
        output.push('-- stop');
        worker.postMessage('stop');
      }, 3000);
    })`);
    const stop = lines.indexOf('-- stop');
    expect(stop).toBeGreaterThan(0);
    expect(lines.slice(0, stop).filter((line) => line.startsWith('bestmove'))).toEqual([]);
    expect(lines.filter((line) => line.startsWith('info string error'))).toEqual([]);
    expect(lines.some((line) => / score mate \d+ /.test(line))).toBe(true);
    expect(lines.at(-1)).toMatch(/^bestmove [a-h]/);
    expect(errors).toEqual([]);
  });

  it('the page analyses it with no error and at most 2 restarts of its search', async () => {
    const { page, errors, searches } = await openPlain();
    await analyse(page, FORCED);
    await page.locator('#lines li').first().waitFor({ state: 'attached', timeout: 30_000 });
    const started = await searches();
    // Long enough for the ~100 restarts a thread failing at once would have made.
    await page.waitForTimeout(10_000);
    expect(await page.locator('#lines li .score').first().textContent()).toMatch(/wins|mate/i);
    expect((await searches()) - started).toBeLessThanOrEqual(2);
    expect(await shownErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('with the endgame tables loaded, 30 s of analysis of a 3-piece position: no error, at most 2 search starts', async () => {
    const { page, errors, searches, searchStarts } = await openPlain();
    // The tables the build ships, stored and loaded from the settings panel (docs/web.md).
    await page.locator('#engine-settings').waitFor({ state: 'visible', timeout: 30_000 });
    if ((await page.locator('#engine-settings').getAttribute('open')) === null) {
      await page.locator('#engine-settings summary').click();
    }
    await page.getByRole('button', { name: /^Download tables/ }).click();
    await page.waitForSelector('body[data-tables=loaded]', { state: 'attached', timeout: 60_000 }); // prettier-ignore
    const before = { go: await searches(), starts: await searchStarts() };
    // Two white kings against a black man: a win the tables decide.
    await analyse(page, FORCED);
    await page.locator('#lines li').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForTimeout(30_000);
    expect(await page.locator('#lines li .score').first().textContent()).toMatch(/wins|mate/i);
    expect(await page.locator('#search-summary').textContent()).toMatch(/table hits/);
    expect((await searches()) - before.go).toBeLessThanOrEqual(2);
    expect((await searchStarts()) - before.starts).toBeGreaterThanOrEqual(1);
    expect((await searchStarts()) - before.starts).toBeLessThanOrEqual(2);
    expect(await shownErrors(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
