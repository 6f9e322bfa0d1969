// "Now" for what processes compare with each other's writes: job leases, retry times, schedule
// slots. Each process's own clock may drift from the others', so these read one clock, the
// database's `now()` (decision 195). A clock injected instead of the system clock (the tests'
// clock, which stands still until a test moves it) is used as it is, so that tests can move time.
import { type SQL, sql } from 'drizzle-orm';

import { type Clock, systemClock } from '../clock.ts';
import { type Database, queryRows } from './database.ts';

/** Whether `clock` stands for the database's time (the system clock) rather than its own. */
export function readsDatabaseTime(clock: Clock): boolean {
  return clock === systemClock;
}

/** `now()` in SQL, or the injected clock's time as a timestamptz. */
export function sqlNow(clock: Clock): SQL {
  return readsDatabaseTime(clock) ? sql`now()` : sql`${clock().toISOString()}::timestamptz`;
}

/** `ms` milliseconds after (or before, when negative) `sqlNow(clock)`. */
export function sqlNowPlus(clock: Clock, ms: number): SQL {
  return sql`(${sqlNow(clock)} + ${ms}::float8 * interval '1 millisecond')`;
}

/** The time now: the database's for the system clock, else the injected clock's. */
export async function readNow(db: Database, clock: Clock): Promise<Date> {
  if (!readsDatabaseTime(clock)) return clock();
  const [row] = await queryRows<{ ms: number | string }>(
    db,
    sql`select (extract(epoch from now()) * 1000)::float8 as ms`,
  );
  return new Date(Math.round(Number(row?.ms)));
}
