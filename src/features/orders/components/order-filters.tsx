import { type FormEvent, useState } from 'react';

import { isOrderedRange, MONEY_AMOUNT_PATTERN, RANGE_ORDER_MESSAGE } from '#contract/list-query.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '#contract/orders.ts';
import { Button } from '#src/components/button.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { TextField } from '#src/components/text-field.tsx';

import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '../labels.ts';
import type { OrderListState } from '../list-state.ts';

interface Draft {
  search: string;
  status: string;
  payment_status: string;
  company: string;
  price_min: string;
  price_max: string;
  /** '' or 'unread'. */
  messages: string;
}

function toDraft({ filter }: OrderListState): Draft {
  return {
    search: filter.search ?? '',
    status: filter.status?.[0] ?? '',
    payment_status: filter.payment_status?.[0] ?? '',
    company: filter.company?.[0] ?? '',
    price_min: filter.order_price?.min ?? '',
    price_max: filter.order_price?.max ?? '',
    messages: filter.messages ?? '',
  };
}

/**
 * The orders filters (spec §2): search, order status, payment status, company, orders with unread
 * messages (decision 213), and the price range unless `offersPrices` is false (a member who sees
 * no order prices, decision 206).
 */
export function OrderFilters({
  state,
  companies,
  offersPrices = true,
  onApply,
}: {
  state: OrderListState;
  companies: { id: string; title: string }[];
  offersPrices?: boolean;
  onApply: (next: OrderListState) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(state));
  const [lastState, setLastState] = useState(state);
  if (state !== lastState) {
    // The address changed (back button, reset): show what it says now.
    setLastState(state);
    setDraft(toDraft(state));
  }
  const min = draft.price_min.trim();
  const max = draft.price_max.trim();
  const minError =
    min && !MONEY_AMOUNT_PATTERN.test(min)
      ? 'Enter the minimum as an amount, such as 10 or 10.50.'
      : undefined;
  const maxError =
    max && !MONEY_AMOUNT_PATTERN.test(max)
      ? 'Enter the maximum as an amount, such as 10 or 10.50.'
      : !minError && min && max && !isOrderedRange({ min, max })
        ? RANGE_ORDER_MESSAGE
        : undefined;
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (offersPrices && (minError || maxError)) return;
    const one = <T extends string>(value: string) => (value ? [value as T] : undefined);
    onApply({
      ...state,
      filter: {
        search: draft.search.trim() || undefined,
        status: one(draft.status),
        payment_status: one(draft.payment_status),
        company: one(draft.company),
        order_price:
          offersPrices && (min || max)
            ? { min: min || undefined, max: max || undefined }
            : undefined,
        messages: draft.messages === 'unread' ? 'unread' : undefined,
      },
      page: undefined,
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-label="Order filters"
      className="mb-4 grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TextField
        label="Search"
        type="search"
        placeholder="Order number, PO number or domain"
        value={draft.search}
        onChange={set('search')}
        className="lg:col-span-2"
      />
      <SelectField
        label="Order status"
        placeholder="All"
        value={draft.status}
        onChange={set('status')}
        options={ORDER_STATUSES.map((s) => ({ value: s, label: ORDER_STATUS_LABELS[s] }))}
      />
      <SelectField
        label="Payment status"
        placeholder="All"
        value={draft.payment_status}
        onChange={set('payment_status')}
        options={PAYMENT_STATUSES.map((s) => ({ value: s, label: PAYMENT_STATUS_LABELS[s] }))}
      />
      <SelectField
        label="Company"
        placeholder="All"
        value={draft.company}
        onChange={set('company')}
        options={companies.map((c) => ({ value: c.id, label: c.title }))}
      />
      <SelectField
        label="Messages"
        placeholder="All"
        value={draft.messages}
        onChange={set('messages')}
        options={[{ value: 'unread', label: 'Unread messages' }]}
      />
      {offersPrices ? (
        <>
          <TextField
            label="Order price min"
            inputMode="decimal"
            value={draft.price_min}
            onChange={set('price_min')}
            error={minError}
          />
          <TextField
            label="Order price max"
            inputMode="decimal"
            value={draft.price_max}
            onChange={set('price_max')}
            error={maxError}
          />
        </>
      ) : null}
      <div className="flex items-end gap-2">
        <Button type="submit" size="md">
          Apply filters
        </Button>
        <Button
          variant="secondary"
          onClick={() => onApply({ filter: {}, sorting: state.sorting, limit: state.limit })}
        >
          Reset
        </Button>
      </div>
    </form>
  );
}
