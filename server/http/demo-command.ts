// How a demo command (`npm run demo:advance`, `npm run demo:company`; decisions 041, 081) runs:
// on the database itself, or, while a running demo server holds the embedded database, through
// that server's control routes.
import { type Endpoint, endpointPath } from '#contract/endpoint.ts';
import { DataDirInUseError } from '#server/db/data-dir-lock.ts';
import { type Env, loadEnv } from '#server/env.ts';
import { resolveJwtSecrets } from '#server/jwt-secret.ts';

import {
  assertPortalDataExists,
  DEMO_KEY_HEADER,
  demoControlKey,
  sendDemoControl,
} from './demo-control.ts';

/**
 * Posts `body` as JSON to a control endpoint of the running demo server (contract/demo.ts) with
 * the control key, and gives back the answer's body; a refusal throws the server's message.
 */
export async function postDemoControl<T>(
  env: Env,
  control: Endpoint,
  params: Record<string, string>,
  body: unknown,
): Promise<T> {
  const url = new URL(`/api${endpointPath(control.path, params)}`, env.publicUrl);
  const response = await sendDemoControl(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [DEMO_KEY_HEADER]: demoControlKey(resolveJwtSecrets(env)),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}`);
  return answer as T;
}

/** What a demo command does, given the settings: read from its arguments before it runs. */
export interface DemoCommandPlan<TResult> {
  /** Acts on the database directly (it opens and closes it). */
  locally: () => Promise<TResult>;
  /** Asks the running server, when it holds the embedded database. */
  onServer: () => Promise<TResult>;
  /** The line printed once done. */
  describe: (result: TResult) => string;
}

/**
 * Runs a demo command (`npm run demo:…`, decisions 041, 081): only in a demo installation, never
 * in production; only on the portal's existing data. It acts on the database itself, or, while
 * a running server holds the embedded database, asks that server. A failure prints its message
 * and the command exits with 1.
 */
export async function runDemoCommand<TResult>(
  command: string,
  plan: (env: Env, args: string[]) => DemoCommandPlan<TResult>,
): Promise<void> {
  try {
    const env = loadEnv();
    if (env.nodeEnv === 'production' || !env.demoData) {
      throw new Error(
        `${command} only runs in a demo installation (DEMO_DATA), never in production.`,
      );
    }
    const steps = plan(env, process.argv.slice(2));
    assertPortalDataExists(env, command);
    let result: TResult;
    try {
      result = await steps.locally();
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      console.log(`The database is in use by the running server; asking it at ${env.publicUrl}.`);
      result = await steps.onServer();
    }
    console.log(steps.describe(result));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
