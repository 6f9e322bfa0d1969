import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

import { cx } from '../utils/class-names.ts';
import { Button } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import { inputClasses } from './text-field.tsx';

export type ChipReading = { ok: true; value: string } | { ok: false; message: string };

export interface ChipListFieldProps {
  label: string;
  description?: ReactNode;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Reads a typed entry into the form it is kept in, or says why it cannot be added. */
  read?: (text: string) => ChipReading;
  /** When two entries are the same (by default: the same text, ignoring case). */
  keyOf?: (value: string) => string;
  max: number;
  /** The list's own error (too many entries, say). */
  error?: string;
  /** Errors of single entries, by their index (server violations such as `topics[2]`). */
  entryErrors?: Readonly<Record<number, string>>;
  placeholder?: string;
  /** How an entry is shown (a domain in Unicode, say); by default as it is kept. */
  display?: (value: string) => string;
  /** Text that ends an entry besides Enter, e.g. a comma for domains. */
  separator?: RegExp;
  /**
   * Whether spaces also separate entries that read well (domains never hold one): "a.com b.com"
   * is two entries, while text of which no word reads well ("not a domain") stays one, as typed.
   */
  spaceSeparates?: boolean;
  disabled?: boolean;
  name?: string;
  onBlur?: () => void;
  /**
   * Told whether text is still in the box after leaving it (what could be added was added then):
   * a form refuses to save while it is, so nothing typed is dropped without a word.
   */
  onPendingChange?: (isPending: boolean) => void;
  /** Told whether the box holds any text, as it changes: a form's Discard clears it too. */
  onDraftChange?: (hasText: boolean) => void;
}

const chipClasses =
  'inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-sm text-slate-800 ring-1 ring-slate-200 ring-inset';

/**
 * A list typed one entry at a time: Enter, the Add button or leaving the box adds what is typed, each entry is a
 * chip with its own Remove button, and focus comes back to the input after a removal, so the
 * whole list works with the keyboard alone.
 */
export function ChipListField({
  label,
  description,
  values,
  onChange,
  read = (text) => ({ ok: true, value: text.trim() }),
  keyOf = (value) => value.toLowerCase(),
  max,
  error,
  entryErrors = {},
  placeholder,
  separator,
  spaceSeparates = false,
  display = (value) => value,
  disabled,
  name,
  onBlur,
  onPendingChange,
  onDraftChange,
}: ChipListFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraftText] = useState('');
  const setDraft = (text: string) => {
    setDraftText(text);
    if ((text.trim() !== '') !== (draft.trim() !== '')) onDraftChange?.(text.trim() !== '');
  };
  const [problem, setProblem] = useState<string | null>(null);
  const isFull = values.length >= max;
  const entryProblems = Object.entries(entryErrors)
    .map(([index, message]) => ({ value: values[Number(index)], message }))
    .filter((entry) => entry.value !== undefined);
  const shownError = problem ?? error;
  const describedBy = [
    description ? `${id}-description` : null,
    shownError ? `${id}-error` : null,
    entryProblems.length > 0 ? `${id}-entries` : null,
  ]
    .filter(Boolean)
    .join(' ');

  /**
   * Adds every entry of what is typed that can be added, and says which were not and why, one
   * line per reason; the refused ones stay in the box to be corrected.
   */
  const add = () => {
    const segments = (separator ? draft.split(separator) : [draft]).filter((part) => part.trim());
    const parts = segments.flatMap((segment) => {
      const words = segment.trim().split(/\s+/);
      const isList = spaceSeparates && words.length > 1 && words.some((word) => read(word).ok);
      return isList ? words : [segment];
    });
    if (parts.length === 0) {
      setProblem(null);
      onPendingChange?.(false);
      return;
    }
    const next = [...values];
    const refused = new Map<string, string[]>();
    const refuse = (part: string, reason: string) =>
      refused.set(reason, [...(refused.get(reason) ?? []), part.trim()]);
    for (const part of parts) {
      const reading = read(part);
      if (!reading.ok) refuse(part, reading.message);
      else if (next.some((value) => keyOf(value) === keyOf(reading.value))) {
        refuse(part, 'already in the list.');
      } else if (next.length >= max) refuse(part, `the list takes at most ${max}.`);
      else next.push(reading.value);
    }
    const left = [...refused.values()].flat();
    setProblem(
      left.length === 0
        ? null
        : [...refused]
            .map(([reason, entries]) => `Not added: ${entries.join(', ')}: ${reason}`)
            .join(' '),
    );
    setDraft(left.join(separator ? ', ' : ''));
    onPendingChange?.(left.length > 0);
    if (next.length > values.length) onChange(next);
  };

  const remove = (index: number) => {
    onChange(values.filter((_, at) => at !== index));
    setProblem(null);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {values.length > 0 ? (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {values.map((value, index) => (
            <li
              key={`${value}-${index}`}
              className={cx(chipClasses, entryErrors[index] && 'bg-red-50 ring-red-300')}
            >
              <span className="min-w-0 break-all">{display(value)}</span>
              <button
                type="button"
                disabled={disabled}
                onClick={() => remove(index)}
                aria-label={`Remove ${display(value)}`}
                className="rounded-full p-1 text-slate-500 hover:bg-slate-200 hover:text-slate-800 focus:outline-2 focus:outline-indigo-600 disabled:opacity-50"
              >
                <CloseIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="text"
          value={draft}
          disabled={disabled || isFull}
          placeholder={isFull ? `The list is full (${max})` : placeholder}
          autoComplete="off"
          aria-invalid={shownError || entryProblems.length > 0 ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            // Leaving the box adds what it holds, as Add would: a Save right after keeps it.
            if (draft.trim()) add();
            else onPendingChange?.(false);
            onBlur?.();
          }}
          className={cx(
            inputClasses,
            'min-w-0 flex-1',
            (shownError || entryProblems.length > 0) && 'ring-red-400',
          )}
        />
        <Button
          variant="secondary"
          onClick={add}
          disabled={disabled || isFull || !draft.trim()}
          aria-label={`Add to ${label.toLowerCase()}`}
        >
          Add
        </Button>
      </div>
      {description ? (
        <p id={`${id}-description`} className="text-xs text-slate-500">
          {description}
        </p>
      ) : null}
      {shownError ? (
        <p
          id={`${id}-error`}
          // A rejected entry is repeated in the message: a long one without spaces wraps anywhere.
          className="text-xs font-medium wrap-anywhere text-red-600"
          role="alert"
        >
          {shownError}
        </p>
      ) : null}
      {entryProblems.length > 0 ? (
        <ul
          id={`${id}-entries`}
          className="space-y-0.5 text-xs font-medium wrap-anywhere text-red-600"
        >
          {entryProblems.map((entry) => (
            <li key={`${entry.value}-${entry.message}`}>
              {display(entry.value ?? '')}: {entry.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
