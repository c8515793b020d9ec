import { describe, expect, it } from 'vitest';
import { Clock, type PlayerLimits } from '../../src/clock/time-control.js';
import { BLACK, WHITE, type Color } from '../../src/core/variant.js';
import { goLine, positionLine, searchDeadline, searchLimits } from '../../src/engine-client/go.js';

/** The go line of a match game's mover. */
const goCommand = (limits: PlayerLimits, mover: Color, own?: Clock, other?: Clock) =>
  goLine(searchLimits(limits, mover, own, other));

describe('go lines of a match game', () => {
  const tc = { movesPerPeriod: 40, baseMs: 60_000, incrementMs: 600 };

  it('sends both clocks, increments and movestogo', () => {
    const white = new Clock(tc);
    const black = new Clock(tc);
    black.remainingMs = 59_000.4;
    expect(goCommand({ clock: tc }, 1, black, white)).toBe(
      'go wtime 60000 btime 59000 winc 600 binc 600 movestogo 40',
    );
  });

  it('shows a side without a clock the mover’s figures', () => {
    const clock = new Clock({ movesPerPeriod: 0, baseMs: 5000, incrementMs: 50 });
    expect(goCommand({ clock: clock.settings, depth: 3 }, 0, clock, undefined)).toBe(
      'go wtime 5000 btime 5000 winc 50 binc 50 depth 3',
    );
  });

  it('uses movetime, depth and nodes', () => {
    expect(goCommand({ moveTimeMs: 1000 }, 0)).toBe('go movetime 1000');
    expect(goCommand({ depth: 4 }, 0)).toBe('go depth 4');
    expect(goCommand({ nodes: 100 }, 1)).toBe('go nodes 100');
  });
});

describe('goLine and positionLine', () => {
  it('writes the limits in one order, infinite last', () => {
    expect(goLine({ nodes: 5, infinite: true, depth: 2, movetime: 10 })).toBe(
      'go movetime 10 depth 2 nodes 5 infinite',
    );
    expect(goLine({})).toBe('go');
  });

  it('starts from the variant start or position text, with the moves when there are any', () => {
    expect(positionLine(undefined, [])).toBe('position startpos');
    expect(positionLine(undefined, ['c3-d4', 'f6-e5'])).toBe('position startpos moves c3-d4 f6-e5');
    expect(positionLine('W:Wa2:Bh7', ['a2-b3'])).toBe('position fen W:Wa2:Bh7 moves a2-b3');
  });
});

describe('searchDeadline', () => {
  it.each<[string, Parameters<typeof searchDeadline>, number | undefined]>([
    ['movetime plus the margin', [{ movetime: 500, depth: 3 }, WHITE, 20], 520],
    ["White's clock", [{ wtime: 1000, btime: 3000, winc: 20, binc: 50 }, WHITE, 100], 1100],
    ["Black's clock", [{ wtime: 1000, btime: 3000, winc: 20, binc: 50 }, BLACK, 100], 3100],
    ['no time of its own', [{ btime: 200 }, WHITE, 0], undefined],
    ['depth alone', [{ depth: 8 }, WHITE, 20], undefined],
    ['nodes alone', [{ nodes: 1000 }, BLACK, 20], undefined],
    ['until stop', [{ movetime: 500, infinite: true }, WHITE, 20], undefined],
  ])('%s', (_, [limits, mover, margin], deadline) => {
    expect(searchDeadline(limits, mover, margin)).toBe(deadline);
  });

  it("is a match mover's time left plus the timemargin, or its move time plus it", () => {
    const tc = { movesPerPeriod: 0, baseMs: 2000, incrementMs: 0 };
    const white = new Clock(tc);
    const black = new Clock(tc);
    black.remainingMs = -30; // past its time, within the margin
    const deadline = (limits: PlayerLimits, mover: Color, own?: Clock, other?: Clock) =>
      searchDeadline(searchLimits(limits, mover, own, other), mover, 100);
    expect(deadline({ clock: tc }, WHITE, white, black)).toBe(2100);
    expect(deadline({ clock: tc }, BLACK, black, white)).toBe(100);
    expect(deadline({ moveTimeMs: 500 }, WHITE)).toBe(600);
    expect(deadline({ depth: 5 }, BLACK)).toBeUndefined();
  });
});
