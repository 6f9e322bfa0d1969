// The drain before the shutdown (decision 199). On the first SIGTERM/SIGINT readiness turns off
// at once (`/readyz` answers 503) while the process goes on serving everything for DRAIN_SECONDS,
// the time balancers and orchestrators take to stop sending it requests; then it shuts down
// (server/shutdown.ts, within SHUTDOWN_TIMEOUT_SECONDS counted from there). A second signal
// during the drain ends the drain at once; one during the shutdown stops the process as the
// system's default does, so an impatient operator can always stop it.
import type { EventEmitter } from 'node:events';

export const STOP_SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export interface DrainOptions {
  /** How long to keep serving after the first signal; 0 shuts down at once. */
  drainMs: number;
  /** Turns readiness off. */
  drain: () => void;
  /** Shuts the process down (stopServer). */
  stop: () => Promise<void>;
  log: (message: string) => void;
  /** Where the signals come from; the process by default. */
  signals?: Pick<EventEmitter, 'on' | 'removeListener'>;
}

/** Drains on the first stop signal, then stops; answers a function that removes the listeners. */
export function drainThenStopOnSignals(options: DrainOptions): () => void {
  const { drainMs, drain, stop, log } = options;
  const signals = options.signals ?? process;
  let phase: 'serving' | 'draining' | 'stopping' = 'serving';
  let endDrain = () => {};
  const remove = () => {
    for (const name of STOP_SIGNALS) signals.removeListener(name, listeners[name]);
  };
  const onSignal = async (signal: string) => {
    if (phase === 'draining') {
      log(`${signal} received again: ending the drain now`);
      endDrain();
      return;
    }
    phase = 'draining';
    drain();
    if (drainMs > 0) {
      log(
        `${signal} received: not ready any more, serving ${drainMs / 1000} s before shutting down`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    } else log(`${signal} received, shutting down`);
    phase = 'stopping';
    // A further signal now does what it does by default: it ends the process.
    remove();
    if (drainMs > 0) log('Drain over, shutting down');
    await stop();
  };
  const listeners = Object.fromEntries(
    STOP_SIGNALS.map((name) => [name, () => void onSignal(name)]),
  ) as Record<(typeof STOP_SIGNALS)[number], () => void>;
  for (const name of STOP_SIGNALS) signals.on(name, listeners[name]);
  return remove;
}
