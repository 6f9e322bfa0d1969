import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { expectedWaitMs, nextMean } from './pool-load.ts';

const duration = fc.double({ min: 0, max: 60_000, noNaN: true });

describe('the moving average of hold times', () => {
  it('starts at the first sample', () => {
    fc.assert(fc.property(duration, (sample) => nextMean(null, sample) === sample));
  });

  it('moves towards each sample without passing it', () => {
    fc.assert(
      fc.property(duration, duration, (mean, sample) => {
        const next = nextMean(mean, sample);
        expect(next).toBeGreaterThanOrEqual(Math.min(mean, sample) - 1e-9);
        expect(next).toBeLessThanOrEqual(Math.max(mean, sample) + 1e-9);
        // One sample moves it a tenth of the way: a single slow query does not make a slow pool.
        expect(Math.abs(next - mean)).toBeCloseTo(Math.abs(sample - mean) * 0.1, 6);
      }),
    );
  });

  it('settles on the hold time of a steady load', () => {
    fc.assert(
      fc.property(duration, duration, (start, steady) => {
        let mean: number | null = start;
        for (let i = 0; i < 200; i += 1) mean = nextMean(mean, steady);
        expect(mean).toBeCloseTo(steady, 3);
      }),
    );
  });
});

describe('the expected wait for a connection', () => {
  const load = fc.record({
    waiting: fc.nat({ max: 10_000 }),
    meanHoldMs: fc.option(duration, { nil: null }),
    poolSize: fc.integer({ min: 1, max: 100 }),
  });

  it('is the waiting queries times the mean hold time, shared by the connections', () => {
    expect(expectedWaitMs({ waiting: 50, meanHoldMs: 4, poolSize: 1 })).toBe(200);
    expect(expectedWaitMs({ waiting: 50, meanHoldMs: 30, poolSize: 10 })).toBe(150);
    expect(expectedWaitMs({ waiting: 40, meanHoldMs: 50, poolSize: 1 })).toBe(2000);
  });

  it('is nothing with no queue or nothing measured yet', () => {
    fc.assert(
      fc.property(load, (value) => {
        expect(expectedWaitMs({ ...value, waiting: 0 })).toBe(0);
        expect(expectedWaitMs({ ...value, meanHoldMs: null })).toBe(0);
      }),
    );
  });

  it('grows with the queue and the hold time, and shrinks with more connections', () => {
    fc.assert(
      fc.property(load, fc.nat({ max: 100 }), duration, (value, more, slower) => {
        const wait = expectedWaitMs(value);
        expect(wait).toBeGreaterThanOrEqual(0);
        expect(expectedWaitMs({ ...value, waiting: value.waiting + more })).toBeGreaterThanOrEqual(
          wait,
        );
        const meanHoldMs = (value.meanHoldMs ?? 0) + slower;
        expect(expectedWaitMs({ ...value, meanHoldMs })).toBeGreaterThanOrEqual(wait);
        expect(expectedWaitMs({ ...value, poolSize: value.poolSize + 1 })).toBeLessThanOrEqual(
          wait,
        );
      }),
    );
  });
});
