// Replaces a stored list with a new one in short statements (decision 056). PGlite has one
// connection: one transaction writing 100,000 rows would hold it for seconds and every catalogue
// request would wait. So the new rows are added in batches, then the rows no longer listed are
// removed in batches, each statement on its own and the event loop free between them. Readers see
// the old list, then old and new together for the seconds of the import, then the new list.
import { sql } from 'drizzle-orm';

import { type Database, queryRows } from '#server/db/database.ts';

/** Rows per statement: about 25 ms each on PGlite, so a request waits little behind one. */
export const WRITE_BATCH_ROWS = 500;

/** A list of hostnames stored under one key (a buyer domain's referents, a competitor's). */
interface HostnameList {
  table: 'buyer_domain_referents' | 'competitor_referents';
  keyColumn: 'buyer_domain_id' | 'competitor_id';
  key: string;
}

/** Byte order, the order of the "C" collation and close to that of the database's indexes. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

function* batches<T>(items: Iterable<T>, size = WRITE_BATCH_ROWS): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** Makes the stored list exactly `hostnames`; answers how many rows it holds then. */
export async function replaceHostnames(
  db: Database,
  list: HostnameList,
  hostnames: ReadonlySet<string>,
): Promise<number> {
  const table = sql.identifier(list.table);
  const keyColumn = sql.identifier(list.keyColumn);
  // The stored rows the new list does not name, found by walking the list in hostname order
  // before anything is added (a first import walks nothing).
  const stale: string[] = [];
  let after = '';
  for (;;) {
    const page = await queryRows<{ hostname: string }>(
      db,
      sql`select hostname from ${table} where ${keyColumn} = ${list.key} and hostname > ${after}
          order by hostname limit ${WRITE_BATCH_ROWS * 5}`,
    );
    if (page.length === 0) break;
    after = page[page.length - 1]!.hostname;
    for (const row of page) if (!hostnames.has(row.hostname)) stale.push(row.hostname);
    await pause();
  }
  // In index order: each batch then fills neighbouring index pages, several times faster than
  // scattered inserts.
  for (const batch of batches([...hostnames].sort(byCodePoint))) {
    await db.execute(
      sql`insert into ${table} (${keyColumn}, hostname)
          select ${list.key}::uuid, unnest(${sql.param(batch)}::text[]) on conflict do nothing`,
    );
    await pause();
  }
  for (const batch of batches(stale)) {
    await db.execute(
      sql`delete from ${table} where ${keyColumn} = ${list.key}
          and hostname = any(${sql.param(batch)}::text[])`,
    );
    await pause();
  }
  return hostnames.size;
}

/** Makes a competitor group hold exactly these competitors and their referring domains. */
export async function replaceCompetitors(
  db: Database,
  groupId: string,
  lists: ReadonlyMap<string, ReadonlySet<string>>,
): Promise<number> {
  await db.execute(
    sql`insert into competitors (group_id, hostname)
        select ${groupId}::uuid, unnest(${sql.param([...lists.keys()])}::text[])
        on conflict (group_id, hostname) do nothing`,
  );
  const stored = await queryRows<{ id: string; hostname: string }>(
    db,
    sql`select id, hostname from competitors where group_id = ${groupId}`,
  );
  let total = 0;
  for (const competitor of stored) {
    const hostnames = lists.get(competitor.hostname) ?? new Set<string>();
    const list = {
      table: 'competitor_referents',
      keyColumn: 'competitor_id',
      key: competitor.id,
    } as const;
    total += await replaceHostnames(db, list, hostnames);
    if (!lists.has(competitor.hostname)) {
      await db.execute(sql`delete from competitors where id = ${competitor.id}`);
    }
  }
  return total;
}
