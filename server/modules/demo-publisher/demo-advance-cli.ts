// `npm run demo:advance -- <item id or number> [event]`: moves one order item one publisher step
// (the natural next one, or the named publisher or system event such as payment_received) and
// prints what it did. Demo installations only (decision 041). With the embedded database held by
// a running server, the step is asked of that server through its demo control route.
import path from 'node:path';
import { demoEndpoints } from '#contract/demo.ts';
import { endpointPath } from '#contract/endpoint.ts';
import { DataDirInUseError } from '#server/db/data-dir-lock.ts';
import { openDatabase } from '#server/db/open-database.ts';
import { loadEnv } from '#server/env.ts';
import { ApiError } from '#server/http/api-error.ts';
import { resolveJwtSecret } from '#server/jwt-secret.ts';
import { createMailQueue } from '#server/mail/mail-queue.ts';
import { mailPayloadKey } from '#server/mail/mail-secrets.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { systemClock } from '#server/clock.ts';
import { assertPortalDataExists, sendDemoControl } from '#server/http/demo-control.ts';
import {
  createDemoPublisher,
  demoControlKey,
  PUBLISHER_EVENTS,
  type AdvanceResult,
} from './demo-publisher.ts';
import { DEMO_KEY_HEADER } from './demo.routes.ts';
import { createDocumentWriter } from '../files/files.service.ts';
import { createLinkMonitor, monitorPace } from '../link-monitoring/link-monitoring.service.ts';
import {
  createLifeCycleService,
  createOrderNotifier,
  type ItemEvent,
} from '../order-items/order-items.service.ts';

const USAGE = `Usage: npm run demo:advance -- <order item id or number> [event]
Events: ${PUBLISHER_EVENTS.join(', ')}`;

function describe(reference: string, result: AdvanceResult | null): string {
  if (!result) {
    return `${reference}: no publisher step is due (it waits for the buyer, or it is finished).`;
  }
  return `${result.item}: ${result.event} (${result.from} → ${result.to})`;
}

async function advanceLocally(
  env: ReturnType<typeof loadEnv>,
  reference: string,
  event: ItemEvent | undefined,
): Promise<AdvanceResult | null> {
  const handle = await openDatabase(env);
  try {
    await handle.withExclusiveLock(() => handle.migrate());
    // The mails of the step are queued with it and sent here at once; a failed send stays in the
    // queue for the server's mail worker.
    const mail = createMailQueue({
      db: handle.db,
      now: systemClock,
      transport: createMailer({
        smtpUrl: env.smtpUrl,
        from: env.mailFrom,
        mailDir: path.join(env.dataDir, 'mail'),
        log: (line) => console.log(line),
      }),
      // The server's key, so that a mail left in the queue is sent by its worker.
      payloadKey: mailPayloadKey(resolveJwtSecret(env)),
      log: (line, error) => console.error(line, error ?? ''),
    });
    const notifier = createOrderNotifier({ mail: mail.queue, publicUrl: env.publicUrl });
    const documents = createDocumentWriter({ dataDir: env.dataDir, seller: env.documentSeller });
    // Monitoring starts, pauses and resumes with the step as on the server (decision 143); this
    // command checks no link itself.
    const monitor = createLinkMonitor({
      db: handle.db,
      now: systemClock,
      checker: {
        check: () => Promise.reject(new Error('demo:advance checks no links')),
      },
      pace: monitorPace(env.linkMonitoring),
      concurrency: 1,
      guaranteeMonths: env.linkMonitoring.guaranteeMonths,
      mail: mail.queue,
      publicUrl: env.publicUrl,
      repairsDemoPages: true,
    });
    const lifeCycle = createLifeCycleService({
      db: handle.db,
      now: systemClock,
      notifier,
      documents,
      onItemsChanged: env.linkMonitoring.isEnabled ? monitor.itemsChanged : undefined,
    });
    const publisher = createDemoPublisher({ db: handle.db, now: systemClock, lifeCycle });
    const result = await publisher.advance(reference, event);
    while (await mail.worker.runNext());
    return result;
  } finally {
    await handle.close();
  }
}

async function advanceOnServer(
  env: ReturnType<typeof loadEnv>,
  reference: string,
  event: ItemEvent | undefined,
): Promise<AdvanceResult | null> {
  const url = new URL(
    `/api${endpointPath(demoEndpoints.advance.path, { reference })}`,
    env.publicUrl,
  );
  const response = await sendDemoControl(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [DEMO_KEY_HEADER]: demoControlKey(resolveJwtSecret(env)),
    },
    body: JSON.stringify(event ? { event } : {}),
  });
  const body = (await response.json()) as { message?: string } & Partial<AdvanceResult>;
  if (!response.ok) throw new Error(body.message ?? `The server answered ${response.status}`);
  return body.event ? (body as AdvanceResult) : null;
}

try {
  const env = loadEnv();
  if (env.nodeEnv === 'production' || !env.demoData) {
    throw new Error(
      'demo:advance only runs in a demo installation (DEMO_DATA), never in production.',
    );
  }
  const [reference, eventName] = process.argv.slice(2);
  if (!reference) throw new Error(USAGE);
  if (eventName !== undefined && !(PUBLISHER_EVENTS as readonly string[]).includes(eventName)) {
    throw new Error(`Unknown publisher event "${eventName}".\n${USAGE}`);
  }
  const event = eventName as ItemEvent | undefined;
  assertPortalDataExists(env, 'demo:advance');
  let result: AdvanceResult | null;
  try {
    result = await advanceLocally(env, reference, event);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.log(`The database is in use by the running server; asking it at ${env.publicUrl}.`);
    result = await advanceOnServer(env, reference, event);
  }
  console.log(describe(reference, result));
} catch (error) {
  console.error(error instanceof ApiError || error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
