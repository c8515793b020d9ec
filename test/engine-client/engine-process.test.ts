import { beforeAll, describe, expect, it } from 'vitest';
import { EngineProcess } from '../../src/engine-client/engine-process.js';
import { fakeEngine } from '../match/helpers.js';
import { requireBuild, ROOT } from '../helpers.js';

beforeAll(requireBuild);

/** A fixture engine; the traffic both ways goes into `traffic` when given. */
const start = (script: string, flags: string[] = [], traffic?: string[]) =>
  new EngineProcess(fakeEngine(script, flags).command, script, (_, direction, line) =>
    traffic?.push(`${direction} ${line}`),
  );

describe('EngineProcess', () => {
  it('shakes hands, learns the name and options, and gets a move with its score', async () => {
    const engine = start('random-mover', ['--name', 'Rnd', '--score', '12']);
    const hello = await engine.handshake(10_000);
    expect(hello).toEqual({
      ok: true,
      value: { name: 'Rnd', author: 'tama tests', options: ['Variant', 'Hash', 'Threads'] },
    });
    expect(await engine.ready(10_000)).toBeUndefined();
    const reply = await engine.search(
      'position startpos moves c3-c4',
      'go depth 1',
      undefined,
      10_000,
    );
    expect(reply).toMatchObject({ kind: 'bestmove', score: { unit: 'cp', value: 12 }, depth: 1 });
    await engine.quit();
    expect(engine.alive).toBe(false);
  });

  it('reports a crash with the exit code when the engine dies in a search', async () => {
    const engine = start('crasher', ['--after', '0']);
    await engine.handshake(10_000);
    await engine.newGame(10_000);
    const reply = await engine.search('position startpos', 'go depth 1', undefined, 10_000);
    expect(reply).toMatchObject({
      kind: 'failure',
      failure: { code: 'crash', message: expect.stringContaining('code 3') },
    });
    // Anything asked of a dead engine fails at once with the same failure.
    expect((await engine.ready(10_000))?.code).toBe('crash');
  });

  it('reports a disconnect when the engine exits on its own with code 0', async () => {
    const engine = start('crasher', ['--after', '0', '--code', '0']);
    await engine.handshake(10_000);
    const reply = await engine.search('position startpos', 'go depth 1', undefined, 10_000);
    expect(reply.kind === 'failure' && reply.failure.code).toBe('disconnect');
  });

  it('lets a depth-limited search outlast the stall period while the engine answers pings', async () => {
    // This engine thinks 700 ms a move; the stall period is 200 ms: three pings or so.
    const traffic: string[] = [];
    const engine = start('random-mover', ['--delay', '700'], traffic);
    const heard: string[] = [];
    engine.onLine((line) => heard.push(line));
    await engine.handshake(10_000);
    const reply = await engine.search('position startpos', 'go depth 1', undefined, 200);
    expect(reply.kind).toBe('bestmove');
    const during = traffic.slice(traffic.indexOf('> go depth 1'));
    expect(during).toContain('> isready');
    expect(during).toContain('< readyok');
    expect(during).not.toContain('> stop');
    // The pings' answers reach neither the listeners nor a later wait for readyok.
    expect(heard).not.toContain('readyok');
    const pings = during.filter((line) => line === '> isready').length;
    expect(await engine.ready(10_000)).toBeUndefined();
    expect(traffic.filter((line) => line === '< readyok').length).toBe(pings + 1);
    await engine.quit();
  });

  it('calls an engine that stops answering stalled, with or without a deadline', async () => {
    const engine = start('staller', ['--after', '0', '--deaf']);
    await engine.handshake(10_000);
    const silent = await engine.search('position startpos', 'go depth 1', undefined, 200);
    expect(silent).toMatchObject({
      kind: 'failure',
      failure: { code: 'stall', message: 'no readyok within 200 ms' },
    });
    // A deadline far off changes nothing: the unanswered ping is the stall.
    const timed = await engine.search('position startpos', 'go movetime 60000', 60_000, 200);
    expect(timed).toMatchObject({
      kind: 'failure',
      failure: { code: 'stall', message: 'no readyok within 200 ms' },
    });
    engine.kill();
    await engine.exited;
    expect(engine.alive).toBe(false);
  });

  it('sends stop at the deadline, and calls no bestmove a stall period later a stall', async () => {
    const traffic: string[] = [];
    const engine = start('staller', ['--after', '0'], traffic);
    await engine.handshake(10_000);
    // It answers its pings: the deadline alone ends the wait.
    const late = await engine.search('position startpos', 'go movetime 50', 100, 300);
    expect(late.kind === 'failure' && late.failure.code).toBe('stall');
    expect(late.kind === 'failure' && late.failure.message).toMatch(/^no bestmove after \d+ ms$/);
    expect(traffic.slice(traffic.indexOf('> go movetime 50'))).toContain('> stop');
    engine.kill();
    await engine.exited;
  });

  it('fails to start a program that does not exist, as a crash', async () => {
    const engine = new EngineProcess({ program: '/no/such/engine', args: [] }, 'missing');
    const hello = await engine.handshake(10_000);
    expect(!hello.ok && hello.error.code).toBe('crash');
    expect(!hello.ok && hello.error.message).toMatch(/could not start/);
  });

  it("waits past readyok for the real engine's bench count, which comes after it", async () => {
    // Tama answers isready at once while its bench runs: the count arrives after readyok.
    const engine = new EngineProcess(
      { program: process.execPath, args: [`${ROOT}bin/tama.js`] },
      'tama',
    );
    await engine.handshake(30_000);
    const first = await engine.bench(1, 60_000);
    const second = await engine.bench(1, 60_000);
    await engine.quit();
    expect(first.ok && first.value).toBeGreaterThan(0);
    // Deterministic: the same count again, and the second wait was not fed the first's lines.
    expect(second).toEqual(first);
  });

  it('reads the count of an engine that sends it before readyok', async () => {
    const engine = start('random-mover', ['--bench', '4321']);
    await engine.handshake(10_000);
    expect(await engine.bench(undefined, 10_000)).toEqual({ ok: true, value: 4321 });
    expect(await engine.ready(10_000)).toBeUndefined();
    await engine.quit();
  });

  it('gives no count, at once, for an engine that refuses bench as unknown', async () => {
    const engine = start('random-mover', ['--bench', 'none']);
    await engine.handshake(10_000);
    expect(await engine.bench(3, 60_000)).toEqual({ ok: true, value: undefined });
    await engine.quit();
  });
});
