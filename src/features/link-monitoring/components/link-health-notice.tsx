import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { paths } from '#src/config/paths.ts';
import { cx } from '#src/utils/class-names.ts';
import { formatPercent } from '#src/utils/format.ts';

import { linkMonitoringQueries } from '../api/queries.ts';

// No display class here: the healthy share is hidden on a phone, and `cx` does not resolve two
// display classes in favour of the later one.
const pill =
  'items-center gap-1.5 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/**
 * The dashboard's word on the live links, beside its greeting (decision 147): open issues, when
 * there are, as the way to them; otherwise the healthy share, from a tablet's width up. It sits in
 * the greeting's line, so arriving after the first paint moves nothing.
 */
export function LinkHealthNotice() {
  const overview = useQuery(linkMonitoringQueries.overview());
  const summary = overview.data;
  if (!summary || summary.total === 0) return null;
  if (summary.issues_open > 0) {
    return (
      <Link
        to={paths.linkMonitoringIssues}
        className={cx(
          pill,
          'inline-flex bg-red-50 text-red-800 ring-1 ring-red-200 hover:bg-red-100',
        )}
      >
        <span aria-hidden="true" className="size-2 rounded-full bg-red-600" />
        {summary.issues_open === 1
          ? '1 link issue open'
          : `${summary.issues_open} link issues open`}
      </Link>
    );
  }
  if (summary.healthy_percent === null) return null;
  return (
    <Link
      to={paths.linkMonitoring}
      className={cx(pill, 'hidden text-slate-600 hover:bg-slate-100 sm:inline-flex')}
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
      {`${formatPercent(summary.healthy_percent)} of ${summary.total === 1 ? 'your live link' : `${summary.total} live links`} healthy`}
    </Link>
  );
}
