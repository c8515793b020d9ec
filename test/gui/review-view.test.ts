/**
 * The review view in a real headless Chromium, on its own (the page wires it in): progress
 * and Cancel, the graph with its text alternative and its click, the list of marked moves as
 * buttons, the current ply, and the better move's arrow. The review it shows comes from the
 * review code over a scripted engine. A screenshot goes to dist/screenshots/review-view.png.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import chromium from '@sparticuz/chromium';
import { build } from 'esbuild';
import { chromium as playwright, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewGame, type GameReview, type ReviewProgress } from '../../src/analyse/review.js';
import { cp, loss, ScriptedEvaluator, win } from '../analyse/helpers.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SHOTS = here('../../dist/screenshots/');

const FEN = 'W:Wa2,b2,g2,h2,c4:Ba7,b7,g7,h7,c6';
let browser: Browser;
let bundle: string;
let review: GameReview;
let edgeReview: GameReview;
const progress: ReviewProgress[] = [];

beforeAll(async () => {
  const entry = `
    import { ReviewView } from './src/gui/page/dom/review-view.ts';
    import { betterMoveArrow } from './src/gui/page/review.ts';
    import { Position } from './src/core/position.ts';
    Object.assign(window, { ReviewView, betterMoveArrow, Position });`;
  const built = await build({
    stdin: { contents: entry, resolveDir: here('../..'), loader: 'ts' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  bundle = built.outputFiles[0].text;
  const engine = new ScriptedEvaluator([
    { score: cp(20), best: 'c4-d5' },
    { score: cp(150) },
    { score: cp(-150), best: 'a2-a3' },
    { score: cp(140) },
    { score: cp(-60), best: 'b2-b3' },
    { score: cp(200) },
  ]);
  const moves = ['c4-c5', 'c6xc4', 'a2-a3', 'c4-c3', 'g2-g3'];
  const result = await reviewGame({ variant: 'armenian', fen: FEN, moves }, engine, { nodes: 1000, onProgress: (p) => progress.push(p) }); // prettier-ignore
  if (!result.ok) throw new Error(result.error.message);
  review = result.value;
  // A game that ends in a win for White, then for Black: marks at the graph's top and bottom.
  const edges = new ScriptedEvaluator([
    { score: cp(0), best: 'g2-g3' },
    { score: win(3), best: 'g7-g6' },
    { score: win(2), best: 'g2-g3' },
    { score: loss(2) },
    { score: win(1) },
  ]);
  const edgeMoves = ['a2-a3', 'a7-a6', 'b2-b3', 'b7-b6'];
  const edgeResult = await reviewGame({ variant: 'armenian', fen: FEN, moves: edgeMoves }, edges, { nodes: 1000 }); // prettier-ignore
  if (!edgeResult.ok) throw new Error(edgeResult.error.message);
  edgeReview = edgeResult.value;
  browser = await playwright.launch({ executablePath: await chromium.executablePath(), args: chromium.args, headless: true }); // prettier-ignore
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

interface Probe {
  selected: number[];
  cancelled: number;
}

async function open(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 420, height: 480 } });
  await page.setContent('<!doctype html><html lang="en"><body style="font-family: sans-serif; background: #fffdf8"><main id="panel" style="width: 360px; padding: 8px"></main></body></html>'); // prettier-ignore
  await page.addScriptTag({ content: bundle });
  await page.evaluate(`
    window.probe = { selected: [], cancelled: 0 };
    window.view = new window.ReviewView(document.getElementById('panel'), {
      onSelectPly: (ply) => window.probe.selected.push(ply),
      onCancel: () => window.probe.cancelled++,
    });`);
  return page;
}

const call = (page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(
    ([name, values]) => {
      const view = (globalThis as unknown as { view: Record<string, (...a: unknown[]) => void> })
        .view;
      view[name](...values);
    },
    [method, args] as const,
  );

const probe = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { probe: Probe }).probe);

describe('the review view', () => {
  it('shows progress with a Cancel button while the review runs', async () => {
    const page = await open();
    await call(page, 'start', 6, 'armenian');
    for (const step of progress.slice(0, 3)) await call(page, 'progress', step);
    await expect.poll(() => page.locator('progress').evaluate((e) => [(e as unknown as { value: number }).value, (e as unknown as { max: number }).max])).toEqual([3, 6]); // prettier-ignore
    expect(await page.getByText('3 of 6 positions').count()).toBe(1);
    expect(await page.getByRole('status').textContent()).toBe('Reviewing 6 positions.');
    await page.getByRole('button', { name: 'Cancel review' }).click();
    expect((await probe(page)).cancelled).toBe(1);
    // The graph grows with the review: three positions drawn, one mark (c4-c5) so far.
    expect(await page.locator('svg.review-graph circle.review-mark.blunder').count()).toBe(1);
    await call(page, 'stopped', 'cancelled');
    expect(await page.getByRole('status').textContent()).toBe('Review stopped: cancelled');
    expect(await page.locator('.review-progress').isHidden()).toBe(true);
  });

  it('draws the graph with a text alternative, lists the marked moves as buttons, and goes to a ply', async () => {
    const page = await open();
    await call(page, 'start', 6, 'armenian');
    await call(page, 'finish', review);
    expect(await page.getByRole('status').textContent()).toBe('Review done. White: 0 inaccuracies, 0 mistakes, 2 blunders. Black: 0 inaccuracies, 0 mistakes, 0 blunders.'); // prettier-ignore
    const graph = page.getByRole('img', { name: /^Evaluation graph over 5 plies/ });
    expect(await graph.getAttribute('aria-label')).toContain('White: 0 inaccuracies, 0 mistakes, 2 blunders. Black: 0 inaccuracies, 0 mistakes, 0 blunders.'); // prettier-ignore
    const blunder = page.getByRole('button', { name: '1. c4-c5?? blunder (-1.50), better c4-d5 (+0.20)' }); // prettier-ignore
    expect(await blunder.count()).toBe(1);
    expect(await page.getByRole('list', { name: 'Marked moves' }).getByRole('button').count()).toBe(2); // prettier-ignore
    await blunder.click();
    await call(page, 'setCurrentPly', 0);
    expect(await blunder.getAttribute('aria-current')).toBe('true');
    // A click at the graph's right edge goes to the last position, at its left to the first.
    const box = await graph.boundingBox();
    if (box === null) throw new Error('no graph');
    await page.mouse.click(box.x + box.width - 1, box.y + box.height / 2);
    await page.mouse.click(box.x + 1, box.y + box.height / 2);
    expect((await probe(page)).selected).toEqual([0, 5, 0]);
    // A click on a mark goes to the position its move was played from: g2-g3 from ply 4.
    await page.locator('svg.review-graph circle.review-mark[data-ply="4"]').click();
    expect((await probe(page)).selected).toEqual([0, 5, 0, 4]);
    await page.screenshot({ path: SHOTS + 'review-view.png' });
  });

  it('says whose view its scores are and in what unit', async () => {
    const page = await open();
    await call(page, 'start', 6, 'armenian');
    await call(page, 'finish', review);
    expect(await page.locator('.review-summary').textContent()).toBe("Each position searched to 1,000 nodes. Scores are from White's side, in men: +1.00 is White a man ahead, -1.00 Black."); // prettier-ignore
  });

  it('draws marks at the top and bottom edges whole', async () => {
    const page = await open();
    await call(page, 'start', 5, 'armenian');
    await call(page, 'finish', edgeReview);
    const marks = await page.evaluate<number[][]>("[...document.querySelectorAll('svg.review-graph circle.review-mark')].map((c) => [Number(c.getAttribute('cy')), Number(c.getAttribute('r'))])"); // prettier-ignore
    expect(marks.length).toBeGreaterThanOrEqual(2);
    const height = Number((await page.locator('svg.review-graph').getAttribute('viewBox'))!.split(' ')[3]); // prettier-ignore
    expect(Math.min(...marks.map(([cy]) => cy))).toBeLessThan(height / 4);
    expect(Math.max(...marks.map(([cy]) => cy))).toBeGreaterThan((3 * height) / 4);
    for (const [cy, r] of marks) {
      expect(cy - r).toBeGreaterThanOrEqual(0);
      expect(cy + r).toBeLessThanOrEqual(height);
    }
  });

  it('gives the better move as an arrow where the move played was marked', async () => {
    const page = await open();
    const arrows = await page.evaluate(
      ([data, fen]) => {
        const w = globalThis as unknown as {
          betterMoveArrow: (r: unknown, ply: number, p: unknown) => unknown;
          Position: { parse: (t: string) => { ok: boolean; value: unknown } };
        };
        const start = w.Position.parse(fen).value;
        return [w.betterMoveArrow(data, 0, start), w.betterMoveArrow(data, 1, start) ?? null];
      },
      [review, FEN] as const,
    );
    // c4-d5: from c4 (26) to d5 (35); the capture c6xc4 that followed was forced, so unmarked.
    expect(arrows).toEqual([{ from: 26, path: [35], classification: 'blunder' }, null]);
  });
});
