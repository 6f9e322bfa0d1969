import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/button.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { EmptyState } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { CompanyAccounts } from '#src/features/companies/components/company-accounts.tsx';
import { CompanyRequestsList } from '#src/features/companies/components/company-requests-list.tsx';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

export function Component() {
  const profile = useQuery(profileQueries.detail());
  const isOnline = useOnlineStatus();
  return (
    <>
      <PageHeader
        title="Companies"
        description="The companies you buy for, their credit and details, and your company requests."
        actions={
          <Link to={paths.companiesCreate} className={buttonClasses('primary')}>
            Add new company request
          </Link>
        }
      />
      <div className="space-y-6">
        {!profile.data && !isOnline ? (
          <EmptyState
            title="You are offline"
            description="Your company accounts load when you are back online."
          />
        ) : (
          <CompanyAccounts
            accounts={profile.data?.accounts}
            isPending={profile.isPending}
            error={profile.error}
            onRetry={() => void profile.refetch()}
          />
        )}
        <CompanyRequestsList />
      </div>
    </>
  );
}
