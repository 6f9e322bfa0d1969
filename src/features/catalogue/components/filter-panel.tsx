import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ComponentPropsWithoutRef,
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
  useState,
} from 'react';

import {
  type BooleanFilterKey,
  type PeriodFilterKey,
  RANGE_FILTER_KEYS,
  type RangeFilterKey,
} from '#contract/catalogue.ts';
import {
  type FilterState,
  type FilterValues,
  type NumberRange,
  PERIOD_TITLES,
  PERIOD_VALUES,
  type PeriodValue,
  resetAll,
  resetSorting,
  toNumber,
  validateRange,
} from '#contract/filter-state.ts';
import {
  clampToBounds,
  type MetricFilterBounds,
  metricFilterBounds,
  SITE_METRIC_BY_KEY,
} from '#contract/site-metrics.ts';
import { pickTld } from '#contract/tld.ts';
import { Button } from '#src/components/button.tsx';
import { FieldError } from '#src/components/field-hints.tsx';
import { SideSheet } from '#src/components/side-sheet.tsx';
import { getCatalogueWorker } from '#src/lib/workers.ts';
import { cx } from '#src/utils/class-names.ts';

import { catalogueQueries } from '../api/queries.ts';
import type { ReferenceItem } from '../api/requests.ts';
import {
  BOOLEAN_LABELS,
  keptByReset,
  LIST_SOURCES,
  type ListSource,
  PERIOD_LABELS,
  RANGE_LABELS,
  TLDS_LABEL,
  toAddressValue,
} from '../filter-labels.ts';

const inputClass =
  'block w-full rounded-md border-0 bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600 aria-invalid:ring-red-400';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="border-b border-slate-100 pb-4">
      <legend className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  );
}

/**
 * A number box that keeps what the buyer types ("10.", "0.50") while its number is the same:
 * only a number changed from outside (a reset, a saved filter) replaces the text. Written back
 * from the number alone, "10." would lose its point and move the caret on every key. A number
 * outside the metric's bounds, or finer than its step, is replaced at once by the nearest one
 * allowed (spec §5), so neither Apply nor Enter can send it.
 */
function NumberInput({
  value,
  onValueChange,
  bounds,
  ...props
}: Omit<ComponentPropsWithoutRef<'input'>, 'value' | 'onChange' | 'type' | 'min' | 'max'> & {
  value: number | undefined;
  onValueChange: (value: number | undefined) => void;
  bounds: MetricFilterBounds;
  'data-autofocus'?: boolean;
}) {
  const textOf = (number: number | undefined) => (number === undefined ? '' : String(number));
  const [shown, setShown] = useState({ value, text: textOf(value) });
  if (shown.value !== value) setShown({ value, text: textOf(value) });
  return (
    <input
      type="number"
      inputMode="decimal"
      min={bounds.min}
      max={bounds.max}
      // Values are rounded here; the browser's default step of 1 would refuse 0.5 on Apply.
      step="any"
      {...props}
      value={shown.text}
      onChange={(event) => {
        const text = event.target.value;
        const typed = toNumber(text);
        const next = typed === undefined ? undefined : clampToBounds(typed, bounds);
        setShown({ value: next, text: next === typed ? text : textOf(next) });
        onValueChange(next);
      }}
    />
  );
}

function RangeInputs({
  filterKey,
  isFirst,
  range,
  onChange,
}: {
  filterKey: RangeFilterKey;
  /** The sheet opens with focus on the first filter's minimum. */
  isFirst: boolean;
  range: NumberRange | undefined;
  onChange: (range: NumberRange) => void;
}) {
  const label = RANGE_LABELS[filterKey];
  const bounds = metricFilterBounds(SITE_METRIC_BY_KEY[filterKey].kind);
  const error = validateRange(range);
  const errorId = `${filterKey}-error`;
  const set = (bound: 'min' | 'max', value: number | undefined) => {
    const next: NumberRange = { ...range };
    if (value === undefined) delete next[bound];
    else next[bound] = value;
    onChange(next);
  };
  return (
    <div>
      <p className="mb-1 text-sm font-medium text-slate-800">{label}</p>
      <div className="grid grid-cols-2 gap-2">
        {(['min', 'max'] as const).map((bound) => (
          <NumberInput
            key={bound}
            aria-label={`${label} ${bound}`}
            data-autofocus={isFirst && bound === 'min' ? true : undefined}
            placeholder={bound === 'min' ? 'Min' : 'Max'}
            value={range?.[bound]}
            bounds={bounds}
            onValueChange={(value) => set(bound, value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={inputClass}
          />
        ))}
      </div>
      <FieldError id={errorId} error={error} className="mt-1" />
    </div>
  );
}

function Checklist({
  source,
  selected,
  onChange,
}: {
  source: ListSource;
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const reference = useQuery({
    ...catalogueQueries.reference(source.reference ?? 'countries'),
    enabled: Boolean(source.reference),
  });
  const [term, setTerm] = useState('');
  const options = source.options ?? reference.data ?? [];
  const valueOf = (item: ReferenceItem) => (source.byTitle ? toAddressValue(item.title) : item.id);
  const shown = term
    ? options.filter((o) => o.title.toLowerCase().includes(term.trim().toLowerCase()))
    : options;
  const count = selected.length;
  return (
    <details className="group rounded-lg ring-1 ring-slate-200">
      <summary className="flex cursor-pointer items-center justify-between px-3 py-2 text-sm font-medium text-slate-800">
        {source.label}
        {count ? (
          <span className="rounded-full bg-indigo-100 px-2 text-xs text-indigo-700">
            {count} selected
          </span>
        ) : null}
      </summary>
      <fieldset className="border-t border-slate-100 px-3 py-2">
        <legend className="sr-only">{source.label}</legend>
        {options.length > 8 ? (
          <input
            type="search"
            aria-label={`Find in ${source.label.toLowerCase()}`}
            placeholder="Find…"
            value={term}
            onChange={(event) => setTerm(event.target.value)}
            className={cx(inputClass, 'mb-2')}
          />
        ) : null}
        {reference.isPending && source.reference ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : reference.isError && !source.options ? (
          <p className="text-sm text-red-600">The options could not be loaded.</p>
        ) : (
          <div className="max-h-48 space-y-1 overflow-y-auto">
            {shown.map((item) => {
              const value = valueOf(item);
              const checked = selected.includes(value);
              return (
                <label key={item.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    className="size-4 accent-indigo-600"
                    checked={checked}
                    onChange={() =>
                      onChange(checked ? selected.filter((v) => v !== value) : [...selected, value])
                    }
                  />
                  {item.title}
                </label>
              );
            })}
          </div>
        )}
      </fieldset>
    </details>
  );
}

function TldInput({
  selected,
  onChange,
}: {
  selected: string[];
  onChange: (values: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const known = useQuery(catalogueQueries.reference('tlds'));
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setBusy(true);
    setMessage(null);
    try {
      const titles = (known.data ?? []).map((t) => t.title);
      const reduced = await getCatalogueWorker().reduceTld(text, titles);
      if (!reduced) {
        // Invalid input clears the TLD filter (spec §5).
        onChange([]);
        setMessage('Not a known domain extension; the TLD filter was cleared.');
        return;
      }
      let results: ReferenceItem[] = [];
      try {
        results = await queryClient.fetchQuery(catalogueQueries.tldLookup(reduced));
      } catch {
        // A failed lookup counts as no result (spec §8).
        results = [];
      }
      const match = pickTld(results, reduced);
      if (!match) {
        setMessage(`No extension found for "${reduced}".`);
        return;
      }
      if (!selected.includes(match.title)) onChange([...selected, match.title]);
      setText('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <div className="flex gap-2">
        <input
          aria-label="TLD or domain"
          placeholder="e.g. .co.uk or https://example.de"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void add(event);
          }}
          className={inputClass}
        />
        <Button size="sm" variant="secondary" loading={isBusy} onClick={(event) => void add(event)}>
          Add TLD
        </Button>
      </div>
      {message ? (
        <p role="status" className="mt-1 text-xs text-slate-600">
          {message}
        </p>
      ) : null}
      {selected.length ? (
        <ul aria-label="Chosen TLDs" className="mt-2 flex flex-wrap gap-1.5">
          {selected.map((tld) => (
            <li key={tld}>
              <button
                type="button"
                onClick={() => onChange(selected.filter((t) => t !== tld))}
                className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 hover:bg-slate-200"
              >
                {tld} <span aria-hidden="true">×</span>
                <span className="sr-only">Remove {tld}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export interface FilterPanelProps {
  open: boolean;
  onClose: () => void;
  state: FilterState;
  onChange: (next: FilterState) => void;
  defaults: FilterState;
  showAdditional: boolean;
}

const FORM_ID = 'catalogue-filters';

/**
 * Every catalogue filter (spec §3 "Filter keys"); applying writes the address and returns to page 1.
 * The actions sit in the sheet's footer, always in view and last in reading order: from the first
 * field, Shift+Tab twice wraps to Apply, and Enter in any field applies (decision 095).
 */
export function FilterPanel(props: FilterPanelProps) {
  const { open, onClose, state, onChange, defaults } = props;
  const [draft, setDraft] = useState<FilterValues>(state.filter);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts from the filters in the address.
    setWasOpen(open);
    if (open) setDraft(state.filter);
  }
  const hasErrors = RANGE_FILTER_KEYS.some((key) => validateRange(draft[key]) !== null);
  // The sheet closes in this task and the list takes the new address in the next one: together,
  // closing and redrawing the page were one task of about 50 ms (issue 13: none over 50 ms).
  const closeThenChange = (next: FilterState) => {
    onClose();
    setTimeout(() => onChange(next), 0);
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (hasErrors) return;
    // A new filter shows a different result set: paging starts again at the first page.
    closeThenChange({ filter: draft, sorting: state.sorting, limit: state.limit });
  };

  return (
    <SideSheet
      open={open}
      onClose={onClose}
      title="Filters"
      description="Narrow the catalogue down."
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={() => closeThenChange(resetSorting(state))}>
            Reset sorting
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              closeThenChange(
                resetAll(state, {
                  ...defaults,
                  filter: { ...defaults.filter, ...keptByReset(state.filter) },
                }),
              )
            }
          >
            Reset all
          </Button>
          <Button type="submit" form={FORM_ID} size="sm" disabled={hasErrors}>
            Apply filters
          </Button>
        </div>
      }
    >
      {open ? (
        <FilterForm
          draft={draft}
          setDraft={setDraft}
          onSubmit={apply}
          showAdditional={props.showAdditional}
        />
      ) : null}
    </SideSheet>
  );
}

function FilterForm({
  draft,
  setDraft,
  onSubmit,
  showAdditional,
}: {
  draft: FilterValues;
  setDraft: Dispatch<SetStateAction<FilterValues>>;
  onSubmit: (event: FormEvent) => void;
  showAdditional: boolean;
}) {
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K] | undefined) =>
    setDraft((current) => {
      const next = { ...current } as Record<string, unknown>;
      const isEmpty =
        value === undefined ||
        (Array.isArray(value) && value.length === 0) ||
        (typeof value === 'object' &&
          !Array.isArray(value) &&
          (value as NumberRange).min === undefined &&
          (value as NumberRange).max === undefined);
      if (isEmpty) delete next[key as string];
      else next[key as string] = value;
      return next as FilterValues;
    });
  const booleans = (Object.keys(BOOLEAN_LABELS) as BooleanFilterKey[]).filter(
    (key) => showAdditional || (key !== 'is_back_linked' && key !== 'competitors'),
  );

  return (
    <form id={FORM_ID} onSubmit={onSubmit} className="space-y-4" aria-label="Catalogue filters">
      <Section title="Metrics">
        <div className="space-y-3">
          {RANGE_FILTER_KEYS.map((key, index) => (
            <RangeInputs
              key={key}
              isFirst={index === 0}
              filterKey={key}
              range={draft[key]}
              onChange={(r) => set(key, r)}
            />
          ))}
        </div>
      </Section>
      <Section title="Lists">
        <div className="space-y-2">
          {LIST_SOURCES.map((source) => (
            <Checklist
              key={source.key}
              source={source}
              selected={draft[source.key] ?? []}
              onChange={(values) => set(source.key, values)}
            />
          ))}
        </div>
      </Section>
      <Section title={TLDS_LABEL}>
        <TldInput selected={draft.tlds ?? []} onChange={(values) => set('tlds', values)} />
      </Section>
      <Section title="Periods">
        <div className="grid gap-3 sm:grid-cols-2">
          {(Object.keys(PERIOD_LABELS) as PeriodFilterKey[]).map((key) => (
            <label key={key} className="block text-sm font-medium text-slate-800">
              {PERIOD_LABELS[key]}
              <select
                value={draft[key] ?? ''}
                onChange={(event) =>
                  set(key, (event.target.value || undefined) as PeriodValue | undefined)
                }
                className={cx(inputClass, 'mt-1')}
              >
                <option value="">Any time</option>
                {PERIOD_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {PERIOD_TITLES[value]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      </Section>
      <Section title="Yes / no">
        <div className="grid gap-3 sm:grid-cols-2">
          {booleans.map((key) => (
            <label key={key} className="block text-sm font-medium text-slate-800">
              {BOOLEAN_LABELS[key]}
              <select
                value={draft[key] === undefined ? '' : String(draft[key])}
                onChange={(event) =>
                  set(key, event.target.value === '' ? undefined : event.target.value === 'true')
                }
                className={cx(inputClass, 'mt-1')}
              >
                <option value="">Any</option>
                <option value="true">Yes</option>
                <option value="false">No</option>
              </select>
            </label>
          ))}
        </div>
      </Section>
    </form>
  );
}
