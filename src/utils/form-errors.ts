import type { Violation } from '#contract/errors.ts';

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
