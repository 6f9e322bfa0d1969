// `npm run demo:advance -- <item id or number> [event]`: moves one order item one publisher step
// (the natural next one, or the named publisher or system event such as payment_received) and
// prints what it did. Demo installations only (decision 041). With the embedded database held by
// a running server, the step is asked of that server through its demo control route.
import path from 'node:path';

import { demoEndpoints } from '#contract/demo.ts';
import { systemClock } from '#server/clock.ts';
import { openDatabase } from '#server/db/open-database.ts';
import type { Env } from '#server/env.ts';
import { postDemoControl, runDemoCommand } from '#server/http/demo-command.ts';
import { createJobRunner } from '#server/jobs/job-runner.ts';
import { resolveJwtSecrets } from '#server/jwt-secret.ts';
import { createMailQueue } from '#server/mail/mail-queue.ts';
import { mailPayloadKey } from '#server/mail/mail-secrets.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { openFileStore } from '#server/storage/open-file-store.ts';

import { createConversationsService } from '../conversations/conversations.service.ts';
import {
  createDocumentQueue,
  createDocumentWriter,
  createRenderDocumentJob,
  RENDER_DOCUMENT_JOB,
} from '../files/files.service.ts';
import { createLinkMonitor, monitorPace } from '../link-monitoring/link-monitoring.service.ts';
import {
  createLifeCycleService,
  createOrderNotifier,
  type ItemEvent,
} from '../order-items/order-items.service.ts';
import { type AdvanceResult, createDemoPublisher, PUBLISHER_EVENTS } from './demo-publisher.ts';

const USAGE = `Usage: npm run demo:advance -- <order item id or number> [event]
Events: ${PUBLISHER_EVENTS.join(', ')}`;

function describe(reference: string, result: AdvanceResult | null): string {
  if (!result) {
    return `${reference}: no publisher step is due (it waits for the buyer, or it is finished).`;
  }
  return `${result.item}: ${result.event} (${result.from} → ${result.to})`;
}

async function advanceLocally(
  env: Env,
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
      payloadKey: mailPayloadKey(resolveJwtSecrets(env)),
      log: (line, error) => console.error(line, error ?? ''),
    });
    const notifier = createOrderNotifier({ mail: mail.queue, publicUrl: env.publicUrl });
    const files = await openFileStore(env);
    // A credit note of the step is printed here at once too, after the step has committed.
    const printer = createJobRunner({
      db: handle.db,
      now: systemClock,
      handlers: {
        [RENDER_DOCUMENT_JOB]: createRenderDocumentJob({
          db: handle.db,
          writer: createDocumentWriter({ files, seller: env.documentSeller }),
        }),
      },
      kinds: { only: [RENDER_DOCUMENT_JOB] },
      log: (line, error) => console.error(line, error ?? ''),
    });
    const documents = createDocumentQueue(printer.enqueue);
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
    const conversations = createConversationsService({ db: handle.db, now: systemClock });
    const lifeCycle = createLifeCycleService({
      db: handle.db,
      now: systemClock,
      notifier,
      documents,
      onItemsChanged: async (tx, changes) => {
        await conversations.itemsChanged(tx, changes);
        if (env.linkMonitoring.isEnabled) await monitor.itemsChanged(tx, changes);
      },
    });
    const publisher = createDemoPublisher({
      db: handle.db,
      now: systemClock,
      lifeCycle,
      conversations,
    });
    const result = await publisher.advance(reference, event);
    while (await printer.runNext());
    while (await mail.worker.runNext());
    return result;
  } finally {
    await handle.close();
  }
}

await runDemoCommand('demo:advance', (env, [reference, eventName]) => {
  if (!reference) throw new Error(USAGE);
  if (eventName !== undefined && !(PUBLISHER_EVENTS as readonly string[]).includes(eventName)) {
    throw new Error(`Unknown publisher event "${eventName}".\n${USAGE}`);
  }
  const event = eventName as ItemEvent | undefined;
  return {
    locally: () => advanceLocally(env, reference, event),
    onServer: async (): Promise<AdvanceResult | null> => {
      const answer = await postDemoControl<Partial<AdvanceResult>>(
        env,
        demoEndpoints.advance,
        { reference },
        event ? { event } : {},
      );
      return answer.event ? (answer as AdvanceResult) : null;
    },
    describe: (result: AdvanceResult | null) => describe(reference, result),
  };
});
