/**
 * Faults inside the engine are survived and reported: a table the machine cannot give, a
 * search thread that stops answering, and a reader that goes away.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import {
  TamaProcess,
  FAILING_ENGINE,
  MEMORY_LIMITED_ENGINE,
  NO_WEBASSEMBLY_ENGINE,
  TAMA,
} from './tama-process.js';

const engines: TamaProcess[] = [];
function start(
  env: Record<string, string> = {},
  wrapper: string[] = [],
  program = TAMA,
): TamaProcess {
  // prettier-ignore
  const engine = new TamaProcess(env, wrapper, program);
  engines.push(engine);
  return engine;
}
afterEach(() => {
  for (const engine of engines.splice(0)) engine.kill();
});

const legal = (line: string) =>
  parseMove(Position.start(), /^bestmove (\S+)/.exec(line)?.[1] ?? '').ok;

describe('a hash table the machine cannot allocate', () => {
  it('is refused with an error, and the old table serves the next search', async () => {
    // A machine that gives no memory above 256 MiB: a 1024 MiB table cannot be had.
    const engine = start({ TAMA_MEMORY_LIMIT_MIB: '256' }, [], MEMORY_LIMITED_ENGINE);
    engine.send('setoption name Hash value 1024');
    const error = await engine.waitFor(/^info string error: /);
    expect(engine.lines[error]).toMatch(
      /^info string error: cannot allocate 1024 MiB for the hash table \(.*could not allocate memory.*\); the table stays at 16 MiB$/,
    );
    engine.send('position startpos', 'go depth 4');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.since(0).some((l) => l.startsWith('info depth 4 '))).toBe(true);
    expect(legal(engine.lines[best])).toBe(true);
    engine.send('setoption name Hash value 32');
    await engine.sync();
    expect(engine.lines.filter((l) => l.startsWith('info string error'))).toHaveLength(1);
    expect(await engine.quit()).toBe(0);
    expect(engine.stderr).toBe('');
  });

  it('nor more threads: refused with an error, the threads and table as they were', async () => {
    // A 32 MiB table and one thread's region (about 3.4 MiB) fit in 40 MiB; four regions do not.
    const engine = start({ TAMA_MEMORY_LIMIT_MIB: '40' }, [], MEMORY_LIMITED_ENGINE);
    engine.send('setoption name Hash value 32', 'setoption name Threads value 4');
    const error = await engine.waitFor(/^info string error: /);
    expect(engine.lines[error]).toMatch(
      /^info string error: cannot allocate 32 MiB for the hash table \(.+\) with 4 search threads; the threads stay at 1$/,
    );
    engine.send('debug on', 'position startpos', 'go depth 3');
    const best = await engine.waitFor(/^bestmove /);
    expect(legal(engine.lines[best])).toBe(true);
    expect(engine.since(error)).toContain('info string debug: go searched on 1 thread');
    expect(await engine.quit()).toBe(0);
  });
});

describe('a stalled search thread', () => {
  it('does not stop the main thread answering isready and stop; the next search works', async () => {
    const engine = start({ TAMA_FAILING_WORKER: 'stall' }, [], FAILING_ENGINE);
    engine.send('position startpos', 'go depth 3');
    await engine.sync();
    engine.send('stop');
    const best = await engine.waitFor(/^bestmove /);
    const before = engine.since(0).slice(0, best);
    expect(before.filter((l) => l.startsWith('info string error: '))).toEqual([
      'info string error: search stalled: no answer 2000 ms after stop; its threads are replaced',
    ]);
    expect(legal(engine.lines[best])).toBe(true);
    const from = engine.lines.length;
    engine.send('go depth 4');
    await engine.waitFor(/^bestmove /, from);
    expect(engine.since(from).some((l) => l.startsWith('info depth 4 '))).toBe(true);
    expect(engine.since(from).some((l) => l.startsWith('info string'))).toBe(false);
    expect(await engine.quit()).toBe(0);
  });

  it('does not stop quit: the process still answers with a move and ends', async () => {
    const engine = start({ TAMA_FAILING_WORKER: 'stall' }, [], FAILING_ENGINE);
    engine.send('position startpos', 'go infinite');
    await engine.sync();
    expect(await engine.quit()).toBe(0);
    const best = engine.lines.filter((l) => l.startsWith('bestmove '));
    expect(best).toHaveLength(1);
    expect(legal(best[0])).toBe(true);
  });
});

describe('output to a closed pipe', () => {
  it('ends the process quietly, without a stack trace', async () => {
    const engine = start();
    engine.send('uci');
    await engine.waitFor(/^uciok$/);
    engine.closeOutput();
    engine.send('position startpos', 'go depth 3', 'd', 'isready');
    expect(await engine.exited).toBe(0);
    expect(engine.stderr).toBe('');
  });
});

describe('a search thread where WebAssembly cannot start', () => {
  it('says so in one line, answers a legal move, and the engine goes on', async () => {
    const engine = start({}, [], NO_WEBASSEMBLY_ENGINE);
    engine.send('position startpos', 'go depth 3');
    const best = await engine.waitFor(/^bestmove /);
    expect(engine.since(0).filter((l) => l.startsWith('info string error'))).toEqual([
      "info string error: search thread 0 failed: the search's WebAssembly module cannot start: WebAssembly.Instance(): refused on purpose (test)",
    ]);
    expect(legal(engine.lines[best])).toBe(true);
    const ready = await engine.sync();
    expect(ready).toBeGreaterThan(best);
    expect(await engine.quit()).toBe(0);
  });
});
