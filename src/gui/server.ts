/**
 * `tama gui`'s server: serves the page's files (built into dist/gui) over HTTP and one
 * WebSocket per browser tab at /ws. Each tab gets its own engine process (tab.ts), started
 * from the command the server was given; the page can never choose or change it. Every
 * message from a page is validated (messages.ts); a bad one gets an error and changes
 * nothing. The server answers only to the names it listens on (hosts.ts: loopback names,
 * the `--host` given), on every path and before any WebSocket upgrade; only pages it served
 * may connect (the Origin must match that Host), and at most `maxTabs` tabs are open at once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { EngineCommand } from '../engine-client/engine-process.js';
import { readBoundedBytesAsync } from '../files/bounded-read.js';
import { PAGE_FILE_CAP } from '../files/read-caps.js';
import { checkHost, urlHostOf, type HostRule } from './hosts.js';
import { MAX_MESSAGE_LENGTH, parseClientMessage, type ServerMessage } from './messages.js';
import { Tab } from './tab.js';

export interface GuiServerSettings {
  readonly port: number;
  readonly host: string;
  readonly engine: EngineCommand;
  readonly maxTabs: number;
  readonly stallMs: number;
  /** Where the built page lives (default: dist/gui beside this module's build). */
  readonly pageDir?: string;
  /** Where the static build lives, whose engine workers the page may run (default: beside pageDir). */
  readonly webDir?: string;
}

export interface GuiServer {
  readonly url: string;
  /** The port it listens on (chosen by the system when asked for 0). */
  readonly port: number;
  /** Open tabs with their engine process ids (for tests). */
  readonly tabs: () => { pid: number | undefined }[];
  close(): Promise<void>;
}

const PAGE_DIR = fileURLToPath(new URL('../../gui/', import.meta.url));
/** The static build, whose engine workers the page falls back on when its own engine is gone. */
const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url));

const FILES: Record<string, { file: string; type: string }> = {
  '/': { file: 'index.html', type: 'text/html; charset=utf-8' },
  '/page.js': { file: 'page.js', type: 'text/javascript; charset=utf-8' },
  '/page.css': { file: 'page.css', type: 'text/css; charset=utf-8' },
  '/puzzles.css': { file: 'puzzles.css', type: 'text/css; charset=utf-8' },
  '/puzzles-armenian.jsonl': {
    file: 'puzzles-armenian.jsonl',
    type: 'application/jsonl; charset=utf-8',
  },
  '/puzzles-turkish.jsonl': {
    file: 'puzzles-turkish.jsonl',
    type: 'application/jsonl; charset=utf-8',
  },
  '/favicon.svg': { file: 'favicon.svg', type: 'image/svg+xml' },
  '/page.js.map': { file: 'page.js.map', type: 'application/json' },
};

/** The engine in the browser (`npm run build:web`): what the page needs to run it itself. */
const WEB_FILES: Record<string, { file: string; type: string }> = {
  '/engine-worker.js': { file: 'engine-worker.js', type: 'text/javascript; charset=utf-8' },
  '/search-thread.js': { file: 'search-thread.js', type: 'text/javascript; charset=utf-8' },
  '/eval-weights.json': { file: 'eval-weights.json', type: 'application/json' },
  '/network-armenian.json': { file: 'network-armenian.json', type: 'application/json' },
  '/network-turkish.json': { file: 'network-turkish.json', type: 'application/json' },
  // The page's service worker, which keeps these files for when the server is gone.
  '/sw.js': { file: 'gui-sw.js', type: 'text/javascript; charset=utf-8' },
};

const SECURITY_HEADERS = {
  // Scripts from this server only; 'wasm-unsafe-eval' lets the in-browser engine (the
  // fallback's workers) compile its WebAssembly search, and allows no eval of strings.
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  // Cross-origin isolation: the page may then share memory with Web Workers
  // (SharedArrayBuffer), and no other site's window or resource gets into its process.
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The largest WebSocket message read at all. A page's message over MAX_MESSAGE_LENGTH but
 * within this gets an error and the tab goes on; only beyond it does ws close the socket
 * (1009, message too big), as it must before reading so much into memory.
 */
const MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;

/** The bytes of a WebSocket message, however ws hands it over. */
function bytesOf(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.isBuffer(data) ? data : Buffer.from(data);
}

/** Refuses a WebSocket upgrade with an HTTP status and a one-line reason, before ws sees it. */
function refuseUpgrade(socket: Duplex, status: string, reason: string): void {
  const body = `${reason}\n`;
  const headers = {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...SECURITY_HEADERS,
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status}\r\n${lines.join('')}\r\n${body}`);
}

/** Starts the server; resolves once it listens. */
export async function startGuiServer(settings: GuiServerSettings): Promise<GuiServer> {
  const pageDir = settings.pageDir ?? PAGE_DIR;
  const webDir = settings.webDir ?? (settings.pageDir === undefined ? WEB_DIR : `${pageDir}../web/`); // prettier-ignore
  const tabs = new Set<Tab>();
  // The port is known once the server listens, before any request comes.
  let hostRule: HostRule = { listenHost: settings.host, port: settings.port };
  // Without `requireHostHeader: false` Node answers a request with no Host 400 itself; the
  // check below answers it 421, as it does every name it does not serve.
  const server: Server = createServer({ requireHostHeader: false }, (request, response) => {
    const host = checkHost(request.headers.host, hostRule);
    if (!host.ok) {
      response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8', ...SECURITY_HEADERS }); // prettier-ignore
      response.end(`${host.error.message}\n`);
      return;
    }
    const path = (request.url ?? '/').split('?')[0];
    const entry = FILES[path] ?? WEB_FILES[path];
    const folder = FILES[path] === undefined ? webDir : pageDir;
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', ...SECURITY_HEADERS }).end();
      return;
    }
    if (entry === undefined) {
      response.writeHead(404, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS });
      response.end('not found\n');
      return;
    }
    void readBoundedBytesAsync(folder + entry.file, PAGE_FILE_CAP).then((body) => {
      if (body.ok) {
        response.writeHead(200, { 'Content-Type': entry.type, ...SECURITY_HEADERS });
        response.end(request.method === 'HEAD' ? undefined : body.value);
        return;
      }
      response.writeHead(500, { 'Content-Type': 'text/plain', ...SECURITY_HEADERS });
      response.end(body.error.code === 'missing' ? 'the page is not built: run npm run build\n' : `${body.error.message}\n`); // prettier-ignore
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  server.on('upgrade', (request, socket, head) => {
    const host = checkHost(request.headers.host, hostRule);
    if (!host.ok) return refuseUpgrade(socket, '421 Misdirected Request', host.error.message);
    if ((request.url ?? '').split('?')[0] !== '/ws') {
      return refuseUpgrade(socket, '404 Not Found', 'WebSocket connections go to /ws');
    }
    if (request.headers.origin !== `http://${host.value}`) {
      const origin = JSON.stringify((request.headers.origin ?? '(none)').slice(0, 100));
      return refuseUpgrade(socket, '403 Forbidden', `refused: Origin ${origin} is not a page of this server (http://${host.value})`); // prettier-ignore
    }
    sockets.handleUpgrade(request, socket, head, (ws) => openTab(ws));
  });

  const openTab = (ws: WebSocket) => {
    const send = (message: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    if (tabs.size >= settings.maxTabs) {
      send({
        type: 'error',
        fatal: true,
        message: `too many tabs: this server plays in at most ${settings.maxTabs} at once; close one and reload`,
      });
      ws.close(1013, 'too many tabs');
      return;
    }
    const tab = new Tab({ command: settings.engine, stallMs: settings.stallMs }, send);
    tabs.add(tab);
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        send({ type: 'error', message: 'binary messages are not understood; send JSON text' });
        return;
      }
      const bytes = bytesOf(data);
      if (bytes.length > MAX_MESSAGE_LENGTH) {
        send({ type: 'error', message: `message of ${bytes.length} bytes; at most ${MAX_MESSAGE_LENGTH}` }); // prettier-ignore
        return;
      }
      const parsed = parseClientMessage(bytes.toString('utf8'));
      if (!parsed.ok)
        send({ type: 'error', message: parsed.error.message, ...(parsed.error.id === undefined ? {} : { id: parsed.error.id }) }); // prettier-ignore
      else tab.handle(parsed.value);
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      tabs.delete(tab);
      void tab.close();
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  hostRule = { listenHost: settings.host, port: address.port };
  return {
    url: `http://${urlHostOf(settings.host)}:${address.port}/`,
    port: address.port,
    tabs: () => [...tabs].map((tab) => ({ pid: tab.pid })),
    close: async () => {
      for (const ws of sockets.clients) ws.terminate();
      await Promise.all([...tabs].map((tab) => tab.close()));
      tabs.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
