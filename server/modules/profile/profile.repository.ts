import { asc, eq, inArray } from 'drizzle-orm';

import { findCompanyAccounts } from '#server/db/company-accounts.ts';
import type { Database } from '#server/db/database.ts';
import { accounts, companies, users } from '#server/db/schema/index.ts';

export async function findProfileUser(db: Database, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      isNewsletterSubscribed: users.isNewsletterSubscribed,
      avatarFileId: users.avatarFileId,
      notificationPreferences: users.notificationPreferences,
      roles: users.roles,
      isAllowedToExportSites: users.isAllowedToExportSites,
      salesManagerId: users.salesManagerId,
      accountManagerId: users.accountManagerId,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export type ProfileUser = NonNullable<Awaited<ReturnType<typeof findProfileUser>>>;

export async function findPeople(db: Database, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      avatarFileId: users.avatarFileId,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export type Person = Awaited<ReturnType<typeof findPeople>>[number];

export async function findAccountsOfUser(db: Database, userId: string) {
  return findCompanyAccounts(
    db,
    userId,
    {
      id: accounts.id,
      companyId: companies.id,
      companyName: companies.businessName,
      isCurrent: accounts.isCurrent,
      role: accounts.role,
      creditLimit: accounts.creditLimit,
      creditsBalance: companies.creditsBalance,
      isPayByBillAllowed: companies.isPayByBillAllowed,
      arePricesHiddenFromViewers: companies.arePricesHiddenFromViewers,
    },
    { orderBy: [asc(accounts.createdAt), asc(accounts.id)] },
  );
}
