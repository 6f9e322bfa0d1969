// The marketplace staff of a demo installation (decision 081). Staff decide company requests in
// another tool; in a demo a paced job approves each request once it has waited the demo pace
// (DEMO_ADVANCE_SECONDS, the demo publisher's), and `npm run demo:company -- <request>
// approve|reject [reason]` decides one at once. Never part of a production start.
import type { FastifyInstance } from 'fastify';

import { demoEndpoints as endpoints } from '#contract/demo.ts';
import { forbidden } from '#server/http/api-error.ts';
import { DEMO_KEY_HEADER, isDemoControlKey } from '#server/http/demo-control.ts';
import { route } from '#server/http/endpoint-route.ts';
import { every, type ScheduleRule } from '#server/jobs/schedules.ts';
import type { Secrets } from '#server/signing-keys.ts';

import type { CompaniesService } from './companies.service.ts';

export const DEMO_COMPANY_REVIEW_JOB = 'demo-company-review';

export function createDemoCompanyReviewJob(companies: CompaniesService, paceSeconds: number) {
  return async (): Promise<void> => {
    await companies.approveDue(paceSeconds);
  };
}

/** A review pass at a quarter of the pace, aligned to the clock; a pace of 0 queues nothing. */
export function demoCompanyReviewSchedule(paceSeconds: number): ScheduleRule | null {
  if (paceSeconds <= 0) return null;
  return every(Math.max(1000, Math.round((paceSeconds * 1000) / 4)));
}

export { DemoDecisionAnswerSchema, DemoDecisionBodySchema } from '#contract/demo.ts';

/** The demo control a running demo server offers `npm run demo:company`. */
export async function demoCompanyRoutes(
  app: FastifyInstance,
  { companies, jwtSecret }: { companies: CompaniesService; jwtSecret: Secrets },
): Promise<void> {
  route(app, endpoints.decideCompanyRequest, async (request) => {
    if (!isDemoControlKey(jwtSecret, request.headers[DEMO_KEY_HEADER])) throw forbidden();
    const { decision, reason } = request.body;
    return companies.decide(
      request.params.reference,
      decision === 'approve' ? { decision } : { decision, reason },
    );
  });
}
