import { useQuery } from '@tanstack/react-query';

import { NotAvailableOfflineSelect, SelectField } from '#src/components/select-field.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

import { catalogueQueries } from '../api/queries.ts';

/** The dashboard's niche choice; niches are chosen by id, as the catalogue filter expects. */
export function NicheSelect({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (niche: string) => void;
  className?: string;
}) {
  const niches = useQuery(catalogueQueries.reference('niches'));
  const isOnline = useOnlineStatus();
  if (niches.isPending && !isOnline) {
    return (
      <NotAvailableOfflineSelect
        label="Niche"
        className={className}
        description="The niches load once you are back online."
      />
    );
  }
  const options = (niches.data ?? []).map((niche) => ({ value: niche.id, label: niche.title }));
  const known = options.some((option) => option.value === value);
  return (
    <SelectField
      label="Niche"
      className={className}
      value={known ? value : ''}
      disabled={niches.isPending}
      onChange={(event) => onChange(event.target.value)}
      placeholder={niches.isPending ? 'Loading niches…' : 'All niches'}
      options={options}
    />
  );
}
