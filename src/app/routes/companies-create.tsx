import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';

import { UUID_PATTERN } from '#contract/catalogue.ts';
import { requestValuesOf } from '#contract/companies.ts';
import { PageHeader } from '#src/components/page-header.tsx';
import {
  EmptyState,
  ErrorState,
  LoadingState,
  NotFoundState,
} from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { companyQueries } from '#src/features/companies/api/queries.ts';
import { CompanyRequestForm } from '#src/features/companies/components/company-request-form.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { isApiError } from '#src/lib/api-client.ts';
import { toast } from '#src/lib/toast-store.ts';

/**
 * `/companies/create`: 'Add new company request', or with `?account=<id>` a change of that
 * account's company, prefilled from it.
 */
export function Component() {
  const [search] = useSearchParams();
  const account = search.get('account');
  const navigate = useNavigate();
  const isOnline = useOnlineStatus();
  const countries = useQuery(companyQueries.countries());
  const businessTypes = useQuery(companyQueries.businessTypes());
  const isKnownShape = account !== null && UUID_PATTERN.test(account);
  const company = useQuery({ ...companyQueries.company(account ?? ''), enabled: isKnownShape });

  const title = account ? 'Request a change of company details' : 'Add new company request';
  const header = (
    <PageHeader
      title={title}
      description={
        account
          ? 'Our team reviews the change and updates the company once it is approved.'
          : 'Our team reviews the request; once approved, the company appears in your accounts.'
      }
    />
  );
  // A tampered or outdated link: no retry can find the account, the companies page can.
  const isUnknownAccount =
    account !== null &&
    (!isKnownShape || isApiError(company.error, 404) || isApiError(company.error, 400));
  if (isUnknownAccount) {
    return (
      <>
        {header}
        <NotFoundState
          title="Company account not found"
          description="The link may be outdated, or the account belongs to someone else."
          backTo={paths.companies}
          backLabel="Back to companies"
        />
      </>
    );
  }
  const error = countries.error ?? businessTypes.error ?? (account ? company.error : null);
  const isReady = countries.data && businessTypes.data && (!account || company.data);
  if (!isReady) {
    return (
      <>
        {header}
        {!isOnline ? (
          <EmptyState
            title="You are offline"
            description="The form needs the country and business type lists; it opens when you are back online."
          />
        ) : error ? (
          <ErrorState
            message={error.message}
            onRetry={() => {
              void countries.refetch();
              void businessTypes.refetch();
              if (account) void company.refetch();
            }}
          />
        ) : (
          <LoadingState label="Loading the form…" />
        )}
      </>
    );
  }
  return (
    <>
      {header}
      <CompanyRequestForm
        key={company.data?.id ?? 'new'}
        countries={countries.data}
        businessTypes={businessTypes.data}
        initialValues={company.data ? requestValuesOf(company.data) : undefined}
        changeOf={company.data?.business_name}
        onCancel={() => void navigate(paths.companies)}
        onSent={(request) => {
          toast({
            title: `Company request ${request.number} sent`,
            variant: 'success',
          });
          void navigate(paths.companies);
        }}
      />
    </>
  );
}
