// The data every server test starts from: the reference data and a small demo data set (the two
// demo buyers with their domains, the managers, a few dozen sites), plus an unconfirmed buyer.
import type { Database } from '#server/db/database.ts';
import { seedReferenceData } from '#server/db/reference-data.ts';
import { users } from '#server/db/schema/index.ts';
import { seedDemoData } from '#server/db/seed/demo-data.ts';
import { DEMO_EMAILS, DEMO_PASSWORD } from '#server/db/seed/demo-users.ts';
import { hashPassword } from '#server/modules/auth/passwords.ts';

export const FIXTURE = {
  ...DEMO_EMAILS,
  unconfirmed: 'unconfirmed@example.com',
  password: DEMO_PASSWORD,
  siteCount: 40,
  today: new Date('2026-01-15T00:00:00Z'),
} as const;

/** An id that no row of the fixture has, for the answers to unknown ids. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

export async function seedFixture(db: Database): Promise<void> {
  // Hashed once: argon2 with production parameters costs tens of milliseconds per hash.
  const passwordHash = await hashPassword(FIXTURE.password);
  await seedReferenceData(db);
  await seedDemoData(db, { siteCount: FIXTURE.siteCount, today: FIXTURE.today, passwordHash });
  await db.insert(users).values({
    email: FIXTURE.unconfirmed,
    passwordHash,
    roles: ['ROLE_BUYER'],
    firstName: 'Una',
    lastName: 'Confirmed',
    isConfirmed: false,
  });
}
