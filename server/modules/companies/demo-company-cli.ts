// `npm run demo:company -- <request number or id> approve|reject [reason]`: plays the marketplace
// staff on one company request and prints the decision. Demo installations only (decision 081).
// With the embedded database held by a running server, the decision is asked of that server
// through its demo control route.
import { demoEndpoints } from '#contract/demo.ts';
import { systemClock } from '#server/clock.ts';
import { openDatabase } from '#server/db/open-database.ts';
import type { Env } from '#server/env.ts';
import { postDemoControl, runDemoCommand } from '#server/http/demo-command.ts';

import {
  type CompanyDecision,
  createCompaniesService,
  type DecisionResult,
} from './companies.service.ts';

const USAGE = 'Usage: npm run demo:company -- <request number or id> approve|reject [reason]';

function describe(result: DecisionResult): string {
  return result.status === 'approved'
    ? `${result.request}: approved (company ${result.company?.title ?? ''})`
    : `${result.request}: rejected`;
}

async function decideLocally(
  env: Env,
  reference: string,
  decision: CompanyDecision,
): Promise<DecisionResult> {
  const handle = await openDatabase(env);
  try {
    await handle.withExclusiveLock(() => handle.migrate());
    return await createCompaniesService({ db: handle.db, now: systemClock }).decide(
      reference,
      decision,
    );
  } finally {
    await handle.close();
  }
}

await runDemoCommand('demo:company', (env, [reference, verb, ...reasonWords]) => {
  if (!reference || (verb !== 'approve' && verb !== 'reject')) throw new Error(USAGE);
  const reason = reasonWords.join(' ').trim();
  const decision: CompanyDecision =
    verb === 'approve'
      ? { decision: 'approve' }
      : { decision: 'reject', ...(reason ? { reason } : {}) };
  return {
    locally: () => decideLocally(env, reference, decision),
    onServer: () =>
      postDemoControl<DecisionResult>(
        env,
        demoEndpoints.decideCompanyRequest,
        { reference },
        decision,
      ),
    describe,
  };
});
