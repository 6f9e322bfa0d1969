import { LabelledControl } from '#src/components/text-field.tsx';
import { FILE_ACCEPT } from '#src/utils/document-file.ts';

/**
 * An optional document input (the order item forms, a message to the publisher): the shared
 * labelled control around a native file input, with the chosen file's name under it, then the
 * note and the error.
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
  return (
    <LabelledControl
      field={{ label, description: note, error: error ?? undefined }}
      controlProps={{ disabled }}
      control={(props) => (
        <>
          <input
            {...props}
            type="file"
            accept={FILE_ACCEPT}
            onChange={(event) => onChange(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200 disabled:opacity-60"
          />
          {file ? <p className="text-xs text-slate-500">{file.name}</p> : null}
        </>
      )}
    />
  );
}
