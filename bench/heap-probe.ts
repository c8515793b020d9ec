/**
 * A look inside a soak's child process: started with `--inspect=127.0.0.1:0`, it is reached
 * through the inspector protocol (a WebSocket on loopback), which can force a full garbage
 * collection, read `process.memoryUsage()` and write heap snapshots, with nothing added to
 * the program itself. The heap left after a full collection is what the program still
 * holds: it grows with a leak, where resident memory also grows while V8 settles.
 */
import { createWriteStream } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import WebSocket from 'ws';

/** The flag that makes a child listen for the probe: loopback, a free port. */
export const INSPECT_FLAG = '--inspect=127.0.0.1:0';

/** What the child's heap holds after a full collection, in MB. */
export interface HeapSample {
  /** JavaScript objects still reachable. */
  readonly heapMb: number;
  /** What V8 holds from the system for its heap (the used part and room to grow). */
  readonly heapTotalMb: number;
  /** Memory of C++ objects tied to JavaScript ones (buffers among them). */
  readonly externalMb: number;
}

/** How long one call to the child may take (a snapshot of a large heap takes seconds). */
const CALL_MS = 120_000;

export class HeapProbe {
  private next = 0;
  private readonly calls = new Map<number, (message: { result?: unknown; error?: { message: string } }) => void>(); // prettier-ignore
  private chunkSink: ((chunk: string) => void) | undefined;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(Buffer.from(data as Buffer).toString('utf8')) as {
        id?: number;
        method?: string;
        params?: { chunk?: string };
        result?: unknown;
        error?: { message: string };
      };
      if (message.method === 'HeapProfiler.addHeapSnapshotChunk') {
        this.chunkSink?.(message.params?.chunk ?? '');
      } else if (message.id !== undefined) {
        this.calls.get(message.id)?.(message);
        this.calls.delete(message.id);
      }
    });
    socket.on('close', () => {
      for (const answer of this.calls.values()) answer({ error: { message: 'inspector closed' } }); // prettier-ignore
      this.calls.clear();
    });
  }

  /**
   * Attaches to a child started with INSPECT_FLAG once it says where its inspector listens;
   * undefined when it ends or stays silent for `waitMs`. The child's stderr is read here: a
   * child that waits for the probe to leave before it exits is let go at once.
   */
  static attach(child: ChildProcess, waitMs = 30_000): Promise<HeapProbe | undefined> {
    return new Promise((resolve) => {
      let probe: HeapProbe | undefined;
      let rest = '';
      const timer = setTimeout(() => resolve(undefined), waitMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
      child.stderr?.on('data', (chunk: Buffer) => {
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          const url = /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
          if (url !== undefined && probe === undefined) {
            const socket = new WebSocket(url);
            socket.once('open', () => {
              clearTimeout(timer);
              probe = new HeapProbe(socket);
              resolve(probe);
            });
            socket.once('error', () => resolve(undefined));
          } else if (/Waiting for the debugger to disconnect/.test(line)) probe?.close();
          else if (
            !/^(Debugger (listening|attached|ending)|For help, see)/.test(line) &&
            line !== ''
          ) {
            process.stderr.write(`  child: ${line}\n`);
          }
        }
      });
    });
  }

  /** Forces a full collection and reads what is left; undefined when the child is gone. */
  async sample(): Promise<HeapSample | undefined> {
    try {
      await this.call('HeapProfiler.collectGarbage');
      const evaluated = (await this.call('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      const usage = JSON.parse(evaluated.result.value) as NodeJS.MemoryUsage;
      const mb = (bytes: number) => bytes / 2 ** 20;
      return { heapMb: mb(usage.heapUsed), heapTotalMb: mb(usage.heapTotal), externalMb: mb(usage.external) }; // prettier-ignore
    } catch {
      return undefined;
    }
  }

  /** Writes a heap snapshot of the child to `file` (after a full collection, as V8 takes one). */
  async snapshot(file: string): Promise<boolean> {
    const out = createWriteStream(file);
    this.chunkSink = (chunk) => out.write(chunk);
    try {
      await this.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      return true;
    } catch {
      return false;
    } finally {
      this.chunkSink = undefined;
      await new Promise((resolve) => out.end(resolve));
    }
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close();
  }

  private call(method: string, params: object = {}): Promise<unknown> {
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.calls.delete(id);
        reject(new Error(`${method}: no answer within ${CALL_MS} ms`));
      }, CALL_MS);
      this.calls.set(id, (message) => {
        clearTimeout(timer);
        if (message.error !== undefined) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      if (this.socket.readyState !== WebSocket.OPEN) {
        this.calls.get(id)?.({ error: { message: 'inspector closed' } });
        this.calls.delete(id);
        return;
      }
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/** Count and own bytes of the objects of one kind in a heap snapshot. */
export interface HeapKind {
  count: number;
  bytes: number;
}

/** The kinds of a snapshot file: objects and closures by name, V8's own by type. */
export function kindsOf(text: string): Map<string, HeapKind> {
  const heap = JSON.parse(text) as Snapshot;
  const fields = heap.snapshot.meta.node_fields;
  const types = heap.snapshot.meta.node_types[0];
  const stride = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const kinds = new Map<string, HeapKind>();
  for (let node = 0; node < heap.nodes.length; node += stride) {
    const type = types[heap.nodes[node + typeAt]];
    const name = heap.strings[heap.nodes[node + nameAt]];
    const kind =
      type === 'object' || type === 'native'
        ? name
        : type === 'closure'
          ? `${name || '(anonymous)'}()`
          : type.endsWith('string')
            ? '(string)'
            : `(${type})`;
    const entry = kinds.get(kind) ?? { count: 0, bytes: 0 };
    entry.count++;
    entry.bytes += heap.nodes[node + sizeAt];
    kinds.set(kind, entry);
  }
  return kinds;
}

/** The kinds of both snapshots, sorted by how many bytes they grew. */
export function heapDifference(before: Map<string, HeapKind>, after: Map<string, HeapKind>) {
  const none = { count: 0, bytes: 0 };
  return [...new Set([...before.keys(), ...after.keys()])]
    .map((kind) => ({ kind, before: before.get(kind) ?? none, after: after.get(kind) ?? none }))
    .sort((a, b) => b.after.bytes - b.before.bytes - (a.after.bytes - a.before.bytes));
}
