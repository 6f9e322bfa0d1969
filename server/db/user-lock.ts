// Per-buyer limits (domains kept, strategy requests a day) count the buyer's rows and then insert
// one; two requests of the same buyer counting at the same time would both pass. Holding the
// buyer's own row for the transaction makes them take turns. `for no key update` still lets other
// transactions insert rows that refer to the buyer (cart lines, idempotency keys).
import { eq } from 'drizzle-orm';

import type { Database } from './database.ts';
import { users } from './schema/index.ts';

/** Locks the user's row until the transaction `tx` ends. */
export async function lockUser(tx: Database, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}
