import { Alert } from '#src/components/alert.tsx';
import { NeedsConnection } from '#src/components/needs-connection.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { InvitationsCard } from '#src/features/members/components/invitations-card.tsx';
import { MembersCard } from '#src/features/members/components/members-card.tsx';
import { RolePermissions } from '#src/features/members/components/role-permissions.tsx';
import { TeamSettingsCard } from '#src/features/members/components/team-settings-card.tsx';
import { RequiresPermission } from '#src/features/profile/components/requires-permission.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

const header = (
  <PageHeader
    title="Members"
    description="Who works in this company account, what each may do, and who is invited."
  />
);

/** Members of the current company: roles, limits, invitations and the member settings. */
export function Component() {
  const isOnline = useOnlineStatus();
  return (
    <RequiresPermission
      permission="members.manage"
      header={header}
      loadingLabel="Loading members"
      refusal="Only an Owner or an Admin of the company manages its members."
    >
      {({ role, companyId }) => (
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
      )}
    </RequiresPermission>
  );
}
