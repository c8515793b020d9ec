/**
 * The Puzzles mode in a real headless Chromium, on `tama gui` and on the static build
 * (dist/web): the panel reached and used by keyboard alone, the first shipped puzzle set
 * up on the board with the solver's side to move, a wrong move taken back and said in the
 * page's status message, the line played to "Solved" with the page answering the replies,
 * the solution shown on the next puzzle, axe-core scans (WCAG 2 A and AA) in each state,
 * and, on the static build, the puzzles played after a reload with the network off. Then,
 * on both, at a laptop's size and on a phone held either way: the board, the task and the
 * puzzle buttons in one view, two hints (the piece, then the move) said in the message
 * line, Take back of a whole move pair, no Review before the end, the hinted solve and the
 * score said, the wrapped capture whole in the move list, Next puzzle bringing the board
 * back into view, and New game giving back the Play and Clock settings, the engine replying.
 * Screenshots go to dist/screenshots for people to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
import { Game } from '../../src/gui/page/game.js';
import type { GuiServer } from '../../src/gui/server.js';
import { puzzleOrder } from '../../src/gui/page/puzzle-session.js';
import { parsePuzzleFile } from '../../src/puzzles/puzzle-file.js';
import { axeViolations } from './axe.js';
import { staticBrowser } from './chromium.js';
import { positionOf, startTestGuiServer } from './helpers.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHOTS = here('../../dist/screenshots/');

const read = parsePuzzleFile(readFileSync(here('../../data/puzzles-armenian.jsonl'), 'utf8'), 'puzzles-armenian.jsonl'); // prettier-ignore
if (!read.ok) throw new Error(read.error.message);
const ORDERED = puzzleOrder(read.value.puzzles);
/** The first puzzle in the page's order whose line has a reply for the page to play. */
const AT = ORDERED.findIndex((puzzle) => puzzle.line.length >= 3);
const FIRST = ORDERED[AT];
const SECOND = ORDERED[AT + 1];
/** A legal first move of that puzzle that is not its solution. */
const WRONG = legalMoves(positionOf(FIRST.position)).find((move) => move.text !== FIRST.line[0])!.text; // prettier-ignore

const chromium = staticBrowser(here('../../dist/web/'));
let server: GuiServer;

beforeAll(async () => {
  server = await startTestGuiServer(4);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => server?.close());

const message = (page: Page) => page.locator('#message').textContent();
const puzzleStatus = (page: Page) => page.locator('#puzzle-status').textContent();

/** Plays a move by the move form: typed, then Enter. */
async function typeMove(page: Page, text: string): Promise<void> {
  await page.fill('#move-text', text);
  await page.press('#move-text', 'Enter');
}

/** The piece on a square as the board's accessibility tree names it. */
async function squareName(page: Page, square: string): Promise<string | null> {
  return page.locator(`#board [role=gridcell][aria-label^="${square},"]`).getAttribute('aria-label'); // prettier-ignore
}

/**
 * Opens the panel and starts the puzzles by keyboard alone (focus, Enter, Enter), where
 * the person got to puzzle AT on an earlier visit (the index the page keeps).
 */
async function startByKeyboard(page: Page): Promise<void> {
  await page.evaluate(`localStorage.setItem('tama-puzzle-armenian', '${AT}')`);
  await page.focus('#puzzle-panel summary');
  await page.keyboard.press('Enter');
  await page.focus('#puzzle-start');
  await page.keyboard.press('Enter');
  await page
    .locator('#puzzle-status', { hasText: `Puzzle ${AT + 1} of` })
    .waitFor({ timeout: 30_000 });
}

/** Solves the first puzzle after one wrong move, checking what the page says on the way. */
async function solveFirst(page: Page, shot: string): Promise<void> {
  expect(await puzzleStatus(page)).toMatch(new RegExp(`^Puzzle ${AT + 1} of ${ORDERED.length}: (White|Black) to play and win`)); // prettier-ignore
  expect(await message(page)).toBe('');
  expect(await page.locator('#message').getAttribute('role')).toBe('status');
  // The board shows the puzzle: the piece that moves first stands on its square.
  const from = FIRST.line[0].slice(0, 2);
  expect(await squareName(page, from)).toMatch(FIRST.position.startsWith('W') ? /white (man|king)/ : /black (man|king)/); // prettier-ignore
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}${shot}-start.png` });

  await typeMove(page, WRONG);
  expect(await message(page)).toBe(`${WRONG} is not the move: it does not win. Try again, or show the solution.`); // prettier-ignore
  expect(await page.locator('#moves button[data-ply]').count()).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  for (let i = 0; i < FIRST.line.length; i += 2) await typeMove(page, FIRST.line[i]);
  expect(await message(page)).toBe(`Solved, with 1 wrong move! The line: ${FIRST.line.join(' ')}.`);
  expect(await puzzleStatus(page)).toBe(`Puzzle ${AT + 1} of ${ORDERED.length}: Solved.`);
  const played = (await page.locator('#moves button[data-ply]').allTextContents()).map((text) => text.trim()); // prettier-ignore
  expect(played).toEqual(FIRST.line);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}${shot}-solved.png` });
}

describe('Puzzles on tama gui', () => {
  it("solves a puzzle by keyboard and typed moves, and shows the next one's solution", async () => {
    const page = await chromium.browser().newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
    await startByKeyboard(page);
    await solveFirst(page, 'puzzle');

    await page.click('#puzzle-next');
    await page.locator('#puzzle-status', { hasText: `Puzzle ${AT + 2} of` }).waitFor();
    await page.click('#puzzle-solution');
    expect(await message(page)).toBe(`Solution: ${SECOND.line.join(' ')}.`);
    expect(await puzzleStatus(page)).toBe(`Puzzle ${AT + 2} of ${ORDERED.length}: Solution shown.`);
    expect(await page.locator('#puzzle-solution').isHidden()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}puzzle-solution.png` });
    // A new game leaves the mode.
    await page.click('#new-game');
    expect(await puzzleStatus(page)).toBe('Positions from games where exactly one move wins.');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Puzzles on the static build', () => {
  it('plays the shipped puzzles, and again after a reload with the network off', async () => {
    const staticServer = await chromium.serve(false);
    const context = await chromium.browser().newContext({ viewport: { width: 1280, height: 900 } }); // prettier-ignore
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(staticServer.url);
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 }); // prettier-ignore
    await staticServer.close();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
    await startByKeyboard(page);
    await solveFirst(page, 'puzzle-static');
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The sizes people use: a laptop, a phone upright and on its side. */
const SIZES = [
  { width: 1366, height: 657 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
];

/** The elements' boxes, each whole inside the window as the page scrolls now (to a pixel). */
async function inView(page: Page, selectors: readonly string[]): Promise<void> {
  const { width, height } = page.viewportSize()!;
  for (const selector of selectors) {
    const box = (await page.locator(selector).boundingBox())!;
    expect(box.x >= -1 && box.y >= -1, `${selector} starts in the window`).toBe(true);
    expect(box.x + box.width <= width + 1 && box.y + box.height <= height + 1, `${selector} ends in the window`).toBe(true); // prettier-ignore
  }
}

/** Whether two elements' boxes overlap. */
async function overlap(page: Page, a: string, b: string): Promise<boolean> {
  const [one, two] = [(await page.locator(a).boundingBox())!, (await page.locator(b).boundingBox())!]; // prettier-ignore
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height; // prettier-ignore
}

const PUZZLE_VIEW = ['#board', '#puzzle-status', '#puzzle-hint', '#puzzle-solution', '#puzzle-retry', '#puzzle-next']; // prettier-ignore
const OPENING = legalMoves(Game.fresh('armenian').position)[0].text;

/** One person's visit at each size: hints, take-back, solve, next, and back to a game. */
async function visitAtSizes(open: () => Promise<Page>, shot: string): Promise<void> {
  for (const size of SIZES) {
    const name = `${shot}-${size.width}x${size.height}`;
    const page = await open();
    await page.setViewportSize(size);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
    await page.selectOption('#mode', 'white');
    await page.selectOption('#clock-control', '5+3');
    await page.evaluate(`localStorage.setItem('tama-puzzle-armenian', '${AT}')`);
    await page.click('#puzzle-panel summary');
    await page.click('#puzzle-start');
    await page.locator('#puzzle-status', { hasText: `Puzzle ${AT + 1} of` }).waitFor();
    // The task once, in the panel's live region; the message line waits for verdicts.
    expect(await page.locator('#puzzle-status').getAttribute('role')).toBe('status');
    expect(await message(page)).toBe('');
    await inView(page, PUZZLE_VIEW);
    expect(await overlap(page, '#board', '#puzzle-panel')).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}${name}-start.png` });

    await page.getByRole('button', { name: 'Puzzle hint' }).click();
    const from = FIRST.line[0].slice(0, 2);
    expect(await message(page)).toMatch(new RegExp(`^Hint: the (man|king) on ${from} moves\\. Hint again for the move\\.$`)); // prettier-ignore
    await page.getByRole('button', { name: 'Puzzle hint' }).click();
    expect(await message(page)).toBe(`Hint: ${FIRST.line[0]}.`);
    expect(await page.locator('.drawing .hint').count()).toBe(1);
    await inView(page, ['#board', '#puzzle-status', '#puzzle-hint', '#message']);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}${name}-hint.png` });
    await typeMove(page, FIRST.line[0]);
    expect(await page.locator('#moves button[data-ply]').count()).toBe(2);
    // No review in the middle of a puzzle.
    expect(await page.locator('#review').isHidden()).toBe(true);
    await inView(page, ['#board', '#puzzle-status', '#puzzle-hint']);
    await page.click('#take-back');
    expect(await page.locator('#moves button[data-ply]').count()).toBe(0);
    expect(await message(page)).toBe('Taken back: find the winning move.');

    for (let i = 0; i < FIRST.line.length; i += 2) await typeMove(page, FIRST.line[i]);
    expect(await message(page)).toBe(`Solved, with 2 hints! The line: ${FIRST.line.join(' ')}.`);
    // The verdict and its line stay clear of the move form below them.
    expect(await overlap(page, '#message', '#move-form')).toBe(false);
    expect(await page.locator('#puzzle-score').textContent()).toBe('Score: 0 of 1 solved first try, streak 0.'); // prettier-ignore
    expect(await page.locator('#review').isVisible()).toBe(true);
    // The shown move whole in the list, under its sticky header.
    const list = (await page.locator('#moves-scroll').boundingBox())!;
    const head = (await page.locator('.moves thead').boundingBox())!;
    const shown = (await page.locator('#moves [aria-current]').boundingBox())!;
    // (to a pixel: the boxes fall on fractions of one)
    expect(shown.y).toBeGreaterThanOrEqual(head.y + head.height - 1);
    expect(shown.y + shown.height).toBeLessThanOrEqual(list.y + list.height + 1);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}${name}-solved.png` });

    // Scrolled away, Next puzzle brings the new board and task back into view.
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await page.click('#puzzle-next');
    await page.locator('#puzzle-status', { hasText: `Puzzle ${AT + 2} of` }).waitFor();
    await inView(page, PUZZLE_VIEW);

    // A new game leaves Puzzles with the game's settings back, and the engine answers.
    await page.click('#new-game');
    expect(await message(page)).toBe('Puzzles left: Play as White, Clock 5+3.');
    expect(await page.locator('#mode').inputValue()).toBe('white');
    expect(await page.locator('#clock-control').inputValue()).toBe('5+3');
    expect(await puzzleStatus(page)).toBe('Positions from games where exactly one move wins.');
    await typeMove(page, OPENING);
    await page.locator('#moves button[data-ply="2"]').waitFor({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}${name}-left.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  }
}

describe('Puzzles at three sizes', () => {
  it('on tama gui', async () => {
    await visitAtSizes(async () => {
      const page = await (await chromium.browser().newContext()).newPage();
      await page.goto(server.url);
      return page;
    }, 'puzzle-sizes');
  }, 600_000);

  it('on the static build', async () => {
    const staticServer = await chromium.serve(false);
    await visitAtSizes(async () => {
      const context = await chromium.browser().newContext();
      context.setDefaultTimeout(30_000);
      const page = await context.newPage();
      await page.goto(staticServer.url);
      return page;
    }, 'puzzle-sizes-static');
  }, 600_000);
});
