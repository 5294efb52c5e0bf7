import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Connections on which the client has not sent a byte. Shutdown cuts them: nothing is in flight
 * there, and the server would otherwise wait out the headers timeout for a request that never
 * comes (a client that gives up a session's standing stream may leave such a connection open).
 */
export function unsentConnections(server: Server): { cut(): void } {
  const open = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  return {
    cut: () => {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    },
  };
}
