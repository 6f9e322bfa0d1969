// The conversations feature fills the order items' messages slot: the orders feature offers the
// Messages button and the address, the conversations feature the thread (decision 213); a
// message's document is shown with the orders' stored-file link.
import { lazy } from 'react';

import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import type { RenderItemMessages } from '#src/features/orders/components/item-messages-slot.ts';
import { StoredFileLink } from '#src/features/orders/components/stored-file-link.tsx';

// Loaded when first opened (decision 110).
const ItemMessagesSheet = lazy(() =>
  import('#src/features/conversations/components/item-messages-sheet.tsx').then((module) => ({
    default: module.ItemMessagesSheet,
  })),
);

export const renderItemMessages: RenderItemMessages = (props) => (
  <OpenedLazily open={props.open}>
    {(isOpen) => (
      <ItemMessagesSheet
        {...props}
        open={isOpen}
        renderAttachment={(file) => <StoredFileLink file={file} />}
      />
    )}
  </OpenedLazily>
);
