import { useQuery } from '@tanstack/react-query';

import { linkMonitoringQueries } from '../api/queries.ts';

/**
 * The menu's `label` ("Link monitoring") with the number of open link issues beside it, read as
 * "Link monitoring, 4 issues open"; the label alone when none is open or the number is not known.
 * The name is one piece of hidden text: a hidden ", 4 issues open" after the visible label read
 * as "Link monitoring , 4 issues open", browsers taking a visually hidden span for a block.
 */
export function OpenIssuesCount({ label }: { label: string }) {
  const overview = useQuery(linkMonitoringQueries.overview());
  const open = overview.data?.issues_open ?? 0;
  if (open <= 0) return label;
  return (
    <>
      <span className="sr-only">{`${label}, ${open} ${open === 1 ? 'issue open' : 'issues open'}`}</span>
      <span aria-hidden="true">
        {label}{' '}
        <span
          data-testid="open-issues-count"
          className="inline-flex min-w-5 justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white tabular-nums"
        >
          {open}
        </span>
      </span>
    </>
  );
}
