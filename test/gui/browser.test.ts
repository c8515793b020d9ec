/**
 * The page in a real headless Chromium (from the @sparticuz/chromium package, driven by
 * playwright-core), asserting what a person sees and hears: a whole game of 47 plies played
 * by click, drag, typed move and keyboard (a take-back and multi-captures among them, one
 * move against the real engine), the move list's geometry, the keyboard cursor only after
 * keyboard use, the squares' accessible names, the live region, the end of the game, and
 * axe-core scans (WCAG 2 A and AA) at the start, in mid-game and at the end. Screenshots
 * (desktop and phone size) go to dist/screenshots for people to look at. Pages stay open
 * until the browser closes: its single-process mode ends with its last page.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSquare } from '../../src/core/square.js';
import { parsePdn, replayPdnGame } from '../../src/pdn/pdn.js';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';
import { Game } from '../../src/gui/page/game.js';
import { moveInWords } from '../../src/gui/page/words.js';
import { axeViolations } from './axe.js';
import { launchChromium } from './chromium.js';
import { scriptedGame } from './scripted-game.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHOTS = here('../../dist/screenshots/');
/** The seed of the scripted game: 47 plies, captures of two and three men, White wins. */
const GAME_SEED = 42;

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
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function openPage(
  width: number,
  height: number,
  hasTouch = false,
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height }, hasTouch });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
  return { page, errors };
}

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

/** Moves the keyboard cursor to `name` with the arrow keys and presses Enter there. */
async function keyboardPick(page: Page, name: string): Promise<void> {
  const active = await page.locator('#board').getAttribute('aria-activedescendant');
  const from = parseSquare(active!.replace('square-', ''));
  const to = parseSquare(name);
  const steps: string[] = [];
  const files = (to & 7) - (from & 7);
  const ranks = (to >> 3) - (from >> 3);
  for (let i = 0; i < Math.abs(files); i++) steps.push(files > 0 ? 'ArrowRight' : 'ArrowLeft');
  for (let i = 0; i < Math.abs(ranks); i++) steps.push(ranks > 0 ? 'ArrowUp' : 'ArrowDown');
  for (const key of steps) await page.keyboard.press(key);
  await page.keyboard.press('Enter');
}

const plies = (page: Page) => page.locator('#moves button[data-ply]');
/** Waits until the move list holds `count` plies. */
async function waitForPlies(page: Page, count: number): Promise<void> {
  await page.locator(`#moves button[data-ply="${count}"]`).waitFor({ state: 'attached' });
  await expect(plies(page).count()).resolves.toBe(count);
}
const moveTexts = (page: Page) => plies(page).allTextContents();
const text = (page: Page, selector: string) => page.locator(selector).textContent();
/** A square's name in the accessibility tree. */
const cellName = (page: Page, name: string) =>
  page.locator(`#square-${name}`).getAttribute('aria-label');

async function setUp(page: Page, fen: string): Promise<void> {
  const details = page.locator('details.pdn');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await page.fill('#fen-text', fen);
  await page.click('#fen-setup');
  await details.locator('summary').click(); // fold the panel again
}

/** Runs in the page: notes every change to the board's picture in window.boardChanges. */
const WATCH_BOARD = `{
  window.boardChanges = [];
  new MutationObserver((records) => {
    for (const r of records) {
      window.boardChanges.push(r.type === 'attributes' ? r.target.id + ' ' + r.attributeName : r.type);
    }
  }).observe(document.querySelector('#board svg'), { subtree: true, childList: true, attributes: true, characterData: true });
}`;

/** A screenshot for people to look at, without a focus ring (the page scrolled to its top). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.evaluate('document.activeElement?.blur(); window.scrollTo(0, 0)');
  await page.screenshot({ path: SHOTS + name });
}

/**
 * The move list as a person sees it: every row's number in the first column, White's and
 * Black's moves each in their own column aligned down the list and inside the panel, and
 * the last move inside the list's visible box.
 */
async function checkMoveList(page: Page, plyCount: number): Promise<void> {
  const list = await page.locator('#moves-scroll').boundingBox();
  const rows = page.locator('#moves tr');
  const rowCount = await rows.count();
  expect(rowCount).toBe(Math.ceil(plyCount / 2));
  const columns: number[][] = [[], [], []];
  for (let i = 0; i < rowCount; i++) {
    const row = rows.nth(i);
    await expect(row.locator('th').textContent()).resolves.toBe(`${i + 1}.`);
    const cells = [row.locator('th'), row.locator('td').nth(0), row.locator('td').nth(1)];
    const boxes = await Promise.all(cells.map((cell) => cell.boundingBox()));
    boxes.forEach((box, column) => {
      columns[column].push(box!.x);
      expect(box!.x + box!.width).toBeLessThanOrEqual(list!.x + list!.width + 0.5);
      if (column > 0) expect(box!.x).toBeGreaterThanOrEqual(boxes[column - 1]!.x + boxes[column - 1]!.width - 0.5); // prettier-ignore
    });
  }
  for (const xs of columns) expect(Math.max(...xs) - Math.min(...xs)).toBeLessThan(0.5);
  // Each ply sits in its colour's column.
  const whiteX = columns[1][0];
  const blackX = columns[2][0];
  for (let ply = 1; ply <= plyCount; ply++) {
    const box = await page.locator(`#moves button[data-ply="${ply}"]`).boundingBox();
    expect(Math.abs(box!.x - (ply % 2 === 1 ? whiteX : blackX))).toBeLessThan(0.5);
  }
  const last = await page.locator(`#moves button[data-ply="${plyCount}"]`).boundingBox();
  expect(last!.y).toBeGreaterThanOrEqual(list!.y - 0.5);
  expect(last!.y + last!.height).toBeLessThanOrEqual(list!.y + list!.height + 0.5);
  // Nothing sticks out sideways (a long capture wraps instead).
  const overflow = await page
    .locator('#moves-scroll')
    .evaluate(
      (element: { scrollWidth: number; clientWidth: number }) =>
        element.scrollWidth - element.clientWidth,
    );
  expect(overflow).toBe(0);
}

/** The move's sentence in the live region, worked out with the rules core. */
function spoken(fenMoves: readonly string[]): string {
  const game = Game.fresh('armenian');
  for (const move of fenMoves) {
    const played = game.playText(move);
    if (!played.ok) throw new Error(played.error.message);
  }
  const last = game.moves[game.moves.length - 1];
  const before = game.positions[game.moves.length - 1].pieceAt(last.from);
  const after = game.position.pieceAt(last.path[last.path.length - 1]);
  return moveInWords(last, before !== after);
}

/** Plays `move` (text) on the page: a capture hop by hop, a step by the input method given. */
async function playMove(page: Page, move: string, plyCount: number, how: string): Promise<void> {
  const squares = move.split(/[-x]/);
  if (how === 'typed') {
    await page.fill('#move-text', move);
    await page.press('#move-text', 'Enter');
  } else if (how === 'drag' && squares.length === 2) {
    await drag(page, squares[0], squares[1]);
  } else if (how === 'keyboard') {
    await page.focus('#board');
    for (const square of squares) {
      await keyboardPick(page, square);
      if ((await plies(page).count()) > plyCount) break;
    }
  } else {
    for (const square of squares) {
      await click(page, square);
      if ((await plies(page).count()) > plyCount) break;
    }
  }
  await waitForPlies(page, plyCount + 1);
}

describe('the page in Chromium', () => {
  it('plays a whole game and shows and says what happens, with no accessibility violation', async () => {
    const { page, errors } = await openPage(1200, 860);
    await expect(text(page, '#status')).resolves.toBe('White to move');
    const snapshot = await page.locator('#board').ariaSnapshot();
    expect(snapshot).toContain('gridcell "c3, white man"');
    expect(snapshot).toContain('gridcell "d4, empty"');
    expect(snapshot).toContain('gridcell "e6, black man"');
    expect(snapshot.match(/gridcell/g)).toHaveLength(64);
    expect(snapshot.split('\n')[1]).toBe('  - row "rank 8":');
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'start-desktop.png');

    // Against the engine at level 0: a click selects and shows targets in words, draws no
    // keyboard cursor; the engine's reply is spoken in the live region.
    await page.selectOption('#level', '0');
    await click(page, 'c3');
    await expect(page.locator('#board .cursor').count()).resolves.toBe(0);
    await expect(cellName(page, 'c3')).resolves.toBe('c3, white man, selected');
    await expect(cellName(page, 'd4')).resolves.toBe('d4, empty, can move here');
    await click(page, 'd4');
    await waitForPlies(page, 2);
    const opening = await moveTexts(page);
    expect(opening[0]).toBe('c3-d4');
    await expect(text(page, '#announce')).resolves.toBe(spoken(opening));
    expect(await text(page, '#announce')).toMatch(/^Black [a-h][1-8]-[a-h][1-8]$/);
    await expect(page.locator('#board .cursor').count()).resolves.toBe(0);

    // Take back the full move; then there is nothing left to take back, and the page says so.
    await page.click('#take-back');
    await expect(plies(page).count()).resolves.toBe(0);
    await expect(text(page, '#announce')).resolves.toBe('took back 2 plies');
    await page.click('#take-back');
    await expect(text(page, '#message')).resolves.toBe('nothing to take back: no move has been played'); // prettier-ignore
    await expect(page.locator('#message').getAttribute('data-kind')).resolves.toBe('error');

    // Human against human, with live analysis: the scripted game, every input method.
    await page.selectOption('#mode', 'human');
    await page.click('#new-game');
    await page.check('#analyse');
    const moves = scriptedGame(GAME_SEED);
    expect(moves.length).toBeGreaterThanOrEqual(40);
    const methods = ['click', 'drag', 'typed', 'keyboard'];
    let sawLines = false;
    for (let ply = 0; ply < moves.length; ply++) {
      await playMove(page, moves[ply], ply, methods[ply % methods.length]);
      await expect(text(page, '#announce')).resolves.toContain(spoken(moves.slice(0, ply + 1)));
      if (ply === 20) {
        // A take back between two people takes back one ply, and the ply is played again.
        await page.click('#take-back');
        await expect(plies(page).count()).resolves.toBe(20);
        await expect(text(page, '#announce')).resolves.toBe('took back 1 ply');
        await playMove(page, moves[ply], ply, 'click');
      }
      if (ply === 25) {
        await page.locator('#lines li').first().waitFor();
        sawLines = true;
        await checkMoveList(page, ply + 1);
        await expect(axeViolations(page)).resolves.toEqual([]);
      }
      if (ply === 40) await screenshot(page, 'midgame-desktop.png');
      if (ply % methods.length === 3) {
        await expect(page.locator('#board .cursor').count()).resolves.toBe(1);
      } else if (methods[ply % methods.length] === 'click') {
        await expect(page.locator('#board .cursor').count()).resolves.toBe(0);
      }
    }
    expect(sawLines).toBe(true);
    const texts = await moveTexts(page);
    expect(texts).toEqual(moves);
    expect(moves.some((move) => move.split('x').length > 2)).toBe(true);

    // The end: the result on the status line, the bar and in the live region; no lines left.
    await page.waitForSelector('body[data-over=white]', { state: 'attached' });
    await expect(text(page, '#status')).resolves.toBe('White wins: Black has no pieces left');
    await expect(text(page, '#announce')).resolves.toBe(`${spoken(moves)}. White wins: Black has no pieces left`); // prettier-ignore
    await expect(page.locator('#eval-bar').getAttribute('data-share')).resolves.toBe('1.000');
    await expect(page.locator('#eval-bar').getAttribute('aria-label')).resolves.toBe('White won');
    await expect(page.locator('#lines li').count()).resolves.toBe(0);
    await expect(text(page, '#search-summary')).resolves.toBe('the game is over');
    await page.uncheck('#analyse');
    await expect(page.locator('#lines li').count()).resolves.toBe(0);
    await checkMoveList(page, moves.length);
    await expect(axeViolations(page)).resolves.toEqual([]);
    await screenshot(page, 'end-desktop.png');

    // The PDN, as downloaded, replays with the rules core to the final position.
    await page.locator('details.pdn summary').click();
    const download = page.waitForEvent('download');
    await page.click('#pdn-export');
    await download;
    const pdn = await page.inputValue('#pdn-text');
    expect(pdn).toContain('[Result "2-0"]');
    const games = parsePdn(pdn);
    if (!games.ok) throw new Error(games.error.message);
    const replayed = replayPdnGame(games.value[0]);
    const final = Game.fresh('armenian');
    for (const move of moves) final.playText(move);
    expect(replayed.ok && replayed.value.toString()).toBe(final.position.toString());
    expect(errors).toEqual([]);
  });

  it('shows captures, asks before discarding a game, and plays by keyboard, at desktop and phone size', async () => {
    const { page, errors } = await openPage(1200, 860, true);
    await page.selectOption('#mode', 'human');
    // A drag redraws nothing but the held piece's transform while the pointer moves.
    const start = await squarePoint(page, 'c3');
    const end = await squarePoint(page, 'c4');
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x, start.y - 20); // past the threshold: the piece is lifted
    await page.evaluate(WATCH_BOARD);
    for (let step = 1; step <= 5; step++) {
      await page.mouse.move(start.x, start.y - 20 + ((end.y - start.y + 20) * step) / 5);
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(resolve))');
    }
    const changes = await page.evaluate<string[]>('window.boardChanges');
    expect(changes.length).toBeGreaterThan(0);
    expect(new Set(changes)).toEqual(new Set(['dragged-piece transform']));
    await page.mouse.up();
    await waitForPlies(page, 1);
    expect(await moveTexts(page)).toEqual(['c3-c4']);

    // Two captures end on g8: the final square alone is refused, a hop settles it.
    await setUp(page, 'W:WKa2:Ba3,d4,d6,g7,Kh1');
    await click(page, 'a2');
    await expect(page.locator('#board .forced').count()).resolves.toBe(1);
    await expect(cellName(page, 'a2')).resolves.toBe('a2, white king, selected, must capture');
    await click(page, 'g8');
    await expect(text(page, '#message')).resolves.toBe(
      '2 captures end on g8: click the squares of the one you mean hop by hop',
    );
    await click(page, 'a6');
    await waitForPlies(page, 1);
    expect(await moveTexts(page)).toEqual(['a2xa6xg6xg8']);
    await expect(text(page, '#message')).resolves.toBe('');

    // A long king capture wraps inside the move list.
    await setUp(page, 'W:WKc5,a2:Bd5,e6,d7,b6,f5,h8');
    await click(page, 'c5', 'g5');
    await waitForPlies(page, 1);
    expect(await moveTexts(page)).toEqual(['c5xe5xe7xb7xb5xg5']);
    await expect(text(page, '#announce')).resolves.toBe('White, c5, takes five, ends on g5'); // prettier-ignore
    await checkMoveList(page, 1);

    // A capture shown with its path and the pieces it took.
    await setUp(
      page,
      'W:Wa2,b2,c2,e2,f2,g2,h2,a3,d3,f3,h3,c4:Ba6,b6,e6,g6,h6,a7,b7,c7,d7,f7,g7,c5,d5,e4',
    );
    await click(page, 'c4', 'c8');
    await expect(moveTexts(page)).resolves.toEqual(['c4xc6xc8']);
    await expect(page.locator('#board .capture-path').count()).resolves.toBe(1);
    await expect(page.locator('#board .taken').count()).resolves.toBe(2);
    await expect(page.locator('#board .piece.king').count()).resolves.toBe(1);
    await screenshot(page, 'capture-desktop.png');

    // Changing the clock in the middle of a game asks first: declined, nothing changes.
    const dialogs: string[] = [];
    let accept = false;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    await page.selectOption('#clock-control', '3+2');
    expect(dialogs).toEqual(['Changing the clock starts a new game: the game in progress will be lost. Go on?']); // prettier-ignore
    await expect(page.locator('#clock-control').inputValue()).resolves.toBe('5+3');
    await expect(plies(page).count()).resolves.toBe(1);
    accept = true;
    await page.selectOption('#variant', 'turkish');
    expect(dialogs[1]).toBe('Changing the rules starts a new game: the game in progress will be lost. Go on?'); // prettier-ignore
    await expect(plies(page).count()).resolves.toBe(0);
    await page.selectOption('#variant', 'armenian'); // no game in progress: no question
    expect(dialogs).toHaveLength(2);

    // A PDN loaded says what it did, as information, not as an error.
    await page.selectOption('#mode', 'white');
    await page.locator('details.pdn summary').click();
    await page.fill('#pdn-text', '[Variant "armenian"]\n1. c3-c4 f6-f5 *\n');
    await page.click('#pdn-import');
    await expect(text(page, '#message')).resolves.toBe(
      'loaded a game of 2 plies; switched to human vs human (choose under Play to face the engine)',
    );
    await expect(page.locator('#message').getAttribute('data-kind')).resolves.toBe('info');
    await expect(page.locator('#mode').inputValue()).resolves.toBe('human');
    await page.locator('details.pdn summary').click();

    // By keyboard alone: Shift+Tab from the move field reaches the board and the cursor
    // shows at once (a keyboard focus); White plays b3-b4.
    await page.focus('#move-text');
    await page.keyboard.press('Shift+Tab');
    await expect(page.locator('#board:focus').count()).resolves.toBe(1);
    await expect(page.locator('#board .cursor').count()).resolves.toBe(1);
    await keyboardPick(page, 'b3');
    await expect(cellName(page, 'b3')).resolves.toBe('b3, white man, selected');
    await keyboardPick(page, 'b4');
    await waitForPlies(page, 3);
    expect((await moveTexts(page))[2]).toBe('b3-b4');
    await expect(text(page, '#announce')).resolves.toBe('White b3-b4');

    // A phone-size screen with touch: a tap selects and a tap moves, no cursor drawn.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const name of ['f5', 'e4']) {
      const point = await squarePoint(page, name);
      await page.touchscreen.tap(point.x, point.y);
    }
    await waitForPlies(page, 4);
    expect((await moveTexts(page))[3]).toBe('f5-e4');
    await expect(page.locator('#board .cursor').count()).resolves.toBe(0);
    await screenshot(page, 'phone.png');
    await expect(axeViolations(page)).resolves.toEqual([]);

    // Reduced motion asked for: no transitions.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect(page.evaluate("getComputedStyle(document.querySelector('#eval-bar .fill')).transitionDuration")).resolves.toBe('0s'); // prettier-ignore
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(page.evaluate("getComputedStyle(document.querySelector('#eval-bar .fill')).transitionDuration")).resolves.toBe('0.3s'); // prettier-ignore

    // A long game loaded from PDN: its newest moves are in view at once.
    await page.setViewportSize({ width: 1200, height: 860 });
    const long = scriptedGame(GAME_SEED);
    const movetext = long
      .map((move, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${move}` : move))
      .join(' ');
    await page.locator('details.pdn summary').click();
    await page.fill('#pdn-text', `[Variant "armenian"]\n\n${movetext} 2-0\n`);
    await page.click('#pdn-import');
    await waitForPlies(page, long.length);
    await expect(text(page, '#message')).resolves.toBe(`loaded a game of ${long.length} plies`);
    await checkMoveList(page, long.length);
    expect(errors).toEqual([]);
  });

  it('greys Level out, saying why, for another engine without Skill Level', async () => {
    const other = await startGuiServer({
      port: 0,
      host: '127.0.0.1',
      engine: { program: process.execPath, args: [here('../fixtures/random-mover.mjs')] },
      maxTabs: 1,
      stallMs: 10_000,
      pageDir: here('../../dist/gui/'),
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1200, height: 860 } });
      await page.goto(other.url);
      await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
      await expect(page.locator('#level').isDisabled()).resolves.toBe(true);
      const why = 'random-mover has no Skill Level option: it always plays at its full strength';
      await expect(text(page, '#level-note')).resolves.toBe(why);
      await expect(page.getByRole('combobox', { name: 'Level' }).getAttribute('aria-describedby')).resolves.toBe('level-note'); // prettier-ignore
      await click(page, 'c3', 'c4');
      await waitForPlies(page, 2);
      await expect(text(page, '#announce')).resolves.toBe(spoken(await moveTexts(page)));
    } finally {
      await other.close();
    }
  });
});
