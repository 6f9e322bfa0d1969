// Who is mailed about a company's event (decision 208): the members of the company whose role
// holds the permission the event needs (contract/permissions.ts) and whose own preference for that
// kind of mail is on. An event of an order reaches the member who placed it and, besides them,
// only the members who follow all of the company's orders (`company_orders`). Memberships are read
// when the mail is queued, so a removed member gets nothing from then on.
import { and, asc, eq, inArray } from 'drizzle-orm';

import {
  MEMBER_ROLES,
  type MemberRole,
  type Permission,
  rolesWith,
} from '#contract/permissions.ts';
import { type NotificationPreferences, withPreferenceDefaults } from '#contract/profile.ts';

import type { Database } from './database.ts';
import { accounts, users } from './schema/index.ts';

/** A kind of mail a member may turn off (every preference but the scope of order mails). */
export type MailPreference = Exclude<keyof NotificationPreferences, 'company_orders'>;

export interface CompanyEvent {
  companyId: string;
  /** What a member's role must hold to hear of it. */
  permission: Permission;
  /** The preference that turns this kind of mail on or off. */
  preference: MailPreference;
  /**
   * For an event of an order: who placed it. They hear of it with the preference on; other
   * members only when they also follow all of the company's orders.
   */
  placedByUserId?: string;
}

export interface NotifiedMember {
  userId: string;
  email: string;
  firstName: string;
  role: MemberRole;
}

/** The members to mail about `event`, the one who placed its order first, then by role. */
export async function membersToNotify(
  db: Database,
  event: CompanyEvent,
): Promise<NotifiedMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      role: accounts.role,
      preferences: users.notificationPreferences,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(
      and(
        eq(accounts.companyId, event.companyId),
        inArray(accounts.role, [...rolesWith(event.permission)]),
      ),
    )
    .orderBy(asc(users.email));
  const rank = (member: { userId: string; role: MemberRole }) =>
    member.userId === event.placedByUserId ? -1 : MEMBER_ROLES.indexOf(member.role);
  return rows
    .filter(({ userId, preferences, role }) => {
      const wanted = withPreferenceDefaults(preferences, role);
      if (!wanted[event.preference]) return false;
      if (event.placedByUserId === undefined || userId === event.placedByUserId) return true;
      return wanted.company_orders;
    })
    .sort((a, b) => rank(a) - rank(b))
    .map(({ userId, email, firstName, role }) => ({ userId, email, firstName, role }));
}
