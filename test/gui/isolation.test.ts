/**
 * `tama gui`'s page is cross-origin isolated in a real headless Chromium (the headers the
 * server sends make `SharedArrayBuffer` available to the page and its workers), and it
 * still loads under them: every file it asks for arrives and its engine becomes ready.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium.js';
import { serve, TAMA } from './server-client.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

describe('the page under cross-origin isolation', () => {
  it('is isolated, loads every file and reaches its engine', async () => {
    const server = await serve(TAMA);
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(server.url);
    await page.waitForSelector('body[data-engine=ready]', { state: 'attached' });
    const isolation = await page.evaluate(() => ({
      isolated: (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated,
      sharedMemory: typeof SharedArrayBuffer,
    }));
    expect(isolation).toEqual({ isolated: true, sharedMemory: 'function' });
    expect(failed).toEqual([]);
  });
});
