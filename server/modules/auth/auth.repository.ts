import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm';

import type { Database } from '#server/db/database.ts';
import { refreshTokens, sessions, users } from '#server/db/schema/index.ts';

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

/** Ends a session: its row and every refresh token of its family. */
export async function revokeRefreshTokenFamily(
  db: Database,
  familyId: string,
  at: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.id, familyId), isNull(sessions.endedAt)));
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
    .update(sessions)
    .set({ endedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)));
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
    .update(sessions)
    .set({ endedAt: at })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, keepFamilyId), isNull(sessions.endedAt)),
    );
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

/** Drops a user's sessions past their absolute lifetime, with their tokens (cascade). */
export async function deleteExpiredSessions(db: Database, userId: string, at: Date): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, at)));
}

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(
  db: Database,
  row: typeof sessions.$inferInsert,
): Promise<void> {
  await db.insert(sessions).values(row);
}

/** What the check of every request reads: one primary-key lookup. */
export async function findSessionState(
  db: Database,
  id: string,
): Promise<Pick<SessionRow, 'userId' | 'expiresAt' | 'endedAt' | 'lastUsedAt'> | null> {
  const [row] = await db
    .select({
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      endedAt: sessions.endedAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(eq(sessions.id, id));
  return row ?? null;
}

/** Records a use of the session unless one was recorded since `unlessSince`. */
export async function touchSession(
  db: Database,
  id: string,
  { at, unlessSince, address }: { at: Date; unlessSince: Date; address?: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: at, ...(address === undefined ? {} : { address }) })
    .where(and(eq(sessions.id, id), lt(sessions.lastUsedAt, unlessSince)));
}

/** The user's sessions neither ended, expired nor idle since `usedSince`, most recent use first. */
export async function listActiveSessions(
  db: Database,
  userId: string,
  { at, usedSince }: { at: Date; usedSince: Date },
): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        gt(sessions.expiresAt, at),
        gt(sessions.lastUsedAt, usedSince),
      ),
    )
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.createdAt));
}

export async function findUserSession(
  db: Database,
  userId: string,
  id: string,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)));
  return row ?? null;
}
