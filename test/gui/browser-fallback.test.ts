/**
 * An engine that never goes missing: a tab that the `tama gui` server refuses (its tab
 * limit) says so plainly, lets no move be played against an engine that is not there
 * (no "thinking" forever), and offers the engine in this browser; taken up, the game goes on
 * against it (the static build's worker, served by the same server).
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';
import { Game } from '../../src/gui/page/game.js';
import { axeViolations } from './axe.js';
import { staticBrowser } from './chromium.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const chromium = staticBrowser(here('../../dist/web/'));
let server: GuiServer;

beforeAll(async () => {
  server = await startGuiServer({
    port: 0,
    host: '127.0.0.1',
    engine: { program: process.execPath, args: [here('../../bin/tama.js')] },
    maxTabs: 1,
    stallMs: 10_000,
    pageDir: here('../../dist/gui/'),
  });
});

afterAll(async () => {
  await server?.close();
});

const text = (page: Page, selector: string) => page.locator(selector).textContent();

describe('a tab the server refuses', () => {
  it('says so, plays no move into the void, and goes on with the engine in this browser', async () => {
    const first = await chromium.browser().newPage({ viewport: { width: 1280, height: 800 } });
    await first.goto(server.url);
    await first.waitForSelector('body[data-engine=ready]', { state: 'attached' });
    const page = await chromium.browser().newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const answered: string[] = [];
    page.on('response', (response) => answered.push(`${response.status()} ${new URL(response.url()).pathname}`)); // prettier-ignore
    await page.goto(server.url);
    await page.waitForSelector('body[data-engine=failed]', { state: 'attached' });
    expect(await text(page, '#engine-status')).toMatch(/^too many tabs: this server plays in at most 1 at once/); // prettier-ignore
    const offer = page.getByRole('button', { name: 'Play with the engine in this browser' });
    expect(await offer.isVisible()).toBe(true);
    // A move against the missing engine is refused, saying why, instead of waiting forever.
    await page.selectOption('#clock-control', '');
    await page.fill('#move-text', 'c3-c4');
    await page.press('#move-text', 'Enter');
    expect(await page.locator('#moves button[data-ply]').count()).toBe(0);
    expect(await text(page, '#message')).toMatch(/no engine to play against \(too many tabs.*\): play with the engine in this browser, or choose human vs human/); // prettier-ignore
    expect(await axeViolations(page)).toEqual([]);
    // Taken up: the engine starts in this page's workers and answers a move.
    await offer.click();
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 }); // prettier-ignore
    expect(await offer.isVisible()).toBe(false);
    expect(await text(page, '#message')).toBe('playing with the engine in this browser');
    expect(await text(page, '#engine-about')).toMatch(/in this browser/);
    await page.fill('#move-text', 'c3-c4');
    await page.press('#move-text', 'Enter');
    await page.locator('#moves button[data-ply="2"]').waitFor({ state: 'attached', timeout: 60_000 }); // prettier-ignore
    const moves = (await page.locator('#moves button[data-ply]').allTextContents()).map((m) => m.trim()); // prettier-ignore
    const game = Game.fresh('armenian');
    for (const move of moves) expect(game.playText(move)).toMatchObject({ ok: true });
    expect(page.workers().some((worker) => worker.url().endsWith('/engine-worker.js'))).toBe(true);
    // The server gave that engine the shipped evaluation files its EvalFile offers.
    expect(answered).toEqual(expect.arrayContaining(['200 /eval-weights.json', '200 /network-armenian.json', '200 /network-turkish.json'])); // prettier-ignore
    expect(errors).toEqual([]);
    await first.close();
    await page.close();
  });
});
