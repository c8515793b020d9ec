/**
 * Imported first by the web build's workers. A page that is not cross-origin isolated has
 * no SharedArrayBuffer: the engine then makes its table and control block as plain
 * ArrayBuffers, which a worker receives as a copy (web/threads.ts runs one search thread and
 * ends it to stop it). Atomics work on plain buffers too, within one thread.
 */
const scope = globalThis as { SharedArrayBuffer?: unknown };
scope.SharedArrayBuffer ??= ArrayBuffer;

/** True when memory is really shared between this worker and the ones it starts. */
export const MEMORY_SHARED = scope.SharedArrayBuffer !== ArrayBuffer;
