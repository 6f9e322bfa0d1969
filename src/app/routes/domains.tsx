import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '#src/components/button.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { DOMAIN_LIST_PAGE_SIZE, TABLE_PAGE_SIZE_OPTIONS } from '#src/config/constants.ts';
import { AddDomainDialog } from '#src/features/domains/components/add-domain-dialog.tsx';
import { DomainsTable } from '#src/features/domains/components/domains-table.tsx';
import { LinkMonitoringCard } from '#src/features/link-monitoring/components/link-monitoring-card.tsx';

import { BuyingPage } from '../buying-page.tsx';
import { renderImport, renderUploadDialog } from '../import-slots.tsx';

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** The buyer's domains, for the roles that use the catalogue (Finance and Viewer buy nothing). */
export function Component() {
  return (
    <BuyingPage
      title="Domains"
      loadingLabel="Loading your domains"
      what="Domains and their referring-domain lists are"
    >
      <Domains />
    </BuyingPage>
  );
}

function Domains() {
  const [params, setParams] = useSearchParams();
  const [isAdding, setAdding] = useState(false);
  const page = positiveInt(params.get('page'), 1);
  const requestedLimit = positiveInt(params.get('limit'), DOMAIN_LIST_PAGE_SIZE);
  const limit = (TABLE_PAGE_SIZE_OPTIONS as readonly number[]).includes(requestedLimit)
    ? requestedLimit
    : DOMAIN_LIST_PAGE_SIZE;

  const update = (changes: Record<string, number>, options?: { replace?: boolean }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, String(value));
    setParams(next, options);
  };
  const addButton = <Button onClick={() => setAdding(true)}>Add domain</Button>;

  return (
    <>
      <PageHeader
        title="Domains"
        description="The domains you build links for and their referring-domain lists."
        actions={addButton}
      />
      <LinkMonitoringCard />
      <DomainsTable
        page={page}
        limit={limit}
        onPageChange={(nextPage, options) => update({ page: nextPage }, options)}
        onLimitChange={(nextLimit) => update({ limit: nextLimit, page: 1 })}
        renderImport={renderImport}
        renderUploadDialog={renderUploadDialog}
      />
      <AddDomainDialog open={isAdding} onClose={() => setAdding(false)} />
    </>
  );
}
