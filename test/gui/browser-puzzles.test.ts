/**
 * The Puzzles mode in a real headless Chromium, on `tama gui` and on the static build
 * (dist/web): the panel reached and used by keyboard alone, the first shipped puzzle set
 * up on the board with the solver's side to move, a wrong move taken back and said in the
 * page's status message, the line played to "Solved" with the page answering the replies,
 * the solution shown on the next puzzle, axe-core scans (WCAG 2 A and AA) in each state,
 * and, on the static build, the puzzles played after a reload with the network off.
 * Screenshots go to dist/screenshots for people to look at.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves } from '../../src/core/notation.js';
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
  expect(await message(page)).toMatch(
    new RegExp(`^Puzzle ${AT + 1} of \\d+\\. (White|Black) to play`),
  );
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
  expect(await message(page)).toBe(
    `Solved, after 1 wrong move! The line: ${FIRST.line.join(' ')}.`,
  );
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
