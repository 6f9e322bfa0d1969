import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import { accounts, companies, users, userTokens } from '#server/db/schema/index.ts';

type UserTokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export async function findUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

export interface NewBuyer {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

/** Creates an unconfirmed buyer with a pending company and its current account. */
export async function insertUnconfirmedBuyer(db: Database, buyer: NewBuyer): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: buyer.email,
      passwordHash: buyer.passwordHash,
      roles: ['ROLE_BUYER'],
      firstName: buyer.firstName,
      lastName: buyer.lastName,
      isConfirmed: false,
    })
    .returning({ id: users.id });
  const [company] = await db
    .insert(companies)
    .values({ businessName: buyer.companyName, contactEmail: buyer.email, status: 'pending' })
    .returning({ id: companies.id });
  if (!user || !company) throw new Error('Inserting the new buyer returned no row');
  await db.insert(accounts).values({ userId: user.id, companyId: company.id, isCurrent: true });
  return user.id;
}

export async function insertUserToken(
  db: Database,
  token: { userId: string; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(userTokens).values(token);
}

/** Retires a user's unused tokens of one purpose, so only the newest mailed link works. */
export async function retireUserTokens(
  db: Database,
  userId: string,
  purpose: UserTokenPurpose,
  at: Date,
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
      ),
    );
}

interface TokenLookup {
  tokenHash: string;
  purpose: UserTokenPurpose;
  at: Date;
}

/** A token that can still be used: known for this purpose, never used, not yet expired at `at`. */
function usableToken({ tokenHash, purpose, at }: TokenLookup) {
  return and(
    eq(userTokens.tokenHash, tokenHash),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, at),
  );
}

/** Whether a token can still be used, without using it. */
export async function isUserTokenUsable(db: Database, lookup: TokenLookup): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .where(usableToken(lookup));
  return row !== undefined;
}

/** Marks a usable token used and returns its user; null when unknown, used or expired. */
export async function consumeUserToken(db: Database, lookup: TokenLookup): Promise<string | null> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: lookup.at })
    .where(usableToken(lookup))
    .returning({ userId: userTokens.userId });
  return row?.userId ?? null;
}

export async function confirmUser(db: Database, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ isConfirmed: true, updatedAt: at }).where(eq(users.id, userId));
}

/** Sets a new password; completing a mailed reset also proves the address, so it confirms it. */
export async function setPassword(
  db: Database,
  { userId, passwordHash, at }: { userId: string; passwordHash: string; at: Date },
): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, isConfirmed: true, updatedAt: at })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row?.email ?? null;
}
