// The job queue as the metrics see it (decision 201): per kind, the pending jobs and how long the
// oldest due one has waited since it became due (its creation, or the end of its retry delay).
// One query over the pending jobs only (the partial index jobs_pending_idx), read at scrape time.
import { sql } from 'drizzle-orm';

import type { Clock } from '../clock.ts';
import { type Database, queryRows } from '../db/database.ts';
import { sqlNow } from '../db/database-time.ts';
import { jobs } from '../db/schema/index.ts';
import type { QueueDepth } from '../metrics/metrics.ts';

export async function readQueueDepths(db: Database, now: Clock): Promise<QueueDepth[]> {
  const at = sqlNow(now);
  const rows = await queryRows<{ kind: string; depth: number | string; oldest: number | string }>(
    db,
    sql`select kind, count(*)::int as depth,
          coalesce(extract(epoch from (${at} - min(coalesce(run_after, created_at))
            filter (where run_after is null or run_after <= ${at}))), 0)::float8 as oldest
        from ${jobs} where status = 'pending' group by kind`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    depth: Number(row.depth),
    oldestSeconds: Math.max(0, Number(row.oldest)),
  }));
}
