import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { refreshTokens, users } from '#server/db/schema/index.ts';

export interface Credentials {
  id: string;
  email: string;
  passwordHash: string;
  roles: string[];
  isConfirmed: boolean;
}

const credentialColumns = {
  id: users.id,
  email: users.email,
  passwordHash: users.passwordHash,
  roles: users.roles,
  isConfirmed: users.isConfirmed,
};

export async function findCredentialsByEmail(
  db: Database,
  email: string,
): Promise<Credentials | null> {
  const [row] = await db.select(credentialColumns).from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function findCredentialsById(db: Database, id: string): Promise<Credentials | null> {
  const [row] = await db.select(credentialColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: Database,
  row: typeof refreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<RefreshTokenRow | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a token used unless it already was (or was revoked); false when another use won. */
export async function claimRefreshToken(db: Database, id: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(
      and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

export async function revokeRefreshTokenFamily(
  db: Database,
  familyId: string,
  at: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokens(
  db: Database,
  userId: string,
  at: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserRefreshTokensExcept(
  db: Database,
  userId: string,
  keepFamilyId: string,
  at: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        ne(refreshTokens.familyId, keepFamilyId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

/** Drops a user's token families that are past their absolute lifetime. */
export async function deleteExpiredRefreshTokens(
  db: Database,
  userId: string,
  familiesCreatedBefore: Date,
): Promise<void> {
  await db
    .delete(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        lt(refreshTokens.familyCreatedAt, familiesCreatedBefore),
      ),
    );
}
