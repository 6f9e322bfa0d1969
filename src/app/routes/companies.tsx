import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { buttonClasses } from '#src/components/button.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { EmptyState } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { companyQueries } from '#src/features/companies/api/queries.ts';
import { CompanyAccounts } from '#src/features/companies/components/company-accounts.tsx';
import { CompanyRequestsList } from '#src/features/companies/components/company-requests-list.tsx';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

/**
 * A new company approved while the screen is open (the requests list refreshes on focus) brings
 * a new account: the profile is read again once per approved request.
 */
function useRefreshAccountsOnApproval(
  requests: readonly { id: string; status: string; is_change: boolean }[] | undefined,
) {
  const queryClient = useQueryClient();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!requests) return;
    const approved = requests.filter((r) => r.status === 'approved' && !r.is_change);
    const known = seen.current;
    seen.current = new Set(approved.map((r) => r.id));
    if (known && approved.some((r) => !known.has(r.id))) {
      void queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    }
  }, [requests, queryClient]);
}

export function Component() {
  // The accounts are read fresh on this screen: staff may have approved a company meanwhile.
  const profile = useQuery({ ...profileQueries.detail(), staleTime: 0 });
  const requests = useQuery(companyQueries.requests());
  const isOnline = useOnlineStatus();
  useRefreshAccountsOnApproval(requests.data?.data);
  return (
    <>
      <PageHeader
        title="Companies"
        description="Your company accounts, their credit and details, and your company requests."
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
