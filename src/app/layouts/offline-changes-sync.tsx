import { cartLineSync } from '#src/features/cart/api/cart-lines.ts';
import { siteMarksSync } from '#src/features/catalogue/api/site-marks-sync.ts';
import { guidelinesSaveSync } from '#src/features/content-guidelines/api/guidelines-writes.ts';
import { messageSendSync } from '#src/features/conversations/api/mutations.ts';
import { domainAddSync, domainDeleteSync } from '#src/features/domains/api/domain-writes.ts';
import { itemActionSync } from '#src/features/orders/hooks/use-item-actions.ts';
import { useOutboxSync } from '#src/hooks/use-outbox-sync.ts';

/**
 * Sends the cart lines, favourite and blacklist marks, order actions, domain changes,
 * guidelines and messages saved offline, now and whenever they may get through (`useOutboxSync`). Loaded by `OfflineChanges` once something waits to be sent.
 */
export function OfflineChangesSync() {
  useOutboxSync(cartLineSync);
  useOutboxSync(siteMarksSync);
  useOutboxSync(itemActionSync);
  useOutboxSync(domainAddSync);
  useOutboxSync(domainDeleteSync);
  useOutboxSync(guidelinesSaveSync);
  useOutboxSync(messageSendSync);
  return null;
}
