// The missing-details reminder (spec §3 "Notification preferences", decision 076): once a day, a
// buyer whose order items have waited on them for more than two days (a topic or article to
// supply, a topic or article to approve) gets one mail naming those items, while their
// preference is on. A row per buyer and day makes it once a day however often the job runs. It is
// queued daily at 09:00 UTC, within business hours across Europe (decision 195).
import { MISSING_DETAILS_WAIT_DAYS } from '#contract/notifications.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { dailyAtUtc } from '#server/jobs/schedules.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

import {
  claimReminder,
  findItemsWaitingOnBuyers,
  type WaitingItem,
} from './notifications.repository.ts';

export const MISSING_DETAILS_JOB = 'missing-details-reminders';
/** Daily at 09:00 UTC: 09:00 in London, 10:00 in Berlin (11:00 in summer). */
export const MISSING_DETAILS_SCHEDULE = dailyAtUtc(9);

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the buyer is asked for, in the mail's words. */
function awaited(item: WaitingItem): string {
  switch (item.status) {
    case 'topic_ready_for_approval':
      return 'a topic to approve';
    case 'content_ready_for_approval':
      return 'an article to approve';
    default:
      return item.isArticleProvidedByBuyer ? 'your article' : 'your topic';
  }
}

export function missingDetailsReminderMail(
  to: string,
  firstName: string,
  items: WaitingItem[],
  orderLink: (orderId: string) => string,
): MailMessage {
  return {
    to,
    subject:
      items.length === 1
        ? `An order item is waiting for you: ${items[0]!.number}`
        : `${items.length} order items are waiting for you`,
    text: [
      `Hello ${firstName},`,
      '',
      `These order items have been waiting for you for more than ${MISSING_DETAILS_WAIT_DAYS} days:`,
      '',
      ...items.map(
        (item) =>
          `- ${item.number} on ${item.siteHostname}: ${awaited(item)} (${orderLink(item.orderId)})`,
      ),
      '',
      'You can turn these reminders off in your profile.',
    ].join('\n'),
  };
}

/** Sends today's reminders that are due; answers how many buyers were reminded. */
export async function sendMissingDetailsReminders({
  db,
  mail,
  at,
  publicUrl,
}: {
  db: Database;
  mail: MailQueue;
  at: Date;
  publicUrl: string;
}): Promise<number> {
  const orderLink = (orderId: string) => `${publicUrl.replace(/\/$/, '')}/orders/${orderId}`;
  const waitingSince = new Date(at.getTime() - MISSING_DETAILS_WAIT_DAYS * DAY_MS);
  const byBuyer = new Map<string, WaitingItem[]>();
  for (const item of await findItemsWaitingOnBuyers(db, waitingSince)) {
    const list = byBuyer.get(item.userId) ?? [];
    list.push(item);
    byBuyer.set(item.userId, list);
  }
  const today = at.toISOString().slice(0, 10);
  let reminded = 0;
  for (const [userId, items] of byBuyer) {
    const first = items[0]!;
    await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, { userId, remindedOn: today, itemCount: items.length }))) {
        return;
      }
      await mail.send(
        missingDetailsReminderMail(first.email, first.firstName, items, orderLink),
        tx,
      );
      reminded += 1;
    });
  }
  return reminded;
}

export function createMissingDetailsJob(options: {
  db: Database;
  mail: MailQueue;
  now: Clock;
  publicUrl: string;
}) {
  return async (): Promise<void> => {
    await sendMissingDetailsReminders({ ...options, at: options.now() });
  };
}
