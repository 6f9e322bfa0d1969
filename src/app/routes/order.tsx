import { useParams } from 'react-router';

import { OrderDetail } from '#src/features/orders/components/order-detail.tsx';
import { SavedViewsMenu } from '#src/features/saved-views/components/saved-views-menu.tsx';

import { renderItemMessages } from '../item-messages-slots.tsx';
import { renderLinkHealthDialog } from '../link-health-slots.tsx';

export function Component() {
  const { id = '' } = useParams();
  return (
    <OrderDetail
      key={id}
      id={id}
      SavedViewsMenu={SavedViewsMenu}
      renderLinkHealthDialog={renderLinkHealthDialog}
      renderItemMessages={renderItemMessages}
    />
  );
}
