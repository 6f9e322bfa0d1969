import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MonitoredLink } from '#contract/link-monitoring.ts';
import { orderKeys } from '#src/features/orders/api/query-keys.ts';
import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeMonitoredLink, makeMonitoredLinkList } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { useFollowLinkHealth } from './follow-link-health.ts';
import { LINK_REFRESH_MS, linkMonitoringQueries } from './queries.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The monitoring summary the server answers now, and how often order items were asked for. */
function serve() {
  const state = { issues: 0, itemCalls: 0 };
  mockApi((call) => {
    if (call.url.pathname === '/api/v1/buyer/link-monitoring') {
      const total = 5;
      return jsonResponse(
        makeMonitoredLinkList([], {
          total,
          limit: 1,
          summary: {
            total,
            per_health: { pending: 0, healthy: total - state.issues, failing: 0, issue: 0 },
            healthy_percent: 100,
            issues_open: state.issues,
          },
        }),
      );
    }
    state.itemCalls += 1;
    return jsonResponse({ data: [], pagination: { page: 1, limit: 25, total: 0 } });
  });
  return state;
}

function OrderPage() {
  useFollowLinkHealth();
  const items = useQuery({
    queryKey: [...orderKeys.itemPages('order-1'), { page: 1, limit: 25 }],
    queryFn: () => fetch('/api/v1/buyer/orders/order-1/items').then((r) => r.json()),
  });
  return <p>{items.isSuccess ? 'items shown' : 'loading'}</p>;
}

describe('following link health', () => {
  it('asks for order items again when the overview’s counts change, not before', async () => {
    const state = serve();
    const { queryClient } = renderOnRoute(<OrderPage />);
    await screen.findByText('items shown');
    await waitFor(() =>
      expect(queryClient.getQueryState(linkMonitoringQueries.overview().queryKey)?.status).toBe(
        'success',
      ),
    );
    expect(state.itemCalls).toBe(1);

    // The same counts: nothing else is asked for.
    await queryClient.refetchQueries({ queryKey: linkMonitoringQueries.overview().queryKey });
    expect(state.itemCalls).toBe(1);

    // An issue opened meanwhile.
    state.issues = 1;
    await queryClient.refetchQueries({ queryKey: linkMonitoringQueries.overview().queryKey });
    await waitFor(() => expect(state.itemCalls).toBe(2));
  });

  it('asks for the overview every minute and for a settling list more often', () => {
    expect(linkMonitoringQueries.overview().refetchInterval).toBe(LINK_REFRESH_MS.overview);
    const list = linkMonitoringQueries.list('page=1');
    const interval = list.refetchInterval as (query: unknown) => number;
    const withHealth = (health: MonitoredLink['health']) => ({
      state: { data: makeMonitoredLinkList([makeMonitoredLink({ health })]) },
    });
    expect(interval(withHealth('failing'))).toBe(LINK_REFRESH_MS.settling);
    expect(interval(withHealth('healthy'))).toBe(LINK_REFRESH_MS.settled);
  });
});
