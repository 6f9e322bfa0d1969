import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { CartItem } from '#contract/cart.ts';
import { db } from '#src/lib/db.ts';
import { enqueue, markOutboxRefused } from '#src/lib/outbox.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { cartLineBody, makeCartItem } from '#src/test-utils/factories.ts';
import { renderRoutes } from '#src/test-utils/render.tsx';

import { cartLineOutbox } from '../api/cart-lines.ts';
import { CartItemsSection } from './cart-items-section.tsx';

function api(
  items: () => CartItem[],
  extra: (call: Call) => Response | undefined = () => undefined,
) {
  return (call: Call): Response => {
    const answer = extra(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (path === '/api/v1/buyer/shopping-carts/items' && call.method === 'GET') {
      const list = items();
      return jsonResponse({ data: list, pagination: { page: 1, limit: 25, total: list.length } });
    }
    if (path === '/api/v1/buyer/shopping-carts/items' && call.method === 'POST') {
      return jsonResponse({ data: [makeCartItem({ topic: null })] }, 201);
    }
    if (path.startsWith('/api/v1/buyer/shopping-carts/items/') && call.method === 'PUT') {
      return jsonResponse({ ...makeCartItem(), ...(call.body as object) });
    }
    return new Response(null, { status: 204 });
  };
}

function renderSection() {
  const onPageChange = vi.fn();
  renderRoutes(
    [
      {
        path: '/checkout',
        element: (
          <CartItemsSection
            page={1}
            onPageChange={onPageChange}
            rowErrors={{}}
            onFieldChecked={() => undefined}
          />
        ),
      },
    ],
    { initialEntries: ['/checkout'], toaster: true },
  );
  return { onPageChange };
}

beforeEach(async () => {
  await db.outbox.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('cart list', () => {
  it('says when the cart is empty', async () => {
    mockApi(api(() => []));
    renderSection();
    expect(screen.getByText('Loading your cart…')).toBeInTheDocument();
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse sites' })).toHaveAttribute('href', '/');
  });

  it('waits for the connection when the cart was never loaded', async () => {
    mockApi(api(() => [makeCartItem()]));
    onlineManager.setOnline(false);
    try {
      renderSection();
      expect(await screen.findByText('Your cart needs a connection')).toBeInTheDocument();
      act(() => onlineManager.setOnline(true));
      expect(
        await screen.findByRole('table', { name: 'Articles in your cart' }),
      ).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('says before anything is typed that changing the lines needs a connection, offline', async () => {
    mockApi(api(() => [makeCartItem()]));
    renderSection();
    const anchor = await screen.findByLabelText('Anchor text, row 1, news.example.com');
    expect(anchor).toBeEnabled();
    setOnline(false);
    act(() => window.dispatchEvent(new Event('offline')));
    const note = 'You are offline: changing the articles in your cart needs a connection.';
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(anchor).toBeDisabled();
    for (const name of ['Clone row 1, news.example.com', 'Delete row 1, news.example.com']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    const empty = screen.getByRole('button', { name: 'Empty cart' });
    expect(empty).toBeDisabled();
    expect(empty).toHaveAccessibleDescription(note);
    expect(screen.getByRole('group')).toHaveAccessibleDescription(note);

    setOnline(true);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(note)).not.toBeInTheDocument());
    expect(anchor).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Empty cart' })).toBeEnabled();
  });

  it('shows an error with a retry when the cart cannot be loaded', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi(
      api(
        () => [makeCartItem()],
        (call) =>
          fail && call.method === 'GET'
            ? jsonResponse({ code: 403, message: 'You don’t have access' }, 403)
            : undefined,
      ),
    );
    renderSection();
    expect(await screen.findByText('Your cart could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Articles in your cart' })).toBeInTheDocument();
  });

  it('clones a row in one call as one new article with the same choices, then deletes a row', async () => {
    const user = userEvent.setup();
    const item = makeCartItem({ publishing_due_date: '2026-12-01', comments: 'Friendly tone' });
    const { calls } = mockApi(api(() => [item]));
    const { onPageChange } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Clone row 1, news.example.com' }));
    await waitFor(() => expect(onPageChange).toHaveBeenCalledWith(1));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      ...cartLineBody(1),
      is_topic_needs_approval: false,
      content_product_plan: item.content_product_plan!.id,
      word_count: 500,
      target_url: item.target_url,
      anchor_text: item.anchor_text,
      custom_id: null,
      comments: 'Friendly tone',
      topic: 'Shoes for runners',
      publishing_due_date: '2026-12-01',
    });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete row 1, news.example.com' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.url.pathname === '/api/v1/buyer/shopping-carts/items/removals')?.body,
      ).toEqual({ ids: [item.id] }),
    );

    // Undo puts the deleted row back with the same content.
    expect(await screen.findByText('Item successfully deleted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toEqual(post?.body);
    expect(await screen.findByText('Item restored')).toBeInTheDocument();
  });

  it('counts the anchor text as it is typed and refuses a longer one whole, without saving it', async () => {
    const user = userEvent.setup();
    const item = makeCartItem({ anchor_text: 'best shoes' });
    const { calls } = mockApi(api(() => [item]));
    renderSection();
    const anchor = await screen.findByLabelText('Anchor text, row 1, news.example.com');
    expect(anchor).toHaveAccessibleDescription('10 of 255 characters');
    expect(screen.getByText('10 / 255')).toBeInTheDocument();

    const tooLong = 'a'.repeat(300);
    await user.clear(anchor);
    await user.paste(tooLong);
    // Nothing is cut: the field keeps what was pasted and says why it cannot be saved.
    expect(anchor).toHaveValue(tooLong);
    expect(anchor).toHaveAttribute('aria-invalid', 'true');
    expect(anchor).toHaveAccessibleDescription(
      'Anchor text must be at most 255 characters; this one has 300. 300 of 255 characters',
    );
    expect(screen.getByText('300 / 255')).toBeInTheDocument();
    await user.tab();
    expect(anchor).toHaveValue(tooLong);
    expect(anchor).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    // At the limit it is saved, whole.
    const longest = 'a'.repeat(255);
    await user.clear(anchor);
    await user.paste(longest);
    expect(anchor).not.toHaveAttribute('aria-invalid');
    expect(anchor).toHaveAccessibleDescription('255 of 255 characters');
    await user.tab();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ anchor_text: longest }),
    );
  });

  it('empties the cart only after the buyer confirms', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(api(() => [makeCartItem()]));
    renderSection();
    await user.click(await screen.findByRole('button', { name: 'Empty cart' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Empty the cart?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Empty cart' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Empty cart' }),
    );
    await waitFor(() =>
      expect(
        calls.some(
          (c) => c.method === 'DELETE' && c.url.pathname === '/api/v1/buyer/shopping-carts',
        ),
      ).toBe(true),
    );
  });

  it('shows internationalised names in Unicode, in the lines and in those kept on this device', async () => {
    const item = makeCartItem({
      site: { ...makeCartItem().site, hostname: 'xn--mnchen-3ya.de' },
      buyer_domain: { id: makeCartItem().buyer_domain.id, hostname: 'shop.xn--mller-kva.de' },
    });
    mockApi(api(() => [item]));
    await enqueue(
      cartLineOutbox,
      {
        payload: cartLineBody(1),
        summary: {
          hostname: 'xn--r8jz45g.jp',
          linkType: 'General',
          plan: 'Standard',
          articles: 1,
          total: '145.00',
        },
      },
      'k1',
    );
    renderSection();

    const row = (await screen.findByText('münchen.de')).closest('tr');
    expect(row).toHaveTextContent('for shop.müller.de');
    const drafts = await screen.findByRole('region', { name: 'Added on this device' });
    expect(drafts).toHaveTextContent('例え.jp');
    expect(document.body).not.toHaveTextContent('xn--');
  });

  it('lists lines kept on this device: waiting, or refused with the reason and a Remove action', async () => {
    const user = userEvent.setup();
    mockApi(api(() => []));
    const summary = {
      hostname: 'waiting.example.com',
      linkType: 'General',
      plan: 'Standard',
      articles: 2,
      total: '290.00',
    };
    const payload = cartLineBody(2);
    await enqueue(cartLineOutbox, { payload, summary }, 'k1');
    const refused = await enqueue(
      cartLineOutbox,
      { payload, summary: { ...summary, hostname: 'refused.example.com' } },
      'k2',
    );
    await markOutboxRefused(refused, 'This site does not accept this link type.');
    renderSection();

    const drafts = await screen.findByRole('region', { name: 'Added on this device' });
    const items = within(drafts).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('waiting.example.com');
    expect(items[0]).toHaveTextContent('Waiting to sync');
    expect(items[0]).toHaveTextContent('€290.00');
    expect(items[1]).toHaveTextContent('Not added: This site does not accept this link type.');
    expect(screen.queryByText('Your cart is empty')).toBeNull();

    await user.click(
      within(drafts).getByRole('button', {
        name: 'Remove refused.example.com line that was not added',
      }),
    );
    await waitFor(() => expect(within(drafts).getAllByRole('listitem')).toHaveLength(1));
  });
});
