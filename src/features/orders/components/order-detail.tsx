import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { ORDER_NOT_FOUND_MESSAGE } from '#contract/orders.ts';
import { PageHeader } from '#src/components/page-header.tsx';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  NotFoundState,
} from '#src/components/state-blocks.tsx';
import type { SavedViewsMenuSlot } from '#src/features/saved-views/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { useRetryAfterNetworkError } from '#src/hooks/use-retry-after-network-error.ts';
import { isApiError, NetworkError } from '#src/lib/api-client.ts';

import { orderQueries } from '../api/queries.ts';
import { ExportItemsButton } from './export-items-button.tsx';
import type { RenderItemMessages } from './item-messages-slot.ts';
import type { RenderLinkHealthDialog } from './link-health-slot.ts';
import { OfflineNote } from './offline-note.tsx';
import { OrderHeader } from './order-header.tsx';
import { OrderItemsSection } from './order-items-section.tsx';
import { QueuedActionsNotice } from './queued-actions-notice.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function NotFound() {
  return (
    <>
      <PageHeader title="Order details" />
      <NotFoundState
        title={ORDER_NOT_FOUND_MESSAGE}
        description="It may have been placed by another account, or the address is wrong."
        backTo="/orders"
        backLabel="Back to your orders"
      />
    </>
  );
}

/** One order (spec §2 "Order detail"): its header and its items. */
export function OrderDetail({
  id,
  SavedViewsMenu,
  renderLinkHealthDialog,
  renderItemMessages,
}: {
  id: string;
  SavedViewsMenu?: SavedViewsMenuSlot;
  renderLinkHealthDialog?: RenderLinkHealthDialog;
  renderItemMessages?: RenderItemMessages;
}) {
  const isValidId = UUID.test(id);
  const isOnline = useOnlineStatus();
  const query = useQuery({ ...orderQueries.detail(id), enabled: isValidId });
  useRetryAfterNetworkError(!query.data && query.error instanceof NetworkError, query.refetch);

  if (!isValidId || isApiError(query.error, 404) || isApiError(query.error, 400))
    return <NotFound />;
  if (!query.data && (query.error instanceof NetworkError || (query.isPending && !isOnline)))
    return (
      <EmptyState
        title="Not available offline"
        description="This order is not saved on this device. Open it once while online to read it offline."
      />
    );
  if (query.isError && !query.data)
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingState label="Loading order…" />;
  const order = query.data;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <Link to="/orders" className="text-sm font-medium text-indigo-700 hover:text-indigo-500">
            ← Your orders
          </Link>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">Order {order.number}</h1>
        </div>
        <ExportItemsButton order={order} />
      </div>
      <OfflineNote isOnline={isOnline} savedAt={query.dataUpdatedAt} />
      <QueuedActionsNotice />
      <OrderHeader order={order} />
      <OrderItemsSection
        order={order}
        SavedViewsMenu={SavedViewsMenu}
        renderLinkHealthDialog={renderLinkHealthDialog}
        renderItemMessages={renderItemMessages}
      />
    </div>
  );
}
