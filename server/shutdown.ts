// Stopping the server process within a time limit (decision 125). On SIGTERM/SIGINT:
// 1. no new connection is accepted; the job, mail and link workers stop taking jobs;
// 2. requests the server has read in full are answered, with `Connection: close`, also those that
//    arrive on an idle keep-alive connection during a short grace, so a request a client sent
//    just before it could see the connection close is answered rather than reset;
// 3. after the grace, connections that carry no request, or only part of one (a client that sent
//    half a request), are cut; answers still being worked on get until shortly before the limit,
//    then every connection is cut;
// 4. the database is closed (which removes the data directory lock) and the process exits.
// Whatever hangs, the process exits when the limit is reached; the data directory lock is
// removed on exit (data-dir-lock.ts).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

import type { FastifyInstance } from 'fastify';

/** How long idle keep-alive connections stay open after the signal, for requests on their way. */
export const IDLE_GRACE_MS = 1000;
/** Time kept back before the limit to close the database once every connection is cut. */
const CLOSING_MARGIN_MS = 1000;

export interface ConnectionTracker {
  /** From now on every answer closes its connection, also those already being worked on. */
  closeAfterAnswers(): void;
  /** Cuts every connection whose request the server has not read in full, or that has none. */
  cutUnread(): number;
}

interface Exchange {
  request: IncomingMessage;
  response: ServerResponse;
}

/**
 * Follows the connections of `server` and the request each carries. Node's `server.close()`
 * closes idle keep-alive connections at once, even one whose next request is already on the
 * wire; while the tracker is installed, `close()` leaves them to `cutUnread()`.
 */
export function trackConnections(server: Server): ConnectionTracker {
  const connections = new Map<Socket, Exchange | null>();
  let closing = false;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, null);
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const exchange = { request, response };
    connections.set(socket, exchange);
    if (closing) response.shouldKeepAlive = false;
    const done = () => {
      if (connections.get(socket) === exchange) connections.set(socket, null);
    };
    // An answer cut short closes its socket, which ends the entry.
    response.once('finish', done);
  });
  server.closeIdleConnections = () => {};
  return {
    closeAfterAnswers: () => {
      closing = true;
      for (const [socket, exchange] of connections) {
        if (!exchange) continue;
        if (exchange.response.headersSent) {
          exchange.response.once('finish', () => socket.end());
        } else {
          exchange.response.shouldKeepAlive = false;
        }
      }
    },
    cutUnread: () => {
      let cut = 0;
      for (const [socket, exchange] of connections) {
        if (exchange && exchange.request.complete) continue;
        socket.destroy();
        cut += 1;
      }
      return cut;
    },
  };
}

export interface StopOptions {
  app: FastifyInstance;
  connections: ConnectionTracker;
  /** Closes the database; the last step before exiting. */
  closeDatabase: () => Promise<void>;
  timeoutMs: number;
  idleGraceMs?: number;
  exit?: (code: number) => void;
}

/** Stops serving, finishes or cuts what is running, closes the database and exits. */
export async function stopServer(options: StopOptions): Promise<void> {
  const { app, connections, closeDatabase, timeoutMs } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const idleGraceMs = Math.min(options.idleGraceMs ?? IDLE_GRACE_MS, timeoutMs / 2);
  const timers: NodeJS.Timeout[] = [];
  const after = (ms: number, work: () => void) => timers.push(setTimeout(work, ms));
  after(timeoutMs, () => {
    app.log.error(`Shutdown did not finish within ${timeoutMs} ms; exiting now`);
    exit(1);
  });
  after(idleGraceMs, () => {
    const cut = connections.cutUnread();
    if (cut > 0) app.log.info(`Closed ${cut} idle or unfinished connection(s)`);
  });
  after(Math.max(idleGraceMs, timeoutMs - CLOSING_MARGIN_MS), () => {
    app.log.warn('Cutting the connections of answers still running');
    app.server.closeAllConnections();
  });
  connections.closeAfterAnswers();
  let code = 0;
  try {
    // The workers stop at once rather than after the last connection: a running job is awaited.
    await Promise.all([app.background.stop(), app.close()]);
    await closeDatabase();
  } catch (error) {
    app.log.error({ err: error }, 'Shutdown failed');
    code = 1;
  }
  for (const timer of timers) clearTimeout(timer);
  exit(code);
}
