import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { hostnameToUnicode } from '#contract/idna.ts';
import { LINK_CHECK_OUTCOME_TITLES, type MonitoredLink } from '#contract/link-monitoring.ts';
import { Button } from '#src/components/button.tsx';
import type { TableColumn } from '#src/components/data-table/data-table.tsx';
import { LinkHealthBadge } from '#src/components/link-health-badge.tsx';
import { paths } from '#src/config/paths.ts';
import { formatDateTime } from '#src/utils/format.ts';

import type { MonitoredItemRef } from '../api/mutations.ts';
import { CheckNowButton } from './check-now-button.tsx';

export function ExternalLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="block max-w-52 min-w-32 break-all whitespace-normal text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {href} <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function text(value: string): ReactNode {
  return <span className="block max-w-44 min-w-28 break-words whitespace-normal">{value}</span>;
}

export function itemRefOf(link: MonitoredLink): MonitoredItemRef {
  return {
    id: link.item.id,
    number: link.item.number,
    orderId: link.order.id,
    companyId: link.order.company_id,
  };
}

/** The columns of the link monitoring table; the last holds the row's actions. */
export function linkColumns({
  onDetails,
  offlineNoteId,
  roleNoteIdOf,
}: {
  onDetails: (link: MonitoredLink) => void;
  /** The note saying why actions are off while offline, shared by every row. */
  offlineNoteId: string;
  /** The note saying why the member's role in a company may not check its links, if any. */
  roleNoteIdOf: (companyId: string) => string | undefined;
}): TableColumn<MonitoredLink>[] {
  return [
    {
      id: 'live_link',
      label: 'Live link',
      isFixed: true,
      render: (link) => <ExternalLink href={link.live_link} />,
    },
    { id: 'site', label: 'Site', render: (link) => text(hostnameToUnicode(link.site_hostname)) },
    {
      id: 'target_url',
      label: 'Target URL',
      render: (link) => <ExternalLink href={link.target_url} />,
    },
    { id: 'anchor', label: 'Anchor', render: (link) => text(link.anchor_text) },
    {
      id: 'item',
      label: 'Order item',
      render: (link) => (
        <Link
          to={paths.order(link.order.id)}
          className="font-medium whitespace-nowrap text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {link.item.number} <span className="sr-only">(order {link.order.number})</span>
        </Link>
      ),
    },
    {
      id: 'health',
      label: 'Health',
      render: (link) => (
        <span className="flex flex-col items-start gap-1 whitespace-normal">
          <LinkHealthBadge status={link.health} className="whitespace-nowrap" />
          {link.open_issue ? (
            <span className="text-xs text-slate-600">
              {LINK_CHECK_OUTCOME_TITLES[link.open_issue.outcome]}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'last_check',
      label: 'Last check',
      render: (link) =>
        link.last_check ? (
          <span className="flex flex-col whitespace-normal">
            <span className="text-slate-900">
              {LINK_CHECK_OUTCOME_TITLES[link.last_check.outcome]}
            </span>
            <span className="text-xs text-slate-500">
              {formatDateTime(link.last_check.checked_at)}
            </span>
          </span>
        ) : (
          <span className="whitespace-normal text-slate-500">Not checked yet</span>
        ),
    },
    {
      id: 'next_check',
      label: 'Next check',
      render: (link) => (
        <span className="whitespace-normal">{formatDateTime(link.next_check_at) || '—'}</span>
      ),
    },
    {
      id: '_actions',
      label: 'Actions',
      isFixed: true,
      pinEnd: true,
      render: (link) => (
        <span className="flex flex-wrap items-start gap-1">
          <CheckNowButton
            item={itemRefOf(link)}
            offlineNoteId={offlineNoteId}
            roleNoteId={roleNoteIdOf(link.order.company_id)}
          />
          <Button size="sm" variant="ghost" onClick={() => onDetails(link)}>
            Details <span className="sr-only">of item {link.item.number}</span>
          </Button>
        </span>
      ),
    },
  ];
}
