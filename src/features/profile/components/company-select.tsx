import { useState } from 'react';
import type { Account } from '#contract/profile.ts';
import { SelectField } from '#src/components/select-field.tsx';
import { getCookie, setCookie } from '#src/lib/cookies.ts';

export const SELECTED_COMPANY_COOKIE = 'selected_company';

/** The company account to buy for; the current account is preselected, a choice is remembered for a day. */
export function CompanySelect({
  accounts,
  className,
}: {
  accounts: readonly Account[];
  className?: string;
}) {
  const [selected, setSelected] = useState(() => {
    const remembered = getCookie(SELECTED_COMPANY_COOKIE);
    if (remembered && accounts.some((account) => account.company.id === remembered))
      return remembered;
    return (accounts.find((account) => account.is_current) ?? accounts[0])?.company.id ?? '';
  });

  return (
    <SelectField
      label="Company"
      className={className}
      value={selected}
      disabled={accounts.length === 0}
      placeholder={accounts.length === 0 ? 'No companies yet' : undefined}
      onChange={(event) => {
        setSelected(event.target.value);
        setCookie(SELECTED_COMPANY_COOKIE, event.target.value);
      }}
      options={accounts.map((account) => ({
        value: account.company.id,
        label: account.company.title,
      }))}
    />
  );
}
