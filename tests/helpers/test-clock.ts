import type { Clock } from '#server/clock.ts';

/** A clock that stands still until a test moves it. */
export interface TestClock {
  now: Clock;
  set(date: Date): void;
  advanceSeconds(seconds: number): void;
}

export function createTestClock(start: Date): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advanceSeconds: (seconds) => {
      current += seconds * 1000;
    },
  };
}
