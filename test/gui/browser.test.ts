/**
 * The page in a real headless Chromium (from the @sparticuz/chromium package, driven by
 * playwright-core): play by clicking and dragging against the real engine, a capture hop
 * by hop, take back, finish a game, export its PDN and replay it with the rules core.
 * Screenshots (desktop and phone size) go to dist/screenshots for people to look at. Pages
 * stay open until the browser closes: its single-process mode ends with its last page.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSquare } from '../../src/core/square.js';
import { parsePdn, replayPdnGame } from '../../src/match/pdn.js';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHOTS = here('../../dist/screenshots/');

let server: GuiServer;
let browser: Browser;

beforeAll(async () => {
  server = await startGuiServer({
    port: 0,
    host: '127.0.0.1',
    engine: { program: process.execPath, args: [here('../../bin/tama.js')] },
    maxTabs: 4,
    stallMs: 10_000,
    pageDir: here('../../dist/gui/'),
  });
  browser = await playwright.launch({
    executablePath: await chromium.executablePath(),
    args: chromium.args,
    headless: true,
  });
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The centre of a square on the page (White at the bottom). */
async function squarePoint(page: Page, name: string): Promise<{ x: number; y: number }> {
  const box = await page.locator('#board').boundingBox();
  if (box === null) throw new Error('no board');
  const square = parseSquare(name);
  const size = box.width / 8;
  return { x: box.x + ((square & 7) + 0.5) * size, y: box.y + (7 - (square >> 3) + 0.5) * size };
}

async function click(page: Page, ...names: string[]): Promise<void> {
  for (const name of names) {
    const { x, y } = await squarePoint(page, name);
    await page.mouse.click(x, y);
  }
}

async function drag(page: Page, from: string, to: string): Promise<void> {
  const start = await squarePoint(page, from);
  const end = await squarePoint(page, to);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 4 });
  await page.mouse.up();
}

const plies = (page: Page) => page.locator('#moves li');
/** Waits until the move list holds `count` plies. */
async function waitForPlies(page: Page, count: number): Promise<void> {
  await page.locator(`#moves li:nth-child(${count})`).waitFor({ state: 'attached' });
  await expect(plies(page).count()).resolves.toBe(count);
}
const moveTexts = (page: Page) => page.locator('#moves li button').allTextContents();

async function setUp(page: Page, fen: string): Promise<void> {
  const details = page.locator('details.pdn');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await page.fill('#fen-text', fen);
  await page.click('#fen-setup');
}

describe('the page in Chromium', () => {
  it('plays against the engine, takes back, captures hop by hop, ends a game, exports PDN', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
    await page.screenshot({ path: SHOTS + 'start-desktop.png' });
    await expect(page.locator('#status').textContent()).resolves.toBe('White to move');

    // A click move, then the engine's answer.
    await click(page, 'c3');
    await expect(page.locator('#board circle.target').count()).resolves.toBe(3);
    await click(page, 'c4');
    await waitForPlies(page, 2);
    expect((await moveTexts(page))[0]).toBe('c3-c4');

    // Take back to the start, then a move by drag.
    await page.click('#take-back');
    await expect(plies(page).count()).resolves.toBe(0);
    await drag(page, 'f3', 'f4');
    await waitForPlies(page, 2);
    expect((await moveTexts(page))[0]).toBe('f3-f4');

    // Two captures end on g8: the final square alone is refused, a hop settles it; then the
    // engine answers.
    await setUp(page, 'W:WKa2:Ba3,d4,d6,g7,Kh1');
    await click(page, 'a2');
    await expect(page.locator('#board .forced').count()).resolves.toBe(1);
    await click(page, 'g8');
    await expect(page.locator('#message').textContent()).resolves.toBe(
      '2 captures end on g8: click the squares of the one you mean hop by hop',
    );
    await click(page, 'a6');
    await waitForPlies(page, 2);
    expect((await moveTexts(page))[0]).toBe('a2xa6xg6xg8');

    // A game to its end: the compulsory capture is explained, then it wins.
    await setUp(page, 'W:Wc3,h2:Bc4');
    await click(page, 'h2');
    await expect(page.locator('#message').textContent()).resolves.toBe(
      'a capture is compulsory: take with c3',
    );
    await click(page, 'c3', 'c5');
    await page.waitForSelector('body[data-over=white]', { state: 'attached' });
    await expect(page.locator('#status').textContent()).resolves.toBe(
      'White wins: Black has no pieces left',
    );
    // The evaluation bar shows the result, whatever was analysed before.
    await expect(page.locator('#eval-bar').getAttribute('data-share')).resolves.toBe('1.000');
    await expect(page.locator('#eval-bar').getAttribute('title')).resolves.toBe('White won');
    await page.screenshot({ path: SHOTS + 'end-desktop.png' });

    // The PDN, as downloaded, replays with the rules core to the final position.
    const download = page.waitForEvent('download');
    await page.click('#pdn-export');
    await download;
    const pdn = await page.inputValue('#pdn-text');
    expect(pdn).toContain('[Result "2-0"]');
    const games = parsePdn(pdn);
    if (!games.ok) throw new Error(games.error.message);
    const replayed = replayPdnGame(games.value[0]);
    expect(replayed.ok && replayed.value.toString()).toBe('B:Wh2,c5:B');
    expect(errors).toEqual([]);
  });

  it('shows a capture with its path and the pieces it took, at desktop and phone size', async () => {
    const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
    await page.goto(server.url);
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
    await page.selectOption('#mode', 'human');
    await setUp(
      page,
      'W:Wa2,b2,c2,e2,f2,g2,h2,a3,d3,f3,h3,c4:Ba6,b6,e6,g6,h6,a7,b7,c7,d7,f7,g7,c5,d5,e4',
    );
    await page.locator('details.pdn summary').click(); // fold the panel again
    await click(page, 'c4', 'c8');
    await expect(moveTexts(page)).resolves.toEqual(['c4xc6xc8']);
    await expect(page.locator('#board .capture-path').count()).resolves.toBe(1);
    await expect(page.locator('#board .taken').count()).resolves.toBe(2);
    await expect(page.locator('#board .piece.king').count()).resolves.toBe(1);
    await page.screenshot({ path: SHOTS + 'capture-desktop.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: SHOTS + 'capture-phone.png' });
    // By keyboard: the cursor starts on d4; Black plays d5-d4 with arrows and Enter.
    await page.focus('#board');
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('#board .cursor').count()).resolves.toBe(1);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPlies(page, 2);
    expect((await moveTexts(page))[1]).toBe('d5-d4');
  });
});
