/**
 * Headless Chromium (the @sparticuz/chromium package) as people run it, for the tests where
 * the page's cross-origin isolation matters and for those of `tama gui`'s page, whose
 * service worker crashes Chromium run in one process (the package's `--single-process`)
 * as soon as a second page of the same origin opens.
 */
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { serveFolder, type StaticServer } from './static-server.js';

/**
 * The package's flags, without those that would decide the answer for the page: one
 * process for everything, site isolation and web security switched off, and shared memory
 * switched on for every page whether isolated or not.
 */
const ISOLATING_FLAGS = /^--(single-process|disable-site-isolation-trials|disable-web-security|enable-features=SharedArrayBuffer|disable-features=)/; // prettier-ignore

/** A headless Chromium in which only the headers a page is served with make it isolated. */
export async function launchChromium(): Promise<Browser> {
  return playwright.launch({
    executablePath: await chromium.executablePath(),
    args: chromium.args.filter((flag) => !ISOLATING_FLAGS.test(flag)),
    headless: true,
  });
}

/**
 * For a test file: a Chromium launched before its tests, and static servers of a folder
 * opened by them, all closed after them.
 */
export function staticBrowser(folder: string): {
  readonly browser: () => Browser;
  serve(isolated: boolean): Promise<StaticServer>;
} {
  let browser: Browser | undefined;
  const servers: StaticServer[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await Promise.all(servers.map((server) => server.close()));
  });
  return {
    browser: () => browser as Browser,
    async serve(isolated) {
      const server = await serveFolder(folder, isolated);
      servers.push(server);
      return server;
    },
  };
}
