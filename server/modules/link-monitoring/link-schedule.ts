// When a live link is checked (decision 140): a first check within an hour of going live, then
// one check per interval at the item's own time of day, and a re-check an hour after a failure.
// Each item's times are spread by a fraction read from its id, so that a thousand links published
// in one minute are not all checked in the same minute every day after. Pure: no clock, no I/O.

export interface MonitorPace {
  /** A link that goes live (or live again) is first checked within this. */
  firstCheckWithinMs: number;
  /** Between the checks of a healthy link (LINK_CHECK_INTERVAL_HOURS). */
  intervalMs: number;
  /** A failed check is checked again after this, before it counts as the next strike. */
  recheckAfterFailureMs: number;
  /** How often the scheduler looks for due links. */
  runEveryMs: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** The pace of an installation; in a demo, seconds instead of the hour (decision 145). */
export function monitorPace({
  intervalHours,
  demoPaceSeconds,
}: {
  intervalHours: number;
  demoPaceSeconds: number;
}): MonitorPace {
  const intervalMs = intervalHours * HOUR_MS;
  if (demoPaceSeconds > 0) {
    const paceMs = demoPaceSeconds * 1000;
    return {
      firstCheckWithinMs: paceMs,
      intervalMs,
      recheckAfterFailureMs: paceMs,
      runEveryMs: Math.max(1000, paceMs),
    };
  }
  return {
    firstCheckWithinMs: HOUR_MS,
    intervalMs,
    recheckAfterFailureMs: HOUR_MS,
    runEveryMs: 60_000,
  };
}

/** A fraction in [0, 1) read from the id's last 32 bits: the same id, the same fraction. */
export function spreadOf(itemId: string): number {
  const hex = itemId.replaceAll('-', '').slice(-8);
  const value = Number.parseInt(hex, 16);
  return Number.isFinite(value) ? value / 2 ** 32 : 0;
}

/** The first check of a link that went live at `at`. */
export function firstCheckAt(itemId: string, at: Date, pace: MonitorPace): Date {
  return new Date(at.getTime() + Math.floor(spreadOf(itemId) * pace.firstCheckWithinMs));
}

/**
 * The next check of a healthy link checked at `at`: the item's own slot in the interval (its
 * spread of the interval past each multiple of it), at least half an interval away, so a link is
 * checked about once per interval and always at about the same time of day.
 */
export function nextRegularCheckAt(itemId: string, at: Date, pace: MonitorPace): Date {
  const interval = pace.intervalMs;
  const offset = Math.floor(spreadOf(itemId) * interval);
  const earliest = at.getTime() + interval / 2;
  let slot = Math.floor((earliest - offset) / interval) * interval + offset;
  if (slot <= earliest) slot += interval;
  return new Date(slot);
}

/** The re-check of a failed check at `at`. */
export function recheckAt(at: Date, pace: MonitorPace): Date {
  return new Date(at.getTime() + pace.recheckAfterFailureMs);
}

/** The end of a guarantee of `months` from `from` (the same day of the month, or its last day). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
