/**
 * A plain static file server for the static build's browser tests: files from one folder,
 * nothing else (no WebSocket, no engine), with or without the two headers that make a page
 * cross-origin isolated.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

/** The headers that make a page cross-origin isolated (docs/web.md). */
export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export interface StaticServer {
  readonly url: string;
  /** Every path asked for, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Serves `folder` on a free loopback port; `isolated` adds ISOLATION_HEADERS. */
export async function serveFolder(folder: string, isolated: boolean): Promise<StaticServer> {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(path);
    const file = normalize(join(folder, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(folder)) return void response.writeHead(403).end();
    readFile(file).then(
      (body) => {
        const type = TYPES[extname(file)] ?? 'application/octet-stream';
        response.writeHead(200, { 'Content-Type': type, ...(isolated ? ISOLATION_HEADERS : {}) });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    // Every connection ends with the server, kept-alive ones too: the browser holds some
    // open, and a server that waited for them would never close.
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
