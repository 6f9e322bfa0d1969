import type { ReactNode } from 'react';

/** The label and error of the order forms' native inputs, linked by id rather than by context. */
export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
      {children}
    </label>
  );
}

export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="text-xs font-medium text-red-600">
      {error}
    </p>
  ) : null;
}
