import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { OrderDetail } from '#src/features/orders/components/order-detail.tsx';
import { db } from '#src/lib/db.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import {
  makeOrder,
  makeOrderItem,
  makeThread,
  makeThreadEntry,
  ORDER_ID,
} from '#src/test-utils/factories.ts';
import { renderOnRoute, searchOf } from '#src/test-utils/render.tsx';

import { renderItemMessages } from './item-messages-slots.tsx';

const ITEM_ID = '00000000-0000-4000-8000-000000000501';

beforeEach(async () => {
  setOnline(true);
  await db.outbox.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** An order with one item and its thread, with two messages unread until it is marked read. */
function serve() {
  const entries = [makeThreadEntry({ text: 'Topic idea?' }), makeThreadEntry({ text: 'Or this?' })];
  const state = { unread: 2 };
  const api = mockApi((call: Call) => {
    const path = call.url.pathname;
    if (path === `/api/v1/buyer/orders/${ORDER_ID}`) return jsonResponse(makeOrder());
    if (path === `/api/v1/buyer/orders/${ORDER_ID}/items`)
      return jsonResponse({
        data: [makeOrderItem({ id: ITEM_ID, number: '100001-1', unread_messages: state.unread })],
        pagination: { page: 1, limit: 25, total: 1 },
      });
    if (path === `/api/v1/buyer/orders/items/${ITEM_ID}/messages`)
      return jsonResponse(makeThread({ item_id: ITEM_ID, entries, unread: state.unread }));
    if (path === `/api/v1/buyer/orders/items/${ITEM_ID}/messages/reads`) {
      state.unread = 0;
      return jsonResponse({ total: 0 });
    }
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  });
  return { ...api, entries };
}

function renderOrder(search = '') {
  return renderOnRoute(
    <OrderDetail id={ORDER_ID} renderItemMessages={renderItemMessages} />,
    `/orders/${ORDER_ID}${search}`,
    '/orders/:id',
  );
}

describe('an order item’s messages', () => {
  it('opens from its button with the unread count, marks it read, and gives focus back', async () => {
    const { calls, entries } = serve();
    const user = userEvent.setup();
    const { router } = renderOrder();
    const opener = await screen.findByRole('button', {
      name: 'Messages 2 unread for item 100001-1',
    });
    // Nothing of the thread is asked for before it opens.
    expect(calls.some((call) => call.url.pathname.includes('/messages'))).toBe(false);
    opener.focus();
    await user.keyboard('{Enter}');
    const sheet = await screen.findByRole('dialog', { name: 'Messages for item 100001-1' });
    expect(searchOf(router)).toBe(`?messages=${ITEM_ID}`);
    expect(await within(sheet).findByText('Or this?')).toBeInTheDocument();
    await waitFor(() => expect(sheet).toContainElement(document.activeElement as HTMLElement));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        last_entry_id: entries[1]!.id,
      }),
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchOf(router)).toBe('');
    // The items were asked for again: the badge is gone.
    const updated = await screen.findByRole('button', { name: 'Messages for item 100001-1' });
    await waitFor(() => expect(updated).toHaveFocus());
  });

  it('opens the conversation an address names, as a mail links to it', async () => {
    serve();
    const user = userEvent.setup();
    const { router } = renderOrder(`?messages=${ITEM_ID}`);
    const sheet = await screen.findByRole('dialog', { name: 'Messages for item 100001-1' });
    expect(await within(sheet).findByText('Topic idea?')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(searchOf(router)).toBe('');
    // No button opened it: focus goes to the item's Messages button, not to the page's body.
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: /^Messages (\d+ unread )?for item 100001-1$/ }),
      ).toHaveFocus(),
    );
  });
});
