/** The page's clocks: time charged to the mover, increments, flags; time is passed in. */
import { describe, expect, it } from 'vitest';
import { BLACK, WHITE } from '../../src/core/variant.js';
import { Clock, formatTimeLeft, TIME_CONTROLS } from '../../src/gui/page/clock.js';

const fivePlusThree = TIME_CONTROLS.find((c) => c.name === '5+3')!;

describe('Clock', () => {
  it('offers the usual controls', () => {
    expect(TIME_CONTROLS.map((c) => c.name)).toEqual(['1+0', '3+2', '5+3', '10+5', '15+10', '30+20']); // prettier-ignore
    expect(fivePlusThree).toEqual({ name: '5+3', movesPerPeriod: 0, baseMs: 300_000, incrementMs: 3000 }); // prettier-ignore
  });

  it('starts with the first move, then charges each mover and adds the increment', () => {
    const clock = new Clock(fivePlusThree);
    expect(clock.runningFor).toBeUndefined();
    expect(clock.press(WHITE, 1000)).toBe(true); // White's first move costs nothing
    expect(clock.runningFor).toBe(BLACK);
    expect(clock.remaining(BLACK, 11_000)).toBe(290_000);
    expect(clock.press(BLACK, 11_000)).toBe(true);
    expect(clock.remaining(BLACK, 50_000)).toBe(293_000);
    expect(clock.remaining(WHITE, 16_000)).toBe(295_000);
    expect(clock.runningFor).toBe(WHITE);
  });

  it('flags the side whose time runs out, and a move after the flag does not count', () => {
    const clock = new Clock(TIME_CONTROLS[0]); // 1+0
    clock.press(WHITE, 0);
    expect(clock.flagged(59_999)).toBeUndefined();
    expect(clock.flagged(60_001)).toBe(BLACK);
    expect(clock.press(BLACK, 60_001)).toBe(false);
    expect(clock.runningFor).toBeUndefined();
    expect(clock.remaining(BLACK, 70_000)).toBe(0);
    expect(clock.flagged(70_000)).toBe(BLACK);
  });

  it('counts a move with exactly no time left as in time, as the match does', () => {
    const clock = new Clock(TIME_CONTROLS[1]); // 3+2
    clock.press(WHITE, 0);
    expect(clock.flagged(180_000)).toBeUndefined();
    expect(clock.press(BLACK, 180_000)).toBe(true);
    expect(clock.remaining(BLACK, 180_000)).toBe(2000);
  });

  it('charges by the match clock’s rules: periods give their time back', () => {
    const clock = new Clock({ name: '2/1', movesPerPeriod: 2, baseMs: 1000, incrementMs: 0 });
    clock.press(WHITE, 0);
    clock.press(BLACK, 400); // Black: 600 left, one move to the period's end
    clock.press(WHITE, 400);
    clock.press(BLACK, 700); // Black: 300 left, then the period's 1000 again
    expect(clock.remaining(BLACK, 700)).toBe(1300);
  });

  it('stops and keeps the time left', () => {
    const clock = new Clock(fivePlusThree);
    clock.press(WHITE, 0);
    clock.stop(1000);
    expect(clock.runningFor).toBeUndefined();
    expect(clock.remaining(BLACK, 99_000)).toBe(299_000);
  });
});

describe('formatTimeLeft', () => {
  it.each([
    [300_000, '5:00'],
    [61_500, '1:01'],
    [9_870, '9.8'],
    [-5, '0.0'],
    [3_723_000, '1:02:03'],
  ])('%d ms -> %s', (ms, text) => expect(formatTimeLeft(ms)).toBe(text));
});
