/**
 * Favourite and blacklist marks, also offline (decision 176): without a connection the change
 * waits in the outbox (kind `catalogue.marks`) with its idempotency key, shows at once in the
 * catalogue, and is sent once the connection returns. Adding or removing a mark twice changes
 * nothing, and the server answers a repeat of the same key like the first send; the marks of one
 * site are sent in the order the buyer made them, so the last one counts.
 */
import type { Site } from '#contract/catalogue.ts';
import type { MarkScope } from '#contract/favorites.ts';
import type { BuyerPortalDatabase } from '#src/lib/db.ts';
import {
  defineOutboxKind,
  listOutbox,
  type OutboxEntry,
  RETRY_WHILE_IN_FLIGHT,
  sendOrKeep,
} from '#src/lib/outbox.ts';

import { markSites, type SiteMark } from './requests.ts';

export interface QueuedMark {
  mark: SiteMark;
  ids: string[];
  value: boolean;
  /** The buyer's own list or their company's (decision 207); absent in changes kept before. */
  scope?: MarkScope;
  /** The sites' names, so a waiting change can be described without the server. */
  hostnames: string[];
}

export const siteMarksOutbox = defineOutboxKind<QueuedMark, null>({
  name: 'catalogue.marks',
  send: async ({ mark, ids, value, scope }, idempotencyKey) => {
    await markSites(mark, ids, value, idempotencyKey, scope);
    return null;
  },
  refusal: RETRY_WHILE_IN_FLIGHT,
});

export type MarkResult = { status: 'sent' } | { status: 'queued' };

export async function saveMarks(change: QueuedMark): Promise<MarkResult> {
  const delivery = await sendOrKeep(siteMarksOutbox, {
    idempotencyKey: crypto.randomUUID(),
    keep: change,
  });
  return { status: delivery.status };
}

const FIELD = {
  personal: { favorites: 'is_marked_as_favorite', blacklists: 'is_in_blacklist' },
  company: { favorites: 'is_company_favorite', blacklists: 'is_in_company_blacklist' },
} as const satisfies Record<MarkScope, Record<SiteMark, keyof Site>>;

/**
 * The sites as the buyer left them: each waiting change applied in order on top. A site no
 * change names keeps its object, so its row is not drawn again.
 */
export function withWaitingMarks(
  sites: Site[],
  waiting: readonly Pick<QueuedMark, 'mark' | 'ids' | 'value' | 'scope'>[],
): Site[] {
  if (waiting.length === 0) return sites;
  return sites.map((site) => {
    let marked = site;
    for (const change of waiting) {
      const field = FIELD[change.scope ?? 'personal'][change.mark];
      if (change.ids.includes(site.id) && marked[field] !== change.value) {
        marked = { ...marked, [field]: change.value };
      }
    }
    return marked;
  });
}

/** Changes kept on this device that still wait to be sent, oldest first. */
export async function waitingMarks(db?: BuyerPortalDatabase): Promise<OutboxEntry<QueuedMark>[]> {
  return (await listOutbox(siteMarksOutbox, db)).filter((entry) => entry.refusal === null);
}

/** Changes the server refused, kept until the buyer dismisses them. `db`: given by a live read. */
export async function refusedMarks(db?: BuyerPortalDatabase): Promise<OutboxEntry<QueuedMark>[]> {
  return (await listOutbox(siteMarksOutbox, db)).filter((entry) => entry.refusal !== null);
}
