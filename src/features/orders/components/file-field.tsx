import { useId } from 'react';
import { FILE_ACCEPT } from '../file-rules.ts';
import { FieldError, FieldLabel } from './field-parts.tsx';

/** An optional document input with its own error, linked through aria-describedby. */
export function FileField({
  label,
  file,
  error,
  note,
  disabled,
  onChange,
}: {
  label: string;
  file: File | null;
  error?: string | null;
  note?: string;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const describedBy = [note ? `${id}-note` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="space-y-1.5">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <input
        id={id}
        type="file"
        accept={FILE_ACCEPT}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 disabled:opacity-60"
      />
      {file ? <p className="text-xs text-slate-500">{file.name}</p> : null}
      {note ? (
        <p id={`${id}-note`} className="text-xs text-slate-500">
          {note}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
