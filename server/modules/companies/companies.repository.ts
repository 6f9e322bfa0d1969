import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';

import { findCompanyAccounts } from '#server/db/company-accounts.ts';
import { type Database, queryRows } from '#server/db/database.ts';
import {
  accounts,
  businessTypes,
  companies,
  companyRequests,
  countries,
} from '#server/db/schema/index.ts';

/** The account of `userId` with its company; null for another user's or an unknown account. */
export async function findAccountOfUser(db: Database, userId: string, accountId: string) {
  const [row] = await findCompanyAccounts(
    db,
    userId,
    {
      id: accounts.id,
      companyId: companies.id,
      companyName: companies.businessName,
      role: accounts.role,
      creditLimit: accounts.creditLimit,
      creditsBalance: companies.creditsBalance,
      isPayByBillAllowed: companies.isPayByBillAllowed,
      arePricesHiddenFromViewers: companies.arePricesHiddenFromViewers,
    },
    { narrow: eq(accounts.id, accountId) },
  );
  return row ?? null;
}

export async function makeAccountCurrent(db: Database, userId: string, accountId: string) {
  await db
    .update(accounts)
    .set({ isCurrent: false })
    .where(and(eq(accounts.userId, userId), eq(accounts.isCurrent, true)));
  await db.update(accounts).set({ isCurrent: true }).where(eq(accounts.id, accountId));
}

export async function hasCurrentAccount(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.isCurrent, true)));
  return !!row;
}

export async function findCompany(db: Database, companyId: string) {
  const [row] = await db
    .select({
      company: companies,
      businessTypeTitle: businessTypes.title,
      countryCode: countries.isoCode,
      countryTitle: countries.title,
    })
    .from(companies)
    .leftJoin(businessTypes, eq(businessTypes.id, companies.businessTypeId))
    .leftJoin(countries, eq(countries.id, companies.countryId))
    .where(eq(companies.id, companyId));
  return row ?? null;
}
export type CompanyRow = NonNullable<Awaited<ReturnType<typeof findCompany>>>;

/** Whether `userId` has an account in the company. */
export async function isMemberOf(db: Database, userId: string, companyId: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.companyId, companyId)));
  return !!row;
}

/** A country of the reference list by its id or by its ISO code: its id and code, or null. */
export async function findCountry(db: Database, by: { id: string } | { code: string }) {
  const [row] = await db
    .select({ id: countries.id, code: countries.isoCode })
    .from(countries)
    .where('id' in by ? eq(countries.id, by.id) : eq(countries.isoCode, by.code));
  return row ?? null;
}

export async function businessTypeExists(db: Database, id: string) {
  const [row] = await db
    .select({ id: businessTypes.id })
    .from(businessTypes)
    .where(eq(businessTypes.id, id));
  return !!row;
}

export async function nextRequestNumber(db: Database): Promise<string> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select nextval('company_request_number_seq')::text as n`,
  );
  if (!row) throw new Error('No company request number');
  return `CR-${row.n}`;
}

export async function insertRequest(db: Database, values: typeof companyRequests.$inferInsert) {
  const [row] = await db
    .insert(companyRequests)
    .values(values)
    .returning({ id: companyRequests.id });
  if (!row) throw new Error('The company request was not stored');
  return row.id;
}

export async function hasPendingChange(db: Database, companyId: string) {
  const [row] = await db
    .select({ id: companyRequests.id })
    .from(companyRequests)
    .where(
      and(
        eq(companyRequests.companyId, companyId),
        eq(companyRequests.kind, 'change'),
        eq(companyRequests.status, 'pending'),
      ),
    );
  return !!row;
}

const requestColumns = {
  request: companyRequests,
  companyTitle: companies.businessName,
  businessTypeTitle: businessTypes.title,
  countryCode: countries.isoCode,
  countryTitle: countries.title,
};

function selectRequests(db: Database) {
  return db
    .select(requestColumns)
    .from(companyRequests)
    .leftJoin(companies, eq(companies.id, companyRequests.companyId))
    .leftJoin(businessTypes, eq(businessTypes.id, companyRequests.businessTypeId))
    .leftJoin(countries, eq(countries.id, companyRequests.countryId));
}

export type RequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

export async function findRequest(db: Database, id: string) {
  const [row] = await selectRequests(db).where(eq(companyRequests.id, id));
  return row ?? null;
}

export async function findRequestIdByReference(db: Database, reference: string) {
  const byNumber = /^(CR-)?\d+$/i.test(reference)
    ? eq(companyRequests.number, `CR-${reference.replace(/^CR-/i, '')}`)
    : null;
  const isUuid = /^[0-9a-f-]{36}$/i.test(reference);
  if (!byNumber && !isUuid) return null;
  const [row] = await db
    .select({ id: companyRequests.id })
    .from(companyRequests)
    .where(byNumber ?? eq(companyRequests.id, reference));
  return row?.id ?? null;
}

export async function countRequests(db: Database, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(companyRequests)
    .where(eq(companyRequests.userId, userId));
  return row?.n ?? 0;
}

export async function findRequests(
  db: Database,
  userId: string,
  { offset, limit }: { offset: number; limit: number },
) {
  return selectRequests(db)
    .where(eq(companyRequests.userId, userId))
    .orderBy(desc(companyRequests.createdAt), desc(companyRequests.number))
    .offset(offset)
    .limit(limit);
}

/** Locks a pending request for its decision; null when it is decided or gone. */
export async function lockPendingRequest(db: Database, id: string) {
  const [row] = await db
    .select()
    .from(companyRequests)
    .where(and(eq(companyRequests.id, id), eq(companyRequests.status, 'pending')))
    .for('update');
  return row ?? null;
}

export async function findPendingRequestsBefore(db: Database, before: Date, limit: number) {
  return db
    .select({ id: companyRequests.id })
    .from(companyRequests)
    .where(and(eq(companyRequests.status, 'pending'), lt(companyRequests.createdAt, before)))
    .orderBy(asc(companyRequests.createdAt))
    .limit(limit);
}

export async function insertCompany(db: Database, values: typeof companies.$inferInsert) {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('The company was not stored');
  return row.id;
}

export async function updateCompany(
  db: Database,
  companyId: string,
  values: Partial<typeof companies.$inferInsert>,
) {
  await db.update(companies).set(values).where(eq(companies.id, companyId));
}

export async function insertAccount(db: Database, values: typeof accounts.$inferInsert) {
  await db.insert(accounts).values(values);
}

export async function updateRequest(
  db: Database,
  id: string,
  values: Partial<typeof companyRequests.$inferInsert>,
) {
  await db.update(companyRequests).set(values).where(eq(companyRequests.id, id));
}
