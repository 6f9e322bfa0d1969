// A proxy in front of an API that trusts none (TRUST_PROXY=false) makes every client look like
// the proxy: one client's failed sign-ins then refuse everyone's. The first request that carries
// X-Forwarded-For says so in the log, once per process (decision 197).
import type { FastifyInstance } from 'fastify';

import type { TrustProxy } from '../http/trust-proxy.ts';

export const UNTRUSTED_FORWARDING_WARNING =
  "A request came with X-Forwarded-For while TRUST_PROXY=false: behind a proxy every client has the proxy's address, so the per-address limits of sign-ins and mails count all clients together. Set TRUST_PROXY to the number of proxies in front (1 for one load balancer) or to their addresses; without a proxy, a client sent the header itself.";

export function warnOfUntrustedForwarding(app: FastifyInstance, trustProxy: TrustProxy): void {
  if (trustProxy !== false) return;
  let hasWarned = false;
  app.addHook('onRequest', async (request) => {
    if (hasWarned || request.headers['x-forwarded-for'] === undefined) return;
    hasWarned = true;
    request.log.warn({ address: request.ip }, UNTRUSTED_FORWARDING_WARNING);
  });
}
