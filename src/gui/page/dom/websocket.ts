/** The page's transport over the `tama gui` server's WebSocket (see transport.ts). */
import type { ServerMessage } from '../../messages.js';
import type { EngineTransport, TransportReceiver } from '../transport.js';

/** The transport over the server's WebSocket at `url`. */
export function webSocketTransport(url: string): EngineTransport {
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
  socket.addEventListener('close', () =>
    receiver?.closed('disconnected from the server: reload the page'),
  );
  return {
    send(message) {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    },
    listen(next) {
      receiver = next;
    },
  };
}
