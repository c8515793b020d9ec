/**
 * An engine that never goes missing: a tab that the `tama gui` server cannot give an engine
 * (its tab limit, the server gone, the engine failed to start) says so plainly, lets no
 * move be played against an engine that is not there (no "thinking" forever), and offers
 * the engine in this browser; taken up, the game goes on against it (the static build's
 * worker, served by the same server, or kept by the page's service worker once the server
 * is gone). Screenshots go to dist/screenshots for people to look at.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineCommand } from '../../src/engine-client/engine-process.js';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';
import { Game } from '../../src/gui/page/game.js';
import { squareName } from '../../src/core/square.js';
import { BLACK } from '../../src/core/variant.js';
import { axeViolations } from './axe.js';
import { staticBrowser } from './chromium.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHOTS = here('../../dist/screenshots/');
const TAMA: EngineCommand = { program: process.execPath, args: [here('../../bin/tama.js')] };
const chromium = staticBrowser(here('../../dist/web/'));
const servers: GuiServer[] = [];

/** A `tama gui` server on a free port, closed after the tests if a test did not close it. */
async function serve(engine: EngineCommand, maxTabs = 4): Promise<GuiServer> {
  const server = await startGuiServer({ port: 0, host: '127.0.0.1', engine, maxTabs, stallMs: 10_000, pageDir: here('../../dist/gui/') }); // prettier-ignore
  servers.push(server);
  return server;
}

afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

const text = (page: Page, selector: string) => page.locator(selector).textContent();
const offer = (page: Page) => page.getByRole('button', { name: 'Play with the engine in this browser' }); // prettier-ignore

/** A page of `server` at laptop size, with the errors it throws. */
async function open(
  server: GuiServer,
): Promise<{ page: Page; errors: string[]; answered: string[] }> {
  const page = await chromium.browser().newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Every answer the page and its workers got, as "status path".
  const answered: string[] = [];
  page.on('response', (response) => answered.push(`${response.status()} ${new URL(response.url()).pathname}`)); // prettier-ignore
  await page.goto(server.url);
  return { page, errors, answered };
}

/** The game of the page's move list, each move checked legal by the rules core from the start. */
async function replay(page: Page): Promise<Game> {
  const moves = (await page.locator('#moves button[data-ply]').allTextContents()).map((m) => m.trim()); // prettier-ignore
  const game = Game.fresh('armenian');
  for (const move of moves) expect(game.playText(move)).toMatchObject({ ok: true });
  return game;
}

/** Plays a legal move as White and waits for the engine's answer; the game then. */
async function playAndAwaitAnswer(page: Page): Promise<Game> {
  const before = await replay(page);
  await page.fill('#move-text', before.legalMoves()[0].text);
  await page.press('#move-text', 'Enter');
  const answer = before.moves.length + 2;
  await page.locator(`#moves button[data-ply="${answer}"]`).waitFor({ state: 'attached', timeout: 60_000 }); // prettier-ignore
  return replay(page);
}

/** A move against the missing engine is refused, saying why, instead of waiting forever. */
async function refusesMove(page: Page, why: RegExp): Promise<void> {
  const plies = await page.locator('#moves button[data-ply]').count();
  await page.fill('#move-text', (await replay(page)).legalMoves()[0].text);
  await page.press('#move-text', 'Enter');
  expect(await page.locator('#moves button[data-ply]').count()).toBe(plies);
  expect(await text(page, '#message')).toMatch(why);
}

/**
 * Takes up the offer: the engine starts in this page's workers and answers a move, which is
 * legal and shown on the board; the game then.
 */
async function playsOnInThisBrowser(page: Page, shot: string): Promise<Game> {
  await offer(page).click();
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 }); // prettier-ignore
  expect(await offer(page).isVisible()).toBe(false);
  expect(await text(page, '#message')).toBe('playing with the engine in this browser');
  expect(await text(page, '#engine-about')).toMatch(/in this browser/);
  const game = await playAndAwaitAnswer(page);
  // The engine's move is on the board: its last square holds a black piece.
  const answer = game.moves.at(-1)!;
  expect(answer.color).toBe(BLACK);
  const target = squareName(answer.path.at(-1)!);
  expect(await page.locator(`[role=gridcell][aria-label^="${target}, black"]`).count()).toBe(1);
  expect(page.workers().some((worker) => worker.url().endsWith('/engine-worker.js'))).toBe(true);
  await page.screenshot({ path: `${SHOTS}${shot}.png` });
  return game;
}

describe('a tab the server cannot give an engine', () => {
  let limited: GuiServer;
  beforeAll(async () => {
    limited = await serve(TAMA, 1);
  });

  it('beyond the tab limit: says so, plays no move into the void, and goes on with the engine in this browser', async () => {
    const first = await chromium.browser().newPage({ viewport: { width: 1280, height: 800 } });
    await first.goto(limited.url);
    await first.waitForSelector('body[data-engine=ready]', { state: 'attached' });
    const { page, errors, answered } = await open(limited);
    await page.waitForSelector('body[data-engine=failed]', { state: 'attached' });
    expect(await text(page, '#engine-status')).toMatch(/^too many tabs: this server plays in at most 1 at once/); // prettier-ignore
    expect(await offer(page).isVisible()).toBe(true);
    await page.selectOption('#clock-control', '');
    await refusesMove(page, /no engine to play against \(too many tabs.*\): play with the engine in this browser, or choose human vs human/); // prettier-ignore
    expect(await axeViolations(page)).toEqual([]);
    expect((await playsOnInThisBrowser(page, 'fallback-tab-limit')).moves).toHaveLength(2);
    // The server gave that engine the shipped evaluation files its EvalFile offers.
    expect(answered).toEqual(expect.arrayContaining(['200 /eval-weights.json', '200 /network-armenian.json', '200 /network-turkish.json'])); // prettier-ignore
    expect(errors).toEqual([]);
    await first.close();
    await page.close();
  });

  it('the server gone: says so, and goes on with the engine in this browser that the page kept', async () => {
    const server = await serve(TAMA);
    const { page, errors } = await open(server);
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
    // The page's service worker keeps the engine's files from the first visit.
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 }); // prettier-ignore
    await page.selectOption('#clock-control', '');
    await page.selectOption('#level', '1');
    const first = await playAndAwaitAnswer(page);
    await server.close();
    await page.waitForSelector('body[data-engine=failed]', { state: 'attached' });
    const gone = 'the server is gone (tama gui stopped, or the connection to it broke)';
    expect(await text(page, '#engine-status')).toBe(gone);
    expect(await text(page, '#message')).toBe(gone);
    expect(await offer(page).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}fallback-server-gone.png` });
    await refusesMove(page, /^no engine to play against \(the server is gone .*\): play with the engine in this browser, or choose human vs human$/); // prettier-ignore
    expect(await axeViolations(page)).toEqual([]);
    // The game goes on from where it was.
    const game = await playsOnInThisBrowser(page, 'fallback-server-gone-playing');
    expect(game.moves.map((move) => move.text)).toEqual([...first.moves.map((move) => move.text), game.moves[2].text, game.moves[3].text]); // prettier-ignore
    expect(errors).toEqual([]);
    // Reloaded with the server still gone, the kept page opens, says so and offers the engine.
    await page.reload();
    await page.waitForSelector('body[data-engine=failed]', { state: 'attached' });
    expect(await text(page, '#engine-status')).toBe(gone);
    expect(await offer(page).isVisible()).toBe(true);
    await page.close();
  });

  it('the engine failed to start: says so, and goes on with the engine in this browser', async () => {
    const server = await serve({ program: '/no/such/engine', args: [] });
    const { page, errors } = await open(server);
    await page.waitForSelector('body[data-engine=failed]', { state: 'attached' });
    const failed = 'the server could not start its engine (could not start: spawn /no/such/engine ENOENT)'; // prettier-ignore
    expect(await text(page, '#engine-status')).toBe(failed);
    expect(await text(page, '#message')).toBe(failed);
    expect(await offer(page).isVisible()).toBe(true);
    await page.selectOption('#clock-control', '');
    await refusesMove(page, /^no engine to play against \(the server could not start its engine .*\): play with the engine in this browser, or choose human vs human$/); // prettier-ignore
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}fallback-engine-failed.png` });
    expect((await playsOnInThisBrowser(page, 'fallback-engine-failed-playing')).moves).toHaveLength(2); // prettier-ignore
    expect(errors).toEqual([]);
    await page.close();
  });
});
