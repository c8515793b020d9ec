/**
 * The page's Review in a real headless Chromium, against the real server and engine at the
 * default budget: a short game with a known blunder is loaded from PDN, reviewed with its
 * progress shown position by position, and then the graph marks the blunder, the move list
 * shows `??`, a click on the mark shows the position it was played from with the better
 * move's arrow and says it, the reviewed PDN downloads with `??`, axe-core finds no WCAG 2
 * A or AA violation with the panel open, and a take back discards the review. A screenshot
 * goes to dist/screenshots/review-desktop.png.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveFrom } from '../../src/core/movegen.js';
import { parseMove } from '../../src/core/notation.js';
import { squareCentre } from '../../src/gui/page/board.js';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';
import { axeViolations } from './axe.js';
import { launchChromium } from './chromium.js';
import { positionOf } from './helpers.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHOTS = here('../../dist/screenshots/');

/** White hangs a man with 1. c4-c5 (c6xc4 is forced); the review marks it `??`. */
const FEN = 'W:Wa2,b2,g2,h2,c4:Ba7,b7,g7,h7,c6';
const MOVES = ['c4-c5', 'c6xc4', 'a2-a3', 'c4-c3', 'g2-g3'];
const PDN = `[Variant "Armenian"]\n[FEN "${FEN}"]\n\n1. c4-c5 c6xc4 2. a2-a3 c4-c3 3. g2-g3 *\n`;

let server: GuiServer;
let browser: Browser;

beforeAll(async () => {
  server = await startGuiServer({
    port: 0,
    host: '127.0.0.1',
    engine: { program: process.execPath, args: [here('../../bin/tama.js')] },
    maxTabs: 2,
    stallMs: 10_000,
    pageDir: here('../../dist/gui/'),
  });
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs in the page: notes each text the review's progress shows, in window.progressTexts. */
const WATCH_PROGRESS = `{
  window.progressTexts = [];
  const row = document.querySelector('#review-view .review-progress');
  new MutationObserver(() => {
    const text = row.hidden ? '' : row.querySelector('span').textContent;
    if (text !== '' && window.progressTexts.at(-1) !== text) window.progressTexts.push(text);
  }).observe(row, { subtree: true, childList: true, characterData: true, attributes: true });
}`;

const text = (page: Page, selector: string) => page.locator(selector).textContent();

/** Opens the page and loads the game with the blunder. */
async function openWithGame(): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
  await page.locator('details.pdn summary').click();
  await page.fill('#pdn-text', PDN);
  await page.click('#pdn-import');
  await page.locator(`#moves button[data-ply="${MOVES.length}"]`).waitFor();
  await page.locator('details.pdn summary').click();
  return { page, errors };
}

/**
 * Runs in the page: clicks Cancel as soon as the first position is reviewed (in the same
 * task as its progress, so before the next position's answer can come).
 */
const CANCEL_AFTER_FIRST = `{
  const row = document.querySelector('#review-view .review-progress');
  new MutationObserver((_, observer) => {
    if (row.querySelector('span').textContent.startsWith('1 of ')) {
      observer.disconnect();
      [...row.querySelectorAll('button')].find((b) => b.textContent === 'Cancel review').click();
    }
  }).observe(row, { subtree: true, childList: true, characterData: true });
}`;

describe('the Review on the page', () => {
  it('reviews a loaded game, marks the blunder, shows the better move and exports it', async () => {
    const { page, errors } = await openWithGame();
    await expect(page.locator('#review').isVisible()).resolves.toBe(true);

    await page.evaluate(WATCH_PROGRESS);
    await page.click('#review');
    await expect(page.locator('#review').isHidden()).resolves.toBe(true);
    const status = page.locator('#review-view .review-status');
    await expect.poll(() => status.textContent(), { timeout: 90_000 }).toMatch(/^Review done\./);
    // Progress was shown position by position, then put away.
    const total = MOVES.length + 1;
    const steps = Array.from({ length: total + 1 }, (_, i) => `${i} of ${total} positions`);
    await expect(page.evaluate('window.progressTexts')).resolves.toEqual(steps);
    await expect(page.locator('#review-view .review-progress').isHidden()).resolves.toBe(true);

    // The graph, with the blunder marked on it; the list of marked moves; the move list's mark.
    const graph = page.getByRole('img', { name: /^Evaluation graph over 5 plies/ });
    await expect(graph.isVisible()).resolves.toBe(true);
    const mark = page.locator('svg.review-graph circle.review-mark.blunder[data-ply="0"]');
    await expect(mark.count()).resolves.toBe(1);
    const listed = page.getByRole('list', { name: 'Marked moves' }).getByRole('button', { name: /^1\. c4-c5\?\? blunder/ }); // prettier-ignore
    const name = (await listed.textContent()) ?? '';
    const better = /better (\S+) /.exec(name)?.[1];
    expect(better).toBeDefined();
    expect(better).not.toBe('c4-c5');
    const firstMove = page.locator('#moves button[data-ply="1"]');
    await expect(firstMove.textContent()).resolves.toBe('c4-c5??');
    await expect(firstMove.getAttribute('aria-label')).resolves.toBe('c4-c5??, blunder');

    // A click on the mark: the position the blunder was played from, the better move's arrow
    // (the hint's), and the words for it in the live region.
    await expect(page.locator('#board .hint').count()).resolves.toBe(0);
    await mark.click();
    await expect(text(page, '#status')).resolves.toBe('Position after 0 of 5 plies; White to move');
    const parsed = parseMove(positionOf(FEN), better!);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const path = [moveFrom(parsed.value.move), ...parsed.value.path].map((square) =>
      squareCentre(square, false),
    );
    const d = path.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
    await expect(page.locator('#board .hint').getAttribute('d')).resolves.toBe(d);
    await expect(text(page, '#announce')).resolves.toMatch(new RegExp(`^start position\\. Review: c4-c5 was a blunder; better ${better} \\(`)); // prettier-ignore
    await expect(listed.getAttribute('aria-current')).resolves.toBe('true');
    // Without live analysis the bar shows the review's score of the shown position.
    await expect(page.locator('#eval-bar').getAttribute('aria-label')).resolves.toMatch(/^review: [+-]\d+\.\d\d$/); // prettier-ignore
    await expect(axeViolations(page)).resolves.toEqual([]);
    await page.evaluate('document.activeElement?.blur(); window.scrollTo(0, 0)');
    await page.screenshot({ path: SHOTS + 'review-desktop.png' });

    // The reviewed game downloads as annotated PDN.
    const download = page.waitForEvent('download');
    await page.click('#review-export');
    const file = await (await download).path();
    const annotated = readFileSync(file, 'utf8');
    expect(annotated).toContain(`[FEN "${positionOf(FEN).toString()}"]`);
    expect(annotated).toMatch(/\[Annotator "Tama[^"]*, 200000 nodes a position"\]/);
    expect(annotated).toContain(`1. c4-c5?? {`);
    expect(annotated).toContain(`blunder, better ${better} `);

    // A take back discards the review, and the page says so.
    await page.click('#nav-last');
    await page.click('#take-back');
    await expect(page.locator('#review-panel').isHidden()).resolves.toBe(true);
    await expect(text(page, '#message')).resolves.toBe('the review was discarded: moves were taken back'); // prettier-ignore
    await expect(page.locator('#moves button[data-ply="1"]').textContent()).resolves.toBe('c4-c5');
    await expect(page.locator('#review').isVisible()).resolves.toBe(true);
    // A new game: nothing to review.
    await page.click('#new-game');
    await expect(page.locator('#review').isHidden()).resolves.toBe(true);
    await expect(page.locator('#review-panel').isHidden()).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('is cancelled from its panel, keeps what it found, and leaves the engine to the page', async () => {
    const { page, errors } = await openWithGame();
    await page.evaluate(CANCEL_AFTER_FIRST);
    await page.click('#review');
    const status = page.locator('#review-view .review-status');
    await expect.poll(() => status.textContent(), { timeout: 90_000 }).toBe('Review stopped: cancelled'); // prettier-ignore
    await expect(page.locator('#review-view .review-progress').isHidden()).resolves.toBe(true);
    await expect(page.locator('#review').isVisible()).resolves.toBe(true);
    await expect(page.locator('#review-export').isHidden()).resolves.toBe(true);
    // The graph keeps the one position reviewed; no move was judged, so none is marked.
    await expect(page.locator('svg.review-graph polyline').getAttribute('points')).resolves.toMatch(/^[\d.]+,[\d.]+$/); // prettier-ignore
    await expect(page.locator('#moves button[data-ply="1"]').textContent()).resolves.toBe('c4-c5');
    // The engine answers the page again: a hint comes.
    await page.click('#hint');
    await expect.poll(() => text(page, '#message'), { timeout: 60_000 }).toMatch(/^hint: [a-h]\d/); // prettier-ignore
    await expect(page.locator('#board .hint').count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  });
});
