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
  /** The transport ended; nothing more will come. */
  closed(reason: string): void;
}

/** A connection to an engine speaking the page's messages (messages.ts). */
export interface EngineTransport {
  /** Sends a message (dropped while the connection is not open). */
  send(message: ClientMessage): void;
  /** Sets who receives the messages from now on. */
  listen(receiver: TransportReceiver): void;
}
