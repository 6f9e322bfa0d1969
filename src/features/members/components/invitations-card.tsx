import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { Invitation } from '#contract/members.ts';
import { MEMBER_ROLE_LABELS } from '#contract/permissions.ts';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { formatDateTime, fullName } from '#src/utils/format.ts';

import { useRevokeInvitation } from '../api/mutations.ts';
import { memberQueries } from '../api/queries.ts';

function InvitationRow({
  invitation,
  onRevoke,
}: {
  invitation: Invitation;
  onRevoke: (invitation: Invitation) => void;
}) {
  const inviter = invitation.invited_by ? fullName(invitation.invited_by) : 'A former member';
  return (
    <li className="flex flex-col gap-2 px-5 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium break-all text-slate-900">{invitation.email}</p>
        <p className="text-sm text-slate-500">
          {MEMBER_ROLE_LABELS[invitation.role]} · invited by {inviter} · expires{' '}
          {formatDateTime(invitation.expires_at)}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Revoke the invitation of ${invitation.email}`}
        onClick={() => onRevoke(invitation)}
      >
        Revoke
      </Button>
    </li>
  );
}

/** Invitations sent and not yet accepted, each revocable. */
export function InvitationsCard({ companyId }: { companyId: string }) {
  const isOnline = useOnlineStatus();
  const invitations = useQuery(memberQueries.invitations(companyId));
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const list = invitations.data?.data ?? [];

  return (
    <Card>
      <CardHeader title="Pending invitations" description="Sent and not accepted yet." />
      {!invitations.data && !isOnline ? (
        <p className="px-5 py-4 text-sm text-slate-600">
          The invitations are not saved on this device yet; they load when you are back online.
        </p>
      ) : invitations.isPending ? (
        <div className="space-y-3 px-5 py-4">
          <LoadingAnnouncement>Loading invitations…</LoadingAnnouncement>
          <Skeleton className="h-12" />
        </div>
      ) : invitations.isError && !invitations.data ? (
        <ErrorState
          className="m-5"
          title="The invitations could not be loaded."
          message={invitations.error.message}
          onRetry={() => void invitations.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No pending invitations.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Pending invitations">
          {list.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} onRevoke={setRevoking} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
        title="Revoke this invitation?"
        description={
          revoking ? `The link sent to ${revoking.email} stops working at once.` : undefined
        }
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
      />
    </Card>
  );
}
