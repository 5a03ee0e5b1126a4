import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closing the app lets requests in flight finish, then ends: Fastify closes kept-alive connections
 * between requests, but Node's closeIdleConnections leaves a connection that has never sent a request
 * (a browser's or HTTP client's spare connection, opened ahead of need), which would hold the close open
 * until the process is killed. Here every connection without a request in flight is closed when closing
 * begins, and each of the others as soon as its last answer is done.
 */
export function closeIdleConnectionsOnClose(app: FastifyInstance): { connections: () => number } {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  const { server } = app;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    response.once('close', () => {
      // A connection that closed mid-request is gone from the map already (its 'close' comes first): leave it so.
      if (!inFlight.has(socket)) return;
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (closing && left === 0) socket.destroySoon();
    });
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
    done();
  });
  return { connections: () => inFlight.size };
}
