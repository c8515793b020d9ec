/**
 * The `tama gui` server: a real server on a free loopback port, real WebSocket clients and
 * real engine processes behind it (tama itself, and the misbehaving fixtures).
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Position } from '../../src/core/position.js';
import { parseMove } from '../../src/core/notation.js';
import { Client, fixture, go, serve, TAMA } from './server-client.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('tama gui server', () => {
  it('serves the page and its files, and nothing else', async () => {
    const server = await serve(TAMA);
    const page = await fetch(server.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self' 'wasm-unsafe-eval'"); // prettier-ignore
    expect(await page.text()).toContain('<script type="module" src="/page.js">');
    expect((await fetch(server.url + 'page.js')).status).toBe(200);
    expect((await fetch(server.url + 'page.css')).status).toBe(200);
    expect((await fetch(server.url + '../package.json')).status).toBe(404);
    expect((await fetch(server.url + 'src/gui/server.ts')).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST' })).status).toBe(405);
  });

  it('sends the cross-origin isolation headers on every response', async () => {
    const server = await serve(TAMA);
    const answers = [
      await fetch(server.url),
      await fetch(server.url + 'page.js'),
      await fetch(server.url + 'missing'),
      await fetch(server.url, { method: 'POST' }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get('cross-origin-opener-policy'), answer.url).toBe('same-origin');
      expect(answer.headers.get('cross-origin-embedder-policy'), answer.url).toBe('require-corp');
      expect(answer.headers.get('cross-origin-resource-policy'), answer.url).toBe('same-origin');
    }
  });

  it('plays a game through messages: each search answered with a legal move', async () => {
    const server = await serve(TAMA);
    const client = new Client(server);
    const ready = await client.next('ready');
    expect(ready.engine).toMatch(/^Tama /);
    expect(ready.options).toContain('Skill Level');
    const moves: string[] = [];
    for (let id = 1; id <= 4; id++) {
      const from = client.received.length;
      client.send(go(id, moves));
      const best = await client.next('bestmove', from);
      expect(best.id).toBe(id);
      const info = await client.next('info', from);
      expect(info.id).toBe(id);
      expect(info.line).toMatch(/^info depth \d+ /);
      const position = Position.start();
      for (const move of moves) {
        const parsed = parseMove(position, move);
        if (!parsed.ok) throw new Error(parsed.error.message);
        position.play(parsed.value.move, parsed.value.capturedLo, parsed.value.capturedHi);
      }
      expect(parseMove(position, best.move).ok).toBe(true);
      moves.push(best.move);
    }
  });

  it('a go during a search stops it first: both bestmoves come, in order', async () => {
    const server = await serve(TAMA);
    const client = new Client(server);
    await client.next('ready');
    client.send(go(1, [], { infinite: true }));
    await client.next('info', 0, (m) => m.id === 1);
    client.send(go(2, ['c3-c4'], { depth: 3 }));
    const first = await client.next('bestmove', 0, (m) => m.id === 1);
    const second = await client.next('bestmove', 0, (m) => m.id === 2);
    expect(client.received.indexOf(first)).toBeLessThan(client.received.indexOf(second));
    // The second search was about Black's reply to c3-c4.
    const position = Position.start();
    const c3c4 = parseMove(position, 'c3-c4');
    if (!c3c4.ok) throw new Error('c3-c4');
    position.play(c3c4.value.move, c3c4.value.capturedLo, c3c4.value.capturedHi);
    expect(parseMove(position, second.move).ok).toBe(true);
  });

  it('refuses malformed, oversized and binary messages with an error, and goes on', async () => {
    const server = await serve(TAMA);
    const client = new Client(server);
    await client.next('ready');
    client.send('not json');
    client.send({ type: 'go', id: 1, engine: '/bin/sh' });
    client.send(go(1, ['c3-c4; quit']));
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    client.send(JSON.stringify({ type: 'stop', pad: 'x'.repeat(70_000) }));
    // Far over the cap (ws would close the socket above its own limit, 1009): an error too.
    client.send(JSON.stringify({ type: 'stop', pad: 'é'.repeat(300_000) }));
    const errors = async (count: number) => {
      while (client.received.filter((m) => m.type === 'error').length < count) {
        await client.next('error', client.received.length);
      }
      return client.received.filter((m) => m.type === 'error');
    };
    const all = await errors(6);
    expect(all.map((m) => (m as { message: string }).message)).toEqual([
      'message is not JSON',
      "go: unknown field 'engine'",
      'go: move 1 is not move text',
      'binary messages are not understood; send JSON text',
      'message of 70024 bytes; at most 65536',
      'message of 600024 bytes; at most 65536',
    ]);
    // The socket and the tab's engine are the same, and the tab still plays.
    const pid = server.tabs()[0].pid;
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    const from = client.received.length;
    client.send(go(7, []));
    expect((await client.next('bestmove', from)).id).toBe(7);
    expect(server.tabs()).toEqual([{ pid }]);
    expect(client.received.some((m) => m.type === 'engine-failed')).toBe(false);
  });

  it('passes the engine’s own error on and keeps going', async () => {
    const server = await serve(fixture('complainer', '--after', '0'));
    const client = new Client(server);
    await client.next('ready');
    client.send(go(1, ['c3-c4']));
    const error = await client.next('engine-error');
    expect(error.message).toBe('this engine complains about every search');
    expect((await client.next('bestmove')).id).toBe(1);
  });

  it('gives each tab its own engine, ends it when the tab closes, and caps the tabs', async () => {
    const server = await serve(TAMA, { maxTabs: 2 });
    const first = new Client(server);
    const second = new Client(server);
    await first.next('ready');
    await second.next('ready');
    const pids = server.tabs().map((t) => t.pid!);
    expect(new Set(pids).size).toBe(2);
    const third = new Client(server);
    const refused = await third.next('error');
    expect(refused).toMatchObject({ fatal: true });
    expect(refused.message).toMatch(/^too many tabs/);
    expect(await third.closed).toBe(1013);
    first.socket.close();
    await first.closed;
    const deadline = Date.now() + 10_000;
    while (alive(pids[0]) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(alive(pids[0])).toBe(false);
    expect(alive(pids[1])).toBe(true);
  });

  it('refuses a WebSocket from another origin', async () => {
    const server = await serve(TAMA);
    const intruder = new Client(server, 'http://evil.example');
    await expect(intruder.opened).rejects.toThrow(/403/);
  });

  it('reports an engine that crashes mid-game and restarts it', async () => {
    const server = await serve(fixture('crasher', '--after', '1'));
    const client = new Client(server);
    await client.next('ready');
    client.send(go(1, []));
    const best = await client.next('bestmove');
    client.send(go(2, [best.move]));
    const failed = await client.next('engine-failed');
    expect(failed.kind).toBe('crash');
    expect(failed.message).toMatch(/^the engine crashed during a search: exited with code 3/);
    const from = client.received.indexOf(failed);
    await client.next('ready', from);
    // The new process plays again.
    client.send(go(3, []));
    expect((await client.next('bestmove', from, (m) => m.id === 3)).id).toBe(3);
  });

  it('says plainly, as a fatal error, when it cannot start an engine for the tab at all', async () => {
    const server = await serve({ program: '/no/such/engine', args: [] });
    const client = new Client(server);
    const refused = await client.next('error');
    expect(refused).toMatchObject({ fatal: true, message: 'the server could not start its engine (could not start: spawn /no/such/engine ENOENT)' }); // prettier-ignore
    // It tried once and three times again, then gave up; no engine was ever ready.
    expect(client.received.filter((m) => m.type === 'engine-failed')).toHaveLength(4);
    expect(client.received.some((m) => m.type === 'ready')).toBe(false);
  });

  it('reports an engine that stalls and restarts it', async () => {
    const server = await serve(fixture('staller', '--after', '0'), { stallMs: 300 });
    const client = new Client(server);
    await client.next('ready');
    client.send(go(1, [], { movetime: 100 }));
    const failed = await client.next('engine-failed');
    expect(failed.kind).toBe('stall');
    expect(failed.message).toMatch(/^the engine stalled during a search: no bestmove after/);
    await client.next('ready', client.received.indexOf(failed));
  });

  it('reports an engine that stops answering its pings as stalled', async () => {
    const server = await serve(fixture('staller', '--after', '0', '--deaf'), { stallMs: 300 });
    const client = new Client(server);
    await client.next('ready');
    client.send(go(1, [], { depth: 1 }));
    const failed = await client.next('engine-failed');
    expect(failed.kind).toBe('stall');
    expect(failed.message).toBe('the engine stalled during a search: no readyok within 300 ms');
    await client.next('ready', client.received.indexOf(failed));
  });

  it("lets a search outlast the stall period while the engine answers, by the mover's clock", async () => {
    // Black moves with a minute left; White's 1 ms is not Black's deadline.
    const server = await serve(fixture('random-mover', '--delay', '700'), { stallMs: 300 });
    const client = new Client(server);
    await client.next('ready');
    client.send(go(1, ['c3-d4'], { wtime: 1, btime: 60_000 }));
    const best = await client.next('bestmove');
    expect(best.id).toBe(1);
    expect(client.received.some((message) => message.type === 'engine-failed')).toBe(false);
  });
});
