import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NavLink } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeMonitoredLinkList } from '#src/test-utils/factories.ts';
import { renderOnRoute, searchOf } from '#src/test-utils/render.tsx';

import { LinkHealthNotice } from './link-health-notice.tsx';
import { LinkMonitoringCard } from './link-monitoring-card.tsx';
import { OpenIssuesCount } from './open-issues-count.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serveSummary(total: number, issues: number, healthy: number | null = 97) {
  return mockApi((call) =>
    call.url.pathname === '/api/v1/buyer/link-monitoring'
      ? jsonResponse(
          makeMonitoredLinkList([], {
            total,
            limit: 1,
            summary: {
              total,
              per_health: { pending: 0, healthy: total - issues, failing: 0, issue: issues },
              healthy_percent: healthy,
              issues_open: issues,
            },
          }),
        )
      : jsonResponse({ code: 404, message: 'Not found' }, 404),
  );
}

function MenuEntry() {
  return (
    <NavLink to="/link-monitoring">
      <OpenIssuesCount label="Link monitoring" />
    </NavLink>
  );
}

describe('the open-issue count in the menu', () => {
  it('reads "Link monitoring, 4 issues open" and asks for the summary only', async () => {
    const { calls } = serveSummary(312, 4);
    renderOnRoute(<MenuEntry />);
    expect(
      await screen.findByRole('link', { name: 'Link monitoring, 4 issues open' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('open-issues-count')).toHaveTextContent('4');
    expect(calls[0]!.url.searchParams.get('limit')).toBe('1');
  });

  it('says one issue in the singular, and nothing when none is open', async () => {
    serveSummary(10, 1);
    const { unmount } = renderOnRoute(<MenuEntry />);
    expect(
      await screen.findByRole('link', { name: 'Link monitoring, 1 issue open' }),
    ).toBeInTheDocument();
    unmount();
    serveSummary(10, 0);
    const { queryClient } = renderOnRoute(<MenuEntry />);
    await waitFor(() =>
      expect(
        queryClient
          .getQueryCache()
          .getAll()
          .every((q) => q.state.status === 'success'),
      ).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Link monitoring' })).toBeInTheDocument();
    expect(screen.queryByTestId('open-issues-count')).not.toBeInTheDocument();
  });
});

describe('the dashboard’s live links card', () => {
  it('gives the summary and leads to the open issues', async () => {
    serveSummary(312, 4);
    const user = userEvent.setup();
    const { router } = renderOnRoute(<LinkMonitoringCard />, '/domains', '/domains');
    expect(
      await screen.findByText('312 live links, 97% healthy, 4 issues open'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'See the 4 open issues' }));
    expect(router.state.location.pathname).toBe('/link-monitoring');
    expect(searchOf(router)).toBe('?filter[health][]=issue');
  });

  it('leads to the monitoring screen when all is well, and says when no link is live', async () => {
    serveSummary(20, 0, 100);
    const { unmount } = renderOnRoute(<LinkMonitoringCard />);
    expect(await screen.findByRole('link', { name: 'Open link monitoring' })).toHaveAttribute(
      'href',
      '/link-monitoring',
    );
    unmount();
    serveSummary(0, 0, null);
    renderOnRoute(<LinkMonitoringCard />);
    expect(await screen.findByText(/No live links yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('stays out of the way when the summary cannot be had', async () => {
    mockApi(() => jsonResponse({ code: 500, message: 'Broken' }, 500));
    renderOnRoute(<LinkMonitoringCard />);
    // Shown while loading, then gone.
    expect(screen.getByRole('heading', { name: 'Live links' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Live links' })).not.toBeInTheDocument(),
    );
  });
});

describe('the dashboard’s link health notice', () => {
  it('leads to the open issues when there are', async () => {
    serveSummary(312, 2);
    const user = userEvent.setup();
    const { router } = renderOnRoute(<LinkHealthNotice />);
    await user.click(await screen.findByRole('link', { name: '2 link issues open' }));
    expect(router.state.location.pathname).toBe('/link-monitoring');
    expect(searchOf(router)).toBe('?filter[health][]=issue');
  });

  it('gives the healthy share when no issue is open, and nothing without live links', async () => {
    serveSummary(312, 0, 97);
    const { unmount } = renderOnRoute(<LinkHealthNotice />);
    expect(
      await screen.findByRole('link', { name: '97% of 312 live links healthy' }),
    ).toHaveAttribute('href', '/link-monitoring');
    unmount();
    serveSummary(0, 0, null);
    const { queryClient } = renderOnRoute(<LinkHealthNotice />);
    await waitFor(() =>
      expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('success'),
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
