// The marketplace staff of a demo installation (decision 081). Staff decide company requests in
// another tool; in a demo a paced job approves each request once it has waited the demo pace
// (DEMO_ADVANCE_SECONDS, the demo publisher's), and `npm run demo:company -- <request>
// approve|reject [reason]` decides one at once. Never part of a production start.
import type { FastifyInstance } from 'fastify';

import { demoEndpoints as endpoints } from '#contract/demo.ts';
import { forbidden } from '#server/http/api-error.ts';
import { DEMO_KEY_HEADER, isDemoControlKey } from '#server/http/demo-control.ts';
import { route } from '#server/http/endpoint-route.ts';
import type { JobRunner } from '#server/jobs/job-runner.ts';
import { withRecurringJob } from '#server/jobs/recurring.ts';

import type { CompaniesService } from './companies.service.ts';

export const DEMO_COMPANY_REVIEW_JOB = 'demo-company-review';

export function createDemoCompanyReviewJob(companies: CompaniesService, paceSeconds: number) {
  return async (): Promise<void> => {
    await companies.approveDue(paceSeconds);
  };
}

/** The job runner, also queueing a review pass while it runs; a pace of 0 queues nothing. */
export function withDemoCompanyReview(
  jobs: JobRunner,
  paceSeconds: number,
  log: (message: string, error?: unknown) => void = () => {},
): JobRunner {
  if (paceSeconds <= 0) return jobs;
  return withRecurringJob(jobs, {
    kind: DEMO_COMPANY_REVIEW_JOB,
    label: 'the demo company review',
    intervalMs: Math.max(1000, Math.round((paceSeconds * 1000) / 4)),
    log,
  });
}

export { DemoDecisionAnswerSchema, DemoDecisionBodySchema } from '#contract/demo.ts';

/** The demo control a running demo server offers `npm run demo:company`. */
export async function demoCompanyRoutes(
  app: FastifyInstance,
  { companies, jwtSecret }: { companies: CompaniesService; jwtSecret: string },
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
