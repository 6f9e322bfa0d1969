import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { EmptyState, ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { AccountsTable } from '#src/features/profile/components/accounts-table.tsx';

export function Component() {
  const profile = useQuery(profileQueries.detail());
  return (
    <>
      <PageHeader
        title="Companies"
        description="The companies you buy for, with their credit."
        actions={
          <Link to={paths.companiesCreate} className={buttonClasses('primary')}>
            Add new company request
          </Link>
        }
      />
      <div className="space-y-6">
        {profile.isPending ? (
          <LoadingState label="Loading companies…" />
        ) : profile.isError ? (
          <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
        ) : (
          <AccountsTable accounts={profile.data.accounts} />
        )}
        <Card>
          <CardHeader title="My company requests" />
          <div className="p-5">
            <EmptyState
              title="No company requests"
              description="Requests for new companies appear here while they are reviewed."
            />
          </div>
        </Card>
      </div>
    </>
  );
}
