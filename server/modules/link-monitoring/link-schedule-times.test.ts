// The pure times of the schedule (link-schedule.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import {
  addMonths,
  firstCheckAt,
  monitorPace,
  nextRegularCheckAt,
  recheckAt,
  spreadOf,
} from './link-schedule.ts';

const HOUR = 60 * 60 * 1000;
const pace = monitorPace({ intervalHours: 24, demoPaceSeconds: 0 });

describe('the times of link checks', () => {
  it('reads a stable fraction from an id', () => {
    expect(spreadOf('00000000-0000-4000-8000-000000000000')).toBe(0);
    expect(spreadOf('00000000-0000-4000-8000-0000ffffffff')).toBeCloseTo(1, 6);
    expect(spreadOf('00000000-0000-4000-8000-000080000000')).toBe(0.5);
  });

  it('checks a new link within the first hour and a failure an hour later', () => {
    const at = new Date('2026-03-02T09:00:00Z');
    expect(firstCheckAt('00000000-0000-4000-8000-000080000000', at, pace).toISOString()).toBe(
      '2026-03-02T09:30:00.000Z',
    );
    expect(recheckAt(at, pace).getTime() - at.getTime()).toBe(HOUR);
    const demo = monitorPace({ intervalHours: 24, demoPaceSeconds: 5 });
    expect(demo).toMatchObject({ firstCheckWithinMs: 5000, recheckAfterFailureMs: 5000 });
    expect(demo.intervalMs).toBe(24 * HOUR);
  });

  it('puts every next check at the item’s own time of day, half to one and a half days away', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2030, 0, 1) }),
        (id, time) => {
          const at = new Date(time);
          const next = nextRegularCheckAt(id, at, pace).getTime();
          expect(next - time).toBeGreaterThan(12 * HOUR);
          expect(next - time).toBeLessThanOrEqual(36 * HOUR);
          expect((next - Math.floor(spreadOf(id) * 24 * HOUR)) % (24 * HOUR)).toBe(0);
        },
      ),
    );
  });

  it('ends a guarantee on the same day months later, or the month’s last day', () => {
    expect(addMonths(new Date('2026-03-02T09:00:00Z'), 12).toISOString()).toBe(
      '2027-03-02T09:00:00.000Z',
    );
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(addMonths(new Date('2027-08-31T00:00:00Z'), 6).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });
});
