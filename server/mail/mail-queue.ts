// Outgoing mail goes through the job queue: a service stores the message as a `mail` job, in the
// transaction of the change that causes it where there is one, and a worker of its own hands it
// to the transport (mailer.ts). A slow or failing SMTP server therefore never slows or fails a
// request, a mail is never sent for a change that was rolled back, and a failed send is retried
// with growing delays; after the last attempt the job stays `failed`, with the error, in the log
// and in the table (decision 053). The text is stored sealed (mail-secrets.ts, decision 170): a
// job holds the address, the subject and `sealed_text`; once the mail is sent or given up the
// sealed text is removed, and sent mail is deleted after MAIL_KEPT_DAYS.
import { z } from 'zod';

import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createJobRunner, type JobHandler, type JobRunner } from '../jobs/job-runner.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { type MailPayloadKey, openMailText, sealMailText } from './mail-secrets.ts';
import type { Mailer, MailMessage } from './mailer.ts';

export const MAIL_JOB = 'mail';

/** Sends tried per mail: the first and seven retries, about two hours in all. */
export const MAIL_MAX_ATTEMPTS = 8;

/** The wait after the `attempt`-th failed send: 1, 2, 4, … minutes, at most an hour. */
export function mailRetryDelayMs(attempt: number): number {
  return Math.min(2 ** (attempt - 1), 60) * 60_000;
}

/** Days a sent mail's job (address and subject only) is kept before it is deleted. */
export const MAIL_KEPT_DAYS = 7;

/** What a mail job keeps once it is sent or given up: the text is gone. */
export const MAIL_SECRET_KEYS = ['sealed_text', 'text'] as const;

export interface MailQueue {
  /** Queues the message; with `tx`, in that transaction, so it is sent only if it commits. */
  send(message: MailMessage, tx?: Database): Promise<void>;
}

// `text` in clear: a mail queued before texts were sealed (without a one-time link, decision 170).
const MailPayloadSchema = z.union([
  z.object({ to: z.string(), subject: z.string(), sealed_text: z.string() }),
  z.object({ to: z.string(), subject: z.string(), text: z.string() }),
]);
const MailHeadingSchema = z.object({ to: z.string(), subject: z.string() });

export function createMailJob(
  transport: Mailer,
  key: MailPayloadKey,
  log: (message: string, error?: unknown) => void,
  metrics?: Pick<Metrics, 'mailFailed'>,
): JobHandler {
  const send = async (payload: Record<string, unknown>) => {
    const mail = MailPayloadSchema.parse(payload);
    const text = 'sealed_text' in mail ? openMailText(key, mail.sealed_text, mail.to) : mail.text;
    try {
      await transport.send({ to: mail.to, subject: mail.subject, text });
    } catch (error) {
      metrics?.mailFailed('send_failed');
      throw error;
    }
  };
  return Object.assign(send, {
    abandon: async (payload: Record<string, unknown>, error: string) => {
      metrics?.mailFailed('given_up');
      // The text is left out of the log: it may hold a sign-in link.
      const { to, subject } = MailHeadingSchema.parse(payload);
      log(
        `The mail "${subject}" to ${to} was not sent after ${MAIL_MAX_ATTEMPTS} attempts: ${error}`,
      );
    },
  });
}

/** The queue services send to, and the worker that empties it (started with the app's jobs). */
export function createMailQueue(options: {
  db: Database;
  now: Clock;
  transport: Mailer;
  /** Seals the texts at rest: mailPayloadKey(the JWT secret). */
  payloadKey: MailPayloadKey;
  log: (message: string, error?: unknown) => void;
  pollIntervalMs?: number;
  metrics?: Pick<Metrics, 'mailFailed' | 'jobFailed'>;
}): { queue: MailQueue; worker: JobRunner } {
  const worker = createJobRunner({
    db: options.db,
    now: options.now,
    handlers: {
      [MAIL_JOB]: createMailJob(
        options.transport,
        options.payloadKey,
        options.log,
        options.metrics,
      ),
    },
    kinds: { only: [MAIL_JOB] },
    secretPayloadKeys: MAIL_SECRET_KEYS,
    pruneCompletedAfterMs: MAIL_KEPT_DAYS * 24 * 60 * 60 * 1000,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    retryDelayMs: mailRetryDelayMs,
    pollIntervalMs: options.pollIntervalMs,
    log: options.log,
    onFailure: options.metrics?.jobFailed,
  });
  return {
    queue: {
      send: async (message, tx) => {
        const payload = {
          to: message.to,
          subject: message.subject,
          sealed_text: sealMailText(options.payloadKey, message.text, message.to),
        };
        await worker.enqueue(MAIL_JOB, payload, tx);
      },
    },
    worker,
  };
}
