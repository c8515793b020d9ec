/**
 * The static build (dist/web, `npm run build:web`) in a real headless Chromium, served by
 * a plain static file server: no Node process behind the page, the engine runs in its Web
 * Workers. Without COOP/COEP the page says it has one thread without shared memory, stops
 * an infinite analysis (by ending its search thread) and plays a whole game engine against
 * engine, every move legal and the result the rules core's; with them it is cross-origin
 * isolated, says it has two threads and answers a move.
 * The engine worker alone speaks the protocol's lines, refusing what it cannot do there,
 * and plays the shipped networks by default, as the engine in Node does.
 * After a first visit the page loads and plays with the server gone and the network off.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { staticBrowser } from './chromium.js';
import { Game } from '../../src/gui/page/game.js';
import { TamaProcess } from '../protocol/tama-process.js';
import type { StaticServer } from './static-server.js';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));

const chromium = staticBrowser(WEB);

/** Opens dist/web from a new static server; collects the page's errors and failed loads. */
async function openStatic(
  isolated: boolean,
): Promise<{ page: Page; server: StaticServer; errors: string[] }> {
  const server = await chromium.serve(isolated);
  const page = await chromium.browser().newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  page.on('websocket', (socket) => errors.push(`websocket: ${socket.url()}`));
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
  return { page, server, errors };
}

/**
 * Runs the engine worker on its own in the page: `input` in, its output lines until `done`
 * (a JavaScript condition on `output`, the lines so far) holds.
 */
function engineWorkerLines(page: Page, input: readonly string[], done: string): Promise<string[]> {
  return page.evaluate<string[]>(`new Promise((resolve) => {
    const worker = new Worker('./engine-worker.js', { type: 'module' });
    const output = [];
    worker.onmessage = (event) => {
      output.push(event.data);
      if (${done}) resolve(output);
    };
    for (const line of ${JSON.stringify(input)}) worker.postMessage(line);
  })`);
}

/** The condition of engineWorkerLines that `count` bestmove lines have come. */
const bestmoves = (count: number) => `output.filter((line) => line.startsWith('bestmove')).length === ${count}`; // prettier-ignore

/** Whether the page is cross-origin isolated, and whether it has shared memory. */
const isolation = (page: Page) =>
  page.evaluate(() => [(globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated, typeof SharedArrayBuffer]); // prettier-ignore
const plies = (page: Page) => page.locator('#moves button[data-ply]');

describe('the static build in Chromium', () => {
  it('without COOP/COEP: one thread, and a whole game engine against engine', async () => {
    const { page, server, errors } = await openStatic(false);
    expect(await isolation(page)).toEqual([false, 'undefined']);
    const status = await page.locator('#engine-about').textContent();
    expect(status).toMatch(/^Tama .* in this browser \(1 thread, \d+ MiB hash; not cross-origin isolated/); // prettier-ignore
    // An infinite analysis, then stopped: without shared memory the stop ends the search
    // thread, and the bestmove it owes must come, or the game below could not start.
    await page.check('#analyse');
    await page.locator('#lines li').first().waitFor({ state: 'attached', timeout: 30_000 });
    await page.uncheck('#analyse');
    await page.selectOption('#clock-control', '');
    await page.selectOption('#level', '3');
    await page.selectOption('#mode', 'engines');
    await page.locator('#result:not(:empty)').waitFor({ state: 'attached', timeout: 150_000 });
    const moves = (await plies(page).allTextContents()).map((text) => text.trim());
    expect(moves.length).toBeGreaterThan(10);
    // Every move legal, and the result the one the rules core gives.
    const game = Game.fresh('armenian');
    for (const move of moves) expect(game.playText(move)).toMatchObject({ ok: true });
    const outcome = game.outcome();
    expect(outcome).toBeDefined();
    const score = outcome!.result === 'white' ? '2-0' : outcome!.result === 'black' ? '0-2' : '1-1'; // prettier-ignore
    expect(await page.locator('#result').textContent()).toBe(`${score} · ${outcome!.reason}`);
    // The page, the two workers and the evaluation files came from the static server; nothing else.
    expect(server.requests).toEqual(expect.arrayContaining(['/', '/page.js', '/engine-worker.js', '/search-thread.js', '/eval-weights.json', '/network-armenian.json', '/network-turkish.json'])); // prettier-ignore
    expect(errors).toEqual([]);
  });

  it('with COOP/COEP: cross-origin isolated, two threads, and the engine answers', async () => {
    const { page, errors } = await openStatic(true);
    expect(await isolation(page)).toEqual([true, 'function']);
    const status = await page.locator('#engine-about').textContent();
    expect(status).toMatch(/^Tama .* in this browser \(2 threads, \d+ MiB hash; cross-origin isolated\)/); // prettier-ignore
    await page.selectOption('#clock-control', '');
    await page.selectOption('#mode', 'black');
    await page.locator('#moves button[data-ply="1"]').waitFor({ state: 'attached', timeout: 60_000 }); // prettier-ignore
    const first = (await plies(page).first().textContent())!.trim();
    expect(Game.fresh('armenian').playText(first)).toMatchObject({ ok: true });
    // The engine's worker and its two search threads.
    expect(page.workers().map((worker) => worker.url().replace(/^.*\//, '')).sort()).toEqual(['engine-worker.js', 'search-thread.js', 'search-thread.js']); // prettier-ignore
    expect(errors).toEqual([]);
  });

  it('speaks the protocol in its worker: lines in, lines out', async () => {
    const { page, errors } = await openStatic(false);
    const input = [
      'uci',
      'setoption name Threads value 2',
      'setoption name EvalFile value data/eval-weights.json',
      'setoption name EvalFile value other.json',
      'setoption name EGDB Path value /tables',
      'go depth x',
      'isready',
      'position startpos',
      'go depth 3',
      'bench 2',
    ];
    // The engine worker's output lines until the bench's end.
    const lines = await engineWorkerLines(page, input, "event.data.startsWith('Nodes/second')");
    expect(lines).toContain('uciok');
    expect(lines).toContain('option name Threads type spin default 1 min 1 max 1');
    const errorLines = lines.filter((line) => line.startsWith('info string error'));
    expect(errorLines).toHaveLength(4);
    expect(errorLines[0]).toMatch(/Threads must be from 1 to 1/);
    expect(errorLines[1]).toMatch(/EvalFile 'other.json'.*offers only data\/eval-weights.json, data\/network-armenian.json, data\/network-turkish.json$/); // prettier-ignore
    expect(errorLines[2]).toMatch(/EGDB Path: no folder \/tables/);
    expect(lines.indexOf('readyok')).toBeGreaterThan(lines.indexOf('uciok'));
    expect(lines.some((line) => /^info depth 3 .* pv /.test(line))).toBe(true);
    const best = lines.find((line) => line.startsWith('bestmove'))!.split(' ')[1];
    expect(Game.fresh('armenian').playText(best)).toMatchObject({ ok: true });
    // The bench counts the nodes its one thread answers with (it sees no shared counters).
    const searched = lines.find((line) => line.startsWith('Nodes searched'));
    expect(Number(searched?.split(':')[1])).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('plays the shipped networks by default, node for node as the engine in Node does', async () => {
    const { page, errors } = await openStatic(false);
    const search = ['ucinewgame', 'position startpos moves c3-c4', 'eval', 'go depth 6'];
    const input = [
      ...search,
      'setoption name EvalFile value data/eval-weights.json',
      ...search,
      'setoption name EvalFile value data/network-armenian.json;data/network-turkish.json',
      ...search,
    ];
    /** The `Evaluation:` lines and each search's node count at depth 6 (its last line there). */
    const outcome = (lines: string[]) => ({
      evaluations: lines.filter((line) => line.startsWith('Evaluation: ')),
      nodes: lines
        .join('\n')
        .split(/^bestmove .*$/m)
        .slice(0, -1)
        .map((search) => Number(/.* nodes (\d+)/.exec(search.split('\n').filter((line) => line.startsWith('info depth 6 ')).pop() ?? '')?.[1])), // prettier-ignore
      errors: lines.filter((line) => line.startsWith('info string error')),
    });
    // The engine worker's lines until the third bestmove.
    const inBrowser = outcome(await engineWorkerLines(page, input, bestmoves(3)));
    const engine = new TamaProcess();
    engine.send(...input);
    await engine.waitFor(/^bestmove /, (await engine.waitFor(/^bestmove /, (await engine.waitFor(/^bestmove /)) + 1)) + 1); // prettier-ignore
    const inNode = outcome(engine.lines);
    await engine.quit();
    expect(inBrowser.errors).toEqual([]);
    expect(inBrowser.evaluations).toHaveLength(3);
    expect(inBrowser.evaluations[0]).toMatch(/^Evaluation: -?\d+ \(the network; Black to move/);
    expect(inBrowser.evaluations[1]).toMatch(/^Evaluation: -?\d+ \(Black to move/);
    expect(inBrowser.evaluations[2]).toBe(inBrowser.evaluations[0]);
    expect(inBrowser.nodes).toHaveLength(3);
    expect(inBrowser.nodes[1]).not.toBe(inBrowser.nodes[0]);
    expect(inBrowser.nodes[2]).toBe(inBrowser.nodes[0]);
    expect(inBrowser).toEqual(inNode);
    expect(errors).toEqual([]);
  });

  it('after the first visit, loads and plays with the network cut (its service worker)', async () => {
    const server = await chromium.serve(false);
    const context = await chromium.browser().newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
    expect(await page.locator('link[rel=manifest]').getAttribute('href')).toBe('./manifest.webmanifest'); // prettier-ignore
    // The worker has stored the build and controls the page.
    await page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 30_000 }); // prettier-ignore
    const asked = server.requests.length;
    await server.close();
    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
    await page.selectOption('#clock-control', '');
    await page.selectOption('#mode', 'black');
    await page.locator('#moves button[data-ply="1"]').waitFor({ state: 'attached', timeout: 60_000 }); // prettier-ignore
    const first = (await plies(page).first().textContent())!.trim();
    expect(Game.fresh('armenian').playText(first)).toMatchObject({ ok: true });
    expect(server.requests.length).toBe(asked);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('forgets its table at a new game, also where its thread holds a copy of it', async () => {
    const { page, errors } = await openStatic(false);
    const input = ['uci', 'position startpos', 'go depth 6', 'ucinewgame', 'position startpos', 'go depth 6']; // prettier-ignore
    // The engine worker's lines until the second bestmove.
    const lines = await engineWorkerLines(page, input, bestmoves(2));
    // One thread, a new game each time: the same search, node for node.
    const nodes = lines.filter((line) => /^info depth 6 /.test(line)).map((line) => /nodes (\d+)/.exec(line)?.[1]); // prettier-ignore
    expect(nodes).toHaveLength(2);
    expect(Number(nodes[0])).toBeGreaterThan(0);
    expect(nodes[1]).toBe(nodes[0]);
    expect(errors).toEqual([]);
  });
});
