// The conversation on an order item (decision 213). Members of the item's company read it with
// orders.read and write with items.act (a Buyer on the orders they placed, as for every item
// action); another company's item is not found. Messages are stored as written; each reader gets
// the other side's contact details hidden (contract/contact-masking.ts). The item's events enter
// the thread from the life cycle's hook, in the transaction that changed the item.
import { maskContacts } from '#contract/contact-masking.ts';
import {
  ATTACHMENT_MISSING_MESSAGE,
  MessageFormSchema,
  type Thread,
  type ThreadEntry,
  type ThreadEvent,
  type UnreadMessages,
} from '#contract/conversations.ts';
import { ITEM_TRANSITIONS, type ItemEvent } from '#contract/item-life-cycle.ts';
import { ORDER_ITEM_NOT_FOUND_MESSAGE } from '#contract/order-items.ts';
import { roleCan } from '#contract/permissions.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { countUnread } from '#server/db/unread-messages.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import type { Caller } from '#server/http/member-access.ts';
import { parseOrThrow } from '#server/http/validation.ts';
import type { FileStore } from '#server/storage/file-store.ts';

import { type MultipartForm, storeFile } from '../files/files.service.ts';
import { type ItemStatusChange, requireItemAct } from '../order-items/order-items.service.ts';
import {
  type EntryRow,
  findEntries,
  findPublisherRead,
  findThreadItem,
  findThreadsAwaitingPublisher,
  findUserName,
  insertEntries,
  lockThreadItem,
  markPublisherRead,
  markRead,
  type NewEntry,
  type ThreadItem,
} from './conversations.repository.ts';

export const ENTRY_NOT_IN_THREAD_MESSAGE = 'The entry is not part of this conversation.';
const PLATFORM_NAME = 'Platform';

export interface ConversationsService {
  thread(caller: Caller, itemId: string): Promise<Thread>;
  send(caller: Caller, itemId: string, text: string): Promise<ThreadEntry>;
  /** Sends a document, with an optional text (the feedback files' rules, read by the route). */
  sendWithFile(caller: Caller, itemId: string, form: MultipartForm): Promise<ThreadEntry>;
  /** Marks the thread read up to an entry; answers the caller's unread total in `companyIds`. */
  markRead(
    caller: Caller,
    itemId: string,
    lastEntryId: string,
    companyIds: string[],
  ): Promise<UnreadMessages>;
  /** The caller's unread messages on the orders of `companyIds` (those they may read). */
  unread(caller: Caller, companyIds: string[]): Promise<UnreadMessages>;
  /** The life cycle's hook: each change becomes an event of its item's thread. */
  itemsChanged(tx: Database, changes: readonly ItemStatusChange[]): Promise<void>;
  /** The publisher's side: what it reads (the buyer's contact details hidden), marked read. */
  readAsPublisher(itemId: string): Promise<{ side: string; text: string; createdAt: Date }[]>;
  /** The publisher writes in the thread. */
  postAsPublisher(itemId: string, text: string): Promise<void>;
  /** Threads in which the buyer side wrote since the publisher last read them, oldest first. */
  awaitingPublisher(limit: number): Promise<string[]>;
  /**
   * The publisher reads what the buyer side wrote since its last read (their contact details
   * hidden) and answers it with `answer`'s text, once: a thread with nothing new is left alone.
   * Answers whether it answered.
   */
  answerAsPublisher(
    itemId: string,
    answer: (item: ThreadItem, news: string[]) => string,
  ): Promise<boolean>;
}

export function createConversationsService({
  db,
  now,
  files,
}: {
  db: Database;
  now: Clock;
  /** Where attached documents are stored; without it, only text is taken. */
  files?: FileStore;
}): ConversationsService {
  /**
   * The item once the caller may write in its thread (items.act; a Buyer on their own orders),
   * then the message; `attach` stores its document in the message's transaction. The writer has
   * read everything up to their own message.
   */
  const writableItem = async (caller: Caller, itemId: string) => {
    const item = await findThreadItem(db, itemId);
    if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    await requireItemAct(caller, item);
    return item;
  };
  const write = async (
    caller: Caller,
    item: ThreadItem,
    text: string,
    attach?: (tx: Database) => Promise<{ id: string; fileName: string }>,
  ) => {
    const itemId = item.id;
    const authorName = await findUserName(db, caller.userId);
    const row = await db.transaction(async (tx) => {
      const attached = attach ? await attach(tx) : null;
      const [inserted] = await insertEntries(
        tx,
        [
          {
            itemId,
            kind: 'message',
            event: null,
            side: 'buyer',
            authorUserId: caller.userId,
            authorName,
            body: text,
            attachmentFileId: attached?.id ?? null,
            createdAt: now(),
          },
        ],
        attached?.fileName ?? null,
      );
      await markRead(tx, { userId: caller.userId, itemId, readSeq: inserted!.seq, at: now() });
      return inserted!;
    });
    return toEntry(row, caller.userId, null);
  };

  /** The item once the caller may read its orders, with their role there; else 404. */
  const readableItem = async (caller: Caller, itemId: string) => {
    const item = await findThreadItem(db, itemId);
    if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
    try {
      const role = await caller.requireIn(item.companyId, 'orders.read');
      return { item, role };
    } catch (error) {
      throw error instanceof ApiError && error.statusCode === 404
        ? notFound(ORDER_ITEM_NOT_FOUND_MESSAGE)
        : error;
    }
  };

  const unreadTotal = async (userId: string, companyIds: string[]) => {
    const rows = await countUnread(db, userId, { companyIds });
    return { total: rows.reduce((sum, row) => sum + row.count, 0) };
  };

  return {
    thread: async (caller, itemId) => {
      const { item, role } = await readableItem(caller, itemId);
      const [entries, publisherRead, unread] = await Promise.all([
        findEntries(db, itemId),
        findPublisherRead(db, itemId),
        countUnread(db, caller.userId, { itemIds: [itemId] }),
      ]);
      return {
        item_id: item.id,
        item_number: item.number,
        order_id: item.orderId,
        site_hostname: item.siteHostname,
        entries: entries.map((row) => toEntry(row, caller.userId, publisherRead)),
        unread: unread[0]?.count ?? 0,
        can_write:
          roleCan(role, 'items.act') && (role !== 'buyer' || item.userId === caller.userId),
      };
    },

    send: async (caller, itemId, text) => write(caller, await writableItem(caller, itemId), text),

    sendWithFile: async (caller, itemId, form) => {
      // Who may write first: another company's item is not found, whatever the form holds.
      const item = await writableItem(caller, itemId);
      const fields = parseOrThrow(MessageFormSchema, form.fields);
      if (!form.file) {
        throw new ApiError(422, ATTACHMENT_MISSING_MESSAGE, {
          violations: [{ path: 'file', message: ATTACHMENT_MISSING_MESSAGE }],
        });
      }
      const file = form.file;
      const store = files;
      if (!store) throw new Error('The conversations were set up without a file store.');
      return write(caller, item, fields.text ?? '', (tx) =>
        storeFile(tx, store, {
          ownerUserId: caller.userId,
          fileName: file.fileName,
          mimeType: file.mimeType,
          bytes: file.bytes,
        }),
      );
    },

    markRead: async (caller, itemId, lastEntryId, companyIds) => {
      await readableItem(caller, itemId);
      const entry = (await findEntries(db, itemId)).find((row) => row.id === lastEntryId);
      if (!entry) throw new ApiError(422, ENTRY_NOT_IN_THREAD_MESSAGE);
      await markRead(db, { userId: caller.userId, itemId, readSeq: entry.seq, at: now() });
      return unreadTotal(caller.userId, companyIds);
    },

    unread: (caller, companyIds) => unreadTotal(caller.userId, companyIds),

    itemsChanged: async (tx, changes) => {
      const entries: NewEntry[] = [];
      const names = new Map<string, string>();
      for (const change of changes) {
        const event = threadEventOf(change);
        const item = await findThreadItem(tx, change.itemId);
        if (!item) continue;
        const side = change.userId ? 'buyer' : sideOfActor(change.event);
        let authorName = side === 'publisher' ? item.siteHostname : PLATFORM_NAME;
        if (change.userId) {
          authorName = names.get(change.userId) ?? (await findUserName(tx, change.userId));
          names.set(change.userId, authorName);
        } else if (side === 'buyer') {
          authorName = 'The buyer';
        }
        entries.push({
          itemId: change.itemId,
          kind: 'event',
          event,
          side,
          authorUserId: change.userId,
          authorName,
          body: eventText(change),
          createdAt: change.at,
        });
      }
      await insertEntries(tx, entries);
    },

    readAsPublisher: async (itemId) => {
      const entries = await findEntries(db, itemId);
      const last = entries.at(-1);
      if (last) await markPublisherRead(db, { itemId, readSeq: last.seq, at: now() });
      return entries.map((row) => ({
        side: row.side,
        text: row.side === 'buyer' ? maskContacts(row.body).text : row.body,
        createdAt: row.createdAt,
      }));
    },

    awaitingPublisher: (limit) => findThreadsAwaitingPublisher(db, limit),

    answerAsPublisher: (itemId, answer) =>
      db.transaction(async (tx) => {
        await lockThreadItem(tx, itemId);
        const item = await findThreadItem(tx, itemId);
        if (!item) return false;
        const read = await findPublisherRead(tx, itemId);
        const news = (await findEntries(tx, itemId)).filter(
          (row) => row.side === 'buyer' && row.kind === 'message' && row.seq > (read?.readSeq ?? 0),
        );
        const last = news.at(-1);
        if (!last) return false;
        const at = now();
        await markPublisherRead(tx, { itemId, readSeq: last.seq, at });
        const text = answer(
          item,
          news.map((row) => maskContacts(row.body).text),
        );
        await insertEntries(tx, [publisherMessage(item, text, at)]);
        return true;
      }),

    postAsPublisher: async (itemId, text) => {
      const item = await findThreadItem(db, itemId);
      if (!item) throw notFound(ORDER_ITEM_NOT_FOUND_MESSAGE);
      await insertEntries(db, [publisherMessage(item, text, now())]);
    },
  };
}

/** A live link's issue opened (decision 140): an event of its item's thread, in `tx`. */
export async function recordLinkIssueOpened(
  tx: Database,
  { itemId, detail, at }: { itemId: string; detail: string; at: Date },
): Promise<void> {
  await insertEntries(tx, [
    {
      itemId,
      kind: 'event',
      event: 'link_issue_opened',
      side: 'platform',
      authorUserId: null,
      authorName: PLATFORM_NAME,
      body: detail,
      createdAt: at,
    },
  ]);
}

function publisherMessage(item: ThreadItem, text: string, at: Date): NewEntry {
  return {
    itemId: item.id,
    kind: 'message',
    event: null,
    side: 'publisher',
    authorUserId: null,
    authorName: item.siteHostname,
    body: text,
    createdAt: at,
  };
}

/** An entry as `readerId`, a member of the item's company, reads it. */
function toEntry(
  row: EntryRow,
  readerId: string,
  publisherRead: { readSeq: number; readAt: Date } | null,
): ThreadEntry {
  const isBuyerSide = row.side === 'buyer';
  const masked = maskContacts(row.body);
  return {
    id: row.id,
    kind: row.kind === 'event' ? 'event' : 'message',
    event: (row.event as ThreadEvent | null) ?? null,
    side: row.side as ThreadEntry['side'],
    author_name: row.authorName,
    is_own: row.authorUserId === readerId,
    text: isBuyerSide ? row.body : masked.text,
    hidden_for_you: isBuyerSide ? [] : masked.hidden,
    hidden_for_publisher: isBuyerSide && row.kind === 'message' ? masked.hidden : [],
    attachment:
      row.attachmentFileId && row.attachmentName
        ? { id: row.attachmentFileId, file_name: row.attachmentName }
        : null,
    created_at: row.createdAt.toISOString(),
    read_by_publisher_at:
      isBuyerSide && row.kind === 'message' && publisherRead && row.seq <= publisherRead.readSeq
        ? publisherRead.readAt.toISOString()
        : null,
  };
}

function sideOfActor(event: ItemEvent): 'buyer' | 'publisher' | 'platform' {
  const actor = ITEM_TRANSITIONS[event].actor;
  return actor === 'system' ? 'platform' : actor;
}

const THREAD_EVENT_OF: Record<ItemEvent, ThreadEvent> = {
  payment_received: 'payment_received',
  confirm_topic: 'topic_confirmed',
  edit_topic: 'topic_confirmed',
  confirm_article: 'article_confirmed',
  edit_article: 'article_confirmed',
  accept_article: 'article_accepted',
  webmaster_feedback: 'article_declined',
  topic_ready: 'topic_ready',
  approve_topic: 'topic_approved',
  topic_feedback: 'topic_declined',
  content_ready: 'content_ready',
  approve_content: 'content_approved',
  content_feedback: 'content_declined',
  send_for_publication: 'sent_for_publication',
  publish: 'published',
  request_edits: 'edits_requested',
  start_update: 'update_started',
  republish: 'republished',
  cancel: 'cancelled',
};

function threadEventOf(change: ItemStatusChange): ThreadEvent {
  if (change.event === 'request_edits' && change.input.isRequestedEdits === false) {
    return 'edits_withdrawn';
  }
  return THREAD_EVENT_OF[change.event];
}

/** What an event carries that the thread shows: the topic, the feedback, a link, the reason. */
function eventText({ event, input }: ItemStatusChange): string {
  switch (event) {
    case 'confirm_topic':
    case 'edit_topic':
    case 'topic_ready':
      return input.topic ?? '';
    case 'confirm_article':
    case 'edit_article':
    case 'content_ready':
      return input.articleLink ?? '';
    case 'webmaster_feedback':
    case 'topic_feedback':
    case 'content_feedback':
      return input.feedback?.text ?? '';
    case 'publish':
    case 'republish':
      return input.liveLink ?? '';
    case 'request_edits':
      return input.reason ?? '';
    default:
      return '';
  }
}
