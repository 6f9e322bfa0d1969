import { useQuery } from '@tanstack/react-query';

import { Alert } from '#src/components/alert.tsx';
import { NeedsConnection } from '#src/components/needs-connection.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState } from '#src/components/state-blocks.tsx';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { AccountsTable } from '#src/features/profile/components/accounts-table.tsx';
import { AvatarCard } from '#src/features/profile/components/avatar-card.tsx';
import { EmailChangeForm } from '#src/features/profile/components/email-change-form.tsx';
import { ManagerCard } from '#src/features/profile/components/manager-card.tsx';
import { NotificationPreferencesCard } from '#src/features/profile/components/notification-preferences.tsx';
import { PasswordChangeForm } from '#src/features/profile/components/password-change-form.tsx';
import { ProfileDetails } from '#src/features/profile/components/profile-details.tsx';
import { ProfileDetailsForm } from '#src/features/profile/components/profile-details-form.tsx';
import { SessionsCard } from '#src/features/profile/components/sessions-card.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

/**
 * The buyer's profile: each section is its own card, stacked in the main column (summary, then
 * the settings sections in order) with the managers beside them.
 */
export function Component() {
  const profile = useQuery(profileQueries.detail());
  const isOnline = useOnlineStatus();

  return (
    <>
      <PageHeader
        title="Profile"
        description="Your details, sign-in settings, managers and company accounts."
      />
      {profile.isPending && isOnline ? (
        <div className="grid gap-6 lg:grid-cols-3" role="status" aria-label="Loading profile">
          <Skeleton className="h-80 lg:col-span-2" />
          <div className="space-y-6">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        </div>
      ) : !profile.data ? (
        <ErrorState
          title={isOnline ? undefined : 'Not available offline'}
          message={
            isOnline
              ? profile.error?.message
              : 'Your profile is not saved on this device yet; it loads when you are back online.'
          }
          onRetry={isOnline ? () => void profile.refetch() : undefined}
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          {isOnline ? null : (
            <Alert variant="info" className="lg:col-span-3">
              You are offline: your profile is shown as last loaded.
            </Alert>
          )}
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <ProfileDetails profile={profile.data} />
            <NeedsConnection what="changing your picture">
              <AvatarCard profile={profile.data} />
            </NeedsConnection>
            <NeedsConnection what="saving your details">
              <ProfileDetailsForm profile={profile.data} />
            </NeedsConnection>
            <NeedsConnection what="changing your e-mail">
              <EmailChangeForm email={profile.data.email} />
            </NeedsConnection>
            <NeedsConnection what="changing your password">
              <PasswordChangeForm
                personal={[profile.data.email, profile.data.first_name, profile.data.last_name]}
              />
            </NeedsConnection>
            <NeedsConnection what="signing out other devices">
              <SessionsCard />
            </NeedsConnection>
            <NeedsConnection what="changing notifications">
              <NotificationPreferencesCard preferences={profile.data.notification_preferences} />
            </NeedsConnection>
            <AccountsTable accounts={profile.data.accounts} />
          </div>
          <div className="min-w-0 space-y-6">
            <ManagerCard title="Sales manager" manager={profile.data.sales_manager} />
            <ManagerCard title="Account manager" manager={profile.data.account_manager} />
          </div>
        </div>
      )}
    </>
  );
}
