import {
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';

import type { Violation } from '#contract/errors.ts';
import { ApiError } from '#src/lib/api-client.ts';

/**
 * Puts server violations on the form fields they name (spec §5). `fieldFor` maps a wire path to a
 * form field; violations without a field are left to the form's general error.
 */
export function applyViolations<TField extends string>(
  violations: readonly Violation[],
  setError: (field: TField, error: { type: string; message: string }) => void,
  fieldFor: (path: string) => TField | null,
): number {
  let applied = 0;
  const seen = new Set<string>();
  for (const violation of violations) {
    const field = fieldFor(violation.path);
    if (!field || seen.has(field)) continue;
    seen.add(field);
    setError(field, { type: 'server', message: violation.message });
    applied += 1;
  }
  return applied;
}

/**
 * Binds a field name to react-hook-form's input props plus its current error message, in the
 * shape TextField and SelectField take. Reading `formState.errors` here, during render, keeps the
 * form subscribed to error changes.
 */
export function fieldBinder<TValues extends FieldValues>({
  register,
  formState,
}: Pick<UseFormReturn<TValues>, 'register' | 'formState'>) {
  const { errors } = formState;
  return (name: Path<TValues>) => ({
    error: (get(errors, name) as FieldError | undefined)?.message,
    ...register(name),
  });
}

/** The message a failed request shows when no field took it. */
export const failureMessage = (error: unknown): string =>
  error instanceof Error ? error.message : 'Something went wrong.';

/**
 * A failed submit: the server's violations go onto the fields they name; the message to show
 * above the form is returned when no field took one, else null.
 */
export function failureOutsideFields<TField extends string>(
  error: unknown,
  setError: (field: TField, error: { type: string; message: string }) => void,
  fieldFor: (path: string) => TField | null,
): string | null {
  const applied =
    error instanceof ApiError ? applyViolations(error.violations, setError, fieldFor) : 0;
  return applied === 0 ? failureMessage(error) : null;
}
