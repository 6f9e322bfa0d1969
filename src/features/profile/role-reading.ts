import { MEMBER_ROLE_LABELS, type MemberRole } from '#contract/permissions.ts';

/**
 * What a member whose role buys nothing follows in the company, said to them: "As Finance of this
 * company you follow its orders with their invoices and credit notes, …". Finance also keeps the
 * company's details (decision 203).
 */
export function whatRoleFollows(role: MemberRole | null): string {
  const who = role ? `As ${MEMBER_ROLE_LABELS[role]} of this company you` : 'You';
  return role === 'finance'
    ? `${who} follow its orders with their invoices and credit notes, its live links and its company details`
    : `${who} follow its orders and live links`;
}
