// Recurring jobs (decision 195). A recurring kind has a rule that cuts time into slots at fixed
// times (every N ms from the Unix epoch, or daily at a time of day in UTC), and a row of
// `schedules` holding the last slot queued. Every process that works the kind ticks a scheduler:
// it reads the time, and when a slot has begun that it has not seen, it moves the row's
// `last_slot` forward and queues the slot's job in one transaction. The move only succeeds for the
// first process (`where last_slot < the slot`), so each slot is queued once whatever the number of
// processes, and slots missed while no process ran come to one job at the next start. A kind never
// queued before is queued at once.
import { sql } from 'drizzle-orm';

import type { Clock } from '../clock.ts';
import { type Database, queryRows } from '../db/database.ts';
import { readNow, sqlNow } from '../db/database-time.ts';
import { enqueueJob } from './job-runner.ts';

/** How a recurring kind's time is cut into slots. */
export interface ScheduleRule {
  /** The latest slot that began at or before `at`. */
  slotAt(at: Date): Date;
  /** The slot after `slot`. */
  nextAfter(slot: Date): Date;
  /** The rule in words, for the log. */
  readonly label: string;
}

export interface Schedule {
  kind: string;
  rule: ScheduleRule;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every `ms` milliseconds from the Unix epoch: every minute is on the minute. */
export function every(ms: number): ScheduleRule {
  if (!Number.isInteger(ms) || ms < 1000) {
    throw new Error(`A schedule runs at most once a second (asked: every ${ms} ms)`);
  }
  return {
    slotAt: (at) => new Date(Math.floor(at.getTime() / ms) * ms),
    nextAfter: (slot) => new Date(slot.getTime() + ms),
    label: `every ${ms / 1000} s`,
  };
}

/** Once a day at `hour`:`minute` UTC. */
export function dailyAtUtc(hour: number, minute = 0): ScheduleRule {
  const offsetMs = (hour * 60 + minute) * 60_000;
  return {
    slotAt: (at) => new Date(Math.floor((at.getTime() - offsetMs) / DAY_MS) * DAY_MS + offsetMs),
    nextAfter: (slot) => new Date(slot.getTime() + DAY_MS),
    label: `daily at ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')} UTC`,
  };
}

export interface Scheduler {
  /** Queues the job of every slot that has begun and is not queued yet; answers their kinds. */
  tick(): Promise<string[]>;
  /** Ticks every `tickMs` until stop() is called. */
  start(): void;
  stop(): Promise<void>;
}

export function createScheduler(options: {
  db: Database;
  now: Clock;
  schedules: readonly Schedule[];
  tickMs?: number;
  log?: (message: string, error?: unknown) => void;
}): Scheduler {
  const { db, now, schedules } = options;
  const tickMs = options.tickMs ?? 1000;
  const log = options.log ?? (() => {});
  /** The last slot of each kind this process found queued, by itself or another. */
  const seen = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  /** Moves the kind's last slot to `slot` and queues its job, unless that slot is queued. */
  const queueSlot = ({ kind, rule }: Schedule, slot: Date) =>
    db.transaction(async (tx) => {
      const moved = await queryRows<{ kind: string }>(
        tx,
        sql`insert into schedules (kind, last_slot, next_run_at, updated_at)
            values (${kind}, ${slot.toISOString()}::timestamptz,
                    ${rule.nextAfter(slot).toISOString()}::timestamptz, ${sqlNow(now)})
            on conflict (kind) do update
              set last_slot = excluded.last_slot, next_run_at = excluded.next_run_at,
                  updated_at = excluded.updated_at
              where schedules.last_slot < excluded.last_slot
            returning kind`,
      );
      if (moved.length === 0) return false;
      await enqueueJob(tx, now, kind, { slot: slot.toISOString() });
      return true;
    });

  const tick = async (): Promise<string[]> => {
    if (schedules.length === 0) return [];
    const at = await readNow(db, now);
    const queued: string[] = [];
    for (const schedule of schedules) {
      const slot = schedule.rule.slotAt(at);
      if ((seen.get(schedule.kind) ?? -Infinity) >= slot.getTime()) continue;
      try {
        if (await queueSlot(schedule, slot)) queued.push(schedule.kind);
        seen.set(schedule.kind, slot.getTime());
      } catch (error) {
        log(`Queueing ${schedule.kind} (${schedule.rule.label}) failed`, error);
      }
    }
    return queued;
  };

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => log('Reading the schedules failed', error))
      .then(() => {
        if (!stopped) timer = setTimeout(loop, tickMs);
      });
  };

  return {
    tick,
    start: () => {
      if (!stopped || schedules.length === 0) return;
      stopped = false;
      loop();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
