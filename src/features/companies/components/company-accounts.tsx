import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';

import { BILLING_FIGURE_NAMES } from '#contract/billing.ts';
import type { Company } from '#contract/companies.ts';
import { MEMBER_ROLE_LABELS, roleCan } from '#contract/permissions.ts';
import type { Account } from '#contract/profile.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button, buttonClasses } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { ChevronDownIcon } from '#src/components/icons.tsx';
import { EmptyState, ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { cx } from '#src/utils/class-names.ts';
import { formatMoney } from '#src/utils/format.ts';

import { useSetCurrentAccount } from '../api/current-account.ts';
import { companyQueries } from '../api/queries.ts';
import { AccountBillingView } from './account-billing.tsx';

const COMPANY_STATUS_LABELS: Record<Company['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
};

function detailRows(company: Company): [string, string | null][] {
  const address = [company.address, company.address_extra].filter(Boolean).join(', ');
  return [
    ['Business name', company.business_name],
    ['Business type', company.business_type?.title ?? null],
    ['Contact e-mail', company.contact_email],
    ['Accounting e-mail', company.accounting_email],
    ['Accounting phone', company.accounting_phone],
    ['Country', company.country?.title ?? null],
    ['City', company.city],
    ['Zip code', company.zip_code],
    ['Address', address || null],
    ['Registration number', company.registration_number],
    ['VAT number', company.vat_number],
    ['Bank name', company.bank_name],
    ['Bank address', company.bank_address],
    ['IBAN', company.iban],
    ['BIC/SWIFT', company.bic_swift],
    ['Additional info', company.additional_info],
    ['Pay by bill', company.is_pay_by_bill_allowed ? 'Allowed' : 'Not allowed'],
    ['Status', COMPANY_STATUS_LABELS[company.status]],
  ];
}

/**
 * Every detail of the company of an account, loaded when opened; a change is offered to the
 * roles that edit company details (decision 203).
 */
function CompanyDetails({ accountId, canEdit }: { accountId: string; canEdit: boolean }) {
  const query = useQuery(companyQueries.company(accountId));
  if (query.isPending) return <LoadingState label="Loading company details…" className="py-6" />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {detailRows(query.data).map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-500">{label}</dt>
            <dd className="break-words text-slate-900">{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      {canEdit ? (
        <Link
          to={`/companies/create?account=${encodeURIComponent(accountId)}`}
          className={buttonClasses('secondary', 'sm')}
        >
          Request a change
        </Link>
      ) : null}
    </div>
  );
}

/** Why a member reads no billing here: the company's is for Owners, Admins and Finance. */
function billingNotReadNote(account: Account): string {
  const role = MEMBER_ROLE_LABELS[account.role];
  const billing = "The company's billing is read by its Owners, Admins and Finance";
  return roleCan(account.role, 'cart.use')
    ? `${billing}. As its ${role} you see the figures above, which pay for what you buy at checkout.`
    : `${billing}; you are its ${role}.`;
}

/**
 * The account's short figures, under the names the billing view explains; none for a role the
 * server sends no money to (a Viewer, decision 211).
 */
export function AccountFigures({ account }: { account: Account }) {
  if (account.credits_balance === null) return null;
  // Pay-by-bill limits are each buying member's own: Finance, who buys nothing, has none.
  const payByBill = !roleCan(account.role, 'cart.use') ? null : account.is_pay_by_bill_allowed ? (
    <>
      {BILLING_FIGURE_NAMES.pay_by_bill_limit}{' '}
      <span className="tabular-nums">{formatMoney(account.credit_limit)}</span>
    </>
  ) : (
    'Pay by bill not allowed'
  );
  return (
    <p className="text-sm text-slate-600">
      {BILLING_FIGURE_NAMES.credit_balance}{' '}
      <span className="tabular-nums">{formatMoney(account.credits_balance)}</span>
      {payByBill ? <> · {payByBill}</> : null}
    </p>
  );
}

function AccountItem({ account, offlineNoteId }: { account: Account; offlineNoteId: string }) {
  const mutation = useSetCurrentAccount();
  const isOnline = useOnlineStatus();
  const details = useRef<HTMLButtonElement>(null);
  // "Make current" goes away once the account is current: focus, left on the page body, moves
  // to the account's next control instead of back to the top of the page.
  const wasCurrent = useRef(account.is_current);
  useEffect(() => {
    const hasBecomeCurrent = account.is_current && !wasCurrent.current;
    wasCurrent.current = account.is_current;
    const active = document.activeElement;
    if (hasBecomeCurrent && (active === null || active === document.body)) {
      details.current?.focus();
    }
  }, [account.is_current]);
  return (
    <li className="px-5 py-4">
      <Disclosure>
        {({ open }) => (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium break-words text-slate-900">
                  {account.company.title}
                  {account.is_current ? <Badge variant="success">Current</Badge> : null}
                </p>
                <AccountFigures account={account} />
              </div>
              <div className="flex flex-wrap gap-2">
                {account.is_current ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={mutation.isPending}
                    disabled={!isOnline}
                    aria-describedby={isOnline ? undefined : offlineNoteId}
                    // A name, not hidden text after the visible one: browsers read a hidden
                    // span in the flex button as a block, with a space before its colon.
                    aria-label={`Make current: ${account.company.title}`}
                    onClick={() => mutation.mutate(account.id)}
                  >
                    Make current
                  </Button>
                )}
                <DisclosureButton ref={details} className={buttonClasses('ghost', 'sm')}>
                  {open ? 'Hide details' : 'Details'}
                  <ChevronDownIcon
                    className={cx('size-4 transition-transform', open && 'rotate-180')}
                  />
                </DisclosureButton>
              </div>
            </div>
            <DisclosurePanel className="mt-4 space-y-4 rounded-lg bg-slate-50 p-4">
              <section aria-labelledby={`billing-${account.id}`} className="space-y-3">
                <h3 id={`billing-${account.id}`} className="text-sm font-semibold text-slate-900">
                  Billing
                </h3>
                {roleCan(account.role, 'billing.read') ? (
                  <AccountBillingView
                    accountId={account.id}
                    buys={roleCan(account.role, 'cart.use')}
                  />
                ) : (
                  <p className="text-sm text-slate-600">{billingNotReadNote(account)}</p>
                )}
              </section>
              <section
                aria-labelledby={`details-${account.id}`}
                className="space-y-3 border-t border-slate-200 pt-4"
              >
                <h3 id={`details-${account.id}`} className="text-sm font-semibold text-slate-900">
                  Company details
                </h3>
                <CompanyDetails
                  accountId={account.id}
                  canEdit={roleCan(account.role, 'company.edit')}
                />
              </section>
            </DisclosurePanel>
          </>
        )}
      </Disclosure>
    </li>
  );
}

/** The buyer's company accounts: credit, balance, which is current (switch here), details. */
export function CompanyAccounts({
  accounts,
  isPending,
  error,
  onRetry,
}: {
  accounts: readonly Account[] | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
}) {
  const isOnline = useOnlineStatus();
  const offlineNoteId = useId();
  let body;
  if (accounts) {
    body =
      accounts.length === 0 ? (
        <div className="p-5">
          <EmptyState
            title="No company accounts"
            description="Company accounts appear here once a company request is approved."
          />
        </div>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Company accounts">
          {accounts.map((account) => (
            <AccountItem key={account.id} account={account} offlineNoteId={offlineNoteId} />
          ))}
        </ul>
      );
  } else if (error) {
    body = (
      <div className="p-5">
        <ErrorState message={error.message} onRetry={onRetry} />
      </div>
    );
  } else if (isPending) {
    body = <LoadingState label="Loading companies…" />;
  }
  return (
    <Card>
      <CardHeader
        title="Company accounts"
        description={`Your role in each company sets what the app offers you there${
          accounts?.some((account) => roleCan(account.role, 'cart.use'))
            ? ', and checkout buys for the current one'
            : ''
        }. Details explain each billing figure; amounts include VAT, as the order totals they pay.`}
      />
      {accounts && !isOnline ? (
        <p id={offlineNoteId} className="px-5 pt-3 text-sm text-amber-800">
          You are offline: these are the accounts as last loaded. Making another company current
          needs a connection.
        </p>
      ) : null}
      {body}
    </Card>
  );
}
