/** A task's life (task.ts): running, stopping, then finished or abandoned. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TaskLife } from '../../src/engine/task.js';

/** A task whose hooks record what they were asked, with a stall time of `stallMs`. */
function task(stallMs = 60_000): { life: TaskLife; calls: string[] } {
  const calls: string[] = [];
  const life = new TaskLife({ stop: () => calls.push('stop'), stalled: () => calls.push('stalled') }, stallMs); // prettier-ignore
  return { life, calls };
}

describe('TaskLife', () => {
  // The stall watch runs on fake timers: the tests move the clock, they do not wait.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs until the work answers, and then is finished without stopping anything', () => {
    const { life, calls } = task();
    expect(life.state).toBe('running');
    expect(life.stopRequested).toBe(false);
    life.finish();
    expect(life.state).toBe('finished');
    life.stop();
    expect(life.state).toBe('finished');
    expect(calls).toEqual([]);
  });

  it('stop tells the threads once; an answer then finishes the task', () => {
    const { life, calls } = task();
    life.stop();
    life.stop();
    expect(life.state).toBe('stopping');
    expect(life.stopRequested).toBe(true);
    life.finish();
    expect(life.state).toBe('finished');
    expect(calls).toEqual(['stop']);
  });

  it('is abandoned when no answer follows stop within the stall time; a late answer changes nothing', async () => {
    const { life, calls } = task(2000);
    life.stop();
    vi.advanceTimersByTime(1999);
    expect(life.state).toBe('stopping');
    vi.advanceTimersByTime(1);
    expect(life.state).toBe('abandoned');
    await life.abandoned;
    expect(life.stopRequested).toBe(true);
    expect(calls).toEqual(['stop', 'stalled']);
    life.finish();
    expect(life.state).toBe('abandoned');
  });

  it('is never abandoned once the answer came in time', () => {
    const { life, calls } = task(2000);
    life.stop();
    vi.advanceTimersByTime(1000);
    life.finish();
    vi.runAllTimers();
    expect(life.state).toBe('finished');
    expect(calls).toEqual(['stop']);
  });

  it.each([
    ['stop', (life: TaskLife) => life.stop()],
    ['ponderhit', (life: TaskLife) => life.ponderhit()],
  ])('is signalled by %s, and only then (what a held answer waits for)', async (_, signal) => {
    const { life } = task(0);
    let signalled = false;
    void life.signalled.then(() => (signalled = true));
    await Promise.resolve();
    expect(signalled).toBe(false);
    signal(life);
    await life.signalled;
    expect(signalled).toBe(true);
  });
});
