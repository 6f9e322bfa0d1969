import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import {
  BUYER_TRANSITIONS,
  type BuyerTransition,
  canRequestEdit,
  canTransition,
  ORDER_PAGE_SIZES,
  type OrderItem,
} from '#contract/order-items.ts';
import type { Order } from '#contract/orders.ts';
import { MEMBER_ROLE_LABELS } from '#contract/permissions.ts';
import type { SavedViewKind } from '#contract/saved-views.ts';
import { Button } from '#src/components/button.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { DataTable, type TableColumn } from '#src/components/data-table/data-table.tsx';
import { PagedTableCard } from '#src/components/data-table/paged-table-card.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { EmptyState } from '#src/components/state-blocks.tsx';
import { useMemberRole } from '#src/features/profile/api/queries.ts';
import type { SavedViewsMenuSlot } from '#src/features/saved-views/api/queries.ts';
import { type ColumnLayout, useColumnLayout, withColumn } from '#src/hooks/use-column-layout.ts';
import { useListState } from '#src/hooks/use-list-state.ts';
import { useMediaQuery } from '#src/hooks/use-media-query.ts';
import { settledTotal, usePageInRange } from '#src/hooks/use-page-in-range.ts';

import { actionIds } from '../api/item-actions.ts';
import { orderQueries } from '../api/queries.ts';
import { cancelMoneyText } from '../cancel-money.ts';
import { useCanDownloadDocuments } from '../hooks/use-can-download-documents.ts';
import { useItemActions } from '../hooks/use-item-actions.ts';
import { BUYER_TRANSITION_LABELS } from '../labels.ts';
import { orderItemsAddress, orderItemsQueryString } from '../list-state.ts';
import { ColumnLayoutControls } from './column-layout-controls.tsx';
import {
  ARTICLE_COLUMN_IDS,
  itemColumns,
  type ItemDialog,
  TOPIC_COLUMN_IDS,
} from './item-columns.tsx';
import { RequestEditDialog } from './item-dialogs.tsx';
import type { ItemMessagesSlotProps, RenderItemMessages } from './item-messages-slot.ts';
import type { LinkHealthDialogSlotProps, RenderLinkHealthDialog } from './link-health-slot.ts';
import { OpenItemDialog } from './open-item-dialog.tsx';

type ItemViewKind = Extract<
  SavedViewKind,
  'order_item_columns' | 'order_article_columns' | 'order_topic_columns'
>;

/** The three views of the items table: all columns, the article columns, the topic columns. */
export const ITEM_VIEWS: { kind: ItemViewKind; label: string; defaults: ColumnLayout }[] = [
  { kind: 'order_item_columns', label: 'All columns', defaults: { hidden: [] } },
  {
    kind: 'order_article_columns',
    label: 'Article columns',
    defaults: {
      hidden: [...TOPIC_COLUMN_IDS, 'custom_id', 'comments', 'invoice', 'payment_status'],
    },
  },
  {
    kind: 'order_topic_columns',
    label: 'Topic columns',
    defaults: {
      hidden: [...ARTICLE_COLUMN_IDS, 'custom_id', 'comments', 'invoice', 'payment_status'],
    },
  },
];

/** Tailwind's md breakpoint (48rem), the width below which DataTable draws cards. */
const PHONE_QUERY = '(max-width: 47.999rem)';

/** A status change to confirm, or a request for edits, which asks what to change. */
type Confirmation = { kind: BuyerTransition | 'request_edit'; items: OrderItem[] };
type StatusConfirmation = Confirmation & { kind: BuyerTransition };

/** A confirmation's words for one item, then for several. */
type Words = readonly [one: string, several: string];

const CONFIRM_WORDS: Record<BuyerTransition, { title: Words; label: Words; body: Words }> = {
  cancel: {
    title: ['Cancel item', 'Cancel items'],
    label: ['Cancel item', 'Cancel items'],
    // What happens to the money follows, worded for the order's payment (cancel-money.ts).
    body: ['The publisher stops working on it.', 'The publisher stops working on them.'],
  },
  approve_topic: {
    title: ['Approve topic', 'Approve topics'],
    label: ['Approve', 'Approve'],
    body: ['The publisher writes the article.', 'The publisher writes the articles.'],
  },
  approve_content: {
    title: ['Approve content', 'Approve content'],
    label: ['Approve', 'Approve'],
    body: ['The article is sent for publication.', 'The articles are sent for publication.'],
  },
};

function isStatusConfirmation(confirmation: Confirmation): confirmation is StatusConfirmation {
  return confirmation.kind !== 'request_edit';
}

/** The dialog's title, text and button, naming the items; a cancel says what happens to the money. */
function confirmWords({ kind, items }: StatusConfirmation, order: Order) {
  const pick = (words: Words) => words[items.length === 1 ? 0 : 1];
  const words = CONFIRM_WORDS[kind];
  const numbers = items.map((item) => item.number).join(', ');
  const money = kind === 'cancel' ? ` ${cancelMoneyText(order, items)}` : '';
  return {
    title: pick(words.title),
    description: `${pick(words.body)}${money} ${pick(['Item', 'Items'])}: ${numbers}.`,
    confirmLabel: pick(words.label),
  };
}

/** The view select and the column controls above the items table. */
function ItemsTableControls({
  view,
  onViewChange,
  columns,
  layout,
  setLayout,
  SavedViewsMenu,
}: {
  view: (typeof ITEM_VIEWS)[number];
  onViewChange: (kind: ItemViewKind) => void;
  columns: TableColumn<OrderItem>[];
  layout: ColumnLayout;
  setLayout: (next: ColumnLayout) => void;
  SavedViewsMenu?: SavedViewsMenuSlot;
}) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label="Table view"
        value={view.kind}
        onChange={(event) => onViewChange(event.target.value as ItemViewKind)}
        options={ITEM_VIEWS.map((v) => ({ value: v.kind, label: v.label }))}
        className="w-44"
      />
      <ColumnLayoutControls
        columns={columns}
        layout={layout}
        setLayout={setLayout}
        SavedViewsMenu={SavedViewsMenu}
        kind={view.kind}
        title={`Saved layouts (${view.label.toLowerCase()})`}
        defaults={view.defaults}
      />
    </div>
  );
}

/** "Select all on this page", how many are selected, and the actions on the selected items. */
function SelectionBar({
  items,
  selectedItems,
  isQueued,
  onSelectAll,
  onConfirm,
  cannotAct,
  cannotActNoteId,
}: {
  items: OrderItem[];
  selectedItems: OrderItem[];
  /** An item with an action waiting on this device takes no other until it is sent. */
  isQueued: (item: OrderItem) => boolean;
  onSelectAll: (isOn: boolean) => void;
  onConfirm: (kind: Confirmation['kind']) => void;
  /** Why the member's role takes no action on items; the actions are then off. */
  cannotAct?: string;
  /** The note that says it, describing each action it turns off. */
  cannotActNoteId?: string;
}) {
  const roleNote = cannotAct === undefined ? undefined : cannotActNoteId;
  const allSelected = items.length > 0 && items.length === selectedItems.length;
  const bulkEnabled = (rule: (item: OrderItem) => boolean) =>
    cannotAct === undefined &&
    selectedItems.length > 0 &&
    selectedItems.every((item) => rule(item) && !isQueued(item));
  return (
    <div
      role="region"
      aria-label="Selected items"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm"
    >
      <label className="mr-2 flex items-center gap-2 font-medium text-slate-700">
        <input
          type="checkbox"
          checked={allSelected}
          disabled={items.length === 0}
          onChange={(event) => onSelectAll(event.target.checked)}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        Select all on this page
      </label>
      <span className="mr-2 text-slate-500">{selectedItems.length} selected</span>
      {BUYER_TRANSITIONS.map((transition) => (
        <Button
          key={transition}
          size="sm"
          variant="secondary"
          disabled={!bulkEnabled((item) => canTransition(transition, item))}
          aria-describedby={roleNote}
          onClick={() => onConfirm(transition)}
        >
          {BUYER_TRANSITION_LABELS[transition].button}
        </Button>
      ))}
      <Button
        size="sm"
        variant="secondary"
        disabled={!bulkEnabled(canRequestEdit)}
        aria-describedby={roleNote}
        onClick={() => onConfirm('request_edit')}
      >
        Request edits for selected
      </Button>
    </div>
  );
}

/** The ids of the items with an action waiting on this device (not refused). */
function useQueuedItemIds(): ReadonlySet<string> {
  const queued = useQuery(orderQueries.queued());
  return useMemo(
    () =>
      new Set(
        (queued.data ?? [])
          .filter((q) => q.refusal === null)
          .flatMap((q) => actionIds(q.variables)),
      ),
    [queued.data],
  );
}

/**
 * Why the member's role in the order's company takes no action on its items (Finance, Viewer;
 * a Buyer, on an order someone else placed: `requireItemAct` on the server); undefined when it may.
 */
function useCannotAct(order: Pick<Order, 'company' | 'placed_by'>): string | undefined {
  const { role, can, userId } = useMemberRole(order.company.id);
  if (!can('items.act')) {
    const as = role ? `As ${MEMBER_ROLE_LABELS[role]}` : 'In your role';
    return `${as} you can follow these items; topics, content, edits and cancelling are for Owners, Admins and Buyers.`;
  }
  if (role !== 'buyer' || userId === null || order.placed_by?.id === userId) return undefined;
  const placer = order.placed_by
    ? `${order.placed_by.first_name} ${order.placed_by.last_name}`.trim()
    : 'another member';
  return `As Buyer you act on the items of the orders you placed; ${placer} placed this one, so its topics, content, edits and cancelling are for them and for Owners and Admins.`;
}

/** The address's parameter naming the item whose conversation is open (a mail links to it). */
export const MESSAGES_PARAM = 'messages';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Longer than the sheet's closing transition, after which Headless UI gives focus back. */
const AFTER_CLOSE_MS = 350;

/**
 * Headless UI gives focus back to the button that opened the sheet; when that button is gone (the
 * table turned into cards as the screen turned, or the sheet was opened by its address), focus
 * goes to the item's Messages button as it is now, not to the page's body.
 */
function focusMessagesButtonAfterClose(itemId: string): void {
  window.setTimeout(() => {
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    document.querySelector<HTMLElement>(`[data-messages-for="${itemId}"]`)?.focus();
  }, AFTER_CLOSE_MS);
}

/**
 * The item whose conversation is open, kept in the address (`?messages=<item id>`), with the
 * functions that open and close it. Kept after closing, so the sheet's closing transition still
 * has its item.
 */
function useOpenMessages(order: Order, items: OrderItem[]) {
  const [params, setParams] = useSearchParams();
  const param = params.get(MESSAGES_PARAM);
  const openId = param !== null && UUID.test(param) ? param : null;
  const [shown, setShown] = useState<Omit<ItemMessagesSlotProps, 'onClose'> | null>(null);
  const number = items.find((item) => item.id === openId)?.number;
  if (openId !== null && (shown?.item.id !== openId || !shown.open || shown.item.number !== number))
    setShown({ item: { id: openId, number, companyId: order.company.id }, open: true });
  if (openId === null && shown?.open) setShown({ ...shown, open: false });

  const setOpenId = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id === null) next.delete(MESSAGES_PARAM);
          else next.set(MESSAGES_PARAM, id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const close = () => {
    if (openId !== null) focusMessagesButtonAfterClose(openId);
    setOpenId(null);
  };
  return { shown, open: (item: OrderItem) => setOpenId(item.id), close };
}

/** The items of one order (spec §2 "Order item table") with the buyer's actions. */
export function OrderItemsSection({
  order,
  SavedViewsMenu,
  renderLinkHealthDialog,
  renderItemMessages,
}: {
  /** The order: its payment decides what the cancel dialog says about the money. */
  order: Order;
  SavedViewsMenu?: SavedViewsMenuSlot;
  renderLinkHealthDialog?: RenderLinkHealthDialog;
  /** The conversation of an item; without it the items have no Messages button. */
  renderItemMessages?: RenderItemMessages;
}) {
  const orderId = order.id;
  const [{ page, limit }, setAddress] = useListState(orderItemsAddress);
  const [viewKind, setViewKind] = useState<ItemViewKind>('order_item_columns');
  const view = ITEM_VIEWS.find((v) => v.kind === viewKind) ?? ITEM_VIEWS[0]!;
  const [layout, setLayout] = useColumnLayout(`${view.kind}_table`, view.defaults);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ type: ItemDialog; item: OrderItem } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  // Kept after closing, so the dialog's closing transition still has its item.
  const [linkHealth, setLinkHealth] = useState<Omit<LinkHealthDialogSlotProps, 'onClose'> | null>(
    null,
  );
  const { run, isPending } = useItemActions();
  const cannotAct = useCannotAct(order);
  const cannotActNoteId = useId();
  const canDownloadDocuments = useCanDownloadDocuments(order);
  // Below md each row is a card (DataTable's stackOnPhone), whose first block is what to do.
  const isPhone = useMediaQuery(PHONE_QUERY);

  const query = useQuery(orderQueries.items(orderId, orderItemsQueryString({ page, limit })));
  const items = useMemo(() => query.data?.data ?? [], [query.data]);
  const total = query.data?.pagination.total ?? 0;
  usePageInRange(page, limit, settledTotal(query, total), (last) =>
    setAddress({ page: last, limit }, { replace: true }),
  );
  const pendingIds = useQueuedItemIds();
  const messages = useOpenMessages(order, items);
  const selectedItems = items.filter((item) => selected.has(item.id));

  const setPage = (next: { page?: number; limit?: number }) => {
    setAddress({ page: next.page ?? page, limit: next.limit ?? limit });
    setSelected(new Set());
  };

  const columns = itemColumns({
    isPhone,
    isPending: (item) => pendingIds.has(item.id),
    cannotAct,
    cannotActNoteId,
    canDownloadDocuments,
    isSelected: (item) => selected.has(item.id),
    onSelect: (item, isOn) =>
      setSelected((current) => {
        const next = new Set(current);
        if (isOn) next.add(item.id);
        else next.delete(item.id);
        return next;
      }),
    onApprove: (item, transition) =>
      void run({ kind: 'status', transition, ids: [item.id], numbers: [item.number] }),
    onOpen: (item, type) => setDialog({ type, item }),
    onCancel: (item) => setConfirmation({ kind: 'cancel', items: [item] }),
    onRequestEdit: (item) => setConfirmation({ kind: 'request_edit', items: [item] }),
    onOpenMessages: renderItemMessages ? messages.open : undefined,
    onOpenLinkHealth: renderLinkHealthDialog
      ? (item) =>
          setLinkHealth({
            item: {
              id: item.id,
              number: item.number,
              orderId: item.order.id,
              companyId: order.company.id,
            },
            open: true,
          })
      : undefined,
  });

  const targetOf = (chosen: OrderItem[]) => ({
    ids: chosen.map((item) => item.id),
    numbers: chosen.map((item) => item.number),
  });

  const confirm = async () => {
    if (!confirmation || !isStatusConfirmation(confirmation)) return;
    const { kind, items: chosen } = confirmation;
    const result = await run({ kind: 'status', transition: kind, ...targetOf(chosen) });
    setConfirmation(null);
    if (result) setSelected(new Set());
  };

  /** Sends the request for edits with what to change; true when it was made or kept for later. */
  const requestEdits = async (chosen: OrderItem[], reason: string) => {
    const result = await run({ kind: 'request_edits', value: true, reason, ...targetOf(chosen) });
    if (result) setSelected(new Set());
    return Boolean(result);
  };

  return (
    <section aria-labelledby="items-heading">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="items-heading" className="text-lg font-semibold text-slate-900">
          Items
        </h2>
        <ItemsTableControls
          view={view}
          onViewChange={setViewKind}
          columns={columns}
          layout={layout}
          setLayout={setLayout}
          SavedViewsMenu={SavedViewsMenu}
        />
      </div>
      <SelectionBar
        items={items}
        selectedItems={selectedItems}
        isQueued={(item) => pendingIds.has(item.id)}
        onSelectAll={(isOn) =>
          setSelected(isOn ? new Set(items.map((item) => item.id)) : new Set())
        }
        onConfirm={(kind) => setConfirmation({ kind, items: selectedItems })}
        cannotAct={cannotAct}
        cannotActNoteId={cannotActNoteId}
      />
      {cannotAct ? (
        <p id={cannotActNoteId} className="mb-3 text-sm text-slate-600">
          {cannotAct}
        </p>
      ) : null}
      <PagedTableCard
        query={query}
        loadingLabel="Loading items…"
        pagination={{
          page,
          limit,
          total,
          pageSizeOptions: ORDER_PAGE_SIZES,
          onPageChange: (next) => setPage({ page: next }),
          onLimitChange: (next) => setPage({ page: 1, limit: next }),
        }}
        empty={
          <EmptyState className="m-4" title="No items" description="This order has no items." />
        }
      >
        <DataTable
          caption="Order items"
          rows={items}
          rowKey={(item) => item.id}
          columns={columns}
          hidden={layout.hidden}
          isLoading={query.isPending}
          skeletonRows={3}
          onHide={(id) => setLayout(withColumn(layout, id, false))}
          stickyFirst
          stackOnPhone
        />
      </PagedTableCard>

      {confirmation?.kind === 'request_edit' ? (
        <RequestEditDialog
          open
          itemNumbers={confirmation.items.map((item) => item.number)}
          onClose={() => setConfirmation(null)}
          onSubmit={(reason) => requestEdits(confirmation.items, reason)}
        />
      ) : confirmation && isStatusConfirmation(confirmation) ? (
        <ConfirmDialog
          open
          onClose={() => setConfirmation(null)}
          onConfirm={() => void confirm()}
          pending={isPending}
          destructive={confirmation.kind === 'cancel'}
          {...confirmWords(confirmation, order)}
          cancelLabel="Keep as is"
        />
      ) : null}
      {dialog ? <OpenItemDialog {...dialog} run={run} onClose={() => setDialog(null)} /> : null}
      {renderItemMessages && messages.shown
        ? renderItemMessages({ ...messages.shown, onClose: messages.close })
        : null}
      {renderLinkHealthDialog && linkHealth
        ? renderLinkHealthDialog({
            ...linkHealth,
            onClose: () => setLinkHealth({ ...linkHealth, open: false }),
          })
        : null}
    </section>
  );
}
