import { useQuery } from '@tanstack/react-query';

import { hostnameToUnicode } from '#contract/idna.ts';
import { NotAvailableOfflineSelect, SelectField } from '#src/components/select-field.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

import { domainQueries } from '../api/queries.ts';

/** Picks one of the buyer's domains; the caller keeps the value (the address query string). */
export function DomainSelect({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (domainId: string) => void;
  className?: string;
}) {
  const query = useQuery(domainQueries.selectable());
  const isOnline = useOnlineStatus();

  if (query.isPending && !isOnline) {
    return (
      <NotAvailableOfflineSelect
        label="Domain"
        className={className}
        description="Your domains load once you are back online."
      />
    );
  }
  if (query.isPending) {
    return (
      <div className={className}>
        <p className="mb-1.5 text-sm font-medium text-slate-800">Domain</p>
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }

  const domains = query.data?.data ?? [];
  const known = domains.some((domain) => domain.id === value);
  return (
    <SelectField
      label="Domain"
      className={className}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      placeholder={domains.length === 0 ? 'No domains yet' : 'All domains'}
      error={query.isError && !query.data ? 'Domains could not be loaded.' : undefined}
      options={domains.map((domain) => ({
        value: domain.id,
        label: hostnameToUnicode(domain.hostname),
      }))}
    />
  );
}
