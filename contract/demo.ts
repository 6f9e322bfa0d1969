// The demo controls of a running demo server (decisions 041, 081, 145): `npm run demo:advance`,
// `npm run demo:company` and the link stories call them. Served only in a demo installation, to a
// caller with the X-Demo-Key header derived from the token secret; no Bearer token.
import { z } from 'zod';

import { REJECTION_REASON_MAX } from './companies.ts';
import { endpoint } from './endpoint.ts';
import { ITEM_EVENTS } from './item-life-cycle.ts';

export const DEMO_KEY_HEADER = 'x-demo-key';

/** Ways a demo breaks the link on a live article page. */
export const BROKEN_LINK_STATES = ['removed', 'nofollow', 'anchor_changed'] as const;
export type BrokenLinkState = (typeof BROKEN_LINK_STATES)[number];

const DemoKeyHeadersSchema = z.object({ [DEMO_KEY_HEADER]: z.string().optional() });
/** An order item or company request by its id or number. */
const ReferenceParamsSchema = z.object({ reference: z.string().min(1).max(64) });

export const AdvanceAnswerSchema = z.object({
  item: z.string(),
  event: z.enum(ITEM_EVENTS).nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const DemoDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(REJECTION_REASON_MAX).optional(),
});

export const DemoDecisionAnswerSchema = z.object({
  request: z.string(),
  status: z.enum(['approved', 'rejected']),
  company: z.object({ id: z.string(), title: z.string() }).nullable(),
});

const demo = { access: 'public', tags: ['Demo'], headers: DemoKeyHeadersSchema } as const;

export const demoEndpoints = {
  advance: endpoint({
    ...demo,
    method: 'POST',
    path: '/demo/order-items/{reference}/advance',
    summary: 'Moves an order item one publisher step (demo installations only)',
    description:
      'The natural next step, or the named publisher or system event. Requires the X-Demo-Key header that `npm run demo:advance` derives from the token secret.',
    params: ReferenceParamsSchema,
    body: z
      .object({ event: z.enum(ITEM_EVENTS).optional() })
      .strict()
      .optional(),
    status: 200,
    response: AdvanceAnswerSchema,
    errors: [400, 403, 404, 409],
  }),
  decideCompanyRequest: endpoint({
    ...demo,
    method: 'POST',
    path: '/demo/company-requests/{reference}/decision',
    summary: 'Approves or rejects a company request (demo installations only)',
    description:
      'Plays the marketplace staff. Requires the X-Demo-Key header that `npm run demo:company` derives from the token secret.',
    params: ReferenceParamsSchema,
    body: DemoDecisionBodySchema,
    status: 200,
    response: DemoDecisionAnswerSchema,
    errors: [400, 403, 404, 409],
  }),
  breakLink: endpoint({
    ...demo,
    method: 'POST',
    path: '/demo/order-items/{reference}/break-link',
    summary: 'Breaks the link on a live demo article page (demo installations only)',
    description:
      'Removes the link, adds nofollow or changes its anchor on the page the demo serves at the live link, and has the link checked at once. Requires the X-Demo-Key header.',
    params: ReferenceParamsSchema,
    body: z
      .object({ state: z.enum(BROKEN_LINK_STATES).optional() })
      .strict()
      .optional(),
    status: 200,
    response: z.object({ item: z.string(), state: z.enum(BROKEN_LINK_STATES) }),
    errors: [400, 403, 404, 409],
  }),
};
