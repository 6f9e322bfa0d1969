/**
 * Saving the content guidelines, also offline (decision 087): without a connection the whole form
 * waits in the outbox (kind `content-guidelines.save`) with its idempotency key and is sent once
 * the connection returns. Only the latest save matters, so a new one replaces the saves still
 * waiting. A save the server refuses stays with the reason until the buyer dismisses it.
 */
import type { ContentGuidelines, ContentGuidelinesInput } from '#contract/content-guidelines.ts';
import {
  defineOutboxKind,
  dismissOutboxEntry,
  listOutbox,
  type OutboxEntry,
  RETRY_WHILE_IN_FLIGHT,
  sendOrKeep,
} from '#src/lib/outbox.ts';

import { saveContentGuidelines } from './requests.ts';

export const guidelinesSaveOutbox = defineOutboxKind<ContentGuidelinesInput, ContentGuidelines>({
  name: 'content-guidelines.save',
  send: (values, idempotencyKey) => saveContentGuidelines(values, idempotencyKey),
  refusal: RETRY_WHILE_IN_FLIGHT,
});

export type GuidelinesSaveResult =
  { status: 'sent'; guidelines: ContentGuidelines } | { status: 'queued' };

/** Sends the form now, or keeps it on this device in place of any save still kept there. */
export async function saveGuidelines(
  values: ContentGuidelinesInput,
): Promise<GuidelinesSaveResult> {
  for (const entry of await listOutbox(guidelinesSaveOutbox)) await dismissOutboxEntry(entry.id);
  const delivery = await sendOrKeep(guidelinesSaveOutbox, {
    idempotencyKey: crypto.randomUUID(),
    keep: values,
  });
  return delivery.status === 'sent'
    ? { status: 'sent', guidelines: delivery.answer }
    : { status: 'queued' };
}

/** The save kept on this device (waiting or refused), if any. */
export async function keptGuidelinesSave(): Promise<OutboxEntry<ContentGuidelinesInput> | null> {
  const entries = await listOutbox(guidelinesSaveOutbox);
  return entries.at(-1) ?? null;
}
