/** The page's transport over the `tama gui` server's WebSocket (see transport.ts). */
import type { ServerMessage } from '../../messages.js';
import type { EngineTransport, TransportReceiver } from '../transport.js';

/** What the page says when the server's connection ends. */
const SERVER_GONE = 'the server is gone (tama gui stopped, or the connection to it broke)';

/**
 * The transport over the server's WebSocket at `url`; `browserEngineKept` says, when the
 * connection ends, whether the engine in this browser can start without the server.
 */
export function webSocketTransport(url: string, browserEngineKept: () => boolean): EngineTransport {
  const socket = new WebSocket(url);
  let receiver: TransportReceiver | undefined;
  socket.addEventListener('message', (event) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(String(event.data)) as ServerMessage;
    } catch {
      receiver?.closed('the server sent a message that is not JSON');
      return;
    }
    receiver?.message(message);
  });
  socket.addEventListener('close', () => {
    const kept = browserEngineKept();
    receiver?.closed(kept ? SERVER_GONE : `${SERVER_GONE}: start it again and reload the page`, kept); // prettier-ignore
  });
  return {
    send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    listen(next) {
      receiver = next;
    },
  };
}
