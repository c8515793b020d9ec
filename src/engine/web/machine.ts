/** The machine the engine runs on, in a browser (replaces ../machine.ts in the web build). */
import { MEMORY_SHARED } from './shared-memory.js';

/**
 * The most search threads the `Threads` option allows: four for each logical core where
 * the page is cross-origin isolated, else one (threads without shared memory cannot share
 * a table or a stop flag).
 */
export function maxSearchThreads(): number {
  return MEMORY_SHARED ? Math.max(1, navigator.hardwareConcurrency) * 4 : 1;
}
