import { Field, Label, Select, type SelectProps } from '@headlessui/react';
import type { ReactNode, Ref } from 'react';
import { cx } from '../utils/class-names.ts';
import { FieldHints } from './field-hints.tsx';
import { ChevronDownIcon } from './icons.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectProps, 'className' | 'invalid' | 'children'> {
  label: ReactNode;
  options: readonly SelectOption[];
  placeholder?: string;
  description?: ReactNode;
  error?: string;
  className?: string;
  hideLabel?: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (best keyboard and mobile support) with Headless UI's label wiring. */
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
    <Field className={cx('space-y-1.5', className)}>
      <Label className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-800'}>
        {label}
      </Label>
      <div className="relative">
        <Select
          ref={ref}
          invalid={Boolean(error)}
          className={cx(
            'block w-full appearance-none rounded-lg border-0 bg-white py-2 pr-9 pl-3 text-sm text-slate-900 shadow-sm',
            'ring-1 ring-inset ring-slate-300 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600',
            'data-disabled:bg-slate-50 data-disabled:text-slate-500 data-invalid:ring-red-400',
          )}
          {...selectProps}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500" />
      </div>
      <FieldHints description={description} error={error} />
    </Field>
  );
}
