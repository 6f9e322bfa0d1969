import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '#src/lib/db.ts';
import { defineOutboxKind, enqueue, markOutboxRefused, WAITING_STATUSES } from '#src/lib/outbox.ts';

import { OfflineChanges } from './offline-changes.tsx';

// The real module sends each feature's entries; here it only says it was loaded and mounted.
const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./offline-changes-sync.tsx', () => {
  loaded.count += 1;
  return { OfflineChangesSync: () => <p>sending offline changes</p> };
});

const kind = defineOutboxKind({
  name: 'cart.addLine',
  send: async () => null,
  refusal: { retryable: WAITING_STATUSES, final: {} },
});

/** Lets the outbox read (IndexedDB) and the module load settle. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => vi.restoreAllMocks());

// One module load per file: these run in order, the first ones while nothing has loaded it.
describe('OfflineChanges', () => {
  it('loads nothing while no change waits, nor when only refused ones are kept', async () => {
    const id = await enqueue(kind, { siteId: 's1' }, 'key-refused');
    await markOutboxRefused(id, 'The site is no longer sold.');
    const view = render(<OfflineChanges />);
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(loaded.count).toBe(0);
    expect(screen.queryByText('sending offline changes')).toBeNull();
    view.unmount();
  });

  it('loads the senders as soon as a change is kept, with no online event', async () => {
    render(<OfflineChanges />);
    await settle();
    expect(screen.queryByText('sending offline changes')).toBeNull();
    await enqueue(kind, { siteId: 's1' }, 'key-1');
    await waitFor(() => expect(screen.getByText('sending offline changes')).toBeInTheDocument());
    expect(loaded.count).toBe(1);
  });

  it('mounts the senders at once when changes wait as the app starts', async () => {
    await enqueue(kind, { siteId: 's1' }, 'key-1');
    render(<OfflineChanges />);
    await waitFor(() => expect(screen.getByText('sending offline changes')).toBeInTheDocument());
  });
});
