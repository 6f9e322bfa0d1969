// The link monitor's recurring job (decision 140): every minute (seconds in a demo), a pass over
// the due links. It has a job runner of its own (server/app.ts), like mail, so that a pass of
// checks never holds an export or a demo publisher step back.
import type { JobRunner } from '#server/jobs/job-runner.ts';
import { withRecurringJob } from '#server/jobs/recurring.ts';

import type { LinkMonitor } from './link-monitor.ts';

export const LINK_MONITOR_JOB = 'link-monitor';

export function createLinkMonitorJob(monitor: LinkMonitor) {
  return async (): Promise<void> => {
    await monitor.runDue();
  };
}

/** The runner, also queueing a pass when it starts and every `intervalMs` while it runs. */
export function withLinkMonitor(
  jobs: JobRunner,
  intervalMs: number,
  log: (message: string, error?: unknown) => void = () => {},
): JobRunner {
  return withRecurringJob(jobs, {
    kind: LINK_MONITOR_JOB,
    label: 'the link monitor',
    intervalMs,
    atStart: true,
    log,
  });
}
