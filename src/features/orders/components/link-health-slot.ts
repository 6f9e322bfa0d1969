// What the order's items hand to the live link's dialog, which the route fills in: the orders
// feature shows an item's link health, the link monitoring feature its checks and issues.
import type { ReactNode } from 'react';

export interface LinkHealthDialogSlotProps {
  /** The item, its order, and the company the order belongs to (whose role acts on the link). */
  item: { id: string; number: string; orderId: string; companyId: string };
  open: boolean;
  onClose: () => void;
}

/** The dialog with one item's link checks, its open issue and the remedies. */
export type RenderLinkHealthDialog = (props: LinkHealthDialogSlotProps) => ReactNode;
