import { useQuery } from '@tanstack/react-query';

import { type AccountBilling, BILLING_FIGURE_NAMES } from '#contract/billing.ts';
import { ErrorState, LoadingState } from '#src/components/state-blocks.tsx';
import { formatMoney } from '#src/utils/format.ts';

import { companyQueries } from '../api/queries.ts';

interface Figure {
  name: string;
  value: string;
  explanation: string;
}

/**
 * Each figure of the account's billing with what it is and how it changes (decision 168). A
 * member who buys reads their own pay-by-bill figures; one who reads the billing without buying
 * (Finance) has none of their own, and reads the company's, for all its buyers together.
 */
export function billingFigures(billing: AccountBilling, buys = true): Figure[] {
  const company = billing.company.title;
  const credits: Figure = {
    name: BILLING_FIGURE_NAMES.credit_balance,
    value: formatMoney(billing.credits_balance),
    explanation: `Prepaid credits of ${company}, shared by all its buyers: an order paid with credits takes its total with VAT from them, and cancelled items give it back.`,
  };
  if (!billing.is_pay_by_bill_allowed) {
    return [
      credits,
      {
        name: 'Pay by bill',
        value: 'Not allowed',
        explanation: `Pay by bill is not allowed for ${company}, so checkout does not offer it. The marketplace's staff decide it; your account manager can tell you more.`,
      },
    ];
  }
  if (!buys) {
    return [
      credits,
      {
        name: `${company}'s pay-by-bill limit`,
        value: formatMoney(billing.company_pay_by_bill_limit),
        explanation: `The most the unpaid pay-by-bill orders of all ${company}'s buyers may add up to, with VAT. Each buyer also has a limit of their own. The marketplace's staff set both.`,
      },
      {
        name: `${company}'s unpaid pay-by-bill orders`,
        value: formatMoney(billing.company_unpaid_pay_by_bill),
        explanation:
          "All its buyers' pay-by-bill orders, with VAT and less cancelled items, until their bill is paid; each order's invoice says what it owes.",
      },
    ];
  }
  const available =
    billing.bound === 'company_limit'
      ? `Less than your own limit leaves: ${company}'s pay-by-bill limit of ${formatMoney(billing.company_pay_by_bill_limit)} for all its buyers together has this much left after their unpaid pay-by-bill orders of ${formatMoney(billing.company_unpaid_pay_by_bill)}.`
      : 'Your pay-by-bill limit minus your unpaid pay-by-bill orders: the most your next pay-by-bill order may cost, with VAT.';
  return [
    credits,
    {
      name: BILLING_FIGURE_NAMES.pay_by_bill_limit,
      value: formatMoney(billing.pay_by_bill_limit),
      explanation: `The most your pay-by-bill orders for ${company} may add up to, with VAT, while they are not paid. The marketplace's staff set it.`,
    },
    {
      name: BILLING_FIGURE_NAMES.unpaid_pay_by_bill,
      value: formatMoney(billing.unpaid_pay_by_bill),
      explanation:
        'Your pay-by-bill orders for this company, with VAT and less cancelled items, until their bill is paid. Each order paid by bill adds its total; a bill of the start of each month gathers the month before.',
    },
    {
      name: BILLING_FIGURE_NAMES.available_to_pay_by_bill,
      value: formatMoney(billing.available_to_pay_by_bill),
      explanation: available,
    },
  ];
}

/** The billing of an account's company: what the buyer may spend and why, loaded when shown. */
export function AccountBillingView({
  accountId,
  buys = true,
}: {
  accountId: string;
  /** Whether the member buys for the company, and so has pay-by-bill figures of their own. */
  buys?: boolean;
}) {
  const query = useQuery(companyQueries.billing(accountId));
  if (query.isPending) return <LoadingState label="Loading billing…" className="py-6" />;
  if (query.isError && !query.data) {
    return <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return (
    <dl className="grid gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
      {billingFigures(query.data, buys).map((figure) => (
        <div key={figure.name} className="min-w-0">
          <dt className="text-slate-500">{figure.name}</dt>
          <dd className="font-semibold text-slate-900 tabular-nums">{figure.value}</dd>
          <dd className="mt-0.5 break-words text-slate-600">{figure.explanation}</dd>
        </div>
      ))}
    </dl>
  );
}
