import { cartLineSync } from '#src/features/cart/api/cart-lines.ts';
import { guidelinesSaveSync } from '#src/features/content-guidelines/api/guidelines-writes.ts';
import { domainAddSync, domainDeleteSync } from '#src/features/domains/api/domain-writes.ts';
import { itemActionSync } from '#src/features/orders/hooks/use-item-actions.ts';
import { useOutboxSync } from '#src/hooks/use-outbox-sync.ts';

/**
 * Sends the cart lines, order actions, domain changes and guidelines saved offline, now and
 * whenever the connection returns. Loaded by `OfflineChanges` once something waits to be sent.
 */
export function OfflineChangesSync() {
  useOutboxSync(cartLineSync);
  useOutboxSync(itemActionSync);
  useOutboxSync(domainAddSync);
  useOutboxSync(domainDeleteSync);
  useOutboxSync(guidelinesSaveSync);
  return null;
}
