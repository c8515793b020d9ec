/**
 * What a person reads on the page, in Chromium on the static build: the opponent named
 * "Tama, level N" in the clocks and the status line (its technical name in the engine
 * panel, which a visible button in the header opens), Threads and Hash laid out the same
 * with and without cross-origin isolation, the game-over style on the last position only,
 * and the page's title naming the rules played.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticBrowser } from './chromium.js';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const chromium = staticBrowser(WEB);

async function open(isolated: boolean): Promise<{ page: Page; errors: string[] }> {
  const server = await chromium.serve(isolated);
  const page = await chromium.browser().newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
  return { page, errors };
}

const text = (page: Page, selector: string) => page.locator(selector).textContent();

describe('the page in words a person reads', () => {
  it('names the opponent "Tama, level N"; its details are in the engine panel', async () => {
    const { page, errors } = await open(false);
    await page.selectOption('#level', '3');
    expect(await text(page, '#clock-top .who')).toBe('Black · Tama, level 3');
    expect(await text(page, '#clock-bottom .who')).toBe('White · You');
    expect(await text(page, '#engine-status')).toBe('Tama ready');
    await page.selectOption('#clock-control', '');
    await page.selectOption('#mode', 'black');
    await expect.poll(() => text(page, '#status')).toMatch(/^(White to move: Tama, level 3 is thinking…|Black to move)$/); // prettier-ignore
    // The header's button opens the engine panel, where the technical name is.
    await page.click('#engine-button');
    expect(await page.locator('#engine-settings').getAttribute('open')).toBe('');
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Engine');
    expect(await text(page, '#engine-about')).toMatch(/^Tama \S+ in this browser \(1 thread, \d+ MiB hash; not cross-origin isolated/); // prettier-ignore
    expect(errors).toEqual([]);
  });

  it('lays Threads and Hash out side by side with and without isolation', async () => {
    const places: number[][] = [];
    for (const isolated of [false, true]) {
      const { page } = await open(isolated);
      await page.click('#engine-button');
      await page.locator('#threads').waitFor({ state: 'visible' });
      const threads = (await page.locator('#threads').boundingBox())!;
      const hash = (await page.locator('#hash').boundingBox())!;
      expect(Math.abs(hash.y - threads.y)).toBeLessThan(1);
      expect(hash.x).toBeGreaterThan(threads.x + threads.width);
      places.push([hash.x - threads.x, threads.width, hash.width]);
    }
    expect(places[1]).toEqual(places[0]);
  });

  it('keeps the game-over style for the last position; the title names the rules', async () => {
    const { page, errors } = await open(false);
    expect(await page.title()).toBe('Tama: Armenian draughts');
    await page.selectOption('#mode', 'human');
    await page.click('details.pdn > summary');
    await page.fill('#fen-text', 'W:Wc3,h2:Bc4,h7');
    await page.click('#fen-setup');
    for (const [ply, move] of ['c3xc5', 'h7-h6', 'c5-c6', 'h6-h5', 'h2-h3', 'h5-h4'].entries()) {
      await page.fill('#move-text', move);
      await page.press('#move-text', 'Enter');
      await page.locator(`#moves button[data-ply="${ply + 1}"]`).waitFor({ state: 'attached' });
    }
    await page.fill('#move-text', 'h3xh5');
    await page.press('#move-text', 'Enter');
    await page.locator('#result:not(:empty)').waitFor({ state: 'attached' });
    expect(await page.locator('body').getAttribute('data-over')).toBe('white');
    const green = await page.evaluate<string>("getComputedStyle(document.getElementById('status')).backgroundColor"); // prettier-ignore
    await page.click('#nav-prev');
    expect(await text(page, '#status')).toBe('Position after 6 of 7 plies; White to move');
    expect(await page.locator('body').getAttribute('data-over')).toBe('');
    const plain = await page.evaluate<string>("getComputedStyle(document.getElementById('status')).backgroundColor"); // prettier-ignore
    expect(plain).not.toBe(green);
    await page.selectOption('#variant', 'turkish');
    expect(await page.title()).toBe('Tama: Turkish draughts');
    expect(errors).toEqual([]);
  });
});
