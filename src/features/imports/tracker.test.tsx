import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { IMPORT_MESSAGES, type ImportStatus } from '#contract/domains.ts';
import { loadLiveStore } from '#src/hooks/use-live-store.ts';
import { db } from '#src/lib/db.ts';
import { dismissToast, getToast } from '#src/lib/toast-store.ts';
import { type Call, jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { ImportTracker } from './components/import-tracker.tsx';
import { listTrackedImports, trackImport } from './storage.ts';
import { type ImportEvent, pollTrackedImports, pollWhileTracked } from './tracker.ts';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 23, 9, 0, 0);
const importError = JSON.stringify({
  message: 'Not a domain',
  violations: [{ path: 'line 3, column 1', message: 'This is not a valid domain name.' }],
});

/** Lets IndexedDB (real macrotasks, never faked) finish what the last timer started. */
async function settle(): Promise<void> {
  for (let i = 0; i < 40; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Effects of a render that happened outside `act` run after the next frame (a timer). */
const AFTER_FRAME_MS = 50;

async function tick(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await settle();
  });
}

/** A statuses endpoint answering from `statuses`, which the test changes as imports finish. */
function statusServer(statuses: Record<string, ImportStatus>, failWith?: number) {
  return mockApi((call: Call) => {
    if (failWith) return jsonResponse({ code: failWith, message: 'Bad ids' }, failWith);
    const ids = call.url.searchParams.getAll('filter[ids][]');
    return jsonResponse({ data: ids.flatMap((id) => (statuses[id] ? [statuses[id]] : [])) });
  });
}

const pending = (id: string): ImportStatus => ({ id, status: 'pending', errors: [] });

function startPolling() {
  const events: ImportEvent[] = [];
  const controller = new AbortController();
  const done = pollWhileTracked((event) => events.push(event), controller.signal);
  return { events, controller, done };
}

beforeAll(async () => {
  // The tracker's live count loads Dexie on first use; the browser has it precached, the test
  // loads it once here so the fake clock's ticks are not spent waiting for the module.
  await loadLiveStore();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: T0 });
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  dismissToast();
  await db.trackedImports.clear();
});

describe('polling tracked imports', () => {
  it('asks every 2 seconds until the import finishes, then stops and completes', async () => {
    await trackImport({ fileImportId: 'imp-1', fileId: 'file-1', type: 'referents' });
    const statuses = { 'imp-1': pending('imp-1') };
    const api = statusServer(statuses);
    const { events, done } = startPolling();

    await tick(1999);
    expect(api.calls).toHaveLength(0);
    await tick(1);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.url.pathname).toBe('/api/v1/imports/statuses');
    expect(api.calls[0]?.url.search).toBe('?filter[ids][]=imp-1&limit=1');
    await tick(2000);
    expect(api.calls).toHaveLength(2);
    expect(events).toEqual([]);

    statuses['imp-1'] = { id: 'imp-1', status: 'success', errors: [] };
    await tick(2000);
    expect(api.calls).toHaveLength(3);
    expect(events).toEqual([
      {
        type: 'update',
        entry: expect.objectContaining({ fileImportId: 'imp-1', type: 'referents' }),
        status: statuses['imp-1'],
      },
    ]);
    expect(await listTrackedImports()).toEqual([]);

    await tick(2000);
    await done;
    expect(events.at(-1)).toEqual({ type: 'complete' });
    await tick(10_000);
    expect(api.calls).toHaveLength(3);
  });

  it('turns a success with errors into a warning and a failure into a failure', async () => {
    await trackImport({ fileImportId: 'a', fileId: 'f1', type: 'referents' });
    await trackImport({ fileImportId: 'b', fileId: 'f2', type: 'competitors' });
    const api = statusServer({
      a: { id: 'a', status: 'success', errors: [importError] },
      b: { id: 'b', status: 'failed', errors: [importError] },
    });
    const { events, done } = startPolling();
    await tick(2000);
    expect(api.calls[0]?.url.searchParams.getAll('filter[ids][]')).toEqual(['a', 'b']);
    expect(events.map((event) => event.type)).toEqual(['warning', 'failure']);
    await tick(2000);
    await done;
    expect(events.map((event) => event.type)).toEqual(['warning', 'failure', 'complete']);
  });

  it('stops following the imports when the statuses request is refused with 400', async () => {
    await trackImport({ fileImportId: 'not-an-id', fileId: 'f1', type: 'referents' });
    statusServer({}, 400);
    const { events, done } = startPolling();
    await tick(2000);
    expect(events).toEqual([
      {
        type: 'statuses-failed',
        entries: [expect.objectContaining({ fileImportId: 'not-an-id' })],
      },
    ]);
    await tick(2000);
    await done;
    expect(await listTrackedImports()).toEqual([]);
  });

  it('keeps asking through server errors and drops an import after 30 minutes without announcing it', async () => {
    await trackImport(
      { fileImportId: 'slow', fileId: 'f1', type: 'referents' },
      T0 - 29 * MINUTE - 56_000,
    );
    let isBroken = true;
    const api = mockApi(() =>
      isBroken
        ? jsonResponse({ code: 500, message: 'Down' }, 500)
        : jsonResponse({ data: [pending('slow')] }),
    );
    const { events, done } = startPolling();
    await tick(2000);
    expect(api.calls.length).toBeGreaterThan(0);
    expect(await db.trackedImports.count()).toBe(1);
    isBroken = false;
    const before = api.calls.length;
    await tick(2000);
    expect(api.calls).toHaveLength(before + 1);
    // 29 min 56 s + 4 s: the entry has lived its 30 minutes and leaves tracking unannounced.
    await tick(2000);
    await done;
    expect(api.calls).toHaveLength(before + 1);
    expect(await db.trackedImports.count()).toBe(0);
    expect(events).toEqual([{ type: 'complete' }]);
  });

  it('announces a result once when two tabs see it finish at the same time', async () => {
    await trackImport({ fileImportId: 'both', fileId: 'f1', type: 'referents' });
    statusServer({ both: { id: 'both', status: 'success', errors: [] } });
    const entries = await listTrackedImports();
    const [first, second] = await Promise.all([
      pollTrackedImports(entries),
      pollTrackedImports(entries),
    ]);
    expect([...(first ?? []), ...(second ?? [])].map((event) => event.type)).toEqual(['update']);
  });

  it('does not poll at all when nothing is tracked', async () => {
    const api = statusServer({});
    const { events, done } = startPolling();
    await tick(2000);
    await done;
    expect(api.calls).toHaveLength(0);
    expect(events).toEqual([]);
  });
});

describe('the import tracker', () => {
  it('announces each finished import once with the spec messages', async () => {
    const statuses: Record<string, ImportStatus> = { r: pending('r') };
    statusServer(statuses);
    await trackImport({ fileImportId: 'r', fileId: 'f1', type: 'referents' });
    const { queryClient } = renderOnRoute(<ImportTracker />, '/', '/');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await tick(AFTER_FRAME_MS);
    await tick(2000);
    expect(getToast()).toBeNull();

    statuses.r = { id: 'r', status: 'success', errors: [] };
    await tick(2000);
    expect(getToast()).toMatchObject({
      title: IMPORT_MESSAGES.success,
      description: IMPORT_MESSAGES.referentsFinished,
      variant: 'success',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['buyer', 'domains'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['buyer', 'sites'] });

    dismissToast();
    await tick(4000);
    expect(getToast()).toBeNull();
  });

  it('names competitor uploads, warns of skipped rows and reports failures', async () => {
    const statuses: Record<string, ImportStatus> = {
      c: { id: 'c', status: 'success', errors: [] },
    };
    statusServer(statuses);
    await trackImport({ fileImportId: 'c', fileId: 'f1', type: 'competitors' });
    renderOnRoute(<ImportTracker />, '/', '/');
    await tick(AFTER_FRAME_MS);
    await tick(2000);
    expect(getToast()).toMatchObject({ description: IMPORT_MESSAGES.competitorsFinished });

    statuses.w = { id: 'w', status: 'success', errors: [importError] };
    await act(() =>
      trackImport({ fileImportId: 'w', fileId: 'f2', type: 'referents', subject: 'mysite.com' }),
    );
    await tick(0);
    await tick(2000);
    await tick(2000);
    expect(getToast()).toMatchObject({
      title: IMPORT_MESSAGES.partial,
      description: `mysite.com: ${IMPORT_MESSAGES.skipped}`,
      action: { label: 'View errors' },
    });

    statuses.f = { id: 'f', status: 'failed', errors: [importError] };
    await act(() =>
      trackImport({ fileImportId: 'f', fileId: 'f3', type: 'referents', subject: 'shop.example' }),
    );
    await tick(0);
    await tick(2000);
    await tick(2000);
    expect(getToast()).toMatchObject({
      title: IMPORT_MESSAGES.failed,
      description: 'shop.example',
      variant: 'destructive',
    });
  });

  it('shows Import errors when the statuses request answers 400, and links to the errors', async () => {
    statusServer({}, 400);
    await trackImport({ fileImportId: 'x', fileId: 'f1', type: 'referents' });
    renderOnRoute(<ImportTracker />, '/', '/');
    await tick(AFTER_FRAME_MS);
    await tick(2000);
    expect(getToast()).toMatchObject({
      title: IMPORT_MESSAGES.statusesFailed,
      variant: 'destructive',
    });

    // Effects scheduled on the fake clock run before it stops.
    await tick(AFTER_FRAME_MS);
    vi.useRealTimers();
    statusServer({ y: { id: 'y', status: 'failed', errors: [importError] } });
    await trackImport({ fileImportId: 'y', fileId: 'f2', type: 'referents' });
    const button = await screen.findByRole('button', { name: 'View errors' }, { timeout: 8000 });
    await userEvent.click(button);
    expect(await screen.findByText('Elsewhere')).toBeInTheDocument();
  });
});
