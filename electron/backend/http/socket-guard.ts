import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Closes sockets whose request headers do not arrive in time. Node's own headersTimeout is set too, but it is
 * enforced by a periodic sweep that did not close slow-header sockets in every runtime we tried, so each socket also
 * gets its own timer: armed on connect and after each answer, cleared when a request's headers are complete.
 */
export function guardSlowHeaders(server: Server, headersTimeoutMs: number): void {
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket): void => {
    clearTimeout(timers.get(socket));
    const timer = setTimeout(() => socket.destroy(), headersTimeoutMs);
    timer.unref();
    timers.set(socket, timer);
  };
  server.on('connection', (socket: Socket) => {
    arm(socket);
    socket.once('close', () => clearTimeout(timers.get(socket)));
  });
  server.on('request', (request, response) => {
    const { socket } = request;
    clearTimeout(timers.get(socket));
    // A kept-alive socket must send its next request's headers in time as well.
    response.once('finish', () => {
      if (!socket.destroyed) arm(socket);
    });
  });
}
