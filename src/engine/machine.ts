/** The machine the engine runs on. The browser build replaces this module with web/machine.ts. */
import { availableParallelism } from 'node:os';

/** The most search threads the `Threads` option allows: four for each logical core. */
export function maxSearchThreads(): number {
  return Math.max(1, availableParallelism()) * 4;
}
