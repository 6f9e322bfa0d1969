import { type FormEvent, useState } from 'react';

import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_PERIOD_MESSAGE,
  type AuditAction,
  isAuditPeriodReversed,
} from '#contract/audit.ts';
import type { Member } from '#contract/members.ts';
import { Button } from '#src/components/button.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { fullName } from '#src/utils/format.ts';

import type { AuditListState } from '../audit-list-state.ts';

interface Draft {
  action: AuditAction[];
  actor: string;
  from: string;
  to: string;
}

function toDraft({ filter }: AuditListState): Draft {
  return {
    action: filter.action ?? [],
    actor: filter.actor ?? '',
    from: filter.from ?? '',
    to: filter.to ?? '',
  };
}

/** The record's filters: actions (several), a member, a period of days; applied together. */
export function AuditFilters({
  state,
  members,
  onApply,
}: {
  state: AuditListState;
  members: readonly Member[];
  onApply: (next: AuditListState) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(state));
  const [lastState, setLastState] = useState(state);
  if (state !== lastState) {
    // The address changed (Back, a reset): show what it says now.
    setLastState(state);
    setDraft(toDraft(state));
  }
  const isPeriodReversed = isAuditPeriodReversed(draft.from, draft.to);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (isPeriodReversed) return;
    onApply({
      filter: {
        action: draft.action.length ? draft.action : undefined,
        actor: draft.actor || undefined,
        from: draft.from || undefined,
        to: draft.to || undefined,
      },
    });
  };
  const toggle = (action: AuditAction, isOn: boolean) =>
    setDraft((current) => ({
      ...current,
      action: isOn
        ? AUDIT_ACTION_NAMES.filter((name) => name === action || current.action.includes(name))
        : current.action.filter((name) => name !== action),
    }));

  return (
    <form onSubmit={apply} aria-label="Filter the audit log" className="space-y-4">
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Actions</legend>
        <div className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
          {AUDIT_ACTION_NAMES.map((action) => (
            <label key={action} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={draft.action.includes(action)}
                onChange={(event) => toggle(action, event.target.checked)}
                className="size-4 rounded border-slate-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              />
              {AUDIT_ACTIONS[action]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Member"
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          options={[
            { value: '', label: 'Every member' },
            ...members.map((member) => ({
              value: member.user.id,
              label: fullName(member.user) || member.user.email,
            })),
          ]}
        />
        <TextField
          label="From"
          type="date"
          value={draft.from}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={draft.to}
          error={isPeriodReversed ? AUDIT_PERIOD_MESSAGE : undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setDraft({ action: [], actor: '', from: '', to: '' });
            onApply({ filter: {} });
          }}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
