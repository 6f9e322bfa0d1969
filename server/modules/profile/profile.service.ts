import { type BuyerProfile, type Manager, withPreferenceDefaults } from '#contract/profile.ts';
import type { Database } from '#server/db/database.ts';
import { unauthorized } from '#server/http/api-error.ts';

import { TOKEN_INVALID_MESSAGE } from '../auth/auth.service.ts';
import { accountView } from './account-view.ts';

export { accountView } from './account-view.ts';
import {
  findAccountsOfUser,
  findPeople,
  findProfileUser,
  type Person,
} from './profile.repository.ts';

export interface ProfileService {
  getProfile(userId: string): Promise<BuyerProfile>;
}

export function createProfileService({ db }: { db: Database }): ProfileService {
  return {
    getProfile: async (userId) => {
      const user = await findProfileUser(db, userId);
      // The token outlived its user (deleted since it was issued).
      if (!user) throw unauthorized(TOKEN_INVALID_MESSAGE);
      const managerIds = [user.salesManagerId, user.accountManagerId].filter(
        (id): id is string => id !== null,
      );
      const [people, accounts] = await Promise.all([
        findPeople(db, managerIds),
        findAccountsOfUser(db, userId),
      ]);
      const manager = (id: string | null) => toManager(people.find((person) => person.id === id));
      return {
        id: userId,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone: user.phone,
        is_newsletter_subscribed: user.isNewsletterSubscribed,
        avatar_file: user.avatarFileId ? { id: user.avatarFileId } : null,
        notification_preferences: withPreferenceDefaults(
          user.notificationPreferences,
          (accounts.find((account) => account.isCurrent) ?? accounts[0])?.role ?? 'viewer',
        ),
        roles: user.roles,
        username: user.email,
        is_allowed_to_export_sites: user.isAllowedToExportSites,
        sales_manager: manager(user.salesManagerId),
        account_manager: manager(user.accountManagerId),
        accounts: accounts.map((account) => accountView(account, account.isCurrent)),
      };
    },
  };
}

function toManager(person: Person | undefined): Manager | null {
  if (!person) return null;
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    avatar_file: person.avatarFileId ? { id: person.avatarFileId } : null,
  };
}
