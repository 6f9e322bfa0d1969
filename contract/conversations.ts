// The conversation on an order item (decision 213): one thread per item between the buyer's
// company and the publisher, holding their messages and the item's own events (topic approved,
// content declined, edits requested, link published, …) in the order they happened, so it reads
// as the item's history. Contact details typed in a message are hidden from the other side
// (contact-masking.ts); the sender's side reads what was written.
import { z } from 'zod';

import { endpoint, multipart } from './endpoint.ts';
import { IdempotencyHeadersSchema, IdParamsSchema } from './endpoint-schemas.ts';
import { FileRefSchema } from './orders.ts';
import { NoQuerySchema } from './pagination.ts';
import { inObject } from './permissions.ts';
import { unreadMessagesEndpoint, UnreadMessagesSchema } from './unread-messages.ts';

export { type UnreadMessages, UnreadMessagesSchema } from './unread-messages.ts';

/** The kinds of contact detail hidden from the other side (contact-masking.ts finds them). */
export const CONTACT_KINDS = ['email', 'phone', 'handle'] as const;

/** A message's text, trimmed: 1 to this many characters. */
export const MESSAGE_MAX_LENGTH = 5000;

export const MESSAGE_EMPTY_MESSAGE = 'Write a message.';
export const MESSAGE_TOO_LONG_MESSAGE = `A message has at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-GB')} characters.`;

/** An open thread asks for what is new this often (decision 213: polling, within 10 s). */
export const THREAD_POLL_MS = 5000;

/** Who wrote an entry: a member of the item's company, the publisher, or the platform itself. */
export const THREAD_SIDES = ['buyer', 'publisher', 'platform'] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

/** The item's events a thread shows, besides its messages. */
export const THREAD_EVENTS = [
  'payment_received',
  'topic_confirmed',
  'topic_ready',
  'topic_approved',
  'topic_declined',
  'article_confirmed',
  'content_ready',
  'content_approved',
  'content_declined',
  'article_accepted',
  'article_declined',
  'sent_for_publication',
  'published',
  'edits_requested',
  'edits_withdrawn',
  'update_started',
  'republished',
  'cancelled',
  'link_issue_opened',
] as const;
export type ThreadEvent = (typeof THREAD_EVENTS)[number];

export const ThreadEntrySchema = z.object({
  id: z.uuid(),
  kind: z.enum(['message', 'event']),
  /** For an event: what happened. Null for a message. */
  event: z.enum(THREAD_EVENTS).nullable(),
  side: z.enum(THREAD_SIDES),
  /** A member's name, the publisher's site, or "Platform". */
  author_name: z.string(),
  /** Whether the reader wrote it. */
  is_own: z.boolean(),
  /**
   * The text as the reader may read it: a message (contact details of the other side hidden), an
   * event's detail (the feedback, the reason for edits, the live link), or empty.
   */
  text: z.string(),
  /** The kinds of contact detail hidden from the reader in this entry. */
  hidden_for_you: z.array(z.enum(CONTACT_KINDS)),
  /** For the buyer side's messages: the kinds the publisher does not see. */
  hidden_for_publisher: z.array(z.enum(CONTACT_KINDS)),
  /** A document sent with the message; downloaded like the item's other files. */
  attachment: FileRefSchema.nullable(),
  created_at: z.string(),
  /** For the buyer side's messages: when the publisher read it; null until then. */
  read_by_publisher_at: z.string().nullable(),
});
export type ThreadEntry = z.infer<typeof ThreadEntrySchema>;

export const ThreadSchema = z.object({
  item_id: z.uuid(),
  /** "100042-3". */
  item_number: z.string(),
  order_id: z.uuid(),
  site_hostname: z.string(),
  entries: z.array(ThreadEntrySchema),
  /** Messages the reader had not read when this was answered. */
  unread: z.number().int(),
  /** Whether the reader's role lets them write here (items.act; a Buyer on their own orders). */
  can_write: z.boolean(),
});
export type Thread = z.infer<typeof ThreadSchema>;

export const MessageBodySchema = z
  .object({
    text: z
      .string({ error: MESSAGE_EMPTY_MESSAGE })
      .trim()
      .min(1, MESSAGE_EMPTY_MESSAGE)
      .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE),
  })
  .strict();
export type MessageBody = z.infer<typeof MessageBodySchema>;

/**
 * POST …/messages/attachments: a message with a document (the feedback files' rules: .doc, .docx,
 * .txt or .pdf by content, at most 20 MB); the text may be left out. `file_name` names the file.
 */
export const MessageFormSchema = z
  .object({
    text: z.string().trim().max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE).optional(),
    file_name: z.string().trim().max(255).optional(),
  })
  .strict();

export const ATTACHMENT_MISSING_MESSAGE = 'Choose a document to send.';

export const ThreadReadBodySchema = z
  .object({
    /** The last entry the reader saw: it and everything before it count as read. */
    last_entry_id: z.uuid(),
  })
  .strict();

const messages = { access: 'buyer', tags: ['Messages'] } as const;

export const conversationEndpoints = {
  thread: endpoint({
    ...messages,
    method: 'GET',
    path: '/v1/buyer/orders/items/{id}/messages',
    permission: inObject('orders.read'),
    summary: 'The conversation on an order item: its messages and events, oldest first',
    description:
      'Another company’s item answers 404. Contact details the publisher typed are hidden (hidden_for_you names their kinds).',
    params: IdParamsSchema,
    query: NoQuerySchema,
    status: 200,
    response: ThreadSchema,
    errors: [400, 401, 403, 404],
  }),
  send: endpoint({
    ...messages,
    method: 'POST',
    path: '/v1/buyer/orders/items/{id}/messages',
    permission: inObject('items.act'),
    summary: 'Sends a message to the publisher of an order item',
    description:
      'Plain text, 1-5,000 characters. A repeat with the same Idempotency-Key answers the first answer and sends nothing again.',
    headers: IdempotencyHeadersSchema,
    params: IdParamsSchema,
    body: MessageBodySchema,
    status: 201,
    response: ThreadEntrySchema,
    errors: [400, 401, 403, 404, 422],
  }),
  sendWithFile: endpoint({
    ...messages,
    method: 'POST',
    path: '/v1/buyer/orders/items/{id}/messages/attachments',
    permission: inObject('items.act'),
    summary: 'Sends a document, with an optional message, to the publisher of an order item',
    description:
      'The document is checked by content (.doc, .docx, .txt or .pdf), at most 20 MB (413 beyond). A repeat with the same Idempotency-Key answers the first answer.',
    headers: IdempotencyHeadersSchema,
    params: IdParamsSchema,
    body: multipart(
      MessageFormSchema.extend({
        file: z.file().describe('The document (.doc, .docx, .txt or .pdf, checked by content)'),
      }),
    ),
    status: 201,
    response: ThreadEntrySchema,
    errors: [400, 401, 403, 404, 413, 415, 422],
  }),
  markRead: endpoint({
    ...messages,
    method: 'PUT',
    path: '/v1/buyer/orders/items/{id}/messages/reads',
    permission: inObject('orders.read'),
    summary: 'Marks the thread read for the caller up to an entry they saw',
    description: 'Marking an earlier entry than already read changes nothing.',
    params: IdParamsSchema,
    body: ThreadReadBodySchema,
    status: 200,
    response: UnreadMessagesSchema,
    errors: [400, 401, 403, 404],
  }),
  unread: unreadMessagesEndpoint,
};
