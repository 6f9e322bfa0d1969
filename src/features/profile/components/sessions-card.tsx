import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { ActiveSession } from '#contract/sessions.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { formatDateTime } from '#src/utils/format.ts';

import { sessionQueries, useEndOtherSessions, useEndSession } from '../api/sessions.ts';

const deviceName = (session: ActiveSession) => session.device || 'Unknown device';

/**
 * Where the buyer is signed in (decision 169): each session's device, its address with the last
 * part hidden (no place is guessed from it) and its last use; any other device can be signed
 * out, one or all at once. A device signed out here is refused on its next request.
 */
export function SessionsCard() {
  const isOnline = useOnlineStatus();
  const sessions = useQuery({ ...sessionQueries.list(), enabled: isOnline });
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirming, setConfirming] = useState<'others' | ActiveSession | null>(null);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.is_current);

  const confirm = () => {
    if (confirming === null) return;
    const done = { onSettled: () => setConfirming(null) };
    if (confirming === 'others') endOthers.mutate(undefined, done);
    else endOne.mutate(confirming.id, done);
  };

  return (
    <Card>
      <CardHeader
        title="Where you're signed in"
        description="Devices signed in to your account. Addresses are shown with their last part hidden."
        actions={
          others.length > 0 ? (
            <Button variant="secondary" size="sm" onClick={() => setConfirming('others')}>
              Sign out of all other devices
            </Button>
          ) : null
        }
      />
      {!sessions.data && !isOnline ? (
        <p className="px-5 py-4 text-sm text-slate-600">
          The devices you are signed in on are shown when you are back online.
        </p>
      ) : sessions.isPending ? (
        <div className="space-y-3 px-5 py-4">
          <LoadingAnnouncement>Loading your sessions…</LoadingAnnouncement>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : sessions.isError ? (
        <ErrorState
          className="m-5"
          title="Your sessions could not be loaded."
          message={sessions.error.message}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Signed-in devices">
            {list.map((session) => (
              <li
                key={session.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-5 py-4"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    <span className="break-words">{deviceName(session)}</span>
                    {session.is_current ? <Badge variant="success">This device</Badge> : null}
                  </p>
                  <p className="mt-0.5 text-sm break-words text-slate-500">
                    {session.address || 'Address unknown'} ·{' '}
                    {session.is_current
                      ? `Signed in ${formatDateTime(session.created_at)}`
                      : `Last used ${formatDateTime(session.last_used_at)}`}
                  </p>
                </div>
                {session.is_current ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Sign out ${deviceName(session)}, last used ${formatDateTime(session.last_used_at)}`}
                    onClick={() => setConfirming(session)}
                  >
                    Sign out
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? (
            <p className="border-t border-slate-100 px-5 py-4 text-sm text-slate-600">
              You are not signed in on any other device.
            </p>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
        title={
          confirming === 'others'
            ? 'Sign out of all other devices?'
            : `Sign out ${confirming ? deviceName(confirming) : ''}?`
        }
        description={
          confirming === 'others'
            ? 'Every other device is signed out at its next request and has to sign in again with your password.'
            : 'The device is signed out at its next request and has to sign in again with your password.'
        }
        confirmLabel={confirming === 'others' ? 'Sign out all' : 'Sign out'}
        destructive
        pending={endOne.isPending || endOthers.isPending}
      />
    </Card>
  );
}
