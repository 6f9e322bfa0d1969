import { EventEmitter } from 'node:events';

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { drainThenStopOnSignals } from './drain.ts';

describe('the drain on SIGTERM', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setUp(drainMs: number) {
    const signals = new EventEmitter();
    const events: string[] = [];
    drainThenStopOnSignals({
      drainMs,
      drain: () => events.push('drain'),
      stop: async () => {
        events.push('stop');
      },
      log: () => {},
      signals,
    });
    return { signals, events };
  }

  it('turns readiness off at once and stops only after the drain', async () => {
    const { signals, events } = setUp(10_000);
    signals.emit('SIGTERM');
    expect(events).toEqual(['drain']);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(events).toEqual(['drain']);
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['drain', 'stop']);
    // Once stopping, the signals are the system's again.
    expect(signals.listenerCount('SIGTERM')).toBe(0);
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });

  it('ends the drain at a second signal', async () => {
    const { signals, events } = setUp(10_000);
    signals.emit('SIGTERM');
    await vi.advanceTimersByTimeAsync(1_000);
    signals.emit('SIGINT');
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['drain', 'stop']);
  });

  it('stops at once without a drain', async () => {
    const { signals, events } = setUp(0);
    signals.emit('SIGINT');
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['drain', 'stop']);
  });
});
