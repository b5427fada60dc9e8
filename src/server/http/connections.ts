// Connection limits of the embedded server, so idle or non-reading clients cannot keep others
// out: at most MAX_CONNECTIONS sockets and MAX_UNAUTHENTICATED_CONNECTIONS that have not yet
// made an authenticated request (past either cap, the oldest idle unauthenticated socket
// makes room, so a new client always gets in); a socket that sends no request within
// FIRST_REQUEST_TIMEOUT_MS is closed; an answer whose bytes the client stops taking for
// WRITE_TIMEOUT_MS is abandoned and its socket closed.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  FIRST_REQUEST_TIMEOUT_MS,
  MAX_CONNECTIONS,
  MAX_UNAUTHENTICATED_CONNECTIONS,
  WRITE_TIMEOUT_MS,
} from './limits.js';

interface Tracked {
  authenticated: boolean;
  /** Requests being answered on the socket. */
  busy: number;
  timer: NodeJS.Timeout | undefined;
}

export interface ConnectionLimits {
  maxConnections?: number;
  maxUnauthenticated?: number;
  firstRequestTimeoutMs?: number;
  writeTimeoutMs?: number;
}

/** Marks the socket of a request that authenticated (it no longer counts as unauthenticated). */
export const markAuthenticated = (req: IncomingMessage): void => {
  const mark = (req.socket as Socket & { tracktopAuthenticated?: () => void }).tracktopAuthenticated;
  mark?.();
};

export function limitConnections(server: Server, limits: ConnectionLimits = {}): void {
  const maxConnections = limits.maxConnections ?? MAX_CONNECTIONS;
  const maxUnauthenticated = limits.maxUnauthenticated ?? MAX_UNAUTHENTICATED_CONNECTIONS;
  const firstRequestMs = limits.firstRequestTimeoutMs ?? FIRST_REQUEST_TIMEOUT_MS;
  const writeMs = limits.writeTimeoutMs ?? WRITE_TIMEOUT_MS;
  // Insertion order is age: the first entries are the oldest sockets.
  const sockets = new Map<Socket, Tracked>();
  let unauthenticated = 0;

  /** Stops counting a socket (at once, not when its close event comes). */
  const forget = (socket: Socket, t: Tracked) => {
    if (!sockets.delete(socket)) return;
    clearTimeout(t.timer);
    if (!t.authenticated) unauthenticated--;
  };

  /** Closes the oldest idle unauthenticated socket; false when there is none. */
  const evictOne = (): boolean => {
    for (const [socket, t] of sockets)
      if (!t.authenticated && t.busy === 0) {
        forget(socket, t);
        socket.destroy();
        return true;
      }
    return false;
  };

  server.on('connection', (socket: Socket) => {
    while (unauthenticated >= maxUnauthenticated || sockets.size >= maxConnections) if (!evictOne()) break;
    if (sockets.size >= maxConnections) {
      socket.destroy();
      return;
    }
    const t: Tracked = { authenticated: false, busy: 0, timer: undefined };
    sockets.set(socket, t);
    unauthenticated++;
    t.timer = setTimeout(() => socket.destroy(), firstRequestMs);
    t.timer.unref();
    (socket as Socket & { tracktopAuthenticated?: () => void }).tracktopAuthenticated = () => {
      if (t.authenticated || !sockets.has(socket)) return;
      t.authenticated = true;
      unauthenticated--;
    };
    socket.once('close', () => forget(socket, t));
  });

  // Before the app's listener, so the timeout is set before any byte of the answer.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const t = sockets.get(req.socket);
    if (t === undefined) return;
    clearTimeout(t.timer);
    t.busy++;
    // While the answer is on its way, a socket that moves no byte for writeMs is given up;
    // once it is sent, the server's keep-alive timeout takes over the socket again.
    res.setTimeout(writeMs, () => req.socket.destroy());
    res.once('close', () => t.busy--);
  });
}
