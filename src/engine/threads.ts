/**
 * The engine's search threads: one piscina pool whose workers run search-worker.ts, with
 * the control block (stop flag, ponder state, counters) they share. Each kind of task the
 * workers answer is typed by the worker's own function for it, so a task and its answer
 * cannot drift apart from what the worker does.
 */
import { Piscina } from 'piscina';
import type { MessagePort } from 'node:worker_threads';
import { SearchControl } from '../search/control.js';
import type * as worker from './search-worker.js';

/** The worker's functions by the name piscina runs them under. */
interface WorkerFunctions {
  readonly default: typeof worker.default;
  readonly ready: typeof worker.ready;
  readonly perft: typeof worker.perft;
}
type TaskName = keyof WorkerFunctions;
type TaskOf<K extends TaskName> = Parameters<WorkerFunctions[K]>[0];
type AnswerOf<K extends TaskName> = ReturnType<WorkerFunctions[K]>;

/** The module the search threads run (search-worker.ts). */
export const SEARCH_WORKER_FILE = new URL('./search-worker.js', import.meta.url).href;

/** How long a starting thread waits for the others before it answers anyway. */
const START_WAIT_MS = 5000;

/** A pool of search threads with its control block; replaced whole when Threads changes. */
export class SearchThreads {
  readonly control: SearchControl;
  /** The threads see the control block and the table as the engine writes them. */
  readonly sharesMemory = true;
  /** Settles with the number of threads that have loaded the search code. */
  readonly ready: Promise<number>;
  private readonly pool: Piscina;

  /**
   * `threads` workers running `workerFile` (a module with search-worker.ts's exports); a
   * worker that dies is replaced by piscina and reported through `onError`.
   */
  constructor(
    workerFile: string,
    readonly threads: number,
    onError: (error: unknown) => void,
  ) {
    this.control = SearchControl.create(threads);
    this.pool = new Piscina({
      filename: workerFile,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 2 ** 31 - 1,
      atomics: 'disabled',
    });
    this.pool.on('error', onError);
    this.ready = this.start();
  }

  /** Runs the worker's function `name` on `task` in a free thread. */
  run<K extends TaskName>(name: K, task: TaskOf<K>, port?: MessagePort): Promise<AnswerOf<K>> {
    return this.pool.run(task, port === undefined ? { name } : { name, transferList: [port] });
  }

  /** Ends the threads; tasks still running are abandoned. */
  destroy(): Promise<void> {
    return this.pool.destroy();
  }

  /**
   * Runs one `ready` task on each thread at once: each holds its thread until all have
   * arrived (or START_WAIT_MS passes), so no thread takes two and every thread loads the
   * search code. Settles with the number of distinct threads that answered; a failing
   * thread is reported by the pool's error event, not here.
   */
  private start(): Promise<number> {
    const task = { arrived: new SharedArrayBuffer(4), threads: this.threads, waitMs: START_WAIT_MS }; // prettier-ignore
    const tasks = Array.from({ length: this.threads }, () =>
      this.run('ready', task).then(
        (threadId) => threadId,
        () => -1,
      ),
    );
    return Promise.all(tasks).then((ids) => new Set(ids.filter((id) => id >= 0)).size);
  }
}
