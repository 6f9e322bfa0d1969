import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import { emailChangeRequests, users } from '#server/db/schema/index.ts';

export interface AccountUser {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

export async function findAccountUser(db: Database, userId: string): Promise<AccountUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function isEmailTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row !== undefined;
}

export async function updateUserDetails(
  db: Database,
  userId: string,
  details: {
    firstName: string;
    lastName: string;
    phone: string | null;
    isNewsletterSubscribed: boolean;
    at: Date;
  },
): Promise<boolean> {
  const { at, ...values } = details;
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: at })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function updatePasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
  at: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

/** Retires a user's pending e-mail changes, so only the newest mailed link works. */
export async function retireEmailChanges(db: Database, userId: string, at: Date): Promise<void> {
  await db
    .update(emailChangeRequests)
    .set({ usedAt: at })
    .where(and(eq(emailChangeRequests.userId, userId), isNull(emailChangeRequests.usedAt)));
}

export async function insertEmailChange(
  db: Database,
  row: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChangeRequests).values(row);
}

/** Marks a valid request used and returns it; null when unknown, used or expired. */
export async function consumeEmailChange(
  db: Database,
  { tokenHash, at }: { tokenHash: string; at: Date },
): Promise<{ userId: string; newEmail: string } | null> {
  const [row] = await db
    .update(emailChangeRequests)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailChangeRequests.tokenHash, tokenHash),
        isNull(emailChangeRequests.usedAt),
        gt(emailChangeRequests.expiresAt, at),
      ),
    )
    .returning({ userId: emailChangeRequests.userId, newEmail: emailChangeRequests.newEmail });
  return row ?? null;
}

/** Sets the address; returns the one it replaces, null when the user is gone. */
export async function updateUserEmail(
  db: Database,
  userId: string,
  email: string,
  at: Date,
): Promise<string | null> {
  const [before] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!before) return null;
  await db.update(users).set({ email, updatedAt: at }).where(eq(users.id, userId));
  return before.email;
}
