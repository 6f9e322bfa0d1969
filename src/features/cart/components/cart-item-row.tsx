import { type ReactNode, useId, useState } from 'react';

import {
  type CartItem,
  type CartItemUpdate,
  correctedValueOf,
  normalizeTargetUrl,
} from '#contract/cart.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Button } from '#src/components/button.tsx';
import { StackedCellLabel } from '#src/components/data-table/pinned-cells.tsx';
import { ApiError, NetworkError } from '#src/lib/api-client.ts';
import { cx } from '#src/utils/class-names.ts';
import {
  DATE_INPUT_PLACEHOLDER,
  localToday,
  parseFutureDateInput,
  toDateInput,
} from '#src/utils/date-input.ts';
import { formatMoney } from '#src/utils/format.ts';

import { useUpdateCartItem } from '../api/mutations.ts';
import type { CartEdits, RowDraft } from '../cart-edits.ts';
import {
  cartFieldId,
  cartLineId,
  type EditableField,
  FIELD_LABELS,
  type FieldErrors,
  fixedWordCount,
  isEditableField,
  liveFieldError,
  TEXT_LIMITS,
  textLength,
  textLengthError,
  wordCountError,
  wordCountRange,
} from '../row-errors.ts';

/** A save the server never answered: the value is kept, red, until it is saved. */
export const NOT_SAVED_MESSAGE = 'Not saved: check your connection, then leave the field again.';

type Values = Record<EditableField, string>;

function valuesOf(item: CartItem): Values {
  return {
    anchor_text: item.anchor_text ?? '',
    target_url: item.target_url ?? '',
    topic: item.topic ?? '',
    comments: item.comments ?? '',
    custom_id: item.custom_id ?? '',
    // Shown and typed as DD/MM/YYYY; sent as YYYY-MM-DD.
    publishing_due_date: toDateInput(item.publishing_due_date),
    is_topic_needs_approval: item.is_topic_needs_approval ? 'yes' : 'no',
    word_count: item.word_count === null ? '' : String(item.word_count),
  };
}

/** The row's values: the item's, with what the buyer typed and the server does not hold. */
function initialValues(item: CartItem, draft: RowDraft | undefined): Values {
  const values = valuesOf(item);
  for (const [field, typed] of Object.entries(draft?.fields ?? {})) {
    values[field as EditableField] = typed.value;
  }
  return values;
}

function initialErrors(draft: RowDraft | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, typed] of Object.entries(draft?.fields ?? {})) {
    if (typed.message) errors[field as EditableField] = typed.message;
  }
  return errors;
}

/** Keeps what the buyer is typing; fields left untouched follow the server's item. */
function mergeValues(current: Values, previous: CartItem, next: CartItem): Values {
  const before = valuesOf(previous);
  const after = valuesOf(next);
  const merged = { ...current };
  for (const field of Object.keys(after) as EditableField[]) {
    if (current[field] === before[field]) merged[field] = after[field];
  }
  return merged;
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value.trim());

type PatchResult = { patch: CartItemUpdate } | { error: string; corrected?: string };

function patchFor(item: CartItem, field: EditableField, value: string): PatchResult {
  switch (field) {
    case 'target_url': {
      const result = normalizeTargetUrl(value);
      if (!result.ok) return { error: result.message, corrected: result.corrected };
      return { patch: { target_url: result.value === '' ? null : result.value } };
    }
    case 'word_count': {
      // Checked against the plan first: a value the plan does not allow is never sent.
      const error = wordCountError(item.content_product_plan, value);
      if (error) return { error };
      return { patch: { word_count: value.trim() === '' ? null : Number(value) } };
    }
    case 'is_topic_needs_approval':
      return { patch: { is_topic_needs_approval: value === 'yes' ? 'yes' : 'no' } };
    case 'publishing_due_date': {
      const result = parseFutureDateInput(value, localToday());
      if (!result.ok) return { error: result.message };
      return { patch: { publishing_due_date: result.value === '' ? null : result.value } };
    }
    default: {
      // A text longer than the server takes is refused here, never cut.
      const error = textLengthError(field, value);
      if (error) return { error };
      return { patch: { [field]: textOrNull(value) } };
    }
  }
}

/**
 * A row's field. From `md` up the row is a table row and the column's header names the field (the
 * label is read by screen readers only); on a phone the row is a card and the label shows above
 * the field. Either way the field's name says which row it belongs to.
 */
function CellField({
  id,
  label,
  where,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  /** The row, for screen readers: "row 2, example.com". */
  where: string;
  error?: string;
  /** Shown under the field and read with it, e.g. a character counter. */
  hint?: (hintId: string) => ReactNode;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const errorId = useId();
  const hintId = useId();
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="md:min-w-36">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600 md:sr-only">
        {label}
        <span className="sr-only">, {where}</span>
      </label>
      {children({ id, describedBy: describedBy || undefined })}
      {error || hint ? (
        <div className="flex items-start justify-between gap-2">
          {error ? (
            <p id={errorId} className="mt-1 text-xs font-medium whitespace-normal text-red-600">
              {error}
            </p>
          ) : null}
          {hint?.(hintId)}
        </div>
      ) : null}
    </div>
  );
}

/** Shown from this share of a field's limit on; the anchor text's counter always shows. */
const COUNTER_FROM = 0.8;

/** "12 / 255": how much of its limit a text takes, red beyond it. */
function CharacterCounter({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p
      id={id}
      data-testid="character-counter"
      className={cx(
        'mt-1 ml-auto text-right text-xs whitespace-nowrap tabular-nums',
        length > max ? 'font-medium text-red-600' : 'text-slate-500',
      )}
    >
      <span aria-hidden="true">
        {length} / {max}
      </span>
      <span className="sr-only">{`${length} of ${max} characters`}</span>
    </p>
  );
}

const fieldClasses = (invalid: boolean) =>
  cx(
    'block w-full scroll-my-24 rounded-md border-0 px-2 py-1.5 text-sm text-slate-900 shadow-sm ring-1 ring-inset',
    'focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600 disabled:bg-slate-50 disabled:text-slate-500',
    invalid ? 'ring-red-400' : 'ring-slate-300',
  );

/** Cells: padded from md up; on a phone, blocks of the row's card. */
const CELL =
  'px-2 py-1.5 align-top md:border-b md:border-slate-100 md:py-3 max-md:block max-md:px-0';

export interface CartItemRowProps {
  item: CartItem;
  /** 1-based position in the cart, for labels. */
  position: number;
  errors: FieldErrors;
  /** After an edit of a field that shows an error: its error now, undefined once it is valid. */
  onFieldChecked: (id: string, field: EditableField, error: string | undefined) => void;
  /**
   * Where the row keeps each value typed that the server does not hold (refused, or its save not
   * answered yet): the error summary lists them and placing the order waits for them.
   */
  edits?: CartEdits;
  /** The line changed after the page showed it (the server refused an order for it). */
  changed?: string;
  onClone: (item: CartItem) => void;
  onDelete: (item: CartItem) => void;
  isBusy: boolean;
  /** The classes of the cells pinned at the table's edges from `md` up (see the section). */
  pins: CartPins;
}

/** Classes of the cells that stay in view while the table scrolls sideways. */
export interface CartPins {
  site: string;
  price: string;
  actions: string;
}

/**
 * The fields of one row: the values shown (the item's, or what the buyer typed and the server
 * does not hold), their errors, and what typing in a field and leaving it do.
 */
function useRowFields({
  item,
  position,
  errors,
  onFieldChecked,
  edits,
}: Pick<CartItemRowProps, 'item' | 'position' | 'errors' | 'onFieldChecked' | 'edits'>) {
  const [values, setValues] = useState(() => initialValues(item, edits?.rowOf(item.id)));
  const [syncedItem, setSyncedItem] = useState(item);
  const [localErrors, setLocalErrors] = useState(() => initialErrors(edits?.rowOf(item.id)));
  const update = useUpdateCartItem();

  if (syncedItem !== item) {
    setSyncedItem(item);
    setValues((current) => mergeValues(current, syncedItem, item));
  }

  const rowLabel = `row ${position}, ${hostnameToUnicode(item.site.hostname)}`;
  const errorOf = (field: EditableField) => localErrors[field] ?? errors[field];

  const where = { hostname: item.site.hostname, position };
  /** A field's own error for the value typed, kept with that value until the server holds it. */
  const setError = (field: EditableField, value: string, message: string | undefined) => {
    setLocalErrors((current) => ({ ...current, [field]: message }));
    edits?.set(item.id, where, field, message ? { value, message } : undefined);
  };

  // An error shown on a field follows the value as it is typed, and goes as soon as it is valid.
  // A text beyond its limit is marked at once: it will not be saved as it is.
  const edit = (field: EditableField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    const isTooLong = textLengthError(field, value) !== undefined;
    if (isTooLong || errorOf(field)) {
      const error = liveFieldError(item, field, value);
      if (isTooLong || localErrors[field]) setError(field, value, error);
      onFieldChecked(item.id, field, error);
    }
  };
  const cell = (field: EditableField) => {
    const max = TEXT_LIMITS[field];
    const length = textLength(values[field]);
    const showCounter =
      max !== undefined && (field === 'anchor_text' || length >= max * COUNTER_FROM);
    return {
      id: cartFieldId(item.id, field),
      label:
        field === 'publishing_due_date'
          ? `${FIELD_LABELS[field]} (${DATE_INPUT_PLACEHOLDER})`
          : FIELD_LABELS[field],
      where: rowLabel,
      error: errorOf(field),
      hint: showCounter
        ? (hintId: string) => <CharacterCounter id={hintId} length={length} max={max} />
        : undefined,
    };
  };

  const save = (field: EditableField, value: string) => {
    if (value === valuesOf(item)[field]) {
      // What the server holds again: nothing of this field waits to be saved.
      if (localErrors[field]) setError(field, value, liveFieldError(item, field, value));
      else edits?.set(item.id, where, field, undefined);
      return;
    }
    const result = patchFor(item, field, value);
    if ('error' in result) {
      setError(field, result.corrected ?? value, result.error);
      if (result.corrected) {
        const corrected = result.corrected;
        setValues((current) => ({ ...current, [field]: corrected }));
      }
      return;
    }
    // Until the server answers, the value is on its way: placing the order waits for it.
    edits?.set(item.id, where, field, { value });
    // The answer is handled even when the row has left the page meanwhile.
    update.mutateAsync({ id: item.id, patch: result.patch }).then(
      (saved) => {
        const stored = valuesOf(saved)[field];
        setLocalErrors((current) => ({ ...current, [field]: undefined }));
        edits?.set(item.id, where, field, undefined);
        setValues((current) =>
          current[field] === value ? { ...current, [field]: stored } : current,
        );
      },
      (error: unknown) => {
        const violations = error instanceof ApiError ? error.violations : [];
        let placed = false;
        for (const violation of violations) {
          const name = violation.path.split('.').pop();
          if (!isEditableField(name)) continue;
          placed = true;
          const corrected = name === 'target_url' ? correctedValueOf(violation.parameters) : null;
          setError(name, corrected ?? (name === field ? value : values[name]), violation.message);
          if (corrected) setValues((current) => ({ ...current, target_url: corrected }));
        }
        if (!placed) {
          const message =
            error instanceof NetworkError
              ? NOT_SAVED_MESSAGE
              : error instanceof Error
                ? error.message
                : String(error);
          setError(field, value, message);
        }
      },
    );
  };

  return { values, errorOf, edit, save, cell, isSaving: update.isPending, rowLabel };
}

/** The row's heading: the site, a note when the line changed, and what the line is. */
function SiteCell({ item, changed, pin }: { item: CartItem; changed?: string; pin: string }) {
  const plan = item.content_product_plan;
  const providesTopic = item.article_topic === 'please_provide_me_a_topic';
  return (
    <th
      scope="row"
      className={cx(
        'bg-white px-3 py-3 text-left font-normal md:w-52 md:min-w-52 md:border-b md:border-slate-100',
        'max-md:-mx-4 max-md:mb-2 max-md:block max-md:rounded-t-lg max-md:border-b max-md:border-slate-200 max-md:bg-slate-50 max-md:px-4',
        pin,
      )}
    >
      <span className="block font-medium break-words text-slate-900 max-md:text-base max-md:font-semibold">
        {hostnameToUnicode(item.site.hostname)}
      </span>
      {changed ? (
        <p
          id={cartLineId(item.id)}
          tabIndex={-1}
          className="mt-1 scroll-my-24 text-xs font-medium whitespace-normal text-red-600 md:max-w-48"
        >
          {changed}
        </p>
      ) : null}
      <span className="block text-xs text-slate-500">{item.link_type.title}</span>
      <span className="block text-xs text-slate-500">
        {plan ? plan.title : 'Article provided by you'}
      </span>
      <span className="block text-xs break-words text-slate-500">
        {providesTopic ? 'Topic provided for you' : 'Your own topic'} · for{' '}
        {hostnameToUnicode(item.buyer_domain.hostname)}
      </span>
    </th>
  );
}

/** The price of one article of the line, split into the link's and the content's for a paid plan. */
function PriceCell({ item, pin }: { item: CartItem; pin: string }) {
  return (
    <td
      className={cx(
        'bg-white px-3 py-3 text-right whitespace-nowrap tabular-nums md:border-b md:border-slate-100',
        'max-md:mt-2 max-md:flex max-md:items-baseline max-md:gap-3 max-md:border-t max-md:border-slate-100 max-md:px-0 max-md:pt-3 max-md:pb-1 max-md:text-left',
        pin,
      )}
    >
      <StackedCellLabel label="Price" className="w-28 shrink-0 text-slate-600" />
      <span>
        <span className="block font-semibold text-slate-900">{formatMoney(item.total_price)}</span>
        {/* Without a paid content plan the total is the link's price: nothing to break down. */}
        {item.content_product_plan !== null ? (
          <span className="block text-xs whitespace-normal text-slate-500">
            {formatMoney(item.price)} link + {formatMoney(item.content_price)} content
          </span>
        ) : null}
      </span>
    </td>
  );
}

/** One cart line at checkout: every field it needs, each saved when the buyer leaves it. */
export function CartItemRow({
  item,
  position,
  errors,
  onFieldChecked,
  edits,
  changed,
  onClone,
  onDelete,
  isBusy,
  pins,
}: CartItemRowProps) {
  const { values, errorOf, edit, save, cell, isSaving, rowLabel } = useRowFields({
    item,
    position,
    errors,
    onFieldChecked,
    edits,
  });
  const plan = item.content_product_plan;
  const isPaidPlan = plan !== null;
  const providesTopic = item.article_topic === 'please_provide_me_a_topic';

  const textInput = (
    field: EditableField,
    options: { disabled?: boolean; placeholder?: string; type?: string } = {},
  ) => (
    <CellField {...cell(field)}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type={options.type ?? 'text'}
          value={values[field]}
          disabled={options.disabled}
          placeholder={options.placeholder}
          aria-invalid={errorOf(field) ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => edit(field, event.target.value)}
          onBlur={(event) => save(field, event.target.value)}
          className={fieldClasses(Boolean(errorOf(field)))}
        />
      )}
    </CellField>
  );

  const fixedWords = fixedWordCount(plan);
  // A plan that allows one word count shows it, unless the line holds another the buyer must fix.
  const isWordCountFixed =
    fixedWords !== null &&
    item.word_count === fixedWords &&
    values.word_count === String(fixedWords) &&
    !errorOf('word_count');
  const wordRange = plan ? wordCountRange(plan) : null;

  return (
    // On a phone the row is a card: the site as its heading, every field under it, then the price
    // and the actions, nothing beyond its width (decision 096).
    <tr className="align-top max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:bg-white max-md:px-4 max-md:pb-3 max-md:shadow-xs">
      <SiteCell item={item} changed={changed} pin={pins.site} />
      <td className={CELL}>{textInput('anchor_text')}</td>
      <td className={CELL}>{textInput('target_url', { placeholder: 'https://' })}</td>
      <td className={CELL}>
        {textInput('topic', {
          disabled: providesTopic,
          placeholder: providesTopic ? 'Suggested for you' : undefined,
        })}
      </td>
      <td className={CELL}>
        <CellField {...cell('is_topic_needs_approval')}>
          {({ id, describedBy }) => (
            <select
              id={id}
              value={values.is_topic_needs_approval}
              disabled={!providesTopic}
              aria-describedby={describedBy}
              onChange={(event) => {
                edit('is_topic_needs_approval', event.target.value);
                save('is_topic_needs_approval', event.target.value);
              }}
              className={fieldClasses(Boolean(errorOf('is_topic_needs_approval')))}
            >
              <option value="yes">Yes</option>
              <option value="no">No</option>
            </select>
          )}
        </CellField>
      </td>
      <td className={CELL}>
        {isWordCountFixed ? (
          <div>
            <StackedCellLabel
              label={FIELD_LABELS.word_count}
              className="mb-1 block text-slate-600"
            />
            <p
              id={cartFieldId(item.id, 'word_count')}
              className="scroll-my-24 px-2 py-1.5 md:min-w-24 max-md:px-0"
            >
              <span className="block text-slate-900 tabular-nums">
                {fixedWords}
                <span className="sr-only"> words, {rowLabel}</span>
              </span>
              <span className="block text-xs text-slate-500">Set by the plan</span>
            </p>
          </div>
        ) : (
          <CellField {...cell('word_count')}>
            {({ id, describedBy }) => (
              <input
                id={id}
                type="number"
                inputMode="numeric"
                min={wordRange?.min ?? 1}
                max={wordRange?.max ?? undefined}
                step={1}
                value={values.word_count}
                disabled={!isPaidPlan}
                aria-invalid={errorOf('word_count') ? true : undefined}
                aria-describedby={describedBy}
                onChange={(event) => edit('word_count', event.target.value)}
                onBlur={(event) => save('word_count', event.target.value)}
                className={cx(fieldClasses(Boolean(errorOf('word_count'))), 'md:w-24')}
              />
            )}
          </CellField>
        )}
      </td>
      <td className={CELL}>
        <CellField {...cell('publishing_due_date')}>
          {({ id, describedBy }) => (
            <input
              id={id}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder={DATE_INPUT_PLACEHOLDER}
              maxLength={10}
              value={values.publishing_due_date}
              aria-invalid={errorOf('publishing_due_date') ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => edit('publishing_due_date', event.target.value)}
              onBlur={(event) => save('publishing_due_date', event.target.value)}
              className={fieldClasses(Boolean(errorOf('publishing_due_date')))}
            />
          )}
        </CellField>
      </td>
      <td className={CELL}>{textInput('custom_id')}</td>
      <td className={CELL}>{textInput('comments')}</td>
      <PriceCell item={item} pin={pins.price} />
      <td
        className={cx(
          'bg-white px-3 py-3 md:border-b md:border-slate-100 max-md:block max-md:px-0 max-md:py-1',
          pins.actions,
        )}
      >
        <div className="flex gap-1 max-md:gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={isBusy}
            aria-label={`Clone ${rowLabel}`}
            onClick={() => onClone(item)}
            className="max-md:ring-1 max-md:ring-slate-300 max-md:ring-inset"
          >
            Clone
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={isBusy}
            aria-label={`Delete ${rowLabel}`}
            onClick={() => onDelete(item)}
            className="text-red-700 hover:bg-red-50 max-md:ring-1 max-md:ring-red-200 max-md:ring-inset"
          >
            Delete
          </Button>
        </div>
        {isSaving ? (
          <p role="status" className="mt-1 text-xs text-slate-500">
            Saving…
          </p>
        ) : null}
      </td>
    </tr>
  );
}
