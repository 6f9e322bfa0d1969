import { useQuery } from '@tanstack/react-query';
import { linkMonitoringQueries } from '../api/queries.ts';

/**
 * The number of open link issues beside the menu's "Link monitoring", read as ", 4 issues open";
 * nothing when none is open or the number is not known.
 */
export function OpenIssuesCount() {
  const overview = useQuery(linkMonitoringQueries.overview());
  const open = overview.data?.issues_open ?? 0;
  if (open <= 0) return null;
  return (
    <>
      <span className="sr-only">,</span>{' '}
      <span
        data-testid="open-issues-count"
        className="inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums"
      >
        {open}
      </span>{' '}
      <span className="sr-only">{open === 1 ? 'issue open' : 'issues open'}</span>
    </>
  );
}
