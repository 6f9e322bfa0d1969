import { clearSelectionCookies } from '#src/lib/cookies.ts';
import { clearMessageDrafts } from '#src/lib/message-drafts.ts';
import { queryClient } from '#src/lib/query-client.ts';
import { sessionStore } from '#src/lib/session-store.ts';

import { refreshTokens, revokeSession } from './api/requests.ts';
import { createSessionManager, type SessionManager } from './session-manager.ts';

/** The app's session, over the localStorage tokens shared by all tabs. */
export const session: SessionManager = createSessionManager({
  store: sessionStore,
  refresh: refreshTokens,
  revoke: revokeSession,
  clearUserData: async () => {
    queryClient.clear();
    clearSelectionCookies();
    clearMessageDrafts();
    // Loaded here only when needed: the persister and Dexie stay out of the first load. The
    // query cache's saved copy, the catalogue pages, saved views and followed imports all go.
    await import('#src/lib/db.ts')
      .then(({ clearSavedReads, db }) => clearSavedReads(db))
      .catch(() => undefined);
  },
});
