// The link monitoring feature fills the order items' link-health slot: the orders feature shows
// an item's health, the link monitoring feature its checks, issue and remedies.
import { lazy } from 'react';

import { OpenedLazily } from '#src/components/opened-lazily.tsx';
import type { RenderLinkHealthDialog } from '#src/features/orders/components/link-health-slot.ts';

// Loaded when first opened (decision 110).
const LinkHealthDialog = lazy(() =>
  import('#src/features/link-monitoring/components/link-health-dialog.tsx').then((module) => ({
    default: module.LinkHealthDialog,
  })),
);

export const renderLinkHealthDialog: RenderLinkHealthDialog = (props) => (
  <OpenedLazily open={props.open}>
    {(isOpen) => <LinkHealthDialog {...props} open={isOpen} />}
  </OpenedLazily>
);
