import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '#src/components/page-header.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { ErrorState } from '#src/components/state-blocks.tsx';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { AvatarCard } from '#src/features/profile/components/avatar-card.tsx';
import { NotificationPreferencesCard } from '#src/features/profile/components/notification-preferences.tsx';
import { AccountsTable } from '#src/features/profile/components/accounts-table.tsx';
import { EmailChangeForm } from '#src/features/profile/components/email-change-form.tsx';
import { ManagerCard } from '#src/features/profile/components/manager-card.tsx';
import { PasswordChangeForm } from '#src/features/profile/components/password-change-form.tsx';
import { ProfileDetails } from '#src/features/profile/components/profile-details.tsx';
import { ProfileDetailsForm } from '#src/features/profile/components/profile-details-form.tsx';

/**
 * The buyer's profile: each section is its own card, stacked in the main column (summary, then
 * the settings sections in order) with the managers beside them.
 */
export function Component() {
  const profile = useQuery(profileQueries.detail());

  return (
    <>
      <PageHeader
        title="Profile"
        description="Your details, sign-in settings, managers and company accounts."
      />
      {profile.isPending ? (
        <div className="grid gap-6 lg:grid-cols-3" role="status" aria-label="Loading profile">
          <Skeleton className="h-80 lg:col-span-2" />
          <div className="space-y-6">
            <Skeleton className="h-32" />
            <Skeleton className="h-32" />
          </div>
        </div>
      ) : profile.isError ? (
        <ErrorState message={profile.error.message} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2">
            <ProfileDetails profile={profile.data} />
            <AvatarCard profile={profile.data} />
            <ProfileDetailsForm profile={profile.data} />
            <EmailChangeForm email={profile.data.email} />
            <PasswordChangeForm
              personal={[profile.data.email, profile.data.first_name, profile.data.last_name]}
            />
            <NotificationPreferencesCard preferences={profile.data.notification_preferences} />
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
