// The key of a demo server's control routes (decisions 041, 081): `npm run demo:advance` and
// `npm run demo:company` send it to a running demo server whose PGlite database no other process
// may open. Derived from the signing secrets' demo-control key, so only who can read DATA_DIR knows it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { derivedKeys, type Secrets, signingKey } from '#server/signing-keys.ts';

export { DEMO_KEY_HEADER } from '#contract/demo.ts';

function keyOf(bytes: Uint8Array): string {
  return createHmac('sha256', bytes).update('demo-control').digest('base64url');
}

/** The control key made with the first secret's key. */
export function demoControlKey(secrets: Secrets): string {
  return keyOf(signingKey(secrets, 'demo control').bytes);
}

/** Whether `given` is the control key of any of the secrets. */
export function isDemoControlKey(secrets: Secrets, given: string | undefined): boolean {
  if (!given) return false;
  const actual = Buffer.from(given);
  return derivedKeys(secrets, 'demo control').some(({ bytes }) => {
    const expected = Buffer.from(keyOf(bytes));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
}

/** fetch's own message is only 'fetch failed'; the cause says what failed (ECONNREFUSED, …). */
function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return [(error as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(': ');
}

/**
 * Sends a control request to the running demo server. A connection that fails (a server busy
 * starting or under load) is tried four more times over 7.5 s; a failure names the address, since the usual cause
 * is a PUBLIC_URL that does not point at the running server.
 */
export async function sendDemoControl(url: URL, init: RequestInit): Promise<Response> {
  const delays = [500, 1000, 2000, 4000];
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) {
        throw new Error(
          `The demo server at ${url.origin} could not be reached (${reasonOf(error)}). ` +
            'Is it running, and does PUBLIC_URL (or PORT) point at it?',
          { cause: error },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * The demo commands act on the running portal's data, so they never create a database: without
 * DATABASE_URL, DATA_DIR must hold the portal's embedded database. Throws a message that says
 * which folder was looked at and how to name the right one.
 */
export function assertPortalDataExists(
  settings: { databaseUrl?: string; dataDir: string },
  command: string,
): void {
  if (settings.databaseUrl) return;
  if (existsSync(path.join(settings.dataDir, 'pglite'))) return;
  throw new Error(
    `No portal database in ${path.resolve(settings.dataDir)}. ${command} works on the data of ` +
      'a portal started with `npm start`: run it from the same folder with the same DATA_DIR ' +
      '(or DATABASE_URL) and PORT, e.g. `DATA_DIR=/srv/portal PORT=8081 npm run ' +
      `${command} -- …\`.`,
  );
}
