/** Parallel search through the built `tama`: every thread count answers every kind of go. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import { TamaProcess } from './tama-process.js';

const engines: TamaProcess[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.kill();
});

const LIMITS = ['depth 5', 'nodes 20000', 'movetime 200', 'wtime 1500 btime 1500 winc 10 binc 10'];

describe.each([1, 2, 4])('Threads %i', (threads) => {
  it('answers every go limit with a legal move, and stop and quit work mid-search', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    engine.send(`setoption name Threads value ${threads}`, 'position startpos moves c3-c4 f6-f5');
    const position = Position.start();
    for (const text of ['c3-c4', 'f6-f5']) {
      const parsed = parseMove(position, text);
      if (parsed.ok)
        position.play(parsed.value.move, parsed.value.capturedLo, parsed.value.capturedHi);
    }
    for (const limits of [...LIMITS, 'infinite']) {
      const from = engine.lines.length;
      engine.send(`go ${limits}`);
      if (limits === 'infinite') {
        await engine.waitFor(/^info depth 4 /, from);
        engine.send('stop');
      }
      const best = await engine.waitFor(/^bestmove /, from);
      const move = /^bestmove (\S+)/.exec(engine.lines[best])?.[1] ?? '';
      expect(parseMove(position, move).ok, `${limits}: ${move}`).toBe(true);
      const infos = engine
        .since(from)
        .slice(0, best - from)
        .filter((l) => l.startsWith('info depth'));
      expect(infos.length).toBeGreaterThan(0);
    }
    const from = engine.lines.length;
    engine.send('go infinite');
    await engine.waitFor(/^info depth 3 /, from);
    engine.send('quit');
    expect(await engine.exited).toBe(0);
    expect(engine.since(from).filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
  });
});

describe.each([2, 4])('Threads %i at a fixed depth', (threads) => {
  it('ends with a line of that depth that begins with the move played, whichever thread finished first', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    engine.send(`setoption name Threads value ${threads}`);
    for (const [moves, depth] of [
      ['', 6],
      [' moves c3-c4 f6-f5', 7],
      [' moves b3-b4 g6-g5 b4-b5', 8],
    ] as const) {
      const from = engine.lines.length;
      engine.send(`position startpos${moves}`, `go depth ${depth}`);
      const best = await engine.waitFor(/^bestmove /, from);
      const move = /^bestmove (\S+)/.exec(engine.lines[best])?.[1];
      const last = engine.since(from).slice(0, best - from).filter((l) => l.startsWith('info depth')).at(-1) ?? ''; // prettier-ignore
      expect(last).toMatch(new RegExp(`^info depth ${depth} .* pv ${move}( |$)`));
    }
  });
});

describe('resizing', () => {
  it('changes Threads and Hash between searches without a restart', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    for (const [threads, hash] of [
      [2, 32],
      [1, 1],
      [3, 64],
      [1, 16],
    ]) {
      const from = engine.lines.length;
      engine.send(`setoption name Threads value ${threads}`, `setoption name Hash value ${hash}`, 'position startpos', 'go depth 5'); // prettier-ignore
      const best = await engine.waitFor(/^bestmove /, from);
      expect(
        engine
          .since(from)
          .slice(0, best - from)
          .some((l) => l.startsWith('info depth 5 seldepth ')),
      ).toBe(true);
      expect(engine.since(from).some((l) => l.startsWith('info string error'))).toBe(false);
    }
  });

  it('answers isready only when every new search thread has started', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    for (const threads of [1, 3, 2]) {
      const from = engine.lines.length;
      engine.send('debug on', `setoption name Threads value ${threads}`, 'isready');
      const ready = await engine.waitFor(/^readyok$/, from);
      expect(engine.lines[ready - 1]).toBe(`info string debug: ${threads} search threads ready`);
    }
  });

  it('refuses a thread count beyond four per core with an error', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    engine.send('setoption name Threads value 100000');
    const error = await engine.waitFor(/^info string error: /);
    expect(engine.lines[error]).toContain('Threads');
  });
});

describe('a search with almost no time', () => {
  it('runs on the main thread alone and still answers with a legal move', async () => {
    const engine = new TamaProcess();
    engines.push(engine);
    engine.send('debug on', 'setoption name Threads value 2', 'position startpos');
    const start = Position.start();
    // [go limits, threads expected]: 35 ms on the clock leaves Move Overhead no room at all.
    // prettier-ignore
    for (const [limits, threads] of [['wtime 35 btime 35 winc 10 binc 10', 1], ['movetime 15', 1], ['depth 4', 2], ['movetime 300', 2]] as const) {
      const from = engine.lines.length;
      engine.send(`go ${limits}`);
      const best = await engine.waitFor(/^bestmove /, from);
      expect(engine.lines[best - 1], limits).toBe(`info string debug: go searched on ${threads} thread${threads === 1 ? '' : 's'}`); // prettier-ignore
      const move = /^bestmove (\S+)/.exec(engine.lines[best])?.[1] ?? '';
      expect(parseMove(start, move).ok, `${limits}: ${move}`).toBe(true);
    }
  });
});
