/**
 * The board sized to the window: at six common window sizes (desktop, laptop, tablet, a
 * phone upright and on its side, with touch) the whole board, both clocks, the status line
 * and, at the game's end, the result are inside the viewport without scrolling, on the
 * `tama gui` page and on the static build (dist/web, served with and without COOP/COEP); on
 * an upright screen the move list is a strip under the board, in view while playing.
 * axe-core finds no WCAG 2 A or AA violation in play and in review at each size. Each page
 * opens once for the mouse sizes and once for the touch sizes, at the first of them; the
 * others are set on the open page, as a window is resized or a phone turned, after New game.
 * Screenshots (start, mid-game, game end) go to dist/screenshots/layout-*.png.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';
import { axeViolations } from './axe.js';
import { staticBrowser } from './chromium.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHOTS = here('../../dist/screenshots/');
const WEB = here('../../dist/web/');

interface Size {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  /** A phone or tablet: touch, and the page's viewport meta honoured. */
  readonly touch: boolean;
  /** The smallest board side that fills this window (a regression guard, not a design). */
  readonly minBoard: number;
}

const SIZES: readonly Size[] = [
  { name: '1920x1080', width: 1920, height: 1080, touch: false, minBoard: 900 },
  { name: '1366x657', width: 1366, height: 657, touch: false, minBoard: 520 },
  { name: '1280x800', width: 1280, height: 800, touch: false, minBoard: 560 },
  { name: '768x1024', width: 768, height: 1024, touch: true, minBoard: 600 },
  { name: '390x844', width: 390, height: 844, touch: true, minBoard: 340 },
  { name: '844x390', width: 844, height: 390, touch: true, minBoard: 300 },
];

/** Inside the viewport as the page opened, not scrolled. */
async function expectInView(page: Page, selector: string, size: Size): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  expect(box, `${selector} at ${size.name}`).not.toBeNull();
  const where = `${selector} at ${size.name}: ${JSON.stringify(box)}`;
  expect(box!.width, where).toBeGreaterThan(0);
  expect(box!.x, where).toBeGreaterThanOrEqual(-0.5);
  expect(box!.y, where).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width, where).toBeLessThanOrEqual(size.width + 0.5);
  expect(box!.y + box!.height, where).toBeLessThanOrEqual(size.height + 0.5);
}

/** Board, clocks and status in view, the board square and as large as the window allows. */
async function expectPlayInView(page: Page, size: Size): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  for (const selector of ['#board', '#clock-top', '#clock-bottom', '#status']) {
    await expectInView(page, selector, size);
  }
  const board = (await page.locator('#board').boundingBox())!;
  expect(Math.abs(board.width - board.height)).toBeLessThan(1);
  expect(board.width, `board at ${size.name}`).toBeGreaterThanOrEqual(size.minBoard);
  // Upright screens show the move list as a strip under the board.
  if (size.height > size.width) {
    await expectInView(page, '#moves-scroll', size);
    expect((await page.locator('#moves-scroll').boundingBox())!.y).toBeGreaterThan(board.y + board.height); // prettier-ignore
  }
}

async function typeMove(page: Page, move: string, plies: number): Promise<void> {
  await page.fill('#move-text', move);
  await page.press('#move-text', 'Enter');
  await page.locator(`#moves button[data-ply="${plies}"]`).waitFor({ state: 'attached' });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate('document.activeElement?.blur(); window.scrollTo(0, 0)');
  await page.screenshot({ path: `${SHOTS}layout-${name}.png` });
}

/**
 * At the start, in mid-game (the shown move in the strip), at the game's end (the result in
 * view) and in review: what must be in view is, and axe finds nothing.
 */
async function walkThrough(page: Page, size: Size, label: string): Promise<void> {
  await page.selectOption('#mode', 'human');
  await expectPlayInView(page, size);
  await shot(page, `${label}-${size.name}-start`);
  expect(await axeViolations(page)).toEqual([]);
  const opening = ['c3-c4', 'f6-f5', 'b3-b4', 'f5-e5', 'g3-g4', 'e5-d5'];
  for (const [index, move] of opening.entries()) await typeMove(page, move, index + 1);
  await expectPlayInView(page, size);
  await expectInView(page, `#moves button[data-ply="${opening.length}"]`, size);
  await shot(page, `${label}-${size.name}-mid`);
  // White takes Black's last man: the game ends, and the result is in view.
  const details = page.locator('details.pdn');
  await details.locator('summary').click();
  await page.fill('#fen-text', 'W:Wc3:Bc4');
  await page.click('#fen-setup');
  await details.locator('summary').click();
  await typeMove(page, 'c3xc5', 1);
  await page.locator('#result:not(:empty)').waitFor({ state: 'attached' });
  await expectPlayInView(page, size);
  await expectInView(page, '#result', size);
  await shot(page, `${label}-${size.name}-end`);
  expect(await axeViolations(page)).toEqual([]);
  await page.click('#review');
  await expect.poll(() => page.locator('#review-view .review-status').textContent(), { timeout: 90_000 }).toMatch(/^Review done\./); // prettier-ignore
  await expectPlayInView(page, size);
  expect(await axeViolations(page)).toEqual([]);
}

describe('the board sized to the window', () => {
  describe('on the tama gui page', () => {
    let server: GuiServer;
    const chromium = staticBrowser(WEB);
    beforeAll(async () => {
      server = await startGuiServer({
        port: 0,
        host: '127.0.0.1',
        engine: { program: process.execPath, args: [here('../../bin/tama.js')] },
        maxTabs: 2,
        stallMs: 10_000,
        pageDir: here('../../dist/gui/'),
      });
      mkdirSync(SHOTS, { recursive: true });
    });
    afterAll(async () => {
      await server?.close();
    });

    /**
     * One window for the mouse sizes and one for the touch sizes on each page, opened once:
     * a size is set on the open page, its game reset by New game (the engine, the
     * service worker and axe stay loaded), and the whole game walked through at it.
     */
    const windows = new Map<string, { page: Page; errors: string[] }>();
    afterAll(async () => {
      await Promise.all([...windows.values()].map(({ page }) => page.context().close()));
    });
    async function windowFor(url: string, size: Size): Promise<{ page: Page; errors: string[] }> {
      const key = `${url} ${size.touch}`;
      const open = windows.get(key);
      if (open !== undefined) {
        await open.page.setViewportSize({ width: size.width, height: size.height });
        await open.page.click('#new-game');
        await expect.poll(() => open.page.locator('#moves button[data-ply]').count()).toBe(0);
        return open;
      }
      const context = await chromium.browser().newContext({
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.touch,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(url);
      await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 }); // prettier-ignore
      windows.set(key, { page, errors });
      return { page, errors };
    }

    /** Walks a game through `url`'s page at `size`. */
    async function playAt(url: string, size: Size, label: string): Promise<void> {
      const { page, errors } = await windowFor(url, size);
      await walkThrough(page, size, label);
      expect(errors).toEqual([]);
    }

    it.each(SIZES)('at $name', async (size) => {
      await playAt(server.url, size, 'gui');
    });

    describe.each([
      ['without COOP/COEP', false],
      ['cross-origin isolated', true],
    ])('on the static build %s', (_, isolated) => {
      let url: string;
      beforeAll(async () => {
        url = (await chromium.serve(isolated)).url;
      });
      it.each(SIZES)('at $name', async (size) => {
        await playAt(url, size, isolated ? 'web-isolated' : 'web');
      });
    });
  });
});
