import { type FormEvent, useState } from 'react';

import { hostnameToUnicode } from '#contract/idna.ts';
import {
  LINK_HEALTH_STATUSES,
  LINK_HEALTH_TITLES,
  type LinkHealthStatus,
  type LinkMonitoringSummary,
} from '#contract/link-monitoring.ts';
import { Button } from '#src/components/button.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { TextField } from '#src/components/text-field.tsx';

import type { LinkListState } from '../list-state.ts';

interface Draft {
  health: LinkHealthStatus[];
  buyer_domain: string;
  order: string;
}

function toDraft({ filter }: LinkListState): Draft {
  return {
    health: filter.health ?? [],
    buyer_domain: filter.buyer_domain?.[0] ?? '',
    order: filter.order ?? '',
  };
}

/**
 * The list's filters: health (each with its count under the other filters), the buyer's domain
 * and the order number. Applied together, written to the address.
 */
export function LinkFilters({
  state,
  domains,
  perHealth,
  onApply,
}: {
  state: LinkListState;
  domains: readonly string[];
  perHealth: LinkMonitoringSummary['per_health'] | undefined;
  onApply: (next: LinkListState) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(state));
  const [lastState, setLastState] = useState(state);
  if (state !== lastState) {
    // The address changed (back button, clear): show what it says now.
    setLastState(state);
    setDraft(toDraft(state));
  }
  // A domain in the address that is no longer among the buyer's domains stays choosable.
  const domainOptions = [...new Set([...domains, ...(state.filter.buyer_domain ?? [])])].map(
    (d) => ({
      value: d,
      label: hostnameToUnicode(d),
    }),
  );

  const toggle = (status: LinkHealthStatus, isOn: boolean) =>
    setDraft((current) => ({
      ...current,
      health: LINK_HEALTH_STATUSES.filter((s) =>
        s === status ? isOn : current.health.includes(s),
      ),
    }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      filter: {
        health: draft.health.length > 0 ? draft.health : undefined,
        buyer_domain: draft.buyer_domain ? [draft.buyer_domain] : undefined,
        order: draft.order.trim() || undefined,
      },
      limit: state.limit,
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Link filters"
      className="mb-4 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto]"
    >
      <fieldset className="min-w-0">
        <legend className="mb-1.5 text-sm font-medium text-slate-800">Health</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {LINK_HEALTH_STATUSES.map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={draft.health.includes(status)}
                onChange={(event) => toggle(status, event.target.checked)}
                className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              />
              {LINK_HEALTH_TITLES[status]}{' '}
              {perHealth ? (
                <span className="text-slate-500 tabular-nums">({perHealth[status]})</span>
              ) : (
                // Holds a count's room until the counts come, so the filters keep their height.
                <span aria-hidden="true" className="invisible tabular-nums">
                  (0)
                </span>
              )}
            </label>
          ))}
        </div>
      </fieldset>
      <SelectField
        label="Buyer domain"
        placeholder="All"
        value={draft.buyer_domain}
        onChange={(event) => setDraft((d) => ({ ...d, buyer_domain: event.target.value }))}
        options={domainOptions}
      />
      <TextField
        label="Order number"
        inputMode="numeric"
        maxLength={32}
        value={draft.order}
        onChange={(event) => setDraft((d) => ({ ...d, order: event.target.value }))}
      />
      <div className="flex items-end gap-2 md:col-span-2 lg:col-span-1">
        <Button type="submit" size="md">
          Apply filters
        </Button>
        <Button variant="secondary" onClick={() => onApply({ filter: {}, limit: state.limit })}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
