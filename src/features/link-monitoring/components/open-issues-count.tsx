import { useQuery } from '@tanstack/react-query';

import { CountedLabel } from '#src/components/counted-label.tsx';

import { linkMonitoringQueries } from '../api/queries.ts';

/**
 * The menu's `label` ("Link monitoring") with the number of open link issues beside it, read as
 * "Link monitoring, 4 issues open"; the label alone when none is open or the number is not known.
 */
export function OpenIssuesCount({ label }: { label: string }) {
  const overview = useQuery(linkMonitoringQueries.overview());
  const open = overview.data?.issues_open ?? 0;
  return (
    <CountedLabel
      label={label}
      count={open}
      spoken={`${open} ${open === 1 ? 'issue open' : 'issues open'}`}
      testId="open-issues-count"
    />
  );
}
