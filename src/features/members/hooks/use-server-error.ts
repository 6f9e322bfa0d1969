import { type BaseSyntheticEvent, useState } from 'react';

type Submit = (event?: BaseSyntheticEvent) => Promise<void>;

/**
 * The message a dialog's form shows above its fields after a failed save. Submitting again clears
 * it first, also when the form's own checks then stop the submit: an old answer never stays above
 * a new hint.
 */
export function useServerError() {
  const [serverError, setServerError] = useState<string | null>(null);
  const clearedOnSubmit =
    (submit: Submit): Submit =>
    (event) => {
      setServerError(null);
      return submit(event);
    };
  return { serverError, setServerError, clearedOnSubmit };
}
