// What the order's items hand to an item's conversation, which the route fills in: the orders
// feature offers the Messages button and keeps which conversation is open in the address
// (`?messages=<item id>`, the link of a mail), the conversations feature shows it (decision 213).
import type { ReactNode } from 'react';

export interface ItemMessagesSlotProps {
  /** The item; its number when it is on the page shown, and the company the order belongs to. */
  item: { id: string; number?: string; companyId: string };
  open: boolean;
  onClose: () => void;
}

/** The side sheet with one item's conversation. */
export type RenderItemMessages = (props: ItemMessagesSlotProps) => ReactNode;
