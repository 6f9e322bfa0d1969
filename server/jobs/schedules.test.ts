// Recurring kinds are queued once per slot, at fixed times, however many processes tick their
// schedulers on one database (decision 195). Runs on PGlite and on PostgreSQL, where the two
// schedulers' transactions run side by side.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createTestClock } from '#tests/helpers/test-clock.ts';
import { createProjectDatabase } from '#tests/helpers/test-databases.ts';

import { systemClock } from '../clock.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { readNow } from '../db/database-time.ts';
import { jobs, schedules } from '../db/schema/index.ts';
import { createScheduler, dailyAtUtc, every, type Schedule } from './schedules.ts';

const MINUTE = 60_000;

describe('schedule rules', () => {
  it('cuts time into slots aligned to the clock, not to a start', () => {
    const minute = every(MINUTE);
    expect(minute.slotAt(new Date('2026-03-02T09:00:59.999Z')).toISOString()).toBe(
      '2026-03-02T09:00:00.000Z',
    );
    expect(minute.nextAfter(new Date('2026-03-02T09:00:00Z')).toISOString()).toBe(
      '2026-03-02T09:01:00.000Z',
    );
    const nine = dailyAtUtc(9);
    expect(nine.slotAt(new Date('2026-03-02T08:59:00Z')).toISOString()).toBe(
      '2026-03-01T09:00:00.000Z',
    );
    expect(nine.slotAt(new Date('2026-03-02T17:30:00Z')).toISOString()).toBe(
      '2026-03-02T09:00:00.000Z',
    );
    expect(() => every(500)).toThrow('at most once a second');
  });
});

describe('schedulers sharing one database', () => {
  let handle: DatabaseHandle;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ handle, close } = await createProjectDatabase());
  });
  afterAll(async () => {
    await close();
  });
  beforeEach(async () => {
    await handle.db.delete(jobs);
    await handle.db.delete(schedules);
  });

  const queuedSlots = async (kind: string) =>
    (await handle.db.select().from(jobs).where(eq(jobs.kind, kind)))
      .map((job) => String(job.payload.slot))
      .sort();

  it('queues each slot once while two processes tick across several slots, together or apart', async () => {
    const clock = createTestClock(new Date('2026-03-02T09:00:30Z'));
    const rules: Schedule[] = [
      { kind: 'every-minute', rule: every(MINUTE) },
      { kind: 'daily', rule: dailyAtUtc(9, 2) },
    ];
    const first = createScheduler({ db: handle.db, now: clock.now, schedules: rules });
    const second = createScheduler({ db: handle.db, now: clock.now, schedules: rules });
    for (let step = 0; step < 12; step += 1) {
      // Both at once, then one alone: each process sees slots the other already queued.
      await Promise.all([first.tick(), second.tick()]);
      clock.advanceSeconds(20);
      await (step % 2 === 0 ? first : second).tick();
    }
    // 09:00:30 to 09:04:30: the slots of 09:00 to 09:04, and today's 09:02 once.
    expect(await queuedSlots('every-minute')).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-02T09:01:00.000Z',
      '2026-03-02T09:02:00.000Z',
      '2026-03-02T09:03:00.000Z',
      '2026-03-02T09:04:00.000Z',
    ]);
    // Never queued before: the slot that last began (yesterday's), then today's at 09:02.
    expect(await queuedSlots('daily')).toEqual([
      '2026-03-01T09:02:00.000Z',
      '2026-03-02T09:02:00.000Z',
    ]);
    const [row] = await handle.db.select().from(schedules).where(eq(schedules.kind, 'daily'));
    expect(row?.lastSlot.toISOString()).toBe('2026-03-02T09:02:00.000Z');
    expect(row?.nextRunAt.toISOString()).toBe('2026-03-03T09:02:00.000Z');
  });

  it('queues many processes’ ticks of one slot once', async () => {
    const clock = createTestClock(new Date('2026-03-02T09:00:30Z'));
    const rules: Schedule[] = [{ kind: 'every-minute', rule: every(MINUTE) }];
    const processes = Array.from({ length: 6 }, () =>
      createScheduler({ db: handle.db, now: clock.now, schedules: rules }),
    );
    const queued = await Promise.all(processes.map((scheduler) => scheduler.tick()));
    expect(queued.flat()).toEqual(['every-minute']);
    clock.advanceSeconds(60);
    const next = await Promise.all(processes.map((scheduler) => scheduler.tick()));
    expect(next.flat()).toEqual(['every-minute']);
    expect(await queuedSlots('every-minute')).toHaveLength(2);
  });

  it('queues the slots missed while no process ran once, at the next start', async () => {
    const clock = createTestClock(new Date('2026-03-02T09:00:30Z'));
    const rules: Schedule[] = [{ kind: 'every-minute', rule: every(MINUTE) }];
    await createScheduler({ db: handle.db, now: clock.now, schedules: rules }).tick();
    clock.advanceSeconds(3 * 60 * 60);
    const restarted = createScheduler({ db: handle.db, now: clock.now, schedules: rules });
    expect(await restarted.tick()).toEqual(['every-minute']);
    expect(await restarted.tick()).toEqual([]);
    expect(await queuedSlots('every-minute')).toEqual([
      '2026-03-02T09:00:00.000Z',
      '2026-03-02T12:00:00.000Z',
    ]);
  });

  it('queues each slot once by the database’s clock when no clock is injected', async () => {
    const rules: Schedule[] = [{ kind: 'every-second', rule: every(1000) }];
    const first = createScheduler({ db: handle.db, now: systemClock, schedules: rules });
    const second = createScheduler({ db: handle.db, now: systemClock, schedules: rules });
    // Four rounds half a second apart span more than one second: at least two slots.
    for (let round = 0; round < 4; round += 1) {
      await Promise.all([first.tick(), second.tick()]);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const slots = await queuedSlots('every-second');
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots.length).toBeGreaterThanOrEqual(2);
    const databaseNow = await readNow(handle.db, systemClock);
    expect(Math.abs(Date.parse(slots.at(-1)!) - databaseNow.getTime())).toBeLessThan(5000);
  });

  it('starts ticking on its own and stops', async () => {
    const clock = createTestClock(new Date('2026-03-02T09:00:30Z'));
    const scheduler = createScheduler({
      db: handle.db,
      now: clock.now,
      schedules: [{ kind: 'every-minute', rule: every(MINUTE) }],
      tickMs: 10,
    });
    scheduler.start();
    await expect.poll(() => queuedSlots('every-minute')).toHaveLength(1);
    clock.advanceSeconds(60);
    await expect.poll(() => queuedSlots('every-minute')).toHaveLength(2);
    await scheduler.stop();
    clock.advanceSeconds(60);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await queuedSlots('every-minute')).toHaveLength(2);
  });
});
