import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { OrderDetail } from '#src/features/orders/components/order-detail.tsx';
import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import {
  makeLinkCheck,
  makeLinkIssue,
  makeOrder,
  makeOrderItem,
  ORDER_ID,
} from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { renderLinkHealthDialog } from './link-health-slots.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ITEM_ID = '00000000-0000-4000-8000-000000000501';

describe('an order’s items with the link monitoring dialog', () => {
  it('opens the item’s checks and open issue from its link health, and gives focus back', async () => {
    const item = makeOrderItem({
      id: ITEM_ID,
      number: '100001-1',
      status: 'live_link',
      live_link: 'https://news.example.com/post',
      link_health: {
        status: 'issue',
        last_checked_at: '2026-11-20T08:30:00Z',
        last_outcome: 'link_missing',
      },
    });
    const { calls } = mockApi((call) => {
      const path = call.url.pathname;
      if (path === `/api/v1/buyer/orders/${ORDER_ID}`) return jsonResponse(makeOrder());
      if (path === `/api/v1/buyer/orders/${ORDER_ID}/items`)
        return jsonResponse({ data: [item], pagination: { page: 1, limit: 25, total: 1 } });
      if (path === `/api/v1/buyer/orders/items/${ITEM_ID}/link-issues`)
        return jsonResponse({ data: [makeLinkIssue()] });
      if (path === `/api/v1/buyer/orders/items/${ITEM_ID}/link-checks`)
        return jsonResponse({
          data: [makeLinkCheck({ outcome: 'link_missing', found: null })],
          pagination: { page: 1, limit: 10, total: 1 },
        });
      return jsonResponse({ code: 404, message: 'Not found' }, 404);
    });
    const user = userEvent.setup();
    renderOnRoute(
      <OrderDetail id={ORDER_ID} renderLinkHealthDialog={renderLinkHealthDialog} />,
      `/orders/${ORDER_ID}`,
      '/orders/:id',
    );
    const opener = await screen.findByRole('button', { name: /^Link health of item 100001-1/ });
    // Nothing about the link is asked for before the dialog opens.
    expect(calls.some((call) => call.url.pathname.includes('/link-'))).toBe(false);
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Link health of item 100001-1' });
    expect(await within(dialog).findByText('Open issue: Link missing')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ask for a restore' })).toBeInTheDocument();
    expect(await within(dialog).findByText('No link to your site')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
