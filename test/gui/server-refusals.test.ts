/**
 * What the `tama gui` server refuses before an engine hears of it: a request for another
 * host (DNS rebinding), on HTTP and on the WebSocket upgrade, and a `go` whose game the
 * rules core cannot replay. Real server, real sockets, real engine processes.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseMove } from '../../src/core/notation.js';
import { Position } from '../../src/core/position.js';
import type { GuiServer } from '../../src/gui/server.js';
import { Client, fixture, go, serve, TAMA } from './server-client.js';

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A GET of `path` with this Host header. */
function get(server: GuiServer, path: string, host: string): Promise<Reply> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const sent = request(
      { hostname: url.hostname, port: url.port, path, headers: { Host: host } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body, headers: response.headers }),
        );
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** Raw request text sent as is (no Host added), and the whole answer. */
function raw(server: GuiServer, text: string): Promise<string> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

const portOf = (server: GuiServer) => new URL(server.url).port;

describe('tama gui answers only to its own host names', () => {
  it('refuses a foreign Host on every path, with the reason in one line', async () => {
    const server = await serve(TAMA);
    const port = portOf(server);
    for (const path of ['/', '/page.js', '/missing', '/ws']) {
      const reply = await get(server, path, `attacker.example:${port}`);
      expect(reply.status).toBe(421);
      expect(reply.headers['content-type']).toMatch(/^text\/plain/);
      expect(reply.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(reply.headers['cross-origin-embedder-policy']).toBe('require-corp');
      expect(reply.body).toBe(
        `refused: this server does not answer to Host "attacker.example:${port}"; ` +
          `accepted: localhost, 127.0.0.1 (any 127.x.x.x), [::1] on port ${port}\n`,
      );
    }
    expect((await get(server, '/', `127.0.0.1:${Number(port) + 1}`)).status).toBe(421);
  });

  it.each(['HTTP/1.0', 'HTTP/1.1'])(
    'refuses a %s request without a Host with 421',
    async (version) => {
      const server = await serve(TAMA);
      const answer = await raw(server, `GET / ${version}\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 421 /);
      expect(answer).toContain('refused: the request has no Host header; accepted: localhost');
    },
  );

  it('serves the loopback names', async () => {
    const server = await serve(TAMA);
    const port = portOf(server);
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `127.0.0.2:${port}`,
      `[::1]:${port}`,
    ]) {
      // prettier-ignore
      const reply = await get(server, '/', host);
      expect(reply.status, host).toBe(200);
      expect(reply.body).toContain('<script type="module" src="/page.js">');
    }
  });

  it('refuses a WebSocket for a foreign Host even with a matching Origin: no engine starts', async () => {
    const server = await serve(TAMA);
    const host = `attacker.example:${portOf(server)}`;
    const intruder = new Client(server, `http://${host}`, { Host: host });
    await expect(intruder.opened).rejects.toThrow(/421/);
    expect(server.tabs()).toEqual([]);
    const answer = await raw(
      server,
      `GET /ws HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://${host}\r\nUpgrade: websocket\r\n` +
        'Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n', // prettier-ignore
    );
    expect(answer).toMatch(/^HTTP\/1\.1 421 Misdirected Request\r\n/);
    expect(answer).toContain('\r\nCross-Origin-Embedder-Policy: require-corp\r\n');
    expect(answer).toContain(`refused: this server does not answer to Host "${host}"`);
    expect(server.tabs()).toEqual([]);
  });

  it('opens a WebSocket for each loopback name, its Origin matching', async () => {
    const server = await serve(TAMA);
    for (const host of [`localhost:${portOf(server)}`, `127.0.0.1:${portOf(server)}`]) {
      const client = new Client(server, `http://${host}`, { Host: host });
      await client.opened;
      expect((await client.next('ready')).engine).toMatch(/^Tama /);
      client.socket.close();
      await client.closed;
    }
    // A loopback Host does not let another origin in.
    const host = `localhost:${portOf(server)}`;
    const other = new Client(server, `http://127.0.0.1:${portOf(server)}`, { Host: host });
    await expect(other.opened).rejects.toThrow(/403/);
  });

  it('answers to the --host name given, and when on every interface to loopback', async () => {
    const named = await serve(TAMA, { host: 'localhost' });
    expect(named.url).toMatch(/^http:\/\/localhost:\d+\/$/);
    expect((await get(named, '/', `localhost:${portOf(named)}`)).status).toBe(200);
    const everywhere = await serve(TAMA, { host: '0.0.0.0' });
    expect(everywhere.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await get(everywhere, '/', `127.0.0.1:${portOf(everywhere)}`)).status).toBe(200);
    expect((await get(everywhere, '/', `0.0.0.0:${portOf(everywhere)}`)).status).toBe(421);
    expect((await get(everywhere, '/', `attacker.example:${portOf(everywhere)}`)).status).toBe(421); // prettier-ignore
  });
});

describe('tama gui refuses a game the rules do not allow before the engine sees it', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('writes no line for a bad position or an illegal move list, and the tab plays on', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tama-gui-'));
    folders.push(folder);
    const log = join(folder, 'stdin.log');
    const server = await serve(fixture('recorder', '--log', log));
    const client = new Client(server);
    await client.next('ready');
    const handshake = readFileSync(log, 'utf8');
    const refused = [
      go(1, ['c3-c5']),
      go(2, ['c3-c4', 'f6-f5', 'c4-c6']),
      { ...go(3, []), fen: 'W:Wa2,a2:Ba7' },
      { ...go(4, []), fen: 'W:Wh8:Ba7' },
      { ...go(5, ['c3-d4']), variant: 'turkish' },
    ];
    for (const message of refused) client.send(message);
    while (client.received.filter((m) => m.type === 'error').length < refused.length) {
      await client.next('error', client.received.length);
    }
    const errors = client.received.filter((m) => m.type === 'error');
    expect(errors.map((m) => [m.id, m.message])).toEqual([
      [1, "go: armenian game refused: move 1 of the list: illegal move 'c3-c5': legal moves from c3: c3-c4, c3-b4, c3-d4"], // prettier-ignore
      [2, expect.stringMatching(/^go: armenian game refused: move 3 of the list: illegal move 'c4-c6'/)], // prettier-ignore
      [3, expect.stringMatching(/^go: armenian game refused: bad position text: .*a2/)],
      [4, expect.stringMatching(/^go: armenian game refused: bad position text: .*h8/)],
      [5, expect.stringMatching(/^go: turkish game refused: move 1 of the list: illegal move 'c3-d4'/)], // prettier-ignore
    ]);
    // A go refused for a bad field carries its id too (messages.ts), whichever field it is.
    const badFields = [
      go(11, ['c3 c4']),
      { ...go(12, []), fen: 'not a position' },
      { ...go(13, []), variant: 'chess' },
      { ...go(14, []), skillLevel: 99 },
      go(15, [], { depth: -1 }),
    ];
    for (const message of badFields) client.send(message);
    while (
      client.received.filter((m) => m.type === 'error').length <
      refused.length + badFields.length
    ) {
      await client.next('error', client.received.length);
    }
    const fieldErrors = client.received.filter((m) => m.type === 'error').slice(refused.length);
    expect(fieldErrors.map((m) => m.id)).toEqual([11, 12, 13, 14, 15]);
    expect(fieldErrors.every((m) => m.message.startsWith('go: '))).toBe(true);
    // Nothing reached the engine, and no search answered.
    expect(readFileSync(log, 'utf8')).toBe(handshake);
    expect(client.received.some((m) => m.type === 'bestmove' || m.type === 'engine-error')).toBe(false); // prettier-ignore
    // The same tab and engine play on: the next good game is the only thing the engine hears.
    const pid = server.tabs()[0].pid;
    client.send(go(6, ['c3-c4']));
    const best = await client.next('bestmove');
    expect(best.id).toBe(6);
    expect(server.tabs()).toEqual([{ pid }]);
    expect(readFileSync(log, 'utf8').slice(handshake.length).split('\n')).toEqual([
      'setoption name Variant value armenian',
      'position startpos moves c3-c4',
      'go depth 2',
      '',
    ]);
  });

  it('keeps the search under way when a bad go comes during it', async () => {
    const server = await serve(TAMA);
    const client = new Client(server);
    await client.next('ready');
    client.send(go(1, [], { infinite: true }));
    await client.next('info', 0, (m) => m.id === 1);
    client.send(go(2, ['c3-c4', 'c4-c5']));
    const error = await client.next('error');
    expect(error.id).toBe(2);
    // Still searching: more lines of search 1 come after the refusal.
    await client.next('info', client.received.indexOf(error), (m) => m.id === 1);
    client.send({ type: 'stop' });
    const first = await client.next('bestmove', 0, (m) => m.id === 1);
    expect(parseMove(Position.start(), first.move).ok).toBe(true);
    client.send(go(3, ['c3-c4']));
    await client.next('bestmove', 0, (m) => m.id === 3);
    expect(client.received.some((m) => 'id' in m && m.id === 2 && m.type !== 'error')).toBe(false);
  });
});
