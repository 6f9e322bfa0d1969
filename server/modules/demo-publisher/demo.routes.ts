// The demo control of a running demo server: `npm run demo:advance` calls it when the embedded
// database is held by the server. Registered only in a demo installation (decision 041), and
// guarded by a key derived from the token secret (demoControlKey).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '#server/http/api-error.ts';
import { DEMO_KEY_HEADER } from '#server/http/demo-control.ts';
import { errorResponses } from '#server/http/responses.ts';
import { ITEM_EVENTS } from '../order-items/order-items.service.ts';
import { isDemoControlKey, type DemoPublisher } from './demo-publisher.ts';

export { DEMO_KEY_HEADER };

export const AdvanceAnswerSchema = z.object({
  item: z.string(),
  event: z.enum(ITEM_EVENTS).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const demoRoutes: FastifyPluginAsyncZod<{
  publisher: DemoPublisher;
  jwtSecret: string;
}> = async (app, { publisher, jwtSecret }) => {
  app.post(
    '/order-items/:reference/advance',
    {
      schema: {
        tags: ['Demo'],
        summary: 'Moves an order item one publisher step (demo installations only)',
        description:
          'The natural next step, or the named publisher or system event. Requires the X-Demo-Key header that `npm run demo:advance` derives from the token secret.',
        headers: z.object({ [DEMO_KEY_HEADER]: z.string().optional() }),
        params: z.object({ reference: z.string().min(1).max(64) }),
        body: z
          .object({ event: z.enum(ITEM_EVENTS).optional() })
          .strict()
          .optional(),
        response: { 200: AdvanceAnswerSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isDemoControlKey(jwtSecret, request.headers[DEMO_KEY_HEADER])) throw forbidden();
      const result = await publisher.advance(request.params.reference, request.body?.event);
      return result ?? { item: request.params.reference, event: null, from: null, to: null };
    },
  );
};
