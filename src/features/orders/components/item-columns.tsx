import { type ReactNode, useId, useState } from 'react';

import { hostnameToUnicode } from '#contract/idna.ts';
import { centsToMoney, moneyToCents } from '#contract/money.ts';
import {
  canApproveContent,
  canApproveTopic,
  canCancel,
  canEditArticleLink,
  canEditTopic,
  canRequestEdit,
  type OrderItem,
  orderItemStatusTone,
} from '#contract/order-items.ts';
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
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import type { TableColumn } from '#src/components/data-table/data-table.tsx';
import { LinkHealthBadge } from '#src/components/link-health-badge.tsx';
import { formatDate, formatDateTime, formatMoney } from '#src/utils/format.ts';

import { MoneyText } from './money-text.tsx';
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
  /** Opens the item's conversation with the publisher; without it there is no Messages column. */
  onOpenMessages?: (item: OrderItem) => void;
  /** Opens the item's link dialog; without it the link health is shown only. */
  onOpenLinkHealth?: (item: OrderItem) => void;
  /** Why the member's role takes no action on items (decision 203); unset when it may. */
  cannotAct?: string;
  /** The id of the note that says `cannotAct`, which describes each action it turns off. */
  cannotActNoteId?: string;
  /** Whether the invoice's file is offered for download (`useCanDownloadDocuments`); unset: it is. */
  canDownloadDocuments?: boolean;
  /**
   * Rows are phone cards: what the buyer has to do and every action of the item come first
   * (the `_next` column), and the other cells hold no buttons.
   */
  isPhone?: boolean;
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

/**
 * Opens the item's conversation; its badge counts the messages the member has not read. Its name
 * starts with what it shows ("Messages 2 unread for item 100042-3"), so a voice command of the
 * visible words reaches it; the spaces stand outside the hidden words, where a name keeps them.
 */
function MessagesButton({ item, onOpen }: { item: OrderItem; onOpen: (item: OrderItem) => void }) {
  const unread = item.unread_messages;
  return (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => onOpen(item)}
      className="whitespace-nowrap"
      data-messages-for={item.id}
    >
      Messages
      {unread > 0 ? (
        <>
          {' '}
          <span className="ml-0.5 inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums">
            {unread}
          </span>{' '}
          <span className="sr-only">unread</span>
        </>
      ) : null}{' '}
      <span className="sr-only">for item {item.number}</span>
    </Button>
  );
}

/** The Messages column, when the page offers the conversation. */
function messagesColumns(h: ItemColumnHandlers): TableColumn<OrderItem>[] {
  const onOpen = h.onOpenMessages;
  if (!onOpen) return [];
  return [
    {
      id: 'messages',
      label: 'Messages',
      render: (item) => <MessagesButton item={item} onOpen={onOpen} />,
    },
  ];
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

/** The note that says why the member may not act on the items, when they may not. */
function roleNoteOf(h: ItemColumnHandlers): string | undefined {
  return h.cannotAct === undefined ? undefined : h.cannotActNoteId;
}

function YesNo({
  item,
  what,
  enabled,
  onYes,
  onNo,
  disabled,
  describedBy,
}: {
  item: OrderItem;
  what: 'topic' | 'content';
  enabled: boolean;
  onYes: () => void;
  onNo: () => void;
  disabled: boolean;
  /** The note saying why the buttons are off, when it is the member's role. */
  describedBy?: string;
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
        aria-describedby={describedBy}
        onClick={onYes}
      >
        Yes
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={!enabled || disabled}
        aria-label={`No, decline ${what} of item ${item.number}`}
        aria-describedby={describedBy}
        onClick={onNo}
      >
        No
      </Button>
    </span>
  );
}

/** Longer texts are cut to two lines, with a button that shows them whole. */
const CLAMP_FROM_CHARACTERS = 80;

/**
 * A text of the buyer's (anchor, comments, topic): at most two lines until opened, so one long
 * anchor does not make its row a screen tall. The whole text stays in the page for screen readers
 * and in the tooltip; the button opens it from the keyboard.
 */
function ClampedText({ value, name }: { value: string; name: string }) {
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  const isLong = value.length > CLAMP_FROM_CHARACTERS;
  return (
    <span className="block max-w-64 min-w-40 whitespace-normal">
      <span
        id={id}
        title={isLong && !isOpen ? value : undefined}
        className={isLong && !isOpen ? 'line-clamp-2 break-words' : 'block break-words'}
      >
        {value}
      </span>
      {isLong ? (
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={id}
          onClick={() => setOpen(!isOpen)}
          className="inline-flex min-h-6 items-center rounded text-xs font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {isOpen ? 'Show less' : 'Show all'}
          <span className="sr-only"> of the {name}</span>
        </button>
      ) : null}
    </span>
  );
}

function text(value: string | null | undefined, name: string): ReactNode {
  return value ? <ClampedText value={value} name={name} /> : '';
}

/** Columns shown in the topic view and left out of the article view. */

/**
 * What the item costs: the link and the content written for it, and their sum, so the items add
 * up to the order's net total.
 */
function ItemPrice({ item }: { item: OrderItem }) {
  const content = item.content_product_plan?.price ?? '0.00';
  // Null for a Viewer of a company that hides its prices (decision 206).
  if (item.price === null || content === null) return <MoneyText value={null} />;
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

interface Need {
  what: 'topic' | 'content';
  action: 'approve' | 'confirm';
  label: string;
}

/** What waits for the buyer on an item: a topic or content to decide on, or to give. */
export function needsOf(item: OrderItem): Need[] {
  const needs: Need[] = [];
  if (item.is_topic_provided_by_buyer) {
    if (canEditTopic(item)) {
      const label = item.topic.content ? 'Topic to confirm' : 'Topic to write';
      needs.push({ what: 'topic', action: 'confirm', label });
    }
  } else if (item.topic.is_needs_approval && canApproveTopic(item)) {
    needs.push({ what: 'topic', action: 'approve', label: 'Topic to approve' });
  }
  if (item.is_article_provided_by_buyer) {
    if (canEditArticleLink(item)) {
      const hasArticle = Boolean(item.article.link || item.article.file);
      const label = hasArticle ? 'Article to confirm' : 'Article to provide';
      needs.push({ what: 'content', action: 'confirm', label });
    }
  } else if (canApproveContent(item)) {
    needs.push({ what: 'content', action: 'approve', label: 'Content to review' });
  }
  return needs;
}

/** "Confirm" on what the buyer provides: the topic, or the article's link or file. */
function ConfirmButton({
  item,
  what,
  h,
}: {
  item: OrderItem;
  what: 'topic' | 'article';
  h: ItemColumnHandlers;
}) {
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={
        !(what === 'topic' ? canEditTopic(item) : canEditArticleLink(item)) ||
        h.isPending(item) ||
        h.cannotAct !== undefined
      }
      aria-label={`Confirm ${what} of item ${item.number}`}
      aria-describedby={roleNoteOf(h)}
      onClick={() => h.onOpen(item, what)}
    >
      Confirm
    </Button>
  );
}

/** Yes or No on the topic or the content the publisher proposes; No asks for feedback. */
function ApproveButtons({
  item,
  what,
  h,
}: {
  item: OrderItem;
  what: 'topic' | 'content';
  h: ItemColumnHandlers;
}) {
  return (
    <YesNo
      item={item}
      what={what}
      enabled={what === 'topic' ? canApproveTopic(item) : canApproveContent(item)}
      disabled={h.isPending(item) || h.cannotAct !== undefined}
      describedBy={roleNoteOf(h)}
      onYes={() => h.onApprove(item, what === 'topic' ? 'approve_topic' : 'approve_content')}
      onNo={() => h.onOpen(item, what === 'topic' ? 'topic_feedback' : 'content_feedback')}
    />
  );
}

/** Cancel and Request edit, the actions every item has. */
function ItemActions({ item, h }: { item: OrderItem; h: ItemColumnHandlers }) {
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        disabled={!canCancel(item) || h.isPending(item) || h.cannotAct !== undefined}
        aria-label={`Cancel item ${item.number}`}
        aria-describedby={roleNoteOf(h)}
        onClick={() => h.onCancel(item)}
      >
        Cancel
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={!canRequestEdit(item) || h.isPending(item) || h.cannotAct !== undefined}
        aria-label={`Request edit of item ${item.number}`}
        aria-describedby={roleNoteOf(h)}
        onClick={() => h.onRequestEdit(item)}
      >
        Request edit
      </Button>
    </>
  );
}

/** A phone card's first block: what waits for the buyer, with its buttons, then the actions. */
function nextColumn(h: ItemColumnHandlers): TableColumn<OrderItem> {
  return {
    id: '_next',
    label: 'What you can do',
    isFixed: true,
    render: (item) => (
      <span className="flex w-full flex-col items-stretch gap-2">
        {needsOf(item).map((need) => (
          <span
            key={need.label}
            className="flex flex-col items-start gap-1.5 rounded-md bg-amber-50 px-2.5 py-2 ring-1 ring-amber-200"
          >
            <span className="text-sm font-semibold text-amber-900">{need.label}</span>
            {need.what === 'topic' && item.topic.content
              ? text(item.topic.content, `topic of item ${item.number}`)
              : null}
            {need.what === 'content' && item.article.link ? (
              <ExternalLink href={item.article.link} />
            ) : null}
            {need.what === 'content' && item.article.file ? (
              <StoredFileLink file={item.article.file} />
            ) : null}
            {need.action === 'approve' ? (
              <ApproveButtons item={item} what={need.what} h={h} />
            ) : (
              <ConfirmButton item={item} what={need.what === 'topic' ? 'topic' : 'article'} h={h} />
            )}
          </span>
        ))}
        <span className="flex flex-wrap gap-1">
          <ItemActions item={item} h={h} />
          {h.onOpenMessages ? <MessagesButton item={item} onOpen={h.onOpenMessages} /> : null}
        </span>
      </span>
    ),
  };
}

/** The item's own columns: selection and number, status, link, price, dates and the order's texts. */
function detailColumns(h: ItemColumnHandlers): TableColumn<OrderItem>[] {
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
      isEmpty: (item) => !item.invoice,
      render: (item) =>
        item.invoice?.file && h.canDownloadDocuments !== false ? (
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
    ...messagesColumns(h),
    {
      id: 'live_link',
      label: LABELS.live_link,
      isEmpty: (item) => !item.live_link,
      render: (item) => (item.live_link ? <ExternalLink href={item.live_link} /> : ''),
    },
    {
      id: 'link_health',
      label: LABELS.link_health,
      isEmpty: (item) => !item.link_health,
      render: (item) => <LinkHealthCell item={item} onOpen={h.onOpenLinkHealth} />,
    },
    {
      id: 'payment_status',
      label: LABELS.payment_status,
      isEmpty: (item) => !item.invoice,
      render: itemPaymentStatusText,
    },
    {
      id: 'buyer_domain',
      label: LABELS.buyer_domain,
      isEmpty: (item) => !item.buyer_domain,
      render: (item) => (item.buyer_domain ? hostnameToUnicode(item.buyer_domain.hostname) : ''),
    },
    { id: 'domain', label: LABELS.domain, render: (item) => hostnameToUnicode(item.site.hostname) },
    {
      id: 'price',
      label: LABELS.price,
      align: 'right',
      render: (item) => <ItemPrice item={item} />,
    },
    {
      id: 'due_date',
      label: LABELS.due_date,
      isEmpty: (item) => !item.publishing_due_date,
      render: (item) => formatDate(item.publishing_due_date),
    },
    {
      id: 'published_at',
      label: LABELS.published_at,
      isEmpty: (item) => !item.published_at,
      render: (item) => formatDate(item.published_at),
    },
    {
      id: 'custom_id',
      label: LABELS.custom_id,
      isEmpty: (item) => !item.custom_id,
      render: (item) => text(item.custom_id, `custom id of item ${item.number}`),
    },
    { id: 'link_type', label: LABELS.link_type, render: (item) => item.article_niche.title },
    {
      id: 'anchor_text',
      label: LABELS.anchor_text,
      isEmpty: (item) => !item.anchor_text,
      render: (item) => text(item.anchor_text, `anchor text of item ${item.number}`),
    },
    {
      id: 'target_url',
      label: LABELS.target_url,
      isEmpty: (item) => !item.target_url,
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
    {
      id: 'comments',
      label: LABELS.comments,
      isEmpty: (item) => !item.comments,
      render: (item) => text(item.comments, `comments of item ${item.number}`),
    },
  ];
}

/** The topic and the article with the buyer's decisions on them, feedback, guidelines, actions. */
function topicAndArticleColumns(h: ItemColumnHandlers): TableColumn<OrderItem>[] {
  /** On a phone card the topic and the article to decide on show in the card's first block. */
  const isShownFirst = (item: OrderItem, what: 'topic' | 'content') =>
    h.isPhone === true && needsOf(item).some((need) => need.what === what);
  return [
    {
      id: 'topic_needs_approval',
      label: LABELS.topic_needs_approval,
      render: (item) => yesNo(item.topic.is_needs_approval),
    },
    {
      id: 'topic',
      label: LABELS.topic,
      isEmpty: (item) => !item.topic.content || isShownFirst(item, 'topic'),
      render: (item) => (
        <span className="flex flex-col items-start gap-1">
          {text(item.topic.content, `topic of item ${item.number}`)}
          {item.is_topic_provided_by_buyer && !h.isPhone ? (
            <ConfirmButton item={item} what="topic" h={h} />
          ) : null}
        </span>
      ),
    },
    {
      id: 'topic_approved',
      label: LABELS.topic_approved,
      isEmpty: (item) => !item.topic.status,
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
            {item.topic.is_needs_approval && !h.isPhone ? (
              <ApproveButtons item={item} what="topic" h={h} />
            ) : null}
          </span>
        ),
    },
    {
      id: 'topic_feedback',
      label: LABELS.topic_feedback,
      isEmpty: (item) => !item.topic.feedback,
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
      isEmpty: (item) =>
        (!item.article.link && !item.article.file) || isShownFirst(item, 'content'),
      render: (item) => (
        <span className="flex flex-col items-start gap-1">
          {item.article.link ? <ExternalLink href={item.article.link} /> : null}
          {item.article.file ? <StoredFileLink file={item.article.file} /> : null}
          {item.is_article_provided_by_buyer && !h.isPhone ? (
            <ConfirmButton item={item} what="article" h={h} />
          ) : null}
        </span>
      ),
    },
    {
      id: 'content_approved',
      label: LABELS.content_approved,
      isEmpty: (item) => !item.article.status,
      render: (item) => (
        <span className="flex flex-col items-start gap-1">
          {item.article.status ? ARTICLE_STATUS_LABELS[item.article.status] : ''}
          {item.is_article_provided_by_buyer || h.isPhone ? null : (
            <ApproveButtons item={item} what="content" h={h} />
          )}
        </span>
      ),
    },
    {
      id: 'content_feedback',
      label: LABELS.content_feedback,
      isEmpty: (item) => !item.article.feedback,
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
      isEmpty: (item) => !item.webmaster_feedback,
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
      isEmpty: (item) => !item.content_guidelines,
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
          <ItemActions item={item} h={h} />
        </span>
      ),
    },
  ];
}

/** Every column of spec §2 "Order item table", plus the row selection and the row's actions. */
export function itemColumns(h: ItemColumnHandlers): TableColumn<OrderItem>[] {
  const columns = [...detailColumns(h), ...topicAndArticleColumns(h)];
  if (!h.isPhone) return columns;
  const [first, ...others] = columns;
  // On a phone card the Messages button sits with the item's actions, in its first block.
  const inFirstBlock = new Set(['_actions', 'messages']);
  return [first!, nextColumn(h), ...others.filter((column) => !inFirstBlock.has(column.id))];
}
