import { centsToMoney, moneyToCents } from '#contract/money.ts';
import type { ReactNode } from 'react';
import {
  canApproveContent,
  canApproveTopic,
  canCancel,
  canRequestEdit,
  canEditArticleLink,
  canEditTopic,
  orderItemStatusTone,
  type OrderItem,
} from '#contract/order-items.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { LinkHealthBadge } from '#src/components/link-health-badge.tsx';
import { formatDate, formatDateTime, formatMoney } from '#src/utils/format.ts';
import {
  ARTICLE_STATUS_LABELS,
  articleContentText,
  EDITS_REQUESTED_LABEL,
  itemPaymentStatusText,
  ORDER_ITEM_COLUMN_LABELS as LABELS,
  ORDER_ITEM_STATUS_LABELS,
  TOPIC_STATUS_LABELS,
  yesNo,
} from '#contract/order-labels.ts';
import type { TableColumn } from '#src/components/data-table/data-table.tsx';
import { StoredFileLink } from './stored-file-link.tsx';

export type ItemDialog =
  | 'topic'
  | 'article'
  | 'topic_feedback'
  | 'content_feedback'
  | 'view_topic_feedback'
  | 'view_content_feedback'
  | 'view_webmaster_feedback'
  | 'guidelines';

export interface ItemColumnHandlers {
  isPending: (item: OrderItem) => boolean;
  isSelected: (item: OrderItem) => boolean;
  onSelect: (item: OrderItem, selected: boolean) => void;
  onApprove: (item: OrderItem, transition: 'approve_topic' | 'approve_content') => void;
  onOpen: (item: OrderItem, dialog: ItemDialog) => void;
  onCancel: (item: OrderItem) => void;
  onRequestEdit: (item: OrderItem) => void;
  /** Opens the item's link dialog; without it the link health is shown only. */
  onOpenLinkHealth?: (item: OrderItem) => void;
}

/** The live link's health and last check; a button to the link's dialog when one can open. */
function LinkHealthCell({ item, onOpen }: { item: OrderItem; onOpen?: (item: OrderItem) => void }) {
  const health = item.link_health;
  if (!health) return '';
  // A link not checked yet says so in its badge.
  const checked = health.last_checked_at
    ? `Last checked ${formatDateTime(health.last_checked_at)}`
    : null;
  const content = (
    <span className="flex flex-col items-start gap-1">
      <LinkHealthBadge status={health.status} />{' '}
      {checked ? <span className="text-xs whitespace-nowrap text-slate-500">{checked}</span> : null}
    </span>
  );
  if (!onOpen) return content;
  // The visible words are the button's name, after which item it is about.
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      className="rounded-md p-1 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="sr-only">Link health of item {item.number}:</span> {content}
    </button>
  );
}

function ExternalLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="block max-w-64 min-w-40 break-all whitespace-normal text-indigo-700 hover:text-indigo-500"
    >
      {href}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function ViewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" onClick={onClick}>
      {label}
    </Button>
  );
}

function YesNo({
  item,
  what,
  enabled,
  onYes,
  onNo,
  disabled,
}: {
  item: OrderItem;
  what: 'topic' | 'content';
  enabled: boolean;
  onYes: () => void;
  onNo: () => void;
  disabled: boolean;
}) {
  return (
    <span
      role="group"
      aria-label={`Approve ${what} of item ${item.number}?`}
      className="flex gap-1"
    >
      <Button
        size="sm"
        variant="secondary"
        disabled={!enabled || disabled}
        aria-label={`Yes, approve ${what} of item ${item.number}`}
        onClick={onYes}
      >
        Yes
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={!enabled || disabled}
        aria-label={`No, decline ${what} of item ${item.number}`}
        onClick={onNo}
      >
        No
      </Button>
    </span>
  );
}

function text(value: string | null | undefined): ReactNode {
  return value ? (
    <span className="block max-w-64 min-w-40 break-words whitespace-normal">{value}</span>
  ) : (
    ''
  );
}

/** Columns shown in the topic view and left out of the article view. */

/**
 * What the item costs: the link and the content written for it, and their sum, so the items add
 * up to the order's net total.
 */
function ItemPrice({ item }: { item: OrderItem }) {
  const content = item.content_product_plan?.price ?? '0.00';
  if (moneyToCents(content) === 0) return formatMoney(item.price);
  const total = centsToMoney(moneyToCents(item.price) + moneyToCents(content));
  return (
    <span className="flex flex-col items-end leading-tight">
      <span className="font-medium text-slate-900">{formatMoney(total)}</span>
      <span className="text-xs text-slate-500">
        {formatMoney(item.price)} link + {formatMoney(content)} content
      </span>
    </span>
  );
}

export const TOPIC_COLUMN_IDS = [
  'topic_needs_approval',
  'topic',
  'topic_approved',
  'topic_feedback',
];
/** Columns shown in the article view and left out of the topic view. */
export const ARTICLE_COLUMN_IDS = [
  'content_provided',
  'article_content',
  'article',
  'content_approved',
  'content_feedback',
  'webmaster_feedback',
];

/** Every column of spec §2 "Order item table", plus the row selection and the row's actions. */
export function itemColumns(h: ItemColumnHandlers): TableColumn<OrderItem>[] {
  return [
    {
      id: 'number',
      label: LABELS.number,
      isFixed: true,
      render: (item) => (
        <span className="flex items-center gap-2 whitespace-nowrap">
          <input
            type="checkbox"
            aria-label={`Select item ${item.number}`}
            checked={h.isSelected(item)}
            onChange={(event) => h.onSelect(item, event.target.checked)}
            className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          />
          <span className="font-medium text-slate-900">{item.number}</span>
        </span>
      ),
    },
    {
      id: 'invoice',
      label: LABELS.invoice,
      render: (item) =>
        item.invoice?.file ? (
          <StoredFileLink file={item.invoice.file} label={item.invoice.number} />
        ) : (
          (item.invoice?.number ?? '')
        ),
    },
    {
      id: 'status',
      label: LABELS.status,
      render: (item) => (
        <span className="flex flex-col items-start gap-1">
          <Badge variant={orderItemStatusTone(item.status)}>
            {ORDER_ITEM_STATUS_LABELS[item.status]}
          </Badge>
          {item.is_requested_edits ? (
            <Badge variant="secondary">{EDITS_REQUESTED_LABEL}</Badge>
          ) : null}
          {h.isPending(item) ? (
            <Badge variant="default" className="whitespace-nowrap">
              Pending
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'live_link',
      label: LABELS.live_link,
      render: (item) => (item.live_link ? <ExternalLink href={item.live_link} /> : ''),
    },
    {
      id: 'link_health',
      label: LABELS.link_health,
      render: (item) => <LinkHealthCell item={item} onOpen={h.onOpenLinkHealth} />,
    },
    {
      id: 'payment_status',
      label: LABELS.payment_status,
      render: itemPaymentStatusText,
    },
    {
      id: 'buyer_domain',
      label: LABELS.buyer_domain,
      render: (item) => item.buyer_domain?.hostname ?? '',
    },
    { id: 'domain', label: LABELS.domain, render: (item) => item.site.hostname },
    {
      id: 'price',
      label: LABELS.price,
      align: 'right',
      render: (item) => <ItemPrice item={item} />,
    },
    {
      id: 'due_date',
      label: LABELS.due_date,
      render: (item) => formatDate(item.publishing_due_date),
    },
    {
      id: 'published_at',
      label: LABELS.published_at,
      render: (item) => formatDate(item.published_at),
    },
    { id: 'custom_id', label: LABELS.custom_id, render: (item) => text(item.custom_id) },
    { id: 'link_type', label: LABELS.link_type, render: (item) => item.article_niche.title },
    { id: 'anchor_text', label: LABELS.anchor_text, render: (item) => text(item.anchor_text) },
    {
      id: 'target_url',
      label: LABELS.target_url,
      render: (item) => (item.target_url ? <ExternalLink href={item.target_url} /> : ''),
    },
    {
      id: 'content_provided',
      label: LABELS.content_provided,
      render: (item) => yesNo(!item.is_article_provided_by_buyer),
    },
    {
      id: 'article_content',
      label: LABELS.article_content,
      render: articleContentText,
    },
    { id: 'comments', label: LABELS.comments, render: (item) => text(item.comments) },
    {
      id: 'topic_needs_approval',
      label: LABELS.topic_needs_approval,
      render: (item) => yesNo(item.topic.is_needs_approval),
    },
    {
      id: 'topic',
      label: LABELS.topic,
      render: (item) => (
        <span className="flex flex-col items-start gap-1">
          {text(item.topic.content)}
          {item.is_topic_provided_by_buyer ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={!canEditTopic(item) || h.isPending(item)}
              aria-label={`Confirm topic of item ${item.number}`}
              onClick={() => h.onOpen(item, 'topic')}
            >
              Confirm
            </Button>
          ) : null}
        </span>
      ),
    },
    {
      id: 'topic_approved',
      label: LABELS.topic_approved,
      render: (item) =>
        item.is_topic_provided_by_buyer ? (
          item.topic.status ? (
            TOPIC_STATUS_LABELS[item.topic.status]
          ) : (
            ''
          )
        ) : (
          <span className="flex flex-col items-start gap-1">
            {item.topic.status ? TOPIC_STATUS_LABELS[item.topic.status] : ''}
            {item.topic.is_needs_approval ? (
              <YesNo
                item={item}
                what="topic"
                enabled={canApproveTopic(item)}
                disabled={h.isPending(item)}
                onYes={() => h.onApprove(item, 'approve_topic')}
                onNo={() => h.onOpen(item, 'topic_feedback')}
              />
            ) : null}
          </span>
        ),
    },
    {
      id: 'topic_feedback',
      label: LABELS.topic_feedback,
      render: (item) =>
        item.topic.feedback ? (
          <ViewButton label="See feedback" onClick={() => h.onOpen(item, 'view_topic_feedback')} />
        ) : (
          ''
        ),
    },
    {
      id: 'article',
      label: LABELS.article,
      render: (item) => (
        <span className="flex flex-col items-start gap-1">
          {item.article.link ? <ExternalLink href={item.article.link} /> : null}
          {item.article.file ? <StoredFileLink file={item.article.file} /> : null}
          {item.is_article_provided_by_buyer ? (
            <Button
              size="sm"
              variant="secondary"
              disabled={!canEditArticleLink(item) || h.isPending(item)}
              aria-label={`Confirm article of item ${item.number}`}
              onClick={() => h.onOpen(item, 'article')}
            >
              Confirm
            </Button>
          ) : null}
        </span>
      ),
    },
    {
      id: 'content_approved',
      label: LABELS.content_approved,
      render: (item) => (
        <span className="flex flex-col items-start gap-1">
          {item.article.status ? ARTICLE_STATUS_LABELS[item.article.status] : ''}
          {item.is_article_provided_by_buyer ? null : (
            <YesNo
              item={item}
              what="content"
              enabled={canApproveContent(item)}
              disabled={h.isPending(item)}
              onYes={() => h.onApprove(item, 'approve_content')}
              onNo={() => h.onOpen(item, 'content_feedback')}
            />
          )}
        </span>
      ),
    },
    {
      id: 'content_feedback',
      label: LABELS.content_feedback,
      render: (item) =>
        item.article.feedback ? (
          <ViewButton
            label="See feedback"
            onClick={() => h.onOpen(item, 'view_content_feedback')}
          />
        ) : (
          ''
        ),
    },
    {
      id: 'webmaster_feedback',
      label: LABELS.webmaster_feedback,
      render: (item) =>
        item.webmaster_feedback ? (
          <ViewButton
            label="See feedback"
            onClick={() => h.onOpen(item, 'view_webmaster_feedback')}
          />
        ) : (
          ''
        ),
    },
    {
      id: 'content_guidelines',
      label: LABELS.content_guidelines,
      render: (item) =>
        item.content_guidelines ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`See guidelines of item ${item.number}`}
            onClick={() => h.onOpen(item, 'guidelines')}
          >
            See guidelines
          </Button>
        ) : (
          <span className="text-slate-500">None</span>
        ),
    },
    {
      id: '_actions',
      label: 'Actions',
      isFixed: true,
      pinEnd: true,
      render: (item) => (
        <span className="flex gap-1">
          <Button
            size="sm"
            variant="secondary"
            disabled={!canCancel(item) || h.isPending(item)}
            aria-label={`Cancel item ${item.number}`}
            onClick={() => h.onCancel(item)}
          >
            Cancel
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!canRequestEdit(item) || h.isPending(item)}
            aria-label={`Request edit of item ${item.number}`}
            onClick={() => h.onRequestEdit(item)}
          >
            Request edit
          </Button>
        </span>
      ),
    },
  ];
}
