// The metrics' own listener (decision 201): GET /metrics in Prometheus' text format on
// METRICS_PORT, apart from the app's port, so that the balancer never exposes it to the internet
// and a busy app port (or its overload guard) never hides the numbers that explain it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given for 0). */
  readonly port: number;
  close(): Promise<void>;
}

export async function serveMetrics(
  registry: Registry,
  {
    host,
    port,
    log,
  }: { host: string; port: number; log?: (message: string, error?: unknown) => void },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        log?.('Collecting the metrics failed', error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('The metrics could not be collected\n');
      },
    );
  });
  // A scrape that never finishes must not hold a connection for ever.
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
