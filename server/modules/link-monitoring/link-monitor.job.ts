// The link monitor's recurring job (decision 140): every minute on the minute (seconds in a demo),
// a pass over the due links, queued once per slot whatever the number of processes (decision
// 195). It has a job runner of its own (server/app.ts), like mail, so that a pass of checks never
// holds an export or a demo publisher step back.
import { every, type ScheduleRule } from '#server/jobs/schedules.ts';

import type { LinkMonitor } from './link-monitor.ts';

export const LINK_MONITOR_JOB = 'link-monitor';

/** A pass that stops between batches when the process stops; another process goes on. */
export function createLinkMonitorJob(monitor: LinkMonitor) {
  return async (_payload: Record<string, unknown>, signal?: AbortSignal): Promise<void> => {
    await monitor.runDue(signal);
  };
}

/** A pass every `intervalMs`, aligned to the clock. */
export function linkMonitorSchedule(intervalMs: number): ScheduleRule {
  return every(intervalMs);
}
