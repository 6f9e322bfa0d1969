import type { ComponentPropsWithoutRef, Ref } from 'react';

import { cx } from '../utils/class-names.ts';
import { ChevronDownIcon } from './icons.tsx';
import { type FieldTextProps, LabelledControl } from './text-field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps
  extends Omit<ComponentPropsWithoutRef<'select'>, 'className' | 'children'>, FieldTextProps {
  options: readonly SelectOption[];
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (best keyboard and mobile support), labelled and described like `TextField`. */
export function SelectField({
  label,
  options,
  placeholder,
  description,
  error,
  className,
  hideLabel,
  ref,
  ...selectProps
}: SelectFieldProps) {
  return (
    <LabelledControl
      field={{ label, description, error, className, hideLabel }}
      controlProps={selectProps}
      control={(props) => (
        <div className="relative">
          <select
            ref={ref}
            {...props}
            className={cx(
              'block w-full appearance-none rounded-lg border-0 bg-white py-2 pr-9 pl-3 text-sm text-slate-900 shadow-sm',
              'ring-1 ring-inset ring-slate-300 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600',
              'disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:ring-red-400',
            )}
          >
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
        </div>
      )}
    />
  );
}

/**
 * A select whose choices have never loaded on this device and cannot load offline: disabled and
 * empty, saying so in its placeholder, with `description` saying when the choices come.
 */
export function NotAvailableOfflineSelect({
  label,
  description,
  className,
}: {
  label: string;
  description: string;
  className?: string;
}) {
  return (
    <SelectField
      label={label}
      className={className}
      value=""
      disabled
      placeholder="Not available offline"
      description={description}
      options={[]}
    />
  );
}
