/**
 * Following uploads until their import finishes (spec §4 "Import status"): the tracked imports in
 * IndexedDB are polled every 2 seconds; a finished one leaves tracking and becomes one event.
 * Only one tab polls at a time (a Web Lock), so each import is asked for and announced once.
 */
import { IMPORT_STATUS_MAX_IDS, type ImportKind, type ImportStatus } from '#contract/domains.ts';
import { IMPORT_POLL_INTERVAL_MS } from '#src/config/constants.ts';
import { isApiError } from '#src/lib/api-client.ts';
import type { TrackedImportStatus } from '#src/lib/db.ts';

import { fetchImportStatuses } from './api/requests.ts';
import { listTrackedImports, settleTrackedImport, type TrackedImport } from './storage.ts';

export const IMPORT_POLLING_LOCK = 'buyer-portal:import-polling';

export type ImportEvent =
  /** Finished with every row taken. */
  | { type: 'update'; entry: TrackedImport; status: ImportStatus }
  /** Finished, some rows skipped: the client-only 'fe-warning' state. */
  | { type: 'warning'; entry: TrackedImport; status: ImportStatus }
  | { type: 'failure'; entry: TrackedImport; status: ImportStatus }
  /** The statuses request was refused (400); the imports it asked for are no longer followed. */
  | { type: 'statuses-failed'; entries: TrackedImport[] }
  /** Nothing is tracked any more; polling stopped. */
  | { type: 'complete' };

/** The status shown for an import: a success that skipped rows is a warning. */
export function displayedImportStatus(status: ImportStatus): TrackedImportStatus {
  if (status.status === 'success' && status.errors.length > 0) return 'fe-warning';
  return status.status;
}

export function importKindOf(entry: TrackedImport): ImportKind {
  return entry.type === 'competitors' ? 'competitors' : 'referents';
}

function eventFor(entry: TrackedImport, status: ImportStatus): ImportEvent {
  const shown = displayedImportStatus(status);
  if (shown === 'fe-warning') return { type: 'warning', entry, status };
  if (shown === 'failed') return { type: 'failure', entry, status };
  return { type: 'update', entry, status };
}

/** One round: the statuses of the given imports; the finished ones leave tracking. */
export async function pollTrackedImports(
  entries: TrackedImport[],
  signal?: AbortSignal,
): Promise<ImportEvent[]> {
  const events: ImportEvent[] = [];
  for (let start = 0; start < entries.length; start += IMPORT_STATUS_MAX_IDS) {
    const batch = entries.slice(start, start + IMPORT_STATUS_MAX_IDS);
    let statuses: ImportStatus[];
    try {
      statuses = (
        await fetchImportStatuses(
          batch.map((entry) => entry.fileImportId),
          signal,
        )
      ).data;
    } catch (error) {
      // Offline or a server error: these stay tracked and are asked for next round.
      if (!isApiError(error, 400)) continue;
      // Asking again would be refused again, every 2 seconds, for 30 minutes.
      const settled = await Promise.all(
        batch.map((entry) => settleTrackedImport(entry.fileImportId)),
      );
      const dropped = batch.filter((_, index) => settled[index]);
      if (dropped.length > 0) events.push({ type: 'statuses-failed', entries: dropped });
      continue;
    }
    const byId = new Map(statuses.map((status) => [status.id, status]));
    for (const entry of batch) {
      const status = byId.get(entry.fileImportId);
      if (!status || status.status === 'pending') continue;
      if (await settleTrackedImport(entry.fileImportId)) events.push(eventFor(entry, status));
    }
  }
  return events;
}

function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Polls every 2 seconds until nothing is tracked (finished, or older than 30 minutes), then
 * reports 'complete'. A failed round (offline, server error) is simply tried again.
 */
export async function pollWhileTracked(
  onEvent: (event: ImportEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let hasPolled = false;
  while (!signal.aborted) {
    await delay(IMPORT_POLL_INTERVAL_MS, signal);
    if (signal.aborted) return;
    const entries = await listTrackedImports();
    if (entries.length === 0) break;
    hasPolled = true;
    try {
      for (const event of await pollTrackedImports(entries, signal)) onEvent(event);
    } catch {
      // The entries stay tracked; the next round asks again.
    }
  }
  if (hasPolled && !signal.aborted) onEvent({ type: 'complete' });
}
