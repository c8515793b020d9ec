import { beforeAll, describe, expect, it } from 'vitest';
import { EngineProcess, type EngineFailure } from '../../src/engine-client/engine-process.js';
import { EngineSupervisor, prepareEngine } from '../../src/engine-client/supervisor.js';
import { fakeEngine } from '../match/helpers.js';
import { requireBuild, ROOT } from '../helpers.js';

beforeAll(requireBuild);

describe('prepareEngine', () => {
  it('sets the variant and options, warns of an undeclared one, and waits for readyok', async () => {
    const engine = new EngineProcess(fakeEngine('random-mover').command, 'prepared');
    const warnings: string[] = [];
    const prepared = await prepareEngine(engine, {
      startupMs: 10_000,
      variant: 'turkish',
      options: [
        ['Hash', '16'],
        ['Bogus', '1'],
      ],
      name: () => 'Rnd',
      warn: (key, message) => warnings.push(`${key}: ${message}`),
    });
    expect(prepared).toMatchObject({
      ok: true,
      value: { options: ['Variant', 'Hash', 'Threads'] },
    });
    expect(warnings).toEqual(["option:Bogus: Rnd declares no option 'Bogus'; sending it anyway"]);
    await engine.quit();
  });

  it('does not start an engine that refuses a setting, and says what it refused', async () => {
    const tama = { program: process.execPath, args: [`${ROOT}bin/tama.js`] };
    const engine = new EngineProcess(tama, 'refusing');
    const prepared = await prepareEngine(engine, {
      startupMs: 10_000,
      options: [['Threads', 'many']],
    });
    expect(prepared.ok).toBe(false);
    if (!prepared.ok) {
      expect(prepared.error.code).toBe('crash');
      expect(prepared.refused).toMatch(/Threads/);
    }
    engine.kill();
  });
});

/** Events of a supervisor, in order, with a way to wait for the next of a kind. */
function supervised(script: string, flags: string[], maxRestarts: number, stallMs = 10_000) {
  const events: string[] = [];
  /** Every line the client heard, and the traffic both ways. */
  const lines: string[] = [];
  const traffic: string[] = [];
  const waiting: { kind: string; resolve: () => void }[] = [];
  const note = (event: string) => {
    events.push(event);
    const index = waiting.findIndex((wait) => event.startsWith(wait.kind));
    if (index >= 0) waiting.splice(index, 1)[0].resolve();
  };
  const supervisor = new EngineSupervisor(
    {
      command: fakeEngine(script, flags).command,
      label: script,
      startupMs: 10_000,
      stallMs,
      maxRestarts,
      log: (_, direction, line) => traffic.push(`${direction} ${line}`),
    },
    {
      ready: (identity) => note(`ready ${identity.name}`),
      line: (line) => {
        lines.push(line);
        if (line.startsWith('bestmove')) note('bestmove');
      },
      failed: (failure: EngineFailure, restarting) =>
        note(`failed ${failure.code} ${restarting ? 'restarting' : 'giving up'}`),
    },
  );
  const next = (kind: string) => new Promise<void>((resolve) => waiting.push({ kind, resolve }));
  return { supervisor, events, next, lines, traffic };
}

describe('EngineSupervisor', () => {
  it('starts the engine again after a crash, and gives up after too many in a row', async () => {
    const { supervisor, events, next } = supervised('crasher', ['--after', '0'], 1);
    await next('ready');
    const search = () => {
      supervisor.send('position startpos');
      supervisor.send('go depth 1');
      supervisor.watch(undefined);
    };
    search();
    await next('ready');
    search();
    await next('failed');
    expect(events).toEqual([
      'ready crasher',
      'failed crash restarting',
      'ready crasher',
      'failed crash giving up',
    ]);
    expect(supervisor.pid).toBeUndefined();
    await supervisor.close(500);
  });

  it('calls an engine that answers isready but no bestmove a stall period after the deadline stalled', async () => {
    const { supervisor, events, next, traffic } = supervised('staller', ['--after', '0'], 0, 100);
    await next('ready');
    supervisor.send('position startpos');
    supervisor.send('go movetime 50');
    supervisor.watch(300);
    await next('failed');
    expect(events).toEqual(['ready staller', 'failed stall giving up']);
    // The tab's searches stop themselves: the supervisor sends no stop at the deadline.
    expect(traffic).not.toContain('> stop');
    await supervisor.close(500);
  });

  it('lets a depth-limited search outlast the stall period while the engine answers pings', async () => {
    const thinker = supervised('random-mover', ['--delay', '700'], 0, 200);
    await thinker.next('ready');
    thinker.supervisor.send('position startpos');
    thinker.supervisor.send('go depth 1');
    thinker.supervisor.watch(undefined);
    await thinker.next('bestmove');
    thinker.supervisor.settled();
    expect(thinker.events).toEqual(['ready random-mover', 'bestmove']);
    const during = thinker.traffic.slice(thinker.traffic.indexOf('> go depth 1'));
    expect(during).toContain('> isready');
    expect(during).toContain('< readyok');
    // The pings' answers are not lines of the client's.
    expect(thinker.lines).not.toContain('readyok');
    await thinker.supervisor.close(500);
  });

  it('calls an engine that stops answering its pings stalled, and starts it again', async () => {
    const { supervisor, events, next } = supervised('staller', ['--after', '0', '--deaf'], 1, 200);
    await next('ready');
    supervisor.send('position startpos');
    supervisor.send('go depth 1');
    supervisor.watch(undefined);
    await next('failed');
    await next('ready');
    expect(events).toEqual(['ready staller', 'failed stall restarting', 'ready staller']);
    await supervisor.close(500);
  });

  it('forgets earlier failures once a search ends well', async () => {
    // One good move a process, then a crash: a search that ends well between two crashes
    // keeps the supervisor restarting with one restart allowed in a row.
    const { supervisor, events, next } = supervised('crasher', ['--after', '1'], 1);
    const search = () => {
      supervisor.send('position startpos');
      supervisor.send('go depth 1');
      supervisor.watch(undefined);
    };
    for (let round = 0; round < 2; round++) {
      await next('ready');
      search();
      await next('bestmove');
      supervisor.settled();
      search();
      await next('failed');
    }
    expect(events).toEqual([
      'ready crasher',
      'bestmove',
      'failed crash restarting',
      'ready crasher',
      'bestmove',
      'failed crash restarting',
    ]);
    await next('ready');
    await supervisor.close(500);
  });
});
