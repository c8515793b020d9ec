/**
 * The page's way to an engine: send a message, receive messages. Today a WebSocket to the
 * `tama gui` server, which runs the engine process; anything else that speaks the same
 * messages (an engine in Web Workers, a test's fake) fits behind the same interface.
 */
import type { ClientMessage, ServerMessage } from '../messages.js';

/** What the page hears from a transport. */
export interface TransportReceiver {
  /** A message from the engine's side. */
  message(message: ServerMessage): void;
  /**
   * The transport ended; nothing more will come. `browserEngine` says whether the engine in
   * this browser can still start (false when its files came from the server now gone).
   */
  closed(reason: string, browserEngine?: boolean): void;
}

/** A connection to an engine speaking the page's messages (messages.ts). */
export interface EngineTransport {
  /** Sends a message (dropped while the connection is not open). */
  send(message: ClientMessage): void;
  /** Sets who receives the messages from now on. */
  listen(receiver: TransportReceiver): void;
}

/**
 * A transport whose engine can be replaced: the page starts with the server's and, when
 * that one is gone, goes on with the engine in this browser. The receiver stays the same.
 */
export class ReplaceableTransport implements EngineTransport {
  private receiver: TransportReceiver | undefined;

  constructor(private current: EngineTransport) {}

  send(message: ClientMessage): void {
    this.current.send(message);
  }

  listen(receiver: TransportReceiver): void {
    this.receiver = receiver;
    this.current.listen(receiver);
  }

  /** From now on messages go to `next`, and its messages to the same receiver. */
  replace(next: EngineTransport): void {
    const ignore: TransportReceiver = { message: () => {}, closed: () => {} };
    this.current.listen(ignore);
    this.current = next;
    if (this.receiver !== undefined) next.listen(this.receiver);
  }
}
