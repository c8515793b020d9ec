/**
 * Move sounds in a real headless Chromium (the static build, as web-static.test.ts): off by
 * default (no AudioContext is even made), switched on by "Move sounds", kept for the next
 * visit; then a step plays one tone and a capture two lower ones, while going back through
 * the game plays none. The page's AudioContext is spied on: every oscillator started is
 * recorded with its frequency. A screenshot of the switch goes to dist/screenshots.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Game } from '../../src/gui/page/game.js';
import { axeViolations } from './axe.js';
import { staticBrowser } from './chromium.js';

const WEB = fileURLToPath(new URL('../../dist/web/', import.meta.url));
const SHOTS = fileURLToPath(new URL('../../dist/screenshots/', import.meta.url));
const chromium = staticBrowser(WEB);

/** Records the page's audio: contexts made, and the frequency of each oscillator started. */
const SPY_ON_AUDIO = `{
  window.audioContexts = 0;
  window.tones = [];
  window.AudioContext = class extends AudioContext {
    constructor(...args) {
      super(...args);
      window.audioContexts++;
    }
    createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (...args) => {
        window.tones.push(oscillator.frequency.value);
        return start(...args);
      };
      return oscillator;
    }
  };
}`;

const tones = (page: Page) => page.evaluate<number[]>('window.tones');
const contexts = (page: Page) => page.evaluate<number>('window.audioContexts');

/** Sets up `fen` for two people and plays its first legal move by its text. */
async function playFirstMove(page: Page, fen: string): Promise<void> {
  await page.selectOption('#mode', 'human');
  if ((await page.locator('details.pdn').getAttribute('open')) === null) {
    await page.locator('details.pdn summary').click();
  }
  await page.fill('#fen-text', fen);
  await page.click('#fen-setup');
  const game = Game.from('armenian', fen);
  if (!game.ok) throw new Error(game.error.message);
  await page.fill('#move-text', game.value.legalMoves()[0].text);
  await page.press('#move-text', 'Enter');
  await page.locator('#moves button[data-ply="1"]').waitFor({ state: 'attached' });
}

describe('move sounds', () => {
  it('are off by default, kept once on, and sound a step and a capture', async () => {
    const server = await chromium.serve(false);
    const context = await chromium.browser().newContext({ viewport: { width: 1280, height: 800 } }); // prettier-ignore
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(SPY_ON_AUDIO);
    await page.goto(server.url);
    const toggle = page.getByRole('checkbox', { name: 'Move sounds' });
    expect(await toggle.isChecked()).toBe(false);
    // Off: a move makes no sound, and no audio at all.
    await playFirstMove(page, 'W:Wc3:Bh8');
    expect(await tones(page)).toEqual([]);
    expect(await contexts(page)).toBe(0);
    // Switched on, and still on after a reload.
    await toggle.check();
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Move sounds' }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}sounds-switch.png` });
    // A step: one tone.
    await playFirstMove(page, 'W:Wc3:Bh8');
    await expect.poll(() => tones(page)).toEqual([660]);
    // Going back through the game sounds nothing.
    await page.click('#nav-prev');
    await page.click('#nav-next');
    // A capture (c3 takes c4): two lower tones.
    await playFirstMove(page, 'W:Wc3:Bc4,h8');
    await expect.poll(() => tones(page)).toEqual([660, 440, 330]);
    // Switched off again: silence.
    await page.getByRole('checkbox', { name: 'Move sounds' }).uncheck();
    await playFirstMove(page, 'W:Wc3:Bh8');
    expect(await tones(page)).toEqual([660, 440, 330]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
