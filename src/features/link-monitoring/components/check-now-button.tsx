import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useId } from 'react';

import { Button, type ButtonSize } from '#src/components/button.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { cx } from '#src/utils/class-names.ts';

import { linkMutationKeys, type MonitoredItemRef, useCheckNow } from '../api/mutations.ts';

export const OFFLINE_CHECK_REASON = 'Checking a link needs a connection.';

/**
 * Checks one live link now. Busy while a check of this link runs anywhere on the page; disabled
 * offline with the reason beside it (or in the note `offlineNoteId` names, shared by a list's
 * rows); a refusal, such as a second check within a minute, shows beneath it until the wait it
 * names is over.
 */
export function CheckNowButton({
  item,
  variant = 'secondary',
  size = 'sm',
  offlineNoteId,
}: {
  item: MonitoredItemRef;
  variant?: 'primary' | 'secondary';
  /** `sm` in a table row; `md` beside a dialog's other actions, whose width it then takes. */
  size?: ButtonSize;
  offlineNoteId?: string;
}) {
  const isOnline = useOnlineStatus();
  const check = useCheckNow(item);
  const running = useIsMutating({ mutationKey: [...linkMutationKeys.checkNow, item.id] }) > 0;
  const errorId = useId();
  const ownOfflineId = useId();
  const offlineId = offlineNoteId ?? ownOfflineId;
  // A refusal that says when to try again ("try again in 52 s") goes away once that time is up.
  const waitSeconds = check.error instanceof ApiError ? check.error.retryAfterSeconds : null;
  const { reset } = check;
  useEffect(() => {
    if (waitSeconds === null) return;
    const timer = setTimeout(reset, waitSeconds * 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds, reset]);
  const describedBy = [check.isError ? errorId : null, isOnline ? null : offlineId]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={cx('flex flex-col gap-1', size === 'sm' ? 'items-start' : 'items-stretch')}>
      <Button
        size={size}
        variant={variant}
        loading={running}
        disabled={!isOnline}
        aria-describedby={describedBy || undefined}
        onClick={() => check.mutate()}
      >
        {running ? 'Checking…' : 'Check now'}{' '}
        <span className="sr-only">the link of item {item.number}</span>
      </Button>
      <span id={errorId} role="status" className="max-w-48 text-xs whitespace-normal text-red-700">
        {check.isError ? check.error.message : null}
      </span>
      {!isOnline && !offlineNoteId ? (
        <span id={ownOfflineId} className="max-w-48 text-xs whitespace-normal text-slate-600">
          {OFFLINE_CHECK_REASON}
        </span>
      ) : null}
    </span>
  );
}
