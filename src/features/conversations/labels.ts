/** The words of a conversation: its events' labels and the notes about hidden contact details. */
import type { CONTACT_KINDS, ThreadEvent } from '#contract/conversations.ts';

type ContactKind = (typeof CONTACT_KINDS)[number];

/** What each of the item's events is called in its thread. */
export const THREAD_EVENT_LABELS: Record<ThreadEvent, string> = {
  payment_received: 'Payment received',
  topic_confirmed: 'Topic confirmed',
  topic_ready: 'Topic ready for approval',
  topic_approved: 'Topic approved',
  topic_declined: 'Topic declined',
  article_confirmed: 'Article confirmed',
  content_ready: 'Content ready for review',
  content_approved: 'Content approved',
  content_declined: 'Content declined',
  article_accepted: 'Article accepted',
  article_declined: 'Article declined',
  sent_for_publication: 'Sent for publication',
  published: 'Link published',
  edits_requested: 'Edits requested',
  edits_withdrawn: 'Edits withdrawn',
  update_started: 'Update started',
  republished: 'Link republished',
  cancelled: 'Item cancelled',
  link_issue_opened: 'Link issue opened',
};

const SOME_KIND: Record<ContactKind, string> = {
  email: 'an e-mail address',
  phone: 'a phone number',
  handle: 'a messenger handle',
};

const THE_KIND: Record<ContactKind, string> = {
  email: 'the e-mail address',
  phone: 'the phone number',
  handle: 'the messenger handle',
};

/** "a, b and c". */
function listOf(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** Under a message whose contact details the reader does not see. */
export function hiddenForYouNote(kinds: readonly ContactKind[]): string {
  return `Contact details were hidden: ${listOf(kinds.map((kind) => SOME_KIND[kind]))}. Talk here so your order stays protected.`;
}

/** Under the reader's own message whose contact details the publisher does not see. */
export function hiddenForPublisherNote(kinds: readonly ContactKind[]): string {
  return `The publisher sees this without ${listOf(kinds.map((kind) => THE_KIND[kind]))} you typed; contact details stay on the platform.`;
}
