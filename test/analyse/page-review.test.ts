/**
 * The page's review evaluator: over the real `tama gui` server and engine it reviews a game
 * exactly as `tama analyse` does over an engine process (one review, two transports); over
 * a scripted transport, its ids, cancel and failures.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ProcessEvaluator } from '../../src/analyse/process-evaluator.js';
import { reviewGame, type ReviewGame } from '../../src/analyse/review.js';
import type { ClientMessage, ServerMessage } from '../../src/gui/messages.js';
import { PageEvaluator, type ReviewTransport } from '../../src/gui/page/review-engine.js';
import { startGuiServer, type GuiServer } from '../../src/gui/server.js';
import type { EngineCommand } from '../../src/engine-client/engine-process.js';
import { requireBuild } from '../helpers.js';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const TAMA: EngineCommand = { program: process.execPath, args: [here('../../bin/tama.js')] };

/** White leaves a man hanging with c4-c5; the rest are ordinary moves. */
const GAME: ReviewGame = {
  variant: 'armenian',
  fen: 'W:Wa2,b2,g2,h2,c4:Ba7,b7,g7,h7,c6',
  moves: ['c4-c5', 'c6xc4', 'a2-a3', 'c4-c3', 'g2-g3'],
};

/** A transport over a WebSocket to the server, as a page has. */
class SocketTransport implements ReviewTransport {
  private readonly listeners = new Set<(message: ServerMessage) => void>();
  private id = 100;
  readonly sent: ClientMessage[] = [];

  constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as ServerMessage;
      for (const listener of [...this.listeners]) listener(message);
    });
  }

  send(message: ClientMessage): void {
    this.sent.push(message);
    this.socket.send(JSON.stringify(message));
  }

  listen(listener: (message: ServerMessage) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  nextSearchId(): number {
    return this.id++;
  }
}

describe('the review over the page transport', () => {
  let server: GuiServer;
  let socket: WebSocket;
  let transport: SocketTransport;

  beforeAll(async () => {
    requireBuild();
    server = await startGuiServer({ port: 0, host: '127.0.0.1', engine: TAMA, maxTabs: 1, stallMs: 10_000, pageDir: here('../../dist/gui/') }); // prettier-ignore
    socket = new WebSocket(server.url.replace('http', 'ws') + 'ws', { origin: server.url.replace(/\/$/, '') }); // prettier-ignore
    transport = new SocketTransport(socket);
    await new Promise<void>((resolve) => {
      const stop = transport.listen((message) => {
        if (message.type === 'ready') {
          stop();
          resolve();
        }
      });
    });
  });

  afterAll(async () => {
    socket.close();
    await server.close();
  });

  it('marks the hanging man ?? and agrees with the review over an engine process', async () => {
    const onPage = await reviewGame(GAME, new PageEvaluator(transport), { nodes: 20_000 });
    if (!onPage.ok) throw new Error(onPage.error.message);
    expect(onPage.value.moves[0]).toMatchObject({ text: 'c4-c5', classification: 'blunder' });
    expect(onPage.value.moves[0].better?.move).not.toBe('c4-c5');
    expect(transport.sent.filter((m) => m.type === 'go')).toHaveLength(GAME.moves.length + 1);

    const started = await ProcessEvaluator.start(TAMA);
    if (!started.ok) throw new Error(started.error.message);
    try {
      const inProcess = await reviewGame(GAME, started.value, { nodes: 20_000 });
      expect(inProcess).toEqual(onPage);
    } finally {
      await started.value.close();
    }
  });
});

describe('PageEvaluator', () => {
  /** A transport that answers as the script says, recording what was sent. */
  function scripted(answer: (message: ClientMessage, reply: (m: ServerMessage) => void) => void) {
    const listeners = new Set<(message: ServerMessage) => void>();
    const sent: ClientMessage[] = [];
    const reply = (message: ServerMessage) =>
      [...listeners].forEach((listener) => listener(message));
    const transport: ReviewTransport = {
      send: (message) => {
        sent.push(message);
        answer(message, reply);
      },
      listen: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      nextSearchId: () => 7,
    };
    return { transport, sent, listeners };
  }

  const request = { variant: 'armenian', moves: ['c3-d4'], nodes: 300 } as const;

  it('asks at full strength for one line, and reads only its own search', async () => {
    const { transport, sent, listeners } = scripted((message, reply) => {
      if (message.type !== 'go') return;
      reply({ type: 'info', id: 6, line: 'info depth 9 score cp 900 pv a7-a6' });
      reply({ type: 'info', id: 7, line: 'info depth 3 score cp -25 pv f6-e5 d4-c4' });
      reply({ type: 'bestmove', id: 6, move: 'a7-a6' });
      reply({ type: 'bestmove', id: 7, move: 'f6-e5' });
    });
    const result = await new PageEvaluator(transport).evaluate(request);
    expect(sent).toEqual([{ type: 'go', id: 7, variant: 'armenian', fen: undefined, moves: ['c3-d4'], limits: { nodes: 300 }, skillLevel: 10, multiPV: 1 }]); // prettier-ignore
    expect(result).toEqual({ ok: true, value: { score: { kind: 'cp', value: -25 }, bestMove: 'f6-e5', pv: ['f6-e5', 'd4-c4'], depth: 3 } }); // prettier-ignore
    expect(listeners.size).toBe(0);
  });

  it('stops the search on cancel, and fails when the engine fails', async () => {
    const controller = new AbortController();
    const quiet = scripted(() => {});
    const pending = new PageEvaluator(quiet.transport).evaluate(request, controller.signal);
    controller.abort();
    expect(await pending).toMatchObject({ ok: false, error: { code: 'aborted' } });
    expect(quiet.sent.map((m) => m.type)).toEqual(['go', 'stop']);
    expect(quiet.listeners.size).toBe(0);

    const crashing = scripted((message, reply) => {
      if (message.type === 'go') reply({ type: 'engine-failed', kind: 'crash', message: 'the engine crashed during a search' }); // prettier-ignore
    });
    expect(await new PageEvaluator(crashing.transport).evaluate(request)).toMatchObject({ ok: false, error: { code: 'engine-failed', message: 'the engine crashed during a search' } }); // prettier-ignore
  });
});
