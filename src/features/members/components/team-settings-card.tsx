import { Description, Field, Label, Switch } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';

import { Alert } from '#src/components/alert.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';

import { useSaveTeamSettings } from '../api/mutations.ts';
import { memberQueries } from '../api/queries.ts';

/**
 * The company's settings for its members: whether Viewers see prices (decision 206; the server
 * then leaves every amount out of what a Viewer reads).
 */
export function TeamSettingsCard({ companyId }: { companyId: string }) {
  const settings = useQuery(memberQueries.settings(companyId));
  const save = useSaveTeamSettings();
  const isHidden = save.isPending
    ? save.variables.are_prices_hidden_from_viewers
    : (settings.data?.are_prices_hidden_from_viewers ?? false);
  // The switch is not turned off while saving: that would drop its focus to the top of the page.
  return (
    <Card>
      <CardHeader title="Member settings" />
      <Field className="flex items-start justify-between gap-4 px-5 py-4">
        <span className="min-w-0">
          <Label className="text-sm font-medium text-slate-900">Hide prices from Viewers</Label>
          <Description className="text-sm text-slate-500">
            Viewers then see orders, items and links without any amounts.
          </Description>
        </span>
        <Switch
          checked={isHidden}
          disabled={!settings.data}
          aria-busy={save.isPending || undefined}
          onChange={(checked) => {
            if (!save.isPending) save.mutate({ are_prices_hidden_from_viewers: checked });
          }}
          className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-checked:bg-indigo-600 data-disabled:cursor-not-allowed data-disabled:opacity-60"
        >
          <span
            aria-hidden="true"
            className="pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow ring-0 transition duration-200 group-data-checked:translate-x-5"
          />
        </Switch>
      </Field>
      {save.isError ? (
        <div className="px-5 pb-4">
          <Alert>The setting was not saved: {save.error.message}</Alert>
        </div>
      ) : null}
    </Card>
  );
}
