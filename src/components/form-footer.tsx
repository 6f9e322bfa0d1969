import { type ReactNode, useId } from 'react';

import { useOnlineStatus } from '../hooks/use-online-status.ts';
import { Button } from './button.tsx';

/**
 * The end of a form that needs the server to send it: Cancel (when given) and the submit button.
 * Offline the submit button is off and `offlineNote` says why in a line above both; the button
 * names that line as its description, so the reason is also read when it is focused. What was
 * typed stays in the form meanwhile.
 */
export function FormFooter({
  submitLabel,
  pending,
  offlineNote,
  onCancel,
}: {
  submitLabel: ReactNode;
  /** The form is being sent: the button shows it is busy. */
  pending: boolean;
  /** The sentence shown offline, e.g. "You are offline: sending needs a connection." */
  offlineNote: string;
  onCancel?: () => void;
}) {
  const isOnline = useOnlineStatus();
  const noteId = useId();
  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      {isOnline ? null : (
        <p id={noteId} className="w-full text-right text-sm text-amber-800">
          {offlineNote}
        </p>
      )}
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button
        type="submit"
        loading={pending}
        disabled={!isOnline}
        aria-describedby={isOnline ? undefined : noteId}
      >
        {submitLabel}
      </Button>
    </div>
  );
}
