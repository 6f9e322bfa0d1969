// The buyer's sessions (decision 169): a session is one sign-in, its id the refresh-token family
// id and the `sid` of its access tokens. Every authenticated request checks its session by primary
// key (`isActive`), so a session ended anywhere stops working on its next request, in every API
// process; a use is recorded at most once a minute per session.
import type { ActiveSessionList } from '#contract/sessions.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { notFound } from '#server/http/api-error.ts';

import {
  findSessionState,
  findUserSession,
  listActiveSessions,
  revokeRefreshTokenFamily,
  revokeUserRefreshTokensExcept,
  touchSession,
} from './auth.repository.ts';

/** A session's last use is written at most this often. */
export const SESSION_TOUCH_INTERVAL_MS = 60_000;

export const SESSION_NOT_FOUND_MESSAGE = 'Session not found';

export interface SessionsService {
  /** Whether the session exists, belongs to the user, has not ended and has not expired. */
  isActive(sessionId: string, userId: string): Promise<boolean>;
  list(userId: string, currentId: string): Promise<ActiveSessionList>;
  /** Ends one of the user's sessions; an ended one is fine (idempotent), another's is 404. */
  end(userId: string, sessionId: string): Promise<void>;
  /** Ends every session of the user but the current one. */
  endOthers(userId: string, currentId: string): Promise<void>;
}

export function createSessionsService(deps: {
  db: Database;
  now: Clock;
  /** Days a session may lie unused before its refresh token stops working. */
  idleDays: number;
}): SessionsService {
  const { db, now } = deps;
  const idleMs = deps.idleDays * 24 * 60 * 60 * 1000;

  return {
    isActive: async (sessionId, userId) => {
      const session = await findSessionState(db, sessionId);
      const at = now();
      if (!session || session.userId !== userId || session.endedAt) return false;
      if (session.expiresAt.getTime() <= at.getTime()) return false;
      const unlessSince = new Date(at.getTime() - SESSION_TOUCH_INTERVAL_MS);
      if (session.lastUsedAt.getTime() < unlessSince.getTime()) {
        await touchSession(db, sessionId, { at, unlessSince });
      }
      return true;
    },

    list: async (userId, currentId) => {
      const at = now();
      const rows = await listActiveSessions(db, userId, {
        at,
        usedSince: new Date(at.getTime() - idleMs),
      });
      const sessions = rows.map((row) => ({
        id: row.id,
        device: row.device,
        address: row.address,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        is_current: row.id === currentId,
      }));
      sessions.sort((a, b) => Number(b.is_current) - Number(a.is_current));
      return { sessions };
    },

    end: async (userId, sessionId) => {
      const session = await findUserSession(db, userId, sessionId);
      if (!session) throw notFound(SESSION_NOT_FOUND_MESSAGE);
      if (!session.endedAt) await revokeRefreshTokenFamily(db, sessionId, now());
    },

    endOthers: async (userId, currentId) => {
      await db.transaction((tx) => revokeUserRefreshTokensExcept(tx, userId, currentId, now()));
    },
  };
}
