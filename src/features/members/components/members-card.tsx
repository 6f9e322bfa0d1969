import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import type { Member } from '#contract/members.ts';
import type { MemberRole } from '#contract/permissions.ts';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { ConfirmDialog } from '#src/components/confirm-dialog.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState, LoadingAnnouncement } from '#src/components/state-blocks.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { fullName } from '#src/utils/format.ts';

import { useRemoveMember } from '../api/mutations.ts';
import { memberQueries } from '../api/queries.ts';
import { InviteDialog } from './invite-dialog.tsx';
import { LimitDialog } from './limit-dialog.tsx';
import { MemberRow } from './member-row.tsx';
import { RoleDialog } from './role-dialog.tsx';

const nameOf = (member: Member) => fullName(member.user) || member.user.email;

/**
 * The members of the current company with their roles and a Buyer's limit; an Owner or Admin
 * re-roles, sets limits, removes and invites. Offline the list is the one last read.
 */
export function MembersCard({
  companyId,
  myRole,
}: {
  companyId: string;
  myRole: MemberRole | null;
}) {
  const isOnline = useOnlineStatus();
  const members = useQuery(memberQueries.list(companyId));
  const remove = useRemoveMember();
  const [isInviting, setInviting] = useState(false);
  const [roleOf, setRoleOf] = useState<Member | null>(null);
  const [limitOf, setLimitOf] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const list = members.data?.data ?? [];

  return (
    <Card>
      <CardHeader
        title="Members"
        description="Who works in this company account, with their role."
        actions={
          <Button size="sm" onClick={() => setInviting(true)}>
            Invite member
          </Button>
        }
      />
      {!members.data && !isOnline ? (
        <p className="px-5 py-4 text-sm text-slate-600">
          The members are not saved on this device yet; they load when you are back online.
        </p>
      ) : members.isPending ? (
        <div className="space-y-3 px-5 py-4">
          <LoadingAnnouncement>Loading members…</LoadingAnnouncement>
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : members.isError && !members.data ? (
        <ErrorState
          className="m-5"
          title="The members could not be loaded."
          message={members.error.message}
          onRetry={() => void members.refetch()}
        />
      ) : list.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No members yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Members">
          {list.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              myRole={myRole}
              isRemoving={remove.isPending && remove.variables === member.id}
              onChangeRole={setRoleOf}
              onEditLimit={setLimitOf}
              onRemove={setRemoving}
            />
          ))}
        </ul>
      )}
      <InviteDialog open={isInviting} onClose={() => setInviting(false)} myRole={myRole} />
      <RoleDialog member={roleOf} myRole={myRole} onClose={() => setRoleOf(null)} />
      <LimitDialog member={limitOf} onClose={() => setLimitOf(null)} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
        title={`Remove ${removing ? nameOf(removing) : ''}?`}
        description="Their access to the company ends with their next request. What they did stays in the record."
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
      />
    </Card>
  );
}
