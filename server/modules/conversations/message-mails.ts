// The mail of the publisher's messages (decision 213): a recurring job finds the threads with
// publisher messages not mailed yet and mails them to the members who follow the order (the one
// who placed it and those who follow all of the company's orders, whose `publisher_messages`
// preference is on), at most once per thread per quarter of an hour, with the messages since the
// last mail that the member has not read in the app; one who read them all is not mailed. Each
// thread is mailed in its own transaction under a lock of its item, so two workers never mail it
// twice.
import { maskContacts } from '#contract/contact-masking.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { membersToNotify } from '#server/db/notification-recipients.ts';
import { every } from '#server/jobs/schedules.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import { publisherMessagesMail } from '#server/mail/messages.ts';

import {
  findEntries,
  findReadSeqs,
  findThreadItem,
  findThreadMail,
  findThreadsToMail,
  lockThreadItem,
  saveThreadMail,
} from './conversations.repository.ts';

export const MESSAGE_MAIL_JOB = 'message-mail';
/** A thread is mailed at most this often. */
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60_000;
/** The job looks for new messages this often: a first message is mailed within a minute. */
export const MESSAGE_MAIL_SCHEDULE = every(60_000);
/** Threads mailed per run at most. */
const BATCH = 100;

export function createMessageMailJob({
  db,
  now,
  mail,
  publicUrl,
}: {
  db: Database;
  now: Clock;
  mail: MailQueue;
  publicUrl: string;
}) {
  const threadLink = (orderId: string, itemId: string) =>
    `${publicUrl.replace(/\/$/, '')}/orders/${orderId}?messages=${itemId}`;

  const mailThread = (itemId: string, cutoff: Date) =>
    db.transaction(async (tx) => {
      await lockThreadItem(tx, itemId);
      const [item, mailed] = await Promise.all([
        findThreadItem(tx, itemId),
        findThreadMail(tx, itemId),
      ]);
      if (!item || (mailed && mailed.mailedAt > cutoff)) return;
      const news = (await findEntries(tx, itemId)).filter(
        (row) =>
          row.side === 'publisher' && row.kind === 'message' && row.seq > (mailed?.mailedSeq ?? 0),
      );
      const last = news.at(-1);
      if (!last) return;
      const members = await membersToNotify(tx, {
        companyId: item.companyId,
        permission: 'orders.read',
        preference: 'publisher_messages',
        placedByUserId: item.userId,
      });
      const reads = await findReadSeqs(
        tx,
        itemId,
        members.map((member) => member.userId),
      );
      for (const member of members) {
        // Only what this member has not read in the app yet; nothing when they read it all.
        const unread = news.filter((row) => row.seq > (reads.get(member.userId) ?? 0));
        if (unread.length === 0) continue;
        const messages = unread.map((row) => ({
          text: maskContacts(row.body).text,
          at: row.createdAt.toISOString().slice(0, 16).replace('T', ' '),
        }));
        await mail.send(
          publisherMessagesMail(member.email, item, messages, threadLink(item.orderId, itemId)),
          tx,
        );
      }
      await saveThreadMail(tx, { itemId, mailedSeq: last.seq, mailedAt: now() });
    });

  return async (): Promise<void> => {
    const cutoff = new Date(now().getTime() - MESSAGE_MAIL_INTERVAL_MS);
    for (const itemId of await findThreadsToMail(db, cutoff, BATCH)) {
      await mailThread(itemId, cutoff);
    }
  };
}
