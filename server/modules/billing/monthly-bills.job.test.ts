import { describe, expect, it } from 'vitest';

import type { JobRunner } from '#server/jobs/job-runner.ts';

import { MONTHLY_BILLS_JOB, withMonthlyBills } from './monthly-bills.job.ts';

function fakeRunner() {
  const queued: string[] = [];
  const calls: string[] = [];
  const runner: JobRunner = {
    enqueue: async (kind) => {
      queued.push(kind);
      return String(queued.length);
    },
    runNext: async () => false,
    start: () => {
      calls.push('start');
    },
    stop: async () => {
      calls.push('stop');
    },
  };
  return { runner, queued, calls };
}

describe('withMonthlyBills', () => {
  it('queues the monthly bills when the worker starts and then at every interval until stopped', async () => {
    const { runner, queued, calls } = fakeRunner();
    const jobs = withMonthlyBills(runner, 20);
    expect(queued).toEqual([]);
    jobs.start();
    jobs.start();
    expect(queued).toEqual([MONTHLY_BILLS_JOB]);
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(queued.length).toBeGreaterThanOrEqual(2);
    await jobs.stop();
    const afterStop = queued.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queued.length).toBe(afterStop);
    expect(calls).toEqual(['start', 'start', 'stop']);
  });
});
