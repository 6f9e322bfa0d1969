import type { JobRunner } from './job-runner.ts';

/**
 * The job runner, also queueing `kind` every `intervalMs` while it runs (and at once on start
 * with `atStart`). Queueing only adds a job: what it does is its handler's.
 */
export function withRecurringJob(
  jobs: JobRunner,
  {
    kind,
    label,
    intervalMs,
    atStart = false,
    log = () => {},
  }: {
    kind: string;
    /** How a failure to queue names the job in the log. */
    label: string;
    intervalMs: number;
    atStart?: boolean;
    log?: (message: string, error?: unknown) => void;
  },
): JobRunner {
  let timer: NodeJS.Timeout | null = null;
  const enqueue = () => {
    jobs.enqueue(kind, {}).catch((error: unknown) => {
      log(`Queueing ${label} failed`, error);
    });
  };
  return {
    ...jobs,
    start: () => {
      if (timer === null) {
        if (atStart) enqueue();
        timer = setInterval(enqueue, intervalMs);
        timer.unref();
      }
      jobs.start();
    },
    stop: async () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      await jobs.stop();
    },
  };
}
