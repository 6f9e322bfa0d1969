import { type MemberRole, roleCan, roleSeesPrices } from '#contract/permissions.ts';
import type { Account } from '#contract/profile.ts';

/** An account row as the profile's and the companies' queries read it. */
export interface AccountRow {
  id: string;
  companyId: string;
  companyName: string;
  role: MemberRole;
  creditLimit: string;
  creditsBalance: string;
  isPayByBillAllowed: boolean;
  arePricesHiddenFromViewers: boolean;
}

/**
 * An account as the API answers it. Its money (the company's credits, the member's pay-by-bill
 * limit) goes to the roles that pay or read the billing; a Viewer gets null (decision 211).
 */
export function accountView(row: AccountRow, isCurrent: boolean): Account {
  const seesMoney = roleCan(row.role, 'orders.place') || roleCan(row.role, 'billing.read');
  return {
    id: row.id,
    company: { id: row.companyId, title: row.companyName },
    is_current: isCurrent,
    role: row.role,
    credit_limit: seesMoney ? row.creditLimit : null,
    credits_balance: seesMoney ? row.creditsBalance : null,
    is_pay_by_bill_allowed: row.isPayByBillAllowed,
    sees_prices: roleSeesPrices(row.role, row.arePricesHiddenFromViewers),
  };
}
