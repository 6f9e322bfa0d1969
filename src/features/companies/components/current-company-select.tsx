import type { Account } from '#contract/profile.ts';
import { NotAvailableOfflineSelect, SelectField } from '#src/components/select-field.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

import { useSetCurrentAccount } from '../api/current-account.ts';

/** The dashboard's company selector: choosing a company makes its account the current one. */
export function CurrentCompanySelect({
  accounts,
  className,
}: {
  /** Undefined while the buyer's profile is not known (offline before it ever loaded). */
  accounts: readonly Account[] | undefined;
  className?: string;
}) {
  const mutation = useSetCurrentAccount();
  const isOnline = useOnlineStatus();
  if (accounts === undefined) {
    return (
      <NotAvailableOfflineSelect
        label="Company"
        className={className}
        description="Your companies load once you are back online."
      />
    );
  }
  const current = accounts.find((account) => account.is_current) ?? accounts[0];
  // While the switch is on its way, the choice shows at once.
  const value = mutation.isPending ? mutation.variables : (current?.id ?? '');
  return (
    <SelectField
      label="Company"
      className={className}
      value={value}
      // Not disabled while a switch is on its way: the select keeps the keyboard focus.
      disabled={accounts.length === 0 || !isOnline}
      description={
        !isOnline && accounts.length > 0 ? 'Switching company needs a connection.' : undefined
      }
      placeholder={accounts.length === 0 ? 'No companies yet' : undefined}
      onChange={(event) => {
        if (event.target.value && event.target.value !== current?.id) {
          mutation.mutate(event.target.value);
        }
      }}
      options={accounts.map((account) => ({
        value: account.id,
        label: account.company.title,
      }))}
    />
  );
}
