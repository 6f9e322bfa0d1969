import { type ReactNode, useId } from 'react';

import { useOnlineStatus } from '../hooks/use-online-status.ts';

/**
 * A card whose changes need the server: offline its controls are off, and a line at its top says
 * why, so nothing is typed that cannot be sent. The card stays the same element either way, so a
 * dialog it opened stays open, with what was typed, when the connection drops.
 */
export function NeedsConnection({ what, children }: { what: string; children: ReactNode }) {
  const isOnline = useOnlineStatus();
  const noteId = useId();
  return (
    <fieldset
      disabled={!isOnline}
      aria-describedby={isOnline ? undefined : noteId}
      className="min-w-0 space-y-2"
    >
      {isOnline ? null : (
        <p id={noteId} className="text-sm text-amber-800">
          You are offline: {what} needs a connection.
        </p>
      )}
      {children}
    </fieldset>
  );
}
