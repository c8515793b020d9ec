/**
 * The static build's engine searching on the threads its page allows, in a real headless
 * Chromium: served with COOP/COEP the page is cross-origin isolated and an engine worker
 * set to two threads searches `go depth 8` from the start on two search threads, each of
 * which runs a search task over the shared memory; served without them the engine offers
 * one thread, refuses two with its error line, and searches the same on its one thread.
 * Either way the bestmove is legal by the rules core, the nodes are counted, and the page
 * raises no error.
 */
import { fileURLToPath } from 'node:url';
import type { Page, Worker } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { staticBrowser } from './chromium.js';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const SHOTS = fileURLToPath(new URL('../../dist/screenshots/', import.meta.url));

const chromium = staticBrowser(WEB);

/** The lines that set the engine up: its options, two threads asked for, then ready. */
const SETUP = ['uci', 'setoption name Threads value 2', 'isready'];
const SEARCH = ['position startpos', 'go depth 8'];

/**
 * Runs in the page: starts an engine worker of its own (`window.engine`), its output lines
 * in `window.engineLines`, sends `lines` and resolves when `done` (a condition on `output`).
 */
function startEngine(lines: readonly string[], done: string): string {
  return `new Promise((resolve) => {
    const output = (window.engineLines = []);
    const worker = (window.engine = new Worker('./engine-worker.js', { type: 'module' }));
    worker.onmessage = (event) => {
      output.push(event.data);
      if (${done}) resolve(output.slice());
    };
    for (const line of ${JSON.stringify(lines)}) worker.postMessage(line);
  })`;
}

/** Runs in the page: sends `lines` to `window.engine` and resolves with its next lines until a bestmove. */
function search(lines: readonly string[]): string {
  return `new Promise((resolve) => {
    const output = [];
    window.engine.onmessage = (event) => {
      output.push(event.data);
      if (event.data.startsWith('bestmove')) resolve(output);
    };
    for (const line of ${JSON.stringify(lines)}) window.engine.postMessage(line);
  })`;
}

/**
 * Runs in a search thread: counts the tasks it answers (each answer carries its task's id)
 * in `self.answered`, by wrapping the function the thread answers through.
 */
function countAnswers(): void {
  const scope = globalThis as unknown as { postMessage(answer: unknown): void; answered: number };
  const post = scope.postMessage.bind(scope);
  scope.answered = 0;
  scope.postMessage = (answer) => {
    if (typeof answer === 'object' && answer !== null && 'id' in answer) scope.answered++;
    post(answer);
  };
}

const searchThreads = (page: Page): Worker[] =>
  page.workers().filter((worker) => worker.url().endsWith('/search-thread.js'));

/**
 * Opens the static build with or without isolation, then starts an engine worker of its
 * own with SETUP and runs SEARCH on it; gives the setup's and the search's lines, how many
 * tasks each search thread the engine worker started answered, and the page's errors.
 */
async function searchOn(isolated: boolean): Promise<{
  page: Page;
  isolated: unknown;
  setup: string[];
  lines: string[];
  answered: number[];
  errors: string[];
}> {
  const server = await chromium.serve(isolated);
  const page = await chromium.browser().newPage({ viewport: { width: 1200, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  await page.goto(server.url);
  await page.waitForSelector('body[data-engine=ready]', { state: 'attached', timeout: 30_000 });
  // The page's own engine and its search threads, running before the one under test.
  await expect.poll(() => searchThreads(page).length, { timeout: 10_000 }).toBe(isolated ? 2 : 1); // prettier-ignore
  const before = new Set(searchThreads(page));
  const setup = await page.evaluate<string[]>(startEngine(SETUP, "event.data === 'readyok'"));
  // The engine worker's search threads are alive once it is ready; wait for all of them to
  // be seen, then for a moment more, so that a thread too many would be seen as well.
  const expected = isolated ? 2 : 1;
  const started = () => searchThreads(page).filter((worker) => !before.has(worker));
  await expect.poll(() => started().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(expected); // prettier-ignore
  await page.waitForTimeout(500);
  const threads = started();
  await Promise.all(threads.map((worker) => worker.evaluate(countAnswers)));
  const lines = await page.evaluate<string[]>(search(SEARCH));
  const answered = await Promise.all(threads.map((worker) => worker.evaluate<number>('self.answered'))); // prettier-ignore
  const crossOriginIsolated = await page.evaluate('globalThis.crossOriginIsolated');
  return { page, isolated: crossOriginIsolated, setup, lines, answered, errors };
}

/** The move of the `bestmove` line, checked against the rules core from the start. */
function bestMove(lines: string[]): ReturnType<typeof parseMove> {
  const best = lines.find((line) => line.startsWith('bestmove'))?.split(' ')[1] ?? '';
  return parseMove(Position.start(), best);
}

/** The node count of the last `info depth 8` line. */
function nodesAtDepth8(lines: string[]): number {
  const last = lines.filter((line) => line.startsWith('info depth 8 ')).pop() ?? '';
  return Number(/ nodes (\d+)/.exec(last)?.[1]);
}

describe('the static build searching on its threads', () => {
  it('with COOP/COEP: isolated, two search threads, each searching, a legal move', async () => {
    const { page, isolated, setup, lines, answered, errors } = await searchOn(true);
    expect(isolated).toBe(true);
    expect(setup).toContain('uciok');
    const threadsOption = setup.find((line) => line.startsWith('option name Threads '));
    expect(Number(/ max (\d+)$/.exec(threadsOption ?? '')?.[1])).toBeGreaterThanOrEqual(2);
    expect(setup.filter((line) => line.startsWith('info string'))).toEqual([]);
    // The two threads it took, each having answered the search's task.
    expect(answered).toHaveLength(2);
    for (const count of answered) expect(count).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.startsWith('info string'))).toEqual([]);
    expect(nodesAtDepth8(lines)).toBeGreaterThan(0);
    expect(bestMove(lines)).toMatchObject({ ok: true });
    await page.screenshot({ path: `${SHOTS}web-threads-isolated.png` });
    expect(errors).toEqual([]);
  });

  it('without COOP/COEP: one thread, two refused, and the same search on it', async () => {
    const { page, isolated, setup, lines, answered, errors } = await searchOn(false);
    expect(isolated).toBe(false);
    expect(setup).toContain('option name Threads type spin default 1 min 1 max 1');
    const refusals = setup.filter((line) => line.startsWith('info string'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toBe('info string error: option Threads must be from 1 to 1, got 2');
    expect(answered).toEqual([expect.any(Number)]);
    expect(answered[0]).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.startsWith('info string'))).toEqual([]);
    expect(nodesAtDepth8(lines)).toBeGreaterThan(0);
    expect(bestMove(lines)).toMatchObject({ ok: true });
    await page.screenshot({ path: `${SHOTS}web-threads-plain.png` });
    expect(errors).toEqual([]);
  });
});
