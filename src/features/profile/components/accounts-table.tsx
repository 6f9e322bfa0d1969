import { BILLING_FIGURE_NAMES } from '#contract/billing.ts';
import type { Account } from '#contract/profile.ts';
import { Badge } from '#src/components/badge.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { EmptyState } from '#src/components/state-blocks.tsx';
import { formatMoney } from '#src/utils/format.ts';

/** The buyer's company accounts with their credit balance and pay-by-bill limit. */
export function AccountsTable({ accounts }: { accounts: readonly Account[] }) {
  return (
    <Card>
      <CardHeader
        title="Company accounts"
        description="Amounts include VAT, as the order totals they pay. Companies explains each figure."
      />
      {accounts.length === 0 ? (
        <div className="p-5">
          <EmptyState
            title="No company accounts"
            description="Company accounts appear here once a company is approved."
          />
        </div>
      ) : (
        <div
          className="overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
          role="region"
          aria-label="Company accounts"
          // A scroll box is reachable by keyboard only if it can take focus (WCAG 2.1.1).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <table className="min-w-full divide-y divide-slate-100 text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2.5 sm:px-5">
                  Company
                </th>
                <th scope="col" className="px-3 py-2.5 sm:px-5 text-right">
                  {BILLING_FIGURE_NAMES.credit_balance}
                </th>
                <th scope="col" className="px-3 py-2.5 sm:px-5 text-right">
                  {BILLING_FIGURE_NAMES.pay_by_bill_limit}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {accounts.map((account) => (
                <tr key={account.id}>
                  <td className="px-3 py-3 sm:px-5 font-medium text-slate-900">
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      {account.company.title}
                      {account.is_current ? <Badge variant="success">Current</Badge> : null}
                    </span>
                  </td>
                  {account.credits_balance === null ? (
                    // A Viewer is sent no money of the company (decision 211).
                    <td colSpan={2} className="px-3 py-3 sm:px-5 text-right text-slate-500">
                      Not shown to Viewers
                    </td>
                  ) : (
                    <>
                      <td className="px-3 py-3 sm:px-5 text-right text-slate-700 tabular-nums">
                        {formatMoney(account.credits_balance)}
                      </td>
                      <td className="px-3 py-3 sm:px-5 text-right text-slate-700 tabular-nums">
                        {account.is_pay_by_bill_allowed
                          ? formatMoney(account.credit_limit)
                          : 'Pay by bill not allowed'}
                      </td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
