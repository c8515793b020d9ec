/**
 * The page's transport to the engine running in this browser (the static build, dist/web):
 * the protocol session in a Web Worker (gui/web/engine-worker.ts), spoken to in protocol
 * lines. The page's messages become lines and the engine's lines messages exactly as the
 * server's tab does it (conversation.ts), so the page cannot tell the two transports apart
 * except by the engine's name, which says where it runs and with how many threads.
 */
import { EngineConversation } from '../../conversation.js';
import type { EngineTransport, TransportReceiver } from '../transport.js';

/** What the in-browser engine is started with. */
export interface DeviceSettings {
  readonly threads: number;
  readonly hashMib: number;
  /** Cross-origin isolated: threads share memory (SharedArrayBuffer). */
  readonly isolated: boolean;
}

/** The most threads the page starts by itself (a phone's small cores gain little more). */
const MAX_AUTO_THREADS = 4;

/**
 * Threads and hash fitted to the device: where the page is cross-origin isolated, one
 * thread per logical core up to MAX_AUTO_THREADS, else one (no shared memory); a hash
 * table of about 1/64 of the device's memory as the browser reports it (deviceMemory,
 * GiB, where known; else 4), from 16 to 128 MiB.
 */
export function deviceSettings(): DeviceSettings {
  const isolated = globalThis.crossOriginIsolated === true;
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  const memoryGiB = (navigator as { deviceMemory?: number }).deviceMemory ?? 4;
  const hashMib = Math.min(128, Math.max(16, 2 ** Math.floor(Math.log2((memoryGiB * 1024) / 64))));
  return { threads: isolated ? Math.min(cores, MAX_AUTO_THREADS) : 1, hashMib, isolated };
}

/** How the page names the engine: its own name, where it runs, its threads. */
function describeEngine(name: string, settings: DeviceSettings): string {
  const threads = `${settings.threads} thread${settings.threads === 1 ? '' : 's'}`;
  const memory = settings.isolated ? 'cross-origin isolated' : 'not cross-origin isolated, no shared memory'; // prettier-ignore
  return `${name} in this browser (${threads}, ${settings.hashMib} MiB hash; ${memory})`;
}

/** The transport to the engine in a Web Worker running `workerUrl`, set up for `settings`. */
export function workerTransport(workerUrl: URL, settings: DeviceSettings): EngineTransport {
  const worker = new Worker(workerUrl, { type: 'module', name: 'tama engine' });
  let receiver: TransportReceiver | undefined;
  let failed = false;
  const conversation = new EngineConversation({
    line: (line) => worker.postMessage(line),
    reply: (message) => receiver?.message(message),
  });
  let name = 'engine';
  const options: string[] = [];
  let phase: 'uci' | 'isready' | 'ready' = 'uci';
  worker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'string' || failed) return;
    const line = event.data;
    if (phase === 'ready') return conversation.receive(line);
    if (line.startsWith('id name ')) name = line.slice('id name '.length);
    const option = /^option name (.+?) type /.exec(line);
    if (option) options.push(option[1]);
    if (phase === 'uci' && line === 'uciok') {
      phase = 'isready';
      worker.postMessage(`setoption name Threads value ${settings.threads}`);
      worker.postMessage(`setoption name Hash value ${settings.hashMib}`);
      worker.postMessage('isready');
    } else if (phase === 'isready' && line === 'readyok') {
      phase = 'ready';
      conversation.engineReady(describeEngine(name, settings), options);
    } else if (line.startsWith('info string error')) {
      receiver?.message({ type: 'engine-error', message: line.replace(/^info string error:?\s*/, '') }); // prettier-ignore
    }
  });
  worker.addEventListener('error', (event) => {
    failed = true;
    worker.terminate();
    receiver?.closed(`the engine in this browser failed (${event.message || 'it could not start'}): reload the page`); // prettier-ignore
  });
  worker.postMessage('uci');
  return {
    send(message) {
      if (!failed) conversation.handle(message);
    },
    listen(next) {
      receiver = next;
    },
  };
}
