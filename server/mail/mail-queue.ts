// Outgoing mail goes through the job queue: a service stores the message as a `mail` job, in the
// transaction of the change that causes it where there is one, and a worker of its own hands it
// to the transport (mailer.ts). A slow or failing SMTP server therefore never slows or fails a
// request, a mail is never sent for a change that was rolled back, and a failed send is retried
// with growing delays; after the last attempt the job stays `failed`, with the error, in the log
// and in the table (decision 053).
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createJobRunner, type JobHandler, type JobRunner } from '../jobs/job-runner.ts';
import type { MailMessage, Mailer } from './mailer.ts';

export const MAIL_JOB = 'mail';

/** Sends tried per mail: the first and seven retries, about two hours in all. */
export const MAIL_MAX_ATTEMPTS = 8;

/** The wait after the `attempt`-th failed send: 1, 2, 4, … minutes, at most an hour. */
export function mailRetryDelayMs(attempt: number): number {
  return Math.min(2 ** (attempt - 1), 60) * 60_000;
}

export interface MailQueue {
  /** Queues the message; with `tx`, in that transaction, so it is sent only if it commits. */
  send(message: MailMessage, tx?: Database): Promise<void>;
}

const MailPayloadSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });

export function createMailJob(
  transport: Mailer,
  log: (message: string, error?: unknown) => void,
): JobHandler {
  const send = async (payload: Record<string, unknown>) => {
    await transport.send(MailPayloadSchema.parse(payload));
  };
  return Object.assign(send, {
    abandon: async (payload: Record<string, unknown>, error: string) => {
      // The text is left out of the log: it may hold a sign-in link.
      const { to, subject } = MailPayloadSchema.parse(payload);
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
  log: (message: string, error?: unknown) => void;
  pollIntervalMs?: number;
}): { queue: MailQueue; worker: JobRunner } {
  const worker = createJobRunner({
    db: options.db,
    now: options.now,
    handlers: { [MAIL_JOB]: createMailJob(options.transport, options.log) },
    kinds: { only: [MAIL_JOB] },
    maxAttempts: MAIL_MAX_ATTEMPTS,
    retryDelayMs: mailRetryDelayMs,
    pollIntervalMs: options.pollIntervalMs,
    log: options.log,
  });
  return {
    queue: {
      send: async (message, tx) => {
        await worker.enqueue(MAIL_JOB, { ...message }, tx);
      },
    },
    worker,
  };
}
