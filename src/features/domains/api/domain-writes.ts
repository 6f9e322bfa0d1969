/**
 * Adding and deleting a domain, also offline (decision 064): without a connection the write waits
 * in the outbox (kinds `domains.add` and `domains.delete`) with its idempotency key and is sent
 * once the connection returns. A write the server refuses stays with the reason until the buyer
 * dismisses it.
 */
import type { BuyerDomain } from '#contract/domains.ts';
import type { OutboxSync } from '#src/hooks/use-outbox-sync.ts';
import { isApiError } from '#src/lib/api-client.ts';
import type { BuyerPortalDatabase } from '#src/lib/db.ts';
import {
  defineOutboxKind,
  listOutbox,
  type OutboxEntry,
  RETRY_WHILE_IN_FLIGHT,
  sendOrKeep,
} from '#src/lib/outbox.ts';

import { domainQueries } from './queries.ts';
import { createBuyerDomain, deleteBuyerDomain } from './requests.ts';

export interface QueuedDomainAdd {
  /** The normalised hostname, as the list will show it. */
  hostname: string;
}

export interface QueuedDomainDelete {
  id: string;
  hostname: string;
}

export const domainAddOutbox = defineOutboxKind<QueuedDomainAdd, BuyerDomain | null>({
  name: 'domains.add',
  send: ({ hostname }, idempotencyKey) => createBuyerDomain({ hostname }, idempotencyKey),
  refusal: RETRY_WHILE_IN_FLIGHT,
});

export const domainDeleteOutbox = defineOutboxKind<QueuedDomainDelete, BuyerDomain | null>({
  name: 'domains.delete',
  send: async ({ id }, idempotencyKey) => {
    try {
      await deleteBuyerDomain(id, idempotencyKey);
    } catch (error) {
      // Already gone (deleted in another tab or device): what the buyer wanted is done.
      if (!isApiError(error, 404)) throw error;
    }
    return null;
  },
  refusal: RETRY_WHILE_IN_FLIGHT,
});

export type DomainWriteResult = { status: 'sent' } | { status: 'queued' };
/** A sent add carries the domain the server kept, so the caller can select it. */
export type DomainAddResult = { status: 'sent'; domain: BuyerDomain | null } | { status: 'queued' };

export async function addDomain(hostname: string): Promise<DomainAddResult> {
  const delivery = await sendOrKeep(domainAddOutbox, {
    idempotencyKey: crypto.randomUUID(),
    keep: { hostname },
  });
  return delivery.status === 'sent'
    ? { status: 'sent', domain: delivery.answer }
    : { status: 'queued' };
}

export async function removeDomain(domain: QueuedDomainDelete): Promise<DomainWriteResult> {
  const delivery = await sendOrKeep(domainDeleteOutbox, {
    idempotencyKey: crypto.randomUUID(),
    keep: { id: domain.id, hostname: domain.hostname },
  });
  return { status: delivery.status };
}

export type DomainDraft =
  | (OutboxEntry<QueuedDomainAdd> & { action: 'add' })
  | (OutboxEntry<QueuedDomainDelete> & { action: 'delete' });

/** Adds and deletes kept on this device, waiting or refused, oldest first. */
/** `db`: given by a live read. */
export async function listDomainDrafts(db?: BuyerPortalDatabase): Promise<DomainDraft[]> {
  const [adds, deletes] = await Promise.all([
    listOutbox(domainAddOutbox, db),
    listOutbox(domainDeleteOutbox, db),
  ]);
  return [
    ...adds.map((entry) => ({ ...entry, action: 'add' as const })),
    ...deletes.map((entry) => ({ ...entry, action: 'delete' as const })),
  ].sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
}

const refreshDomains: OutboxSync<unknown, unknown>['afterRound'] = async (round, queryClient) => {
  if (round.sent === 0) return;
  await queryClient.invalidateQueries({ queryKey: domainQueries.all() });
};

export const domainAddSync: OutboxSync<QueuedDomainAdd, BuyerDomain | null> = {
  kind: domainAddOutbox,
  afterRound: refreshDomains,
  sent: { title: 'Domains synced', description: 'The domains added offline are in your list.' },
  refused: {
    title: 'Some domains were not added',
    description: 'See the domains page for the reason.',
  },
};

export const domainDeleteSync: OutboxSync<QueuedDomainDelete, BuyerDomain | null> = {
  kind: domainDeleteOutbox,
  afterRound: refreshDomains,
  sent: { title: 'Domains synced', description: 'The domains deleted offline are gone now.' },
  refused: {
    title: 'Some domains were not deleted',
    description: 'See the domains page for the reason.',
  },
};
