/**
 * The page's search threads (src/engine/web/threads.ts) send the evaluation to a thread only
 * when it does not hold that generation: checked here over stand-in Web Workers that record
 * what they are sent (the real ones are run in Chromium by test/gui/web-threads.test.ts).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** What the test uses of web/threads.ts, which is typed for a browser's Worker, not Node's. */
interface ThreadRequest {
  readonly id: number;
  readonly task: unknown;
}
interface WebSearchThreads {
  readonly ready: Promise<number>;
  run(name: 'default', task: unknown): Promise<unknown>;
  destroy(): Promise<void>;
}
type WebThreadsModule = {
  SearchThreads: new (file: string, threads: number, onError: (error: unknown) => void) => WebSearchThreads; // prettier-ignore
};
const WEB_THREADS = fileURLToPath(new URL('../../src/engine/web/threads.ts', import.meta.url));

/** A stand-in Web Worker: says it has loaded, records each request and answers it with 0. */
class RecordingWorker {
  static made: RecordingWorker[] = [];
  readonly received: ThreadRequest[] = [];
  private listener: ((event: { data: unknown }) => void) | undefined;

  constructor() {
    RecordingWorker.made.push(this);
    queueMicrotask(() => this.listener?.({ data: { loaded: true } }));
  }

  addEventListener(type: string, listener: (event: { data: unknown }) => void): void {
    if (type === 'message') this.listener = listener;
  }

  postMessage(request: ThreadRequest): void {
    this.received.push(request);
    queueMicrotask(() => this.listener?.({ data: { id: request.id, ok: true, value: 0 } }));
  }

  terminate(): void {}
}

const evaluation = { weights: {}, networks: { armenian: { hidden: 32 } } };
const task = (evalGeneration: number) => ({ evalGeneration, evaluation, tablesGeneration: 0, tables: [] }); // prettier-ignore

describe("the page's search threads", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    RecordingWorker.made = [];
  });

  it('send each thread the evaluation once a generation, and again only when it changes', async () => {
    vi.stubGlobal('Worker', RecordingWorker);
    const { SearchThreads } = (await import(WEB_THREADS)) as WebThreadsModule;
    const threads = new SearchThreads('search-thread.js', 2, () => {});
    expect(await threads.ready).toBe(2);
    const run = (generation: number) => Promise.all([0, 1].map(() => threads.run('default', task(generation)))); // prettier-ignore
    await run(0);
    await run(0);
    await run(0);
    await run(1);
    await run(1);
    const sent = RecordingWorker.made.map(
      (worker) =>
      worker.received.map((request) => (request.task as { evaluation?: unknown }).evaluation !== undefined), // prettier-ignore
    );
    expect(sent).toEqual([
      [true, false, false, true, false],
      [true, false, false, true, false],
    ]);
    // What a thread is not sent again is only the evaluation: the rest of the task goes as it is.
    const held = RecordingWorker.made[0].received[1].task;
    expect(held).toEqual({ ...task(0), evaluation: undefined });
    await threads.destroy();
  });
});
