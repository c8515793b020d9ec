/**
 * The page's transport to the engine running in this browser (the static build, dist/web):
 * the protocol session in a Web Worker (gui/web/engine-worker.ts), spoken to in protocol
 * lines. The page's messages become lines and the engine's lines messages exactly as the
 * server's tab does it (conversation.ts), so the page cannot tell the two transports apart
 * except by the engine's name, which says where it runs and with how many threads.
 * Beside the transport, the settings panel's way to the same engine (BrowserEngine): the
 * options' ranges, Threads and Hash changed, and the endgame tables the page stored loaded.
 */
import { EngineConversation } from '../../conversation.js';
import { engineError } from '../../../engine-client/info.js';
import {
  chooseSettings,
  parseSpinOption,
  readSavedChoice,
  SETTINGS_KEY,
  type EngineChoice,
  type SpinRange,
} from '../engine-settings.js';
import type { EngineTransport, TransportReceiver } from '../transport.js';
import {
  fetchTableList,
  READ_STORED_TABLES,
  TABLE_FOLDER,
  tablesStored,
  type TableList,
} from '../../web/endgame-store.js';

/** The most threads the page starts by itself (a phone's small cores gain little more). */
const MAX_AUTO_THREADS = 4;

/** Cross-origin isolated: threads share memory (SharedArrayBuffer). */
const isolated = () => globalThis.crossOriginIsolated === true;

/**
 * Threads and hash fitted to the device: where the page is cross-origin isolated, one
 * thread per logical core up to MAX_AUTO_THREADS, else one (no shared memory); a hash
 * table of about 1/64 of the device's memory as the browser reports it (deviceMemory,
 * GiB, where known; else 4), from 16 to 128 MiB.
 */
function deviceSettings(): EngineChoice {
  const cores = Math.max(1, navigator.hardwareConcurrency || 1);
  const memoryGiB = (navigator as { deviceMemory?: number }).deviceMemory ?? 4;
  const hashMib = Math.min(128, Math.max(16, 2 ** Math.floor(Math.log2((memoryGiB * 1024) / 64))));
  return { threads: isolated() ? Math.min(cores, MAX_AUTO_THREADS) : 1, hashMib };
}

/** How the page names the engine: its own name, where it runs, its threads. */
function describeEngine(name: string, choice: EngineChoice): string {
  const threads = `${choice.threads} thread${choice.threads === 1 ? '' : 's'}`;
  const memory = isolated() ? 'cross-origin isolated' : 'not cross-origin isolated, no shared memory'; // prettier-ignore
  return `${name} in this browser (${threads}, ${choice.hashMib} MiB hash; ${memory})`;
}

/** What the engine started with, once its handshake is done. */
export interface EngineStart {
  readonly threads: SpinRange;
  readonly hash: SpinRange;
  readonly choice: EngineChoice;
  /** The build's endgame tables, if it has any. */
  readonly tableList: TableList | undefined;
  /** Whether the stored tables are loaded (EGDB Path), or why they could not be. */
  readonly tables: { readonly loaded: boolean; readonly error?: string };
}

/** The settings panel's way to the engine in this browser. */
export interface BrowserEngine {
  /** The build's folder (the tables' paths are relative to it). */
  readonly base: URL;
  /** Settles when the engine has answered its handshake. */
  readonly started: Promise<EngineStart>;
  /**
   * Runs Threads and Hash once the engine is idle (between searches); settles with the
   * page's new name for the engine, or the engine's errors (the choice is then not kept).
   */
  apply(choice: EngineChoice): Promise<{ readonly name: string } | { readonly errors: string[] }>; // prettier-ignore
  /** Makes the engine read the stored tables again and load them; settles with its errors. */
  loadStoredTables(): Promise<string[]>;
}

/** Lines to run between searches, and who waits for the engine's errors about them. */
interface Batch {
  readonly lines: readonly string[];
  readonly readTables: boolean;
  readonly done: (errors: string[]) => void;
}

/**
 * The transport to the engine in a Web Worker running `workerUrl`, and the settings
 * panel's way to it. The engine starts with the stored Threads and Hash (or ones fitted to
 * the device), and with the stored endgame tables when the page has them.
 */
export function workerEngine(workerUrl: URL): {
  transport: EngineTransport;
  engine: BrowserEngine;
} {
  // prettier-ignore
  const base = new URL('./', workerUrl);
  const worker = new Worker(workerUrl, { type: 'module', name: 'tama engine' });
  let receiver: TransportReceiver | undefined;
  let failed = false;
  const conversation = new EngineConversation({
    line: (line) => worker.postMessage(line),
    reply: (message) => receiver?.message(message),
  });
  const tableList = fetchTableList(base);
  const stored = tableList.then((list) => list !== undefined && tablesStored(base, list).catch(() => false)); // prettier-ignore
  let name = 'engine';
  const options: string[] = [];
  const ranges = new Map<string, SpinRange>();
  let phase: 'uci' | 'isready' | 'ready' = 'uci';
  let choice: EngineChoice = deviceSettings();
  const handshakeErrors: string[] = [];
  let resolveStart: (start: EngineStart) => void = () => {};
  const started = new Promise<EngineStart>((resolve) => (resolveStart = resolve));
  const batches: Batch[] = [];
  let running: { batch: Batch; errors: string[] } | undefined;

  /** Sends the next batch if the engine is idle and none is awaiting its readyok. */
  const runBatch = () => {
    if (phase !== 'ready' || running !== undefined || conversation.searching || failed) return;
    const batch = batches.shift();
    if (batch === undefined) return;
    running = { batch, errors: [] };
    if (batch.readTables) worker.postMessage(READ_STORED_TABLES);
    for (const line of batch.lines) worker.postMessage(line);
    worker.postMessage('isready');
  };
  const configure = (lines: readonly string[], readTables = false) =>
    new Promise<string[]>((done) => {
      batches.push({ lines, readTables, done });
      runBatch();
    });

  /** The handshake's options: the choice fitted into the ranges, the stored tables. */
  const startOptions = async () => {
    const threads = ranges.get('Threads') ?? { default: 1, min: 1, max: 1 };
    const hash = ranges.get('Hash') ?? { default: choice.hashMib, min: choice.hashMib, max: choice.hashMib }; // prettier-ignore
    choice = chooseSettings(choice, readSavedChoice(localStorage.getItem(SETTINGS_KEY)), { threads, hash }); // prettier-ignore
    worker.postMessage(`setoption name Threads value ${choice.threads}`);
    worker.postMessage(`setoption name Hash value ${choice.hashMib}`);
    const withTables = await stored;
    if (withTables) worker.postMessage(`setoption name EGDB Path value ${TABLE_FOLDER}`);
    worker.postMessage('isready');
    return { threads, hash, withTables };
  };
  let startRequest: ReturnType<typeof startOptions> | undefined;

  worker.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (typeof event.data !== 'string' || failed) return;
    const line = event.data;
    if (phase === 'ready') {
      const error = engineError(line);
      if (running !== undefined && error !== undefined) running.errors.push(error);
      conversation.receive(line);
      if (running !== undefined && line === 'readyok') {
        const { batch, errors } = running;
        running = undefined;
        batch.done(errors);
      }
      return runBatch();
    }
    if (line.startsWith('id name ')) name = line.slice('id name '.length);
    const option = /^option name (.+?) type /.exec(line);
    if (option) options.push(option[1]);
    const spin = parseSpinOption(line);
    if (spin) ranges.set(spin.name, spin.range);
    const error = engineError(line);
    if (phase === 'uci' && line === 'uciok') {
      phase = 'isready';
      startRequest = startOptions();
    } else if (phase === 'isready' && line === 'readyok') {
      phase = 'ready';
      void Promise.all([startRequest, tableList]).then(([request, list]) => {
        const tableError = handshakeErrors.find((text) => text.startsWith('EGDB Path'));
        const tables = { loaded: request!.withTables && tableError === undefined, error: tableError }; // prettier-ignore
        resolveStart({ threads: request!.threads, hash: request!.hash, choice, tableList: list, tables }); // prettier-ignore
      });
      conversation.engineReady(describeEngine(name, choice), options);
      runBatch();
    } else if (error !== undefined) {
      handshakeErrors.push(error);
      receiver?.message({ type: 'engine-error', message: error });
    }
  });
  worker.addEventListener('error', (event) => {
    failed = true;
    worker.terminate();
    receiver?.closed(`the engine in this browser failed (${event.message || 'it could not start'}): reload the page`); // prettier-ignore
  });
  worker.postMessage('uci');
  const transport: EngineTransport = {
    send(message) {
      if (failed) return;
      // Options waiting for the engine to be idle go before the next search.
      runBatch();
      conversation.handle(message);
    },
    listen(next) {
      receiver = next;
    },
  };
  const engine: BrowserEngine = {
    base,
    started,
    async apply(next) {
      const errors = await configure([`setoption name Threads value ${next.threads}`, `setoption name Hash value ${next.hashMib}`]); // prettier-ignore
      if (errors.length > 0) return { errors };
      choice = next;
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(choice));
      return { name: describeEngine(name, choice) };
    },
    loadStoredTables: () => configure([`setoption name EGDB Path value ${TABLE_FOLDER}`], true),
  };
  return { transport, engine };
}
