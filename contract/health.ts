// The API's health (operations): `/api/health`, the database's answer, as it has always been; and
// the probes of an orchestrator or balancer at the root, outside the API (decision 199): liveness
// (`/livez`, the process answers) and readiness (`/readyz`, this process should get traffic).
import { z } from 'zod';

import { endpoint } from './endpoint.ts';

export const HealthSchema = z.object({ status: z.literal('ok') });

export const healthEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    tags: ['Operations'],
    summary: 'Health of the API and its database',
    status: 200,
    response: HealthSchema,
    errors: [503],
  }),
};

/** The probes' addresses, at the root, where orchestrators look for them. */
export const PROBE_PATHS = { liveness: '/livez', readiness: '/readyz' } as const;

/** Which build answers: the package's version and the commit (APP_COMMIT, else "unknown"). */
const BuildFields = { version: z.string(), commit: z.string() };

export const LivenessSchema = z.object({ status: z.literal('ok'), ...BuildFields });

/** A readiness check's outcome: passed, failed, or no answer within the probe's time. */
export const CheckOutcomeSchema = z.enum(['ok', 'failed', 'timeout']);

export const ReadinessSchema = z.object({
  /** `ok` (200); `unavailable` when a check did not pass, `draining` after SIGTERM (503). */
  status: z.enum(['ok', 'unavailable', 'draining']),
  ...BuildFields,
  /** Each check by name; empty while draining, when none is run. */
  checks: z.record(z.string(), CheckOutcomeSchema),
});

export type Readiness = z.infer<typeof ReadinessSchema>;
