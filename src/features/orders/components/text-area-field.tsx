import { useId, type TextareaHTMLAttributes } from 'react';
import { cx } from '#src/utils/class-names.ts';
import { FieldError, FieldLabel } from './field-parts.tsx';

/** A labelled text area whose error is announced through aria-describedby. */
export function TextAreaField({
  label,
  error,
  className,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId();
  return (
    <div className={cx('space-y-1.5', className)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(
          'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600',
          error && 'ring-red-400',
        )}
        {...props}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
