import { useId } from 'react';
import { FILE_ACCEPT } from '../file-rules.ts';

/**
 * An optional document input of the order forms, with its own label and error: a native input,
 * linked to its label by id and to its note and error through aria-describedby.
 */
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
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
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
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
