import { type ReactNode, useId } from 'react';

import { cx } from '../utils/class-names.ts';

/**
 * The ids that tie a form control to its label and hints: the control's own id (the caller's,
 * when it passes one), and `aria-describedby` naming the description, then the error, then any
 * ids the caller passed. Plain elements and ids, so a form needs no component library to be
 * labelled (decision 150).
 */
export function useFieldIds({
  id,
  hasDescription,
  hasError,
  describedBy,
}: {
  id?: string;
  hasDescription: boolean;
  hasError: boolean;
  describedBy?: string;
}) {
  const base = useId();
  const descriptionId = hasDescription ? `${base}-description` : undefined;
  const errorId = hasError ? `${base}-error` : undefined;
  const ids = [descriptionId, errorId, describedBy].filter(Boolean).join(' ');
  return {
    controlId: id ?? `${base}-control`,
    descriptionId,
    errorId,
    describedBy: ids || undefined,
  };
}

/** The description and error under a field, with the ids `useFieldIds` gave them. */
export function FieldHints({
  description,
  descriptionId,
  error,
  errorId,
}: {
  description?: ReactNode;
  descriptionId?: string;
  error?: string;
  errorId?: string;
}) {
  return (
    <>
      {description ? (
        <p id={descriptionId} className="text-xs text-slate-500">
          {description}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </>
  );
}

/** A field's error under it, or nothing when there is none. */
export function FieldError({
  id,
  error,
  className,
}: {
  id?: string;
  error?: string | null;
  className?: string;
}) {
  if (!error) return null;
  return (
    <p id={id} className={cx('text-xs font-medium text-red-600', className)}>
      {error}
    </p>
  );
}
