import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { Card } from '#src/components/card.tsx';
import { LinkHealthBadge } from '#src/components/link-health-badge.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { paths } from '#src/config/paths.ts';

import { linkMonitoringQueries } from '../api/queries.ts';
import { summarySentence } from '../labels.ts';

const linkClasses =
  'text-sm font-medium text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600';

/**
 * The dashboard's view of the live links: the summary in words and the way to the open issues.
 * Says nothing when the summary cannot be had (offline before a first load, or a failure): the
 * monitoring screen tells that story.
 */
export function LinkMonitoringCard() {
  const overview = useQuery(linkMonitoringQueries.overview());
  if (!overview.data && !overview.isPending) return null;
  const summary = overview.data;
  return (
    <Card className="mb-6 flex flex-wrap items-center justify-between gap-3 px-5 py-4">
      <div className="min-w-0">
        <h2 className="text-base font-semibold text-slate-900">Live links</h2>
        {summary ? (
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {summary.issues_open > 0 ? <LinkHealthBadge status="issue" /> : null}
            {summarySentence(summary)}
          </p>
        ) : (
          <Skeleton className="mt-1 h-4 w-56 max-w-full" />
        )}
      </div>
      {summary && summary.issues_open > 0 ? (
        <Link to={paths.linkMonitoringIssues} className={linkClasses}>
          {summary.issues_open === 1
            ? 'See the open issue'
            : `See the ${summary.issues_open} open issues`}
        </Link>
      ) : summary && summary.total > 0 ? (
        <Link to={paths.linkMonitoring} className={linkClasses}>
          Open link monitoring
        </Link>
      ) : null}
    </Card>
  );
}
