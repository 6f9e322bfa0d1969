// `npm run demo:company -- <request number or id> approve|reject [reason]`: plays the marketplace
// staff on one company request and prints the decision. Demo installations only (decision 081).
// With the embedded database held by a running server, the decision is asked of that server
// through its demo control route.
import { demoEndpoints } from '#contract/demo.ts';
import { endpointPath } from '#contract/endpoint.ts';
import { DataDirInUseError } from '#server/db/data-dir-lock.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { loadEnv } from '#server/env.ts';
import { ApiError } from '#server/http/api-error.ts';
import {
  assertPortalDataExists,
  DEMO_KEY_HEADER,
  demoControlKey,
  sendDemoControl,
} from '#server/http/demo-control.ts';
import { resolveJwtSecret } from '#server/jwt-secret.ts';
import { systemClock } from '#server/clock.ts';
import {
  createCompaniesService,
  type CompanyDecision,
  type DecisionResult,
} from './companies.service.ts';

const USAGE = 'Usage: npm run demo:company -- <request number or id> approve|reject [reason]';

function describe(result: DecisionResult): string {
  return result.status === 'approved'
    ? `${result.request}: approved (company ${result.company?.title ?? ''})`
    : `${result.request}: rejected`;
}

async function decideLocally(
  env: ReturnType<typeof loadEnv>,
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

async function decideOnServer(
  env: ReturnType<typeof loadEnv>,
  reference: string,
  decision: CompanyDecision,
): Promise<DecisionResult> {
  const url = new URL(
    `/api${endpointPath(demoEndpoints.decideCompanyRequest.path, { reference })}`,
    env.publicUrl,
  );
  const response = await sendDemoControl(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [DEMO_KEY_HEADER]: demoControlKey(resolveJwtSecret(env)),
    },
    body: JSON.stringify(decision),
  });
  const body = (await response.json()) as { message?: string } & Partial<DecisionResult>;
  if (!response.ok) throw new Error(body.message ?? `The server answered ${response.status}`);
  return body as DecisionResult;
}

try {
  const env = loadEnv();
  if (env.nodeEnv === 'production' || !env.demoData) {
    throw new Error(
      'demo:company only runs in a demo installation (DEMO_DATA), never in production.',
    );
  }
  const [reference, verb, ...reasonWords] = process.argv.slice(2);
  if (!reference || (verb !== 'approve' && verb !== 'reject')) throw new Error(USAGE);
  const reason = reasonWords.join(' ').trim();
  const decision: CompanyDecision =
    verb === 'approve'
      ? { decision: 'approve' }
      : { decision: 'reject', ...(reason ? { reason } : {}) };
  assertPortalDataExists(env, 'demo:company');
  let result: DecisionResult;
  try {
    result = await decideLocally(env, reference, decision);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.log(`The database is in use by the running server; asking it at ${env.publicUrl}.`);
    result = await decideOnServer(env, reference, decision);
  }
  console.log(describe(result));
} catch (error) {
  console.error(error instanceof ApiError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
