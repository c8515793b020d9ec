/**
 * The protocol on stdin/stdout. The session carries the lines out in order; a search runs
 * on worker threads so input is read while it thinks, in lines of a bounded length
 * (lines.ts). End of input means quit. Output goes
 * through one writer; the process ends by itself once the workers are gone, so no line is
 * lost. When the reader of our output has gone (a closed pipe), the process ends quietly.
 */
import { LineSplitter } from './lines.js';
import { Session } from './session.js';

/** Speaks the protocol on stdin/stdout; `searchWorker` as for Session. */
export function runProtocolLoop(searchWorker?: string): void {
  let outputGone = false;
  const session = new Session((line) => {
    if (!outputGone) process.stdout.write(line + '\n');
  }, searchWorker);
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (outputGone) return;
    outputGone = true;
    if (error.code !== 'EPIPE') process.stderr.write(`tama: cannot write output: ${error.message}\n`); // prettier-ignore
    // Nobody reads what we would say: quit (lines still waiting would only be thrown away),
    // so that the workers stop and what is still queued (stderr) goes out before the
    // process ends by itself.
    process.exitCode = error.code === 'EPIPE' ? 0 : 1;
    void session.quit();
  });
  const lines = new LineSplitter({
    line: (line) => session.receive(line),
    overLong: (start, bytes) => session.receiveOverLong(start, bytes),
  });
  let inputEnded = false;
  const endOfInput = () => {
    if (inputEnded) return;
    inputEnded = true;
    lines.end();
    session.endOfInput();
  };
  process.stdin.on('data', (chunk: Buffer) => lines.push(chunk));
  process.stdin.on('end', endOfInput);
  process.stdin.on('error', endOfInput);
  void session.ended.then(() => process.stdin.destroy());
}
