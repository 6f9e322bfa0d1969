import { Alert } from '#src/components/alert.tsx';
import { NeedsConnection } from '#src/components/needs-connection.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { InvitationsCard } from '#src/features/members/components/invitations-card.tsx';
import { MembersCard } from '#src/features/members/components/members-card.tsx';
import { RolePermissions } from '#src/features/members/components/role-permissions.tsx';
import { TeamSettingsCard } from '#src/features/members/components/team-settings-card.tsx';
import { useMemberRole } from '#src/features/profile/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

/** Members of the current company: roles, limits, invitations and the member settings. */
export function Component() {
  const { role, companyId, can } = useMemberRole();
  const isOnline = useOnlineStatus();
  const header = (
    <PageHeader
      title="Members"
      description="Who works in this company account, what each may do, and who is invited."
    />
  );
  if (companyId === null) {
    return (
      <>
        {header}
        <div role="status" aria-label="Loading members">
          <Skeleton className="h-64" />
        </div>
      </>
    );
  }
  if (!can('members.manage')) {
    return (
      <>
        {header}
        <Alert variant="info">Only an Owner or an Admin of the company manages its members.</Alert>
      </>
    );
  }
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-3">
        {isOnline ? null : (
          <Alert variant="info" className="lg:col-span-3">
            You are offline: the members are shown as last loaded.
          </Alert>
        )}
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <NeedsConnection what="changing members">
            <MembersCard companyId={companyId} myRole={role} />
          </NeedsConnection>
          <NeedsConnection what="revoking an invitation">
            <InvitationsCard companyId={companyId} />
          </NeedsConnection>
        </div>
        <div className="min-w-0 space-y-6">
          <NeedsConnection what="changing the member settings">
            <TeamSettingsCard companyId={companyId} />
          </NeedsConnection>
          <RolePermissions />
        </div>
      </div>
    </>
  );
}
