/**
 * What the `tama gui` server tests share: a real server on a free loopback port (closed
 * after each test), the engines behind it, and a page's side of the WebSocket.
 */
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import type { ServerMessage } from '../../src/gui/messages.js';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';
import type { EngineCommand } from '../../src/engine-client/engine-process.js';

export const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/** This tama, as `tama gui` starts it by default. */
export const TAMA: EngineCommand = { program: process.execPath, args: [here('../../bin/tama.js')] }; // prettier-ignore
/** One of the engines in test/fixtures, with its flags. */
export const fixture = (name: string, ...args: string[]): EngineCommand => ({
  program: process.execPath,
  args: [here(`../fixtures/${name}.mjs`), ...args],
});

const servers: GuiServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** Starts a server (closed after the test). */
export async function serve(
  engine: EngineCommand,
  settings: { maxTabs?: number; stallMs?: number; host?: string } = {},
) {
  const server = await startGuiServer({
    port: 0,
    host: settings.host ?? '127.0.0.1',
    engine,
    maxTabs: settings.maxTabs ?? 4,
    stallMs: settings.stallMs ?? 5000,
    pageDir: here('../../dist/gui/'),
  });
  servers.push(server);
  return server;
}

/** A page's side of the socket: everything received, and waiting for a kind of message. */
export class Client {
  readonly received: ServerMessage[] = [];
  readonly socket: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<number>;
  private wake: (() => void)[] = [];

  constructor(
    server: GuiServer,
    origin = server.url.replace(/\/$/, ''),
    headers: Record<string, string> = {},
  ) {
    this.socket = new WebSocket(server.url.replace('http', 'ws') + 'ws', { origin, headers });
    this.socket.on('message', (data) => {
      this.received.push(JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as ServerMessage);
      for (const wake of this.wake.splice(0)) wake();
    });
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.closed = new Promise((resolve) => this.socket.once('close', (code) => resolve(code)));
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the next message (after index `from`) that `match` accepts. */
  async next<T extends ServerMessage['type']>(
    type: T,
    from = 0,
    match: (m: Extract<ServerMessage, { type: T }>) => boolean = () => true,
  ): Promise<Extract<ServerMessage, { type: T }>> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const found = this.received
        .slice(from)
        .find((m): m is Extract<ServerMessage, { type: T }> => m.type === type && match(m as never)); // prettier-ignore
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no ${type}; got ${JSON.stringify(this.received)}`); // prettier-ignore
      await new Promise<void>((resolve) => {
        this.wake.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }
}

/** A `go` message for an Armenian game from the start. */
export function go(id: number, moves: string[], limits: object = { depth: 2 }) {
  return { type: 'go', id, variant: 'armenian', moves, limits, skillLevel: 10, multiPV: 1 };
}
