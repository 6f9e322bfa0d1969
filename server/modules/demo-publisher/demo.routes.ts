// The demo control of a running demo server: `npm run demo:advance` calls it when the embedded
// database is held by the server. Registered only in a demo installation (decision 041), and
// guarded by a key derived from the token secret (demoControlKey).
import type { FastifyInstance } from 'fastify';

import { demoEndpoints as endpoints } from '#contract/demo.ts';
import { forbidden } from '#server/http/api-error.ts';
import { DEMO_KEY_HEADER, isDemoControlKey } from '#server/http/demo-control.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { Secrets } from '#server/signing-keys.ts';

import type { DemoPublisher } from './demo-publisher.ts';

export async function demoRoutes(
  app: FastifyInstance,
  { publisher, jwtSecret }: { publisher: DemoPublisher; jwtSecret: Secrets },
): Promise<void> {
  route(app, endpoints.advance, async (request) => {
    if (!isDemoControlKey(jwtSecret, request.headers[DEMO_KEY_HEADER])) throw forbidden();
    const result = await publisher.advance(request.params.reference, request.body?.event);
    return result ?? { item: request.params.reference, event: null, from: null, to: null };
  });
}
