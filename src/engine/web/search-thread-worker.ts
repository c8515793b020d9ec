/**
 * A search thread in a browser: a Web Worker that runs search-worker.ts's functions on the
 * tasks web/threads.ts sends, one at a time, and answers each with its result or its error.
 */
import './shared-memory.js';
import { fail, ok } from '../../core/result.js';
import search, { perft } from '../search-worker.js';
import type { ThreadAnswer, ThreadRequest } from './threads.js';

const scope = globalThis as unknown as {
  postMessage(answer: ThreadAnswer): void;
  addEventListener(type: 'message', listener: (event: { data: ThreadRequest }) => void): void;
};

scope.addEventListener('message', ({ data: request }) => {
  try {
    const task = request.task as never;
    const value = request.name === 'perft' ? perft(task) : search(task);
    scope.postMessage({ id: request.id, ...ok(value) });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    scope.postMessage({ id: request.id, ...fail('task-failed', message) });
  }
});
scope.postMessage({ loaded: true });
