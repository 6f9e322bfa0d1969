// The marketplace staff of a demo installation (decision 081). Staff decide company requests in
// another tool; in a demo a paced job approves each request once it has waited the demo pace
// (DEMO_ADVANCE_SECONDS, the demo publisher's), and `npm run demo:company -- <request>
// approve|reject [reason]` decides one at once. Never part of a production start.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REJECTION_REASON_MAX } from '#contract/companies.ts';
import { forbidden } from '#server/http/api-error.ts';
import { DEMO_KEY_HEADER, isDemoControlKey } from '#server/http/demo-control.ts';
import { errorResponses } from '#server/http/responses.ts';
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

export const DemoDecisionBodySchema = z.strictObject({
  decision: z.enum(['approve', 'reject']),
  reason: z.string().trim().max(REJECTION_REASON_MAX).optional(),
});

export const DemoDecisionAnswerSchema = z.object({
  request: z.string(),
  status: z.enum(['approved', 'rejected']),
  company: z.object({ id: z.string(), title: z.string() }).nullable(),
});

/** The demo control a running demo server offers `npm run demo:company`. */
export const demoCompanyRoutes: FastifyPluginAsyncZod<{
  companies: CompaniesService;
  jwtSecret: string;
}> = async (app, { companies, jwtSecret }) => {
  app.post(
    '/company-requests/:reference/decision',
    {
      schema: {
        tags: ['Demo'],
        summary: 'Approves or rejects a company request (demo installations only)',
        description:
          'Plays the marketplace staff. Requires the X-Demo-Key header that `npm run demo:company` derives from the token secret.',
        headers: z.object({ [DEMO_KEY_HEADER]: z.string().optional() }),
        params: z.object({ reference: z.string().min(1).max(64) }),
        body: DemoDecisionBodySchema,
        response: { 200: DemoDecisionAnswerSchema, ...errorResponses(400, 403, 404, 409) },
      },
    },
    async (request) => {
      if (!isDemoControlKey(jwtSecret, request.headers[DEMO_KEY_HEADER])) throw forbidden();
      const { decision, reason } = request.body;
      return companies.decide(
        request.params.reference,
        decision === 'approve' ? { decision } : { decision, reason },
      );
    },
  );
};
