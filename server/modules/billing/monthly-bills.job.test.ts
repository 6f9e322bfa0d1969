import { describe, expect, it } from 'vitest';

import { MONTHLY_BILLS_SCHEDULE } from './monthly-bills.job.ts';

describe('the monthly bills schedule', () => {
  it('falls daily at 02:00 UTC, so that a month is billed on the 1st at 02:00', () => {
    const slot = (at: string) => MONTHLY_BILLS_SCHEDULE.slotAt(new Date(at)).toISOString();
    expect(slot('2026-04-01T01:59:59Z')).toBe('2026-03-31T02:00:00.000Z');
    expect(slot('2026-04-01T02:00:00Z')).toBe('2026-04-01T02:00:00.000Z');
    expect(slot('2026-04-01T23:00:00Z')).toBe('2026-04-01T02:00:00.000Z');
    expect(MONTHLY_BILLS_SCHEDULE.nextAfter(new Date('2026-04-01T02:00:00Z')).toISOString()).toBe(
      '2026-04-02T02:00:00.000Z',
    );
  });
});
