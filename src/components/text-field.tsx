import { Field, Input, Label, type InputProps } from '@headlessui/react';
import type { ReactNode, Ref } from 'react';
import { cx } from '../utils/class-names.ts';
import { FieldHints } from './field-hints.tsx';

export const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600 ' +
  'data-invalid:ring-red-400 data-invalid:focus:outline-red-600 data-disabled:bg-slate-50 data-disabled:text-slate-500';

export interface TextFieldProps extends Omit<InputProps, 'className' | 'invalid'> {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input. Headless UI's Field links the label, description and error to the input
 * (aria-labelledby / aria-describedby), and an error marks the input aria-invalid.
 */
export function TextField({
  label,
  description,
  error,
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  return (
    <Field className={cx('space-y-1.5', className)}>
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <Input
        ref={ref}
        invalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        className={inputClasses}
        {...inputProps}
      />
      <FieldHints description={description} error={error} />
    </Field>
  );
}
