import type { ReactNode } from 'react';

import { orderStatusTone } from '#contract/order-items.ts';
import { type Order, PAYMENT_METHOD_TITLES } from '#contract/orders.ts';
import { VAT_TREATMENT_LABELS } from '#contract/vat.ts';
import { Badge } from '#src/components/badge.tsx';
import { Card } from '#src/components/card.tsx';
import { formatDate, formatPercent } from '#src/utils/format.ts';

import {
  DOCUMENTS_NOT_DOWNLOADED_NOTE,
  useCanDownloadDocuments,
} from '../hooks/use-can-download-documents.ts';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../labels.ts';
import { MoneyText } from './money-text.tsx';
import { StoredFileLink } from './stored-file-link.tsx';

function Entry({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A document's title and its file: a download link, or why there is none. */
function DocumentLine({
  title,
  file,
  canDownload,
}: {
  title: string;
  file: { id: string; file_name: string } | null;
  canDownload: boolean;
}) {
  if (!file) return <span>{title}: PDF being prepared</span>;
  if (!canDownload) return <span>{title}</span>;
  return (
    <span>
      {title}: <StoredFileLink file={file} />
    </span>
  );
}

const count = (n: number, one: string, several: string) => `${n} ${n === 1 ? one : several}`;

/** "2 links, 1 cancelled, 0 live": every item ordered, then the cancelled and the live ones. */
export function linksText(
  order: Pick<Order, 'links_amount' | 'cancelled_links_amount' | 'live_links_amount'>,
): string {
  const parts = [count(order.links_amount, 'link', 'links')];
  if (order.cancelled_links_amount > 0) parts.push(`${order.cancelled_links_amount} cancelled`);
  parts.push(`${order.live_links_amount} live`);
  return parts.join(', ');
}

/**
 * The order's details and totals (spec §2 "Order detail"), and its money with VAT: charged,
 * credited by credit notes, paid and still due (decision 167).
 */
export function OrderHeader({ order }: { order: Order }) {
  const canDownload = useCanDownloadDocuments(order);
  const rate = formatPercent(order.vat_rate);
  return (
    <Card className="mb-6 p-5">
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Entry term="Order number">{order.number}</Entry>
        <Entry term="Date">{formatDate(order.created_at)}</Entry>
        <Entry term="Company">{order.company.title}</Entry>
        <Entry term="PO number">{order.po_number ?? '—'}</Entry>
        <Entry term="Status">
          <Badge variant={orderStatusTone(order.status)}>{ORDER_STATUS_LABELS[order.status]}</Badge>
        </Entry>
        <Entry term="Payment status">
          <Badge variant="secondary">{PAYMENT_STATUS_LABELS[order.payment.status]}</Badge>
        </Entry>
        <Entry term="Payment method">{PAYMENT_METHOD_TITLES[order.payment.method]}</Entry>
        <Entry term="Links">{linksText(order)}</Entry>
        <Entry term="Price">
          <MoneyText value={order.price} />
        </Entry>
        <Entry term={`VAT (${rate})`}>
          <MoneyText value={order.vat} />
          <span className="block text-xs text-slate-500">
            {VAT_TREATMENT_LABELS[order.vat_treatment]}
          </span>
        </Entry>
        <Entry term="Price with VAT">
          <MoneyText value={order.price_with_vat} />
        </Entry>
        <Entry term="Charged">
          <MoneyText value={order.amounts.charged} />
        </Entry>
        <Entry term="Credited">
          <MoneyText value={order.amounts.credited} />
        </Entry>
        <Entry term="Amount paid">
          <MoneyText value={order.amounts.paid} />
        </Entry>
        <Entry term="Still due">
          <MoneyText value={order.amounts.due} />
        </Entry>
        <Entry term="Documents">
          <span className="flex flex-col gap-1">
            {order.invoice ? (
              <DocumentLine
                title={`Invoice ${order.invoice.number} (order ${order.number})`}
                file={order.invoice.file}
                canDownload={canDownload}
              />
            ) : (
              <span className="text-slate-500">No invoice yet</span>
            )}
            {order.credit_note ? (
              <DocumentLine
                title={`Credit note ${order.credit_note.number} (order ${order.number})`}
                file={order.credit_note.file}
                canDownload={canDownload}
              />
            ) : null}
            {!canDownload && (order.invoice?.file || order.credit_note?.file) ? (
              <span className="text-xs text-slate-500">{DOCUMENTS_NOT_DOWNLOADED_NOTE}</span>
            ) : null}
          </span>
        </Entry>
      </dl>
    </Card>
  );
}
