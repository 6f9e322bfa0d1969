import type { Order } from '#contract/orders.ts';
import { useMemberRole } from '#src/features/profile/api/queries.ts';

/**
 * Whether the member may download the order's invoice and credit note, as the server decides it
 * for a company document (`server/modules/files/files.routes.ts`): their role in the order's company reads billing, or
 * they placed the order. Others see the documents' numbers without a link that would answer 403.
 */
export function useCanDownloadDocuments(order: Pick<Order, 'placed_by' | 'company'>): boolean {
  const { can, userId } = useMemberRole(order.company.id);
  return can('billing.read') || (userId !== null && order.placed_by?.id === userId);
}

export const DOCUMENTS_NOT_DOWNLOADED_NOTE =
  "Owners, Admins, Finance and the order's buyer download its documents.";
