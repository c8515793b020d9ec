/**
 * The main search thread's channel for its info lines: each is handed to `onInfo`, the
 * latest principal line's first two moves are kept (the answer if the threads stall), and
 * `finished` resolves after the thread's last message, or at end() when the thread failed.
 * The channel is the platform's own (Node's and the browser's share this API), so the
 * engine in Web Workers uses it too.
 */
import type { MessagePort } from 'node:worker_threads';
import type { PackedMove } from '../core/movegen.js';
import type { SearchInfo } from '../search/search.js';
import { DONE } from './search-worker.js';

/** One search's info lines from its main thread (see above). */
export class InfoChannel {
  private readonly channel = new MessageChannel();
  latest: readonly PackedMove[] = [];
  readonly finished: Promise<void>;
  private resolveFinished: () => void = () => {};

  constructor(onInfo: (info: SearchInfo) => void) {
    this.finished = new Promise<void>((resolve) => (this.resolveFinished = resolve));
    const receive = (message: SearchInfo | typeof DONE) => {
      if (message === DONE) return this.resolveFinished();
      if (message.multipv === 1 && message.pv.length > 0) this.latest = message.pv.slice(0, 2);
      onInfo(message);
    };
    const port: unknown = this.channel.port1;
    const nodePort = port as Partial<Pick<MessagePort, 'on'>>;
    // Node's own listener gets the data itself: its first MessageEvent would load Node's
    // fetch library on the main thread (half a second on a loaded machine) while the first
    // search starts, and isready or stop would wait behind it.
    if (typeof nodePort.on === 'function') nodePort.on('message', receive);
    else {
      this.channel.port1.addEventListener('message', (event) => {
        receive((event as unknown as { data: SearchInfo | typeof DONE }).data);
      });
      this.channel.port1.start();
    }
  }

  /** The end the search thread writes to. */
  get port(): MessagePort {
    // Node's type for the port; the browser's global channel gives its own, of the same API.
    const port: unknown = this.channel.port2;
    return port as MessagePort;
  }

  /** The thread failed: no more messages will come. */
  end(): void {
    this.resolveFinished();
  }

  close(): void {
    this.channel.port1.close();
  }
}
