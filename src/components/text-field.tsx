import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { cx } from '../utils/class-names.ts';
import { FieldHints, useFieldIds } from './field-hints.tsx';

export const inputClasses =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 ' +
  'placeholder:text-slate-400 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600 ' +
  'aria-invalid:ring-red-400 aria-invalid:focus:outline-red-600 disabled:bg-slate-50 disabled:text-slate-500';

export const labelClasses = 'block text-sm font-medium text-slate-800';

interface FieldTextProps {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  className?: string;
}

export interface TextFieldProps
  extends Omit<ComponentPropsWithoutRef<'input'>, 'className'>, FieldTextProps {
  ref?: Ref<HTMLInputElement>;
}

export interface TextAreaFieldProps
  extends Omit<ComponentPropsWithoutRef<'textarea'>, 'className'>, FieldTextProps {
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A label above a control and hints below it. The label names the control, the description and
 * error describe it (aria-describedby), and an error marks it aria-invalid.
 */
function LabelledControl({
  label,
  description,
  error,
  className,
  id,
  describedBy,
  control,
}: FieldTextProps & {
  id: string | undefined;
  describedBy: string | undefined;
  control: (wiring: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': true | undefined;
    className: string;
  }) => ReactNode;
}) {
  const ids = useFieldIds({
    id,
    hasDescription: Boolean(description),
    hasError: Boolean(error),
    describedBy,
  });
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={ids.controlId} className={labelClasses}>
        {label}
      </label>
      {control({
        id: ids.controlId,
        'aria-describedby': ids.describedBy,
        'aria-invalid': error ? true : undefined,
        className: inputClasses,
      })}
      <FieldHints
        description={description}
        descriptionId={ids.descriptionId}
        error={error}
        errorId={ids.errorId}
      />
    </div>
  );
}

/** A labelled text input. */
export function TextField({
  label,
  description,
  error,
  className,
  ref,
  id,
  'aria-describedby': describedBy,
  ...inputProps
}: TextFieldProps) {
  return (
    <LabelledControl
      {...{ label, description, error, className, id, describedBy }}
      control={(wiring) => <input ref={ref} {...inputProps} {...wiring} />}
    />
  );
}

/** A labelled text area. */
export function TextAreaField({
  label,
  description,
  error,
  className,
  ref,
  id,
  'aria-describedby': describedBy,
  ...textAreaProps
}: TextAreaFieldProps) {
  return (
    <LabelledControl
      {...{ label, description, error, className, id, describedBy }}
      control={(wiring) => <textarea ref={ref} {...textAreaProps} {...wiring} />}
    />
  );
}
