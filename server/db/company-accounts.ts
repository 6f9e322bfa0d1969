// "The companies of a user": a buyer reaches a company through an account (`accounts`, one per
// user and company, with the user's own credit limit and which company is current). Profile,
// companies, billing and checkout each read the user's accounts joined to their companies, each
// with the columns it needs; this is that query, written once.
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';

import type { Database } from './database.ts';
import { accounts, companies, countries } from './schema/index.ts';

/** A row of `fields`: accounts and companies always there, the company's country maybe not. */
export type CompanyAccountRow<TFields extends SelectedFields> = SelectResult<
  TFields,
  'partial',
  { accounts: 'not-null'; companies: 'not-null'; countries: 'nullable' }
>;

/**
 * Reads `fields` of the user's accounts joined to their companies (and, with `withCountry`, the
 * company's country). `narrow` keeps only some of them (one account, one company); `orderBy`
 * orders them.
 */
export async function findCompanyAccounts<TFields extends SelectedFields>(
  db: Database,
  userId: string,
  fields: TFields,
  {
    narrow,
    orderBy = [],
    withCountry = false,
  }: { narrow?: SQL; orderBy?: (SQL | PgColumn)[]; withCountry?: boolean } = {},
): Promise<CompanyAccountRow<TFields>[]> {
  let query = db
    .select(fields as SelectedFields)
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .$dynamic();
  if (withCountry) query = query.leftJoin(countries, eq(countries.id, companies.countryId));
  const rows = await query.where(and(eq(accounts.userId, userId), narrow)).orderBy(...orderBy);
  return rows as CompanyAccountRow<TFields>[];
}
