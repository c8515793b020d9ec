/**
 * `tama gui`'s page is cross-origin isolated in a real headless Chromium (the headers the
 * server sends make `SharedArrayBuffer` available to the page and its workers), and it
 * still loads under them: every file it asks for arrives and its engine becomes ready.
 */
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, TAMA } from './server-client.js';

let browser: Browser;

/**
 * The package's flags, without those that would decide the answer for the page: one
 * process for everything, site isolation and web security switched off, and shared memory
 * switched on for every page whether isolated or not.
 */
const ISOLATING_FLAGS = /^--(single-process|disable-site-isolation-trials|disable-web-security|enable-features=SharedArrayBuffer|disable-features=)/; // prettier-ignore

beforeAll(async () => {
  browser = await playwright.launch({
    executablePath: await chromium.executablePath(),
    args: chromium.args.filter((flag) => !ISOLATING_FLAGS.test(flag)),
    headless: true,
  });
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
