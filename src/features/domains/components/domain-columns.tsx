import type { ReactNode } from 'react';

import type { BuyerDomain, CompetitorGroup } from '#contract/domains.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import type { TableColumn } from '#src/components/data-table/data-table.tsx';

import type { RenderImport } from './import-slots.ts';

function groupsText(groups: readonly CompetitorGroup[] | undefined): ReactNode {
  if (!groups?.length) return <span className="text-slate-500">No groups</span>;
  return (
    <ul className="space-y-0.5">
      {groups.map((group) => (
        <li key={group.id}>
          {group.name}{' '}
          <span className="text-slate-500">
            ({group.competitors.length}{' '}
            {group.competitors.length === 1 ? 'competitor' : 'competitors'})
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface DomainColumnsOptions {
  renderImport: RenderImport;
  /** The competitor groups by domain id; null while they load. */
  groupsByDomain: ReadonlyMap<string, CompetitorGroup[]> | null;
  /** Domains whose deletion waits on this device for the connection. */
  deleting: ReadonlySet<string>;
  onCompetitors: (domain: BuyerDomain) => void;
  onDelete: (domain: BuyerDomain) => void;
}

/** The columns of the domains table: hostname, referring domains, competitor groups, actions. */
export function domainColumns({
  renderImport,
  groupsByDomain,
  deleting,
  onCompetitors,
  onDelete,
}: DomainColumnsOptions): TableColumn<BuyerDomain>[] {
  return [
    {
      id: 'hostname',
      label: 'Hostname',
      render: (domain) => (
        <span className="font-medium whitespace-normal text-slate-900">
          {hostnameToUnicode(domain.hostname)}
          {deleting.has(domain.id) ? (
            <Badge variant="warning" className="ml-2">
              Will be deleted when online
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'referents',
      label: 'Referring domains',
      render: (domain) =>
        renderImport({
          target: { kind: 'referents', domainId: domain.id, hostname: domain.hostname },
          file: domain.referents_file,
          status: domain.import_status,
        }),
    },
    {
      id: 'competitor_groups',
      label: 'Competitor groups',
      render: (domain) =>
        groupsByDomain === null ? (
          <span className="text-slate-500">…</span>
        ) : (
          groupsText(groupsByDomain.get(domain.id))
        ),
    },
    {
      id: '_actions',
      label: 'Actions',
      align: 'right',
      render: (domain) => (
        <div className="flex justify-end gap-2">
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Competitors of ${hostnameToUnicode(domain.hostname)}`}
            onClick={() => onCompetitors(domain)}
          >
            Competitors
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Delete ${hostnameToUnicode(domain.hostname)}`}
            disabled={deleting.has(domain.id)}
            onClick={() => onDelete(domain)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];
}
