/**
 * The protocol on stdin/stdout. Lines are handled in order; a search runs on worker threads
 * so input is read while it thinks. End of input means quit. Output goes through one
 * writer; the process ends by itself once the workers are gone, so no line is lost.
 */
import { createInterface } from 'node:readline';
import { Session } from './session.js';

export function runProtocolLoop(): void {
  const session = new Session((line) => {
    process.stdout.write(line + '\n');
  });
  const input = createInterface({ input: process.stdin, terminal: false });
  // Lines are handled one after another: a line waits for the one before to be dealt with
  // (a search, once started, runs on without holding the queue).
  let queue: Promise<void> = Promise.resolve();
  input.on('line', (line) => {
    queue = queue.then(async () => {
      await session.handleLine(line);
      if (session.finished) {
        input.close();
        process.stdin.destroy();
      }
    });
  });
  input.on('close', () => {
    queue = queue.then(() => session.quit());
  });
}
