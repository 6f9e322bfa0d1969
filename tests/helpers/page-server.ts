// Real HTTP servers on 127.0.0.1 for the link checker's tests and benchmark: a handler per
// server, with what it saw (requests, the most at once, connections) kept for assertions.
import type { IncomingMessage, ServerResponse } from 'node:http';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
}

export interface PageServer {
  port: number;
  /** `http://127.0.0.1:<port><path>` */
  url(path?: string): string;
  requests: SeenRequest[];
  /** The most requests this server was answering at the same time. */
  maxConcurrent(): number;
  close(): Promise<void>;
}

export async function startPageServer(handler: PageHandler): Promise<PageServer> {
  const requests: SeenRequest[] = [];
  const sockets = new Set<Socket>();
  let active = 0;
  let peak = 0;
  const server = http.createServer((request, response) => {
    requests.push({ path: request.url ?? '', headers: request.headers });
    active += 1;
    peak = Math.max(peak, active);
    let isDone = false;
    const done = () => {
      if (isDone) return;
      isDone = true;
      active -= 1;
    };
    response.on('close', done);
    response.on('finish', done);
    handler(request, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    requests,
    maxConcurrent: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering each path from a table: a body (HTML, 200) or a function. */
export function pages(table: Record<string, string | PageHandler>): PageHandler {
  return (request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const page = table[path];
    if (typeof page === 'function') {
      page(request, response);
    } else if (typeof page === 'string') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(page);
    } else {
      response.writeHead(404, { 'Content-Type': 'text/html' });
      response.end('<h1>Not found</h1>');
    }
  };
}
