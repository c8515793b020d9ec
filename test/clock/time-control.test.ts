import { describe, expect, it } from 'vitest';
import {
  checkLimits,
  Clock,
  formatLimits,
  parseClock,
  parseLimits,
  parseSeconds,
  type PlayerLimits,
} from '../../src/clock/time-control.js';

describe('parseClock: cutechess tc values', () => {
  it.each([
    ['40/60+0.6', { movesPerPeriod: 40, baseMs: 60_000, incrementMs: 600 }],
    ['10+0.1', { movesPerPeriod: 0, baseMs: 10_000, incrementMs: 100 }],
    ['60', { movesPerPeriod: 0, baseMs: 60_000, incrementMs: 0 }],
    ['40/1:30', { movesPerPeriod: 40, baseMs: 90_000, incrementMs: 0 }],
    ['0+0.5', { movesPerPeriod: 0, baseMs: 0, incrementMs: 500 }],
    ['.5+.05', { movesPerPeriod: 0, baseMs: 500, incrementMs: 50 }],
  ])('%s', (text, clock) => {
    expect(parseClock(text)).toEqual({ ok: true, value: clock });
  });

  it('reads inf as no clock', () => {
    expect(parseClock('inf')).toEqual({ ok: true, value: undefined });
  });

  it.each(['', 'abc', '40/', '0/60', '10+', '10+0.1+2', '-5', '0', '40/60/2'])(
    'rejects %j',
    (text) => {
      const result = parseClock(text);
      expect(result.ok).toBe(false);
    },
  );

  it('parses seconds and minutes:seconds', () => {
    expect(parseSeconds('1.25')).toBe(1250);
    expect(parseSeconds('2:05')).toBe(125_000);
    expect(parseSeconds('x')).toBeUndefined();
  });
});

describe('limits', () => {
  it('formats the PDN TimeControl text', () => {
    const clock = { movesPerPeriod: 40, baseMs: 60_000, incrementMs: 600 };
    expect(formatLimits({ clock })).toBe('40/60+0.6');
    expect(formatLimits({ clock: { movesPerPeriod: 0, baseMs: 10_000, incrementMs: 100 } })).toBe(
      '10+0.1',
    );
    expect(formatLimits({ moveTimeMs: 1000, depth: 8 })).toBe('st=1 depth=8');
    expect(formatLimits({ nodes: 500 })).toBe('nodes=500');
  });

  it('needs at least one limit and refuses tc with st', () => {
    expect(checkLimits({}).ok).toBe(false);
    const both = checkLimits({
      clock: { movesPerPeriod: 0, baseMs: 1000, incrementMs: 0 },
      moveTimeMs: 100,
    });
    expect(both.ok).toBe(false);
    expect(checkLimits({ depth: 3 }).ok).toBe(true);
  });
});

describe('Clock', () => {
  it('adds the increment after each move and loses only past time plus margin', () => {
    const clock = new Clock({ movesPerPeriod: 0, baseMs: 1000, incrementMs: 100 });
    expect(clock.charge(400, 0)).toBe(true);
    expect(clock.remainingMs).toBe(700);
    expect(clock.charge(750, 50)).toBe(true); // 700 - 750 = -50, within the 50 ms margin
    expect(clock.remainingMs).toBe(50);
    expect(clock.charge(60, 0)).toBe(false);
  });

  it('gives the period time back every N moves', () => {
    const clock = new Clock({ movesPerPeriod: 2, baseMs: 1000, incrementMs: 0 });
    expect(clock.movesLeft).toBe(2);
    clock.charge(300, 0);
    expect(clock.movesLeft).toBe(1);
    clock.charge(300, 0);
    expect(clock.movesLeft).toBe(2);
    expect(clock.remainingMs).toBe(1400);
  });
});

describe('the flag', () => {
  // cutechess's rule: a side loses when its time left is below zero by more than the margin.
  it.each([
    [1000, 0, true],
    [1001, 0, false],
    [1050, 50, true],
    [1051, 50, false],
  ])(
    'a move of %d ms with 1000 ms left and a margin of %d ms is in time: %s',
    (elapsed, margin, inTime) => {
      const clock = new Clock({ movesPerPeriod: 0, baseMs: 1000, incrementMs: 100 });
      expect(clock.overruns(elapsed, margin)).toBe(!inTime);
      expect(clock.charge(elapsed, margin)).toBe(inTime);
      // A move in time gets the increment; a late one does not.
      expect(clock.remainingMs).toBe(1000 - elapsed + (inTime ? 100 : 0));
    },
  );
});

describe('parseLimits: a PDN TimeControl tag, in seconds', () => {
  it.each<[string, PlayerLimits | undefined]>([
    ['300+3', { clock: { movesPerPeriod: 0, baseMs: 300_000, incrementMs: 3000 } }],
    ['10+0.1', { clock: { movesPerPeriod: 0, baseMs: 10_000, incrementMs: 100 } }],
    ['40/60+0.6', { clock: { movesPerPeriod: 40, baseMs: 60_000, incrementMs: 600 } }],
    ['st=1', { moveTimeMs: 1000 }],
    ['nodes=3000', { nodes: 3000 }],
    ['10+0.1 depth=8 nodes=500', { clock: { movesPerPeriod: 0, baseMs: 10_000, incrementMs: 100 }, depth: 8, nodes: 500 }], // prettier-ignore
    ['inf depth=8', { depth: 8 }],
    ['-', undefined],
    ['?', undefined],
    ['', undefined],
    ['inf', undefined],
  ])('%j', (text, limits) => {
    expect(parseLimits(text)).toEqual({ ok: true, value: limits });
  });

  it('reads back every form formatLimits writes', () => {
    const written: PlayerLimits[] = [
      { clock: { movesPerPeriod: 0, baseMs: 300_000, incrementMs: 3000 } },
      { clock: { movesPerPeriod: 40, baseMs: 90_000, incrementMs: 0 }, nodes: 20 },
      { moveTimeMs: 1500, depth: 3 },
    ];
    for (const limits of written) {
      expect(parseLimits(formatLimits(limits))).toEqual({ ok: true, value: limits });
    }
  });

  it.each([
    ['abc', "bad time control 'abc'"],
    ['10+0.1 10+0.1', "time control '10+0.1 10+0.1': tc is given twice"],
    ['st=0', "time control 'st=0': st must be seconds from 0.001 to 1000000000, got '0'"],
    ['depth=x', "time control 'depth=x': depth must be a whole number > 0, got 'x'"],
    ['mate=3', "time control 'mate=3': unknown limit 'mate'"],
    ['10+0.1 st=1', "time control '10+0.1 st=1': tc and st cannot be combined; choose one"],
    // Numbers past every range, as a PDN tag may hold them: refused, never run as given.
    ['1e30', "bad time control '1e30'"],
    [`${'9'.repeat(400)}+1`, `time control '${'9'.repeat(200)}...' (402 bytes): at most 10000 moves in at most 1000000000 seconds plus at most 1000000 a move`], // prettier-ignore
    ['1000000001', "time control '1000000001': at most 10000 moves in at most 1000000000 seconds"],
    ['60+1000001', "time control '60+1000001': at most 10000 moves"],
    ['10001/60', "time control '10001/60': at most 10000 moves"],
    ['st=1000000001', "time control 'st=1000000001': st must be seconds from 0.001 to 1000000000, got '1000000001'"], // prettier-ignore
  ])('refuses %j', (text, message) => {
    const parsed = parseLimits(text);
    expect(!parsed.ok && parsed.error.message).toMatch(new RegExp(`^${message.replace(/[.+?()]/g, '\\$&')}`)); // prettier-ignore
  });
});
