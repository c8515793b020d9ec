/**
 * The engine's search threads in a browser (replaces ../threads.ts in the web build): Web
 * Workers running web/search-thread-worker.ts, each answering one task at a time, with the
 * control block they share. Where the page is cross-origin isolated the control block and
 * the search's memory are shared, as in Node; where it is not, the control block is a plain
 * buffer that each task carries as a copy and the thread searches over a memory of its own,
 * so there is one thread, the stop flag cannot reach it and the engine ends the thread to
 * stop it (`sharesMemory` false).
 */
import type { Result } from '../../core/result.js';
import { SearchControl } from '../../search/control.js';
import type * as worker from '../search-worker.js';
import { MEMORY_SHARED } from './shared-memory.js';

/** The worker's functions by the name a request runs them under. */
interface WorkerFunctions {
  readonly default: typeof worker.default;
  readonly perft: typeof worker.perft;
}
type TaskName = keyof WorkerFunctions;
type TaskOf<K extends TaskName> = Parameters<WorkerFunctions[K]>[0];
type AnswerOf<K extends TaskName> = ReturnType<WorkerFunctions[K]>;

/** A task sent to a search thread. */
export interface ThreadRequest {
  readonly id: number;
  readonly name: TaskName;
  readonly task: unknown;
}

/** What a search thread says: that it has loaded, or how task `id` ended. */
export type ThreadAnswer =
  { readonly loaded: true } | ({ readonly id: number } & Result<unknown, 'task-failed'>);

/** The script the search threads run, beside the engine's own worker script. */
export const SEARCH_WORKER_FILE = new URL('./search-thread.js', import.meta.url).href;

interface Waiting {
  readonly request: ThreadRequest;
  readonly port: MessagePort | undefined;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
}

interface Thread {
  readonly worker: Worker;
  /** The task it runs, if any. */
  running: Waiting | undefined;
  /** The last generation of endgame tables it received (a copy is sent only when it changes). */
  tablesGeneration: number;
  /** The last generation of the evaluation it received (sent only when it changes). */
  evalGeneration: number;
}

/** A set of search threads with their control block; replaced whole when Threads changes. */
export class SearchThreads {
  readonly control: SearchControl;
  readonly sharesMemory = MEMORY_SHARED;
  /** Settles with the number of threads that have loaded the search code. */
  readonly ready: Promise<number>;
  private readonly pool: Thread[] = [];
  private readonly queue: Waiting[] = [];
  private nextId = 0;
  private ended = false;

  constructor(
    private readonly workerFile: string,
    readonly threads: number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.control = SearchControl.create(threads);
    const loaded: Promise<boolean>[] = [];
    for (let index = 0; index < threads; index++) loaded.push(this.startThread());
    this.ready = Promise.all(loaded).then((answers) => answers.filter(Boolean).length);
  }

  /** Runs the worker's function `name` on `task` in a free thread. */
  run<K extends TaskName>(name: K, task: TaskOf<K>, port?: MessagePort): Promise<AnswerOf<K>> {
    if (this.ended) return Promise.reject(new Error('the search threads have ended'));
    return new Promise<unknown>((resolve, reject) => {
      this.queue.push({ request: { id: this.nextId++, name, task }, port, resolve, reject });
      this.dispatch();
    }) as Promise<AnswerOf<K>>;
  }

  /** Ends the threads; tasks still running or waiting fail. */
  destroy(): Promise<void> {
    this.ended = true;
    const error = new Error('the search threads have ended');
    for (const waiting of this.queue.splice(0)) waiting.reject(error);
    for (const thread of this.pool) {
      thread.worker.terminate();
      thread.running?.reject(error);
      thread.running = undefined;
    }
    return Promise.resolve();
  }

  /** A new thread in the pool; resolves with whether it loaded. */
  private startThread(): Promise<boolean> {
    const worker = new Worker(this.workerFile, { type: 'module', name: 'tama search' });
    const thread: Thread = { worker, running: undefined, tablesGeneration: -1, evalGeneration: -1 };
    this.pool.push(thread);
    return new Promise<boolean>((resolveLoaded) => {
      worker.addEventListener('message', (event: MessageEvent<ThreadAnswer>) => {
        const answer = event.data;
        if ('loaded' in answer) return resolveLoaded(true);
        const running = thread.running;
        if (running === undefined || running.request.id !== answer.id) return;
        thread.running = undefined;
        if (answer.ok) running.resolve(answer.value);
        else running.reject(new Error(answer.error.message));
        this.dispatch();
      });
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        resolveLoaded(false);
        this.replace(thread, new Error(event.message || 'the search thread failed'));
      });
    });
  }

  /** A thread that failed: its task fails, and a new thread takes its place. */
  private replace(thread: Thread, error: Error): void {
    thread.worker.terminate();
    const index = this.pool.indexOf(thread);
    if (index >= 0) this.pool.splice(index, 1);
    thread.running?.reject(error);
    thread.running = undefined;
    this.onError(error);
    if (!this.ended) void this.startThread().then(() => this.dispatch());
  }

  /** Hands waiting tasks to idle threads. */
  private dispatch(): void {
    for (const thread of this.pool) {
      if (this.queue.length === 0) return;
      if (thread.running !== undefined) continue;
      const waiting = this.queue.shift() as Waiting;
      thread.running = waiting;
      thread.worker.postMessage(this.forThread(thread, waiting.request), waiting.port ? [waiting.port] : []); // prettier-ignore
    }
  }

  /**
   * The request as `thread` needs it: the evaluation goes only to a thread that does not hold
   * its generation yet, and, without shared memory, a set of endgame tables the thread
   * already holds a copy of is not copied again (the thread keeps both between searches,
   * search-worker.ts).
   */
  private forThread(thread: Thread, request: ThreadRequest): ThreadRequest {
    const task = request.task as { tablesGeneration?: number; tables?: unknown; evalGeneration?: number; evaluation?: unknown }; // prettier-ignore
    let sent = task;
    if (task.evalGeneration !== undefined) {
      if (task.evalGeneration === thread.evalGeneration) sent = { ...sent, evaluation: undefined };
      thread.evalGeneration = task.evalGeneration;
    }
    if (!this.sharesMemory && task.tablesGeneration !== undefined) {
      if (task.tablesGeneration === thread.tablesGeneration) sent = { ...sent, tables: [] };
      thread.tablesGeneration = task.tablesGeneration;
    }
    return sent === task ? request : { ...request, task: sent };
  }
}
