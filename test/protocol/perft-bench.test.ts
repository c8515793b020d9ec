/**
 * `go perft` and `bench` run on the engine's worker pool like a search: they honour Threads,
 * `stop` ends them, `quit` works during them, and the engine keeps answering meanwhile.
 */
import { describe, expect, it } from 'vitest';
import { engineStarter } from './tama-process.js';

const start = engineStarter();

describe('go perft on the pool', () => {
  it.each([1, 2])('divides and totals on %i thread(s)', async (threads) => {
    const engine = start();
    engine.send(`setoption name Threads value ${threads}`, 'position startpos', 'go perft 4');
    const total = await engine.waitFor(/^Nodes searched: /);
    expect(engine.lines[total]).toBe('Nodes searched: 268670');
    const divide = engine.lines.slice(0, total).filter((l) => /^[a-h]\d[-x]/.test(l));
    expect(divide).toHaveLength(22);
    expect(divide.reduce((sum, l) => sum + Number(l.split(': ')[1]), 0)).toBe(268670);
  });

  it('counts through the Hash memory, then searches as if it had never counted', async () => {
    // Armenian depth 6 has transpositions that the table finds: the same counts as plain perft.
    const counted = start();
    counted.send('setoption name Hash value 1', 'position startpos', 'go perft 6');
    const total = await counted.waitFor(/^Nodes searched: /);
    expect(counted.lines[total]).toBe('Nodes searched: 135963566');
    const divide = counted.lines.slice(0, total).filter((l) => /^[a-h]\d[-x]/.test(l));
    expect(divide).toContain('c3-c4: 5984405');
    // The perft counts left in the table must not reach the search: the same nodes as an
    // engine that never counted (one thread searches deterministically).
    const fresh = start();
    const lastNodes = async (engine: ReturnType<typeof start>, from: number) => {
      const best = await engine.waitFor(/^bestmove /, from);
      const info = engine.lines.slice(from, best).filter((l) => l.startsWith('info depth 7 '));
      return / nodes (\d+)/.exec(info[info.length - 1])?.[1];
    };
    fresh.send('setoption name Hash value 1', 'position startpos', 'go depth 7');
    counted.send('go depth 7');
    const nodes = await lastNodes(counted, total);
    expect(nodes).toBeDefined();
    expect(nodes).toBe(await lastNodes(fresh, 0));
  });

  it('stop ends a long count, which says so; the engine then counts again', async () => {
    const engine = start();
    engine.send('position startpos', 'go perft 12');
    await engine.sync();
    engine.send('stop');
    const stopped = await engine.waitFor(/^info string go perft stopped/);
    expect(engine.lines.slice(0, stopped).some((l) => l.startsWith('Nodes searched'))).toBe(false);
    engine.send('go perft 2');
    const total = await engine.waitFor(/^Nodes searched: /, stopped);
    expect(engine.lines[total]).toBe('Nodes searched: 484');
  });

  it('quit during a long count exits', async () => {
    const engine = start();
    engine.send('setoption name Threads value 2', 'position startpos', 'go perft 12');
    await engine.sync();
    engine.send('quit');
    expect(await engine.exited).toBe(0);
  });
});

describe('bench on the pool', () => {
  it('gives the depth-1 signature and leaves the game as it was', async () => {
    const engine = start();
    engine.send('position startpos moves c3-c4', 'bench 1');
    const total = await engine.waitFor(/^Nodes searched: /);
    expect(engine.lines[total]).toBe('Nodes searched: 1235');
    expect(engine.lines.some((l) => l.startsWith('info depth'))).toBe(false);
    engine.send('d');
    const game = await engine.waitFor(/^Game: /, total);
    expect(engine.lines[game]).toBe('Game: startpos moves c3-c4');
  });

  it('stop ends it after the position under way, with the totals so far', async () => {
    const engine = start();
    engine.send('bench 30');
    await engine.sync();
    engine.send('stop');
    const note = await engine.waitFor(/^info string bench stopped after \d+ positions$/);
    const total = await engine.waitFor(/^Nodes searched: \d+$/, note);
    expect(total).toBe(note + 1);
  });

  it('quit during the bench exits', async () => {
    const engine = start();
    engine.send('setoption name Threads value 2', 'bench 30');
    await engine.sync();
    engine.send('quit');
    expect(await engine.exited).toBe(0);
  });
});

describe('end of input', () => {
  it('waits for go perft to count to the end, as a pipe expects', async () => {
    const engine = start();
    engine.send('setoption name Threads value 2', 'go perft 6');
    engine.closeInput();
    expect(await engine.exited).toBe(0);
    expect(engine.lines).toContain('c3-c4: 5984405');
    expect(engine.lines[engine.lines.length - 1]).toBe('Nodes searched: 135963566');
    expect(engine.lines.some((l) => l.includes('stopped'))).toBe(false);
  });

  it('waits for bench to search every position', async () => {
    const engine = start();
    engine.send('bench 3');
    engine.closeInput();
    expect(await engine.exited).toBe(0);
    expect(engine.lines.some((l) => l.includes('stopped'))).toBe(false);
    expect(engine.lines.filter((l) => /^Nodes searched: \d+$/.test(l))).toHaveLength(1);
  });

  it('still stops the search that only stop ends, with its bestmove', async () => {
    const engine = start();
    engine.send('go perft 2', 'go infinite');
    engine.closeInput();
    expect(await engine.exited).toBe(0);
    expect(engine.lines).toContain('Nodes searched: 484');
    expect(engine.lines.filter((l) => l.startsWith('bestmove '))).toHaveLength(1);
  });
});
