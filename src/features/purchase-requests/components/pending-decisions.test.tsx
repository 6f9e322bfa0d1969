import { screen, waitFor } from '@testing-library/react';
import { NavLink } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { PendingDecisionsCount, PendingDecisionsNote } from './pending-decisions.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serveWaiting(total: number) {
  return mockApi((call) =>
    call.url.pathname === '/api/v1/buyer/purchase-requests'
      ? jsonResponse({ data: [], pagination: { page: 1, limit: 1, total } })
      : jsonResponse({ code: 404, message: 'Not found' }, 404),
  );
}

function Menu() {
  return (
    <>
      <button type="button" className="relative" aria-describedby="note">
        <span className="sr-only">Open main menu</span>
        <PendingDecisionsNote id="note" />
      </button>
      <NavLink to="/purchase-requests">
        <PendingDecisionsCount label="Purchase requests" />
      </NavLink>
    </>
  );
}

describe('what waits for an approver', () => {
  it('counts the pending requests to decide, on the menu entry and, as its description, the menu button', async () => {
    const { calls } = serveWaiting(3);
    renderOnRoute(<Menu />);
    expect(
      await screen.findByRole('link', { name: 'Purchase requests, 3 purchase requests to decide' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('pending-decisions-count')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Open main menu' })).toHaveAccessibleDescription(
      '3 purchase requests to decide',
    );
    expect(screen.getByTestId('pending-decisions-dot')).toBeInTheDocument();
    const asked = calls[0]!.url.searchParams;
    expect([asked.get('view'), asked.get('status'), asked.get('limit')]).toEqual([
      'to_decide',
      'pending',
      '1',
    ]);
  });

  it('says one in the singular, and nothing when none waits', async () => {
    serveWaiting(1);
    const { unmount } = renderOnRoute(<Menu />);
    expect(
      await screen.findByRole('link', { name: 'Purchase requests, 1 purchase request to decide' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open main menu' })).toHaveAccessibleDescription(
      '1 purchase request to decide',
    );
    unmount();
    serveWaiting(0);
    const { queryClient } = renderOnRoute(<Menu />);
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .every((q) => q.state.status === 'success'),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Purchase requests' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open main menu' })).toHaveAccessibleDescription('');
    expect(screen.queryByTestId('pending-decisions-dot')).not.toBeInTheDocument();
  });
});
