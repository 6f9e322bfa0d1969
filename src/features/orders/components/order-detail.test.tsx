import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { DEFAULT_CONTENT_GUIDELINES } from '#contract/content-guidelines.ts';
import type { OrderItem } from '#contract/order-items.ts';
import type { Order } from '#contract/orders.ts';
import type { MemberRole } from '#contract/permissions.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { useOutboxSync } from '#src/hooks/use-outbox-sync.ts';
import { db } from '#src/lib/db.ts';
import { dismissToast } from '#src/lib/toast-store.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import {
  makeBuyerProfile,
  makeOrder,
  makeOrderItem,
  MEMBER_ID,
  ORDER_ID,
  PLANS,
} from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { itemActionOutbox } from '../api/item-actions.ts';
import { itemActionSync } from '../hooks/use-item-actions.ts';
import { OrderDetail } from './order-detail.tsx';

beforeEach(async () => {
  await db.outbox.clear();
});

afterEach(() => {
  act(() => dismissToast());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The buyer layout sends the changes made offline; the page is shown inside it. */
function OfflineChangesSync() {
  useOutboxSync(itemActionSync);
  return null;
}

function renderDetail(id = ORDER_ID) {
  return renderOnRoute(
    <>
      <OfflineChangesSync />
      <OrderDetail id={id} />
    </>,
    `/orders/${id}`,
    '/orders/:id',
  );
}

/** A server holding `items`; `onChange` answers the item calls. */
function serve(
  items: OrderItem[],
  onChange?: (call: Call) => Response | undefined,
  order: Order = makeOrder(),
) {
  return mockApi((call) => {
    const path = call.url.pathname;
    if (call.method === 'GET' && path === `/api/v1/buyer/orders/${ORDER_ID}`)
      return jsonResponse(order);
    if (call.method === 'GET' && path === `/api/v1/buyer/orders/${ORDER_ID}/items`)
      return jsonResponse({ data: items, pagination: { page: 1, limit: 25, total: items.length } });
    const answer = onChange?.(call);
    if (answer) return answer;
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  });
}

function row(number: string): HTMLElement {
  return screen.getByRole('rowheader', { name: new RegExp(number) }).closest('tr')!;
}

describe('order detail', () => {
  it("says 'Order not found' for an order the server does not know", async () => {
    mockApi(() => jsonResponse({ code: 404, message: 'Order not found' }, 404));
    renderDetail('00000000-0000-4000-8000-000000000999');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    // The page keeps its heading, as every page does.
    expect(screen.getByRole('heading', { level: 1, name: 'Order details' })).toBeInTheDocument();
  });

  it('offline, an order not saved on this device says so and how to read it offline', async () => {
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderDetail();
    expect(await screen.findByText('Not available offline')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This order is not saved on this device. Open it once while online to read it offline.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the content guidelines each item’s writer got, frozen at checkout', async () => {
    serve([
      makeOrderItem({
        number: '100001-1',
        content_guidelines: {
          ...DEFAULT_CONTENT_GUIDELINES,
          preferred_topics: ['Hiking', 'Travel'],
          preferred_trustlink_domains: ['wikipedia.org'],
          trustlinks_number: 3,
          target_url_1_placement: 'introduction',
          is_translate_anchor: true,
          custom_guidelines_file: { id: 'file-1', file_name: 'house-style.pdf' },
          revision: 4,
          updated_at: '2026-03-02T09:00:00.000Z',
        },
      }),
      makeOrderItem({ id: '00000000-0000-4000-8000-000000000302', number: '100001-2' }),
    ]);
    const user = userEvent.setup();
    renderDetail();
    await screen.findByRole('heading', { name: 'Order 100001' });
    await screen.findByRole('rowheader', { name: /100001-1/ });
    expect(within(row('100001-2')).getByText('None')).toBeInTheDocument();
    await user.click(
      within(row('100001-1')).getByRole('button', { name: 'See guidelines of item 100001-1' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Content guidelines for item 100001-1',
    });
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling;
    expect(value('Preferred topics')).toHaveTextContent('Hiking, Travel');
    expect(value('Preferred trustlink domains')).toHaveTextContent('wikipedia.org');
    expect(value('Number of trustlinks')).toHaveTextContent('3');
    expect(value('Placement of target URL 1')).toHaveTextContent('Introduction');
    expect(value('Translate the anchor text')).toHaveTextContent('Yes');
    expect(value('Topics to avoid')).toHaveTextContent('None');
    expect(within(dialog).getByRole('button', { name: 'house-style.pdf' })).toBeInTheDocument();
  });

  it('shows the order header with totals, VAT and badges', async () => {
    serve([]);
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order 100001' })).toBeInTheDocument();
    expect(screen.getByText('03/11/2026')).toBeInTheDocument();
    expect(screen.getByText('VAT (19%)')).toBeInTheDocument();
    expect(screen.getByText('Acme GmbH')).toBeInTheDocument();
    expect(screen.getByText('Processing')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });

  it('shows a dash read as "Price hidden" for every amount the server left out, never €0.00', async () => {
    const hidden = makeOrder();
    serve(
      [
        makeOrderItem({
          price: null,
          content_product_plan: { ...PLANS[1]!, price: null },
        }),
      ],
      undefined,
      {
        ...hidden,
        price: null,
        vat: null,
        price_with_vat: null,
        amounts: { charged: null, credited: null, paid: null, due: null },
        payment_instructions: null,
      },
    );
    renderDetail();
    expect(await screen.findByRole('heading', { name: 'Order 100001' })).toBeInTheDocument();
    const header = screen.getByText('Price with VAT').closest('dl')!;
    for (const term of [
      'Price',
      'Price with VAT',
      'Charged',
      'Credited',
      'Amount paid',
      'Still due',
    ]) {
      const entry = within(header).getByText(term, { selector: 'dt' }).closest('div')!;
      expect(within(entry).getByText('—')).toBeInTheDocument();
      expect(within(entry).getByText('Price hidden')).toBeInTheDocument();
    }
    const item = await screen.findByRole('rowheader', { name: /100001-1/ });
    expect(within(item.closest('tr')!).getByText('Price hidden')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/€0\.00|NaN/);
  });

  it('enables each action only when the contract rules allow it', async () => {
    serve([
      makeOrderItem({
        number: '100001-1',
        status: 'topic_ready_for_approval',
        topic: {
          is_needs_approval: true,
          content: 'Ten ways to save',
          status: 'topic_ready_for_approval',
          feedback: null,
        },
      }),
      makeOrderItem({
        number: '100001-2',
        status: 'live_link',
        live_link: 'https://news.example.com/post',
        is_editable_by_buyer: false,
        article: { status: 'published', feedback: null, file: null, link: null },
        topic: { is_needs_approval: true, content: 'x', status: 'topic_approved', feedback: null },
      }),
      makeOrderItem({
        number: '100001-3',
        status: 'waiting_for_content',
        is_topic_provided_by_buyer: true,
        is_article_provided_by_buyer: true,
        topic: { is_needs_approval: false, content: null, status: null, feedback: null },
      }),
      makeOrderItem({
        number: '100001-4',
        status: 'cancelled',
        is_editable_by_buyer: false,
      }),
      makeOrderItem({
        number: '100001-5',
        status: 'content_ready_for_approval',
        article: { status: 'content_ready_for_approval', feedback: null, file: null, link: null },
      }),
    ]);
    renderDetail();
    await screen.findByRole('rowheader', { name: /100001-1/ });

    const first = within(row('100001-1'));
    expect(
      first.getByRole('button', { name: 'Yes, approve topic of item 100001-1' }),
    ).toBeEnabled();
    expect(first.getByRole('button', { name: 'No, decline topic of item 100001-1' })).toBeEnabled();
    expect(
      first.getByRole('button', { name: 'Yes, approve content of item 100001-1' }),
    ).toBeDisabled();
    expect(first.getByRole('button', { name: 'Cancel item 100001-1' })).toBeEnabled();
    expect(first.getByRole('button', { name: 'Request edit of item 100001-1' })).toBeDisabled();

    const live = within(row('100001-2'));
    expect(live.getByRole('button', { name: 'Cancel item 100001-2' })).toBeDisabled();
    expect(live.getByRole('button', { name: 'Request edit of item 100001-2' })).toBeEnabled();
    expect(live.getByRole('link', { name: /news\.example\.com\/post/ })).toHaveAttribute(
      'target',
      '_blank',
    );

    const own = within(row('100001-3'));
    expect(own.getByRole('button', { name: 'Confirm topic of item 100001-3' })).toBeEnabled();
    expect(own.getByRole('button', { name: 'Confirm article of item 100001-3' })).toBeEnabled();
    expect(own.queryByRole('button', { name: /approve topic of item/i })).not.toBeInTheDocument();

    expect(
      within(row('100001-4')).getByRole('button', { name: 'Cancel item 100001-4' }),
    ).toBeDisabled();
    expect(
      within(row('100001-5')).getByRole('button', {
        name: 'Yes, approve content of item 100001-5',
      }),
    ).toBeEnabled();
  });

  it('approves a topic, refreshes only that item and says so', async () => {
    const item = makeOrderItem({
      number: '100001-1',
      status: 'topic_ready_for_approval',
      topic: {
        is_needs_approval: true,
        content: 'T',
        status: 'topic_ready_for_approval',
        feedback: null,
      },
    });
    const { calls } = serve([item], (call) =>
      call.method === 'PUT' && call.url.pathname === '/api/v1/buyer/orders/items/statuses'
        ? jsonResponse({
            data: [
              {
                ...item,
                status: 'in_progress',
                topic: { ...item.topic, status: 'topic_approved' },
              },
            ],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    await user.click(
      await screen.findByRole('button', { name: 'Yes, approve topic of item 100001-1' }),
    );

    expect(await screen.findByText('Item 100001-1 successfully approved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ transition: 'approve_topic', ids: [item.id] });
    expect(put.headers.get('Idempotency-Key')).toMatch(/^[\x21-\x7e]{1,255}$/);
    expect(within(row('100001-1')).getByText('In progress')).toBeInTheDocument();
    // StrictMode's mount, unmount and mount again cancels the first load (isAborted).
    const itemLoads = calls.filter(
      (c) => c.url.pathname.endsWith('/items') && c.method === 'GET' && !c.isAborted,
    );
    expect(itemLoads).toHaveLength(1);
  });

  it('says before a cancel what happens to the money of an unpaid bank transfer, and shows what is due', async () => {
    const order = makeOrder({
      price: '631.93',
      vat: '120.07',
      price_with_vat: '752.00',
      links_amount: 3,
      cancelled_links_amount: 1,
      payment_method: 'bank_transfer',
      payment: { method: 'bank_transfer', status: 'pending_payment' },
      invoice: {
        id: '00000000-0000-4000-8000-00000000f001',
        number: 'INV-2026-000006',
        file: null,
        payment_status: 'pending_payment',
        payment_method: 'bank_transfer',
      },
      amounts: { charged: '752.00', credited: '100.00', paid: '0.00', due: '652.00' },
    });
    // €352.10 net, €419.00 with 19 % VAT.
    const item = makeOrderItem({ number: '100001-1', price: '352.10', status: 'in_progress' });
    serve([item], undefined, order);
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Cancel item 100001-1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel item' });
    expect(dialog).toHaveTextContent(
      'The publisher stops working on it. A credit note for €419.00 is issued at once: pay only the remaining €233.00 of invoice INV-2026-000006. Item: 100001-1.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep as is' }));
    expect(screen.getByText('3 links, 1 cancelled, 0 live')).toBeInTheDocument();
    expect(screen.getByText('Still due').nextElementSibling).toHaveTextContent('€652.00');
    expect(screen.getByText('Credited').nextElementSibling).toHaveTextContent('€100.00');
    // Its PDF is printed after the order (decision 196): named, without a link yet.
    expect(
      screen.getByText('Invoice INV-2026-000006 (order 100001): PDF being prepared'),
    ).toBeInTheDocument();
  });

  it('says a cancelled item was credited while the invoice still awaits the rest', async () => {
    const invoice = {
      id: '00000000-0000-4000-8000-00000000f001',
      number: 'INV-2026-000006',
      file: null,
      payment_status: 'pending_payment' as const,
      payment_method: 'bank_transfer' as const,
    };
    const order = makeOrder({
      payment_method: 'bank_transfer',
      payment: { method: 'bank_transfer', status: 'pending_payment' },
      invoice,
    });
    serve(
      [
        makeOrderItem({ number: '100001-1', status: 'cancelled', invoice }),
        makeOrderItem({ number: '100001-2', status: 'in_progress', invoice }),
      ],
      undefined,
      order,
    );
    renderDetail();
    await screen.findByRole('rowheader', { name: /100001-1/ });
    expect(row('100001-1')).toHaveTextContent('Credited');
    expect(row('100001-1')).not.toHaveTextContent('Pending payment');
    expect(row('100001-2')).toHaveTextContent('Pending payment');
  });

  it('offers Try again after a failure and repeats the call with the same key', async () => {
    const item = makeOrderItem({ number: '100001-1', status: 'in_progress' });
    let attempts = 0;
    const { calls } = serve([item], (call) => {
      if (call.method !== 'PUT') return undefined;
      attempts += 1;
      return attempts === 1
        ? jsonResponse({ code: 500, message: 'Internal Server Error' }, 500)
        : jsonResponse({ data: [{ ...item, status: 'cancelled' }] });
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Cancel item 100001-1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel item' });
    expect(dialog).toHaveTextContent('The publisher stops working on it.');
    expect(dialog).toHaveTextContent('Item: 100001-1.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel item' }));

    expect(await screen.findByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('There was a problem with your request.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByText('Item 100001-1 successfully cancelled')).toBeInTheDocument();
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[0]!.body).toEqual({ transition: 'cancel', ids: [item.id] });
    expect(puts[1]!.headers.get('Idempotency-Key')).toBe(puts[0]!.headers.get('Idempotency-Key'));
  });

  it('keeps an approval made offline, marks the item pending and sends it when back online', async () => {
    const item = makeOrderItem({
      number: '100001-1',
      status: 'content_ready_for_approval',
      article: { status: 'content_ready_for_approval', feedback: null, file: null, link: null },
    });
    // The server's items: once approved, every later read answers the approved item too (a list
    // read again on reconnection may land after the approval's answer).
    const items = [item];
    const { calls } = serve(items, (call) => {
      if (call.method !== 'PUT') return undefined;
      items[0] = {
        ...item,
        status: 'ready_for_publication',
        article: { ...item.article, status: 'content_approved' },
      };
      return jsonResponse({ data: [items[0]] });
    });
    const user = userEvent.setup();
    renderDetail();
    const approve = await screen.findByRole('button', {
      name: 'Yes, approve content of item 100001-1',
    });
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.click(approve);

    expect(await within(row('100001-1')).findByText('Pending')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    const [queued] = await db.outbox.where('mutationKey').equals(itemActionOutbox.name).toArray();
    expect(queued!.variables).toMatchObject({ kind: 'status', transition: 'approve_content' });

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.headers.get('Idempotency-Key')).toBe(queued!.idempotencyKey);
    expect(await within(row('100001-1')).findByText('Ready for publication')).toBeInTheDocument();
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(within(row('100001-1')).queryByText('Pending')).not.toBeInTheDocument();
  });

  it('tells the buyer which offline change the server refused, until dismissed', async () => {
    const item = makeOrderItem({ number: '100001-7', status: 'in_progress' });
    await db.outbox.add({
      idempotencyKey: 'queued-key-1',
      mutationKey: itemActionOutbox.name,
      variables: { kind: 'status', transition: 'cancel', ids: [item.id], numbers: ['100001-7'] },
      createdAt: Date.now(),
      attempts: 0,
      lastError: null,
    });
    serve([item], (call) =>
      call.method === 'PUT'
        ? jsonResponse(
            { code: 409, message: 'Item 100001-7 is live_link; it cannot be cancelled.' },
            409,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderDetail();

    const notice = await screen.findByRole('alert', {
      name: 'Changes made offline that were not accepted',
    });
    expect(notice).toHaveTextContent(
      'Item 100001-7 was not cancelled: Item 100001-7 is live_link; it cannot be cancelled.',
    );
    await user.click(within(notice).getByRole('button', { name: /Dismiss/ }));
    await waitFor(() =>
      expect(
        screen.queryByRole('alert', { name: 'Changes made offline that were not accepted' }),
      ).not.toBeInTheDocument(),
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends content feedback with a file as multipart', async () => {
    const item = makeOrderItem({
      number: '100001-1',
      status: 'content_ready_for_approval',
      article: { status: 'content_ready_for_approval', feedback: null, file: null, link: null },
    });
    const { calls } = serve([item], (call) =>
      call.method === 'POST'
        ? jsonResponse({
            ...item,
            status: 'in_progress',
            article: { ...item.article, status: 'content_declined' },
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    await user.click(
      await screen.findByRole('button', { name: 'No, decline content of item 100001-1' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: /Content feedback for item 100001-1/,
    });
    await user.type(within(dialog).getByLabelText('Feedback'), 'Shorter intro please');
    await user.upload(
      within(dialog).getByLabelText('File (optional)'),
      new File(['notes'], 'notes.txt', { type: 'text/plain' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send feedback' }));

    // The toast is drawn in the dialog while it is open and on the page once it closes.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(
      await screen.findByText('Item 100001-1 successfully declined with feedback'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/v1/buyer/orders/items/${item.id}/articles/feedbacks`);
    const form = post.body as FormData;
    expect(form.get('feedback')).toBe('Shorter intro please');
    expect((form.get('file') as File).name).toBe('notes.txt');
  });

  it('cancels several selected items in one call', async () => {
    const a = makeOrderItem({ number: '100001-1', status: 'in_progress' });
    const b = makeOrderItem({ number: '100001-2', status: 'waiting_for_content' });
    const c = makeOrderItem({
      number: '100001-3',
      status: 'live_link',
      is_editable_by_buyer: false,
    });
    const { calls } = serve([a, b, c], (call) =>
      call.method === 'PUT'
        ? jsonResponse({
            data: [
              { ...a, status: 'cancelled' },
              { ...b, status: 'cancelled' },
            ],
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('checkbox', { name: 'Select item 100001-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select item 100001-3' }));
    expect(screen.getByRole('button', { name: 'Cancel selected' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select item 100001-3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select item 100001-2' }));
    await user.click(screen.getByRole('button', { name: 'Cancel selected' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel items' });
    expect(dialog).toHaveTextContent('100001-1, 100001-2');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel items' }));

    expect(
      await screen.findByText('Items 100001-1, 100001-2 successfully cancelled'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { transition: 'cancel', ids: [a.id, b.id] },
    ]);
    expect(within(row('100001-2')).getByText('Cancelled')).toBeInTheDocument();
  });

  it('asks what to change before requesting an edit, refuses an empty or too long answer, and sends it', async () => {
    const live = makeOrderItem({
      number: '100001-2',
      status: 'live_link',
      live_link: 'https://news.example.com/post',
      is_editable_by_buyer: false,
      article: { status: 'published', feedback: null, file: null, link: null },
    });
    const { calls } = serve([live], (call) =>
      call.method === 'PUT'
        ? jsonResponse({ data: [{ ...live, is_requested_edits: true }] })
        : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Request edit of item 100001-2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an edit' });
    const reason = within(dialog).getByRole('textbox', {
      name: 'What should the publisher change?',
    });
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Request an edit' }));
    expect(await within(dialog).findByText('Say what the publisher should change.')).toBeVisible();
    expect(reason).toHaveAccessibleDescription(/Say what the publisher should change\./);

    await user.clear(reason);
    await user.click(reason);
    await user.paste('x'.repeat(5001));
    await user.click(within(dialog).getByRole('button', { name: 'Request an edit' }));
    expect(
      await within(dialog).findByText('Say what to change in at most 5,000 characters.'),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, '  Link the anchor to the pricing page.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Request an edit' }));
    expect(
      await screen.findByText('Item 100001-2 successfully sent for edits'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Request an edit' })).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { is_requested_edits: true, ids: [live.id], reason: 'Link the anchor to the pricing page.' },
    ]);
  });

  it('sends one reason with the edits requested for several selected items', async () => {
    const published = (number: string) =>
      makeOrderItem({
        number,
        status: 'live_link',
        live_link: `https://news.example.com/${number}`,
        is_editable_by_buyer: false,
        article: { status: 'published', feedback: null, file: null, link: null },
      });
    const a = published('100001-1');
    const b = published('100001-2');
    const { calls } = serve([a, b], (call) =>
      call.method === 'PUT' ? jsonResponse({ data: [a, b] }) : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('checkbox', { name: 'Select item 100001-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select item 100001-2' }));
    await user.click(screen.getByRole('button', { name: 'Request edits for selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request edits' });
    expect(dialog).toHaveTextContent('100001-1, 100001-2');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What should the publisher change?' }),
      'Update the 2025 prices.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request edits' }));
    expect(
      await screen.findByText('Items 100001-1, 100001-2 successfully sent for edits'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { is_requested_edits: true, ids: [a.id, b.id], reason: 'Update the 2025 prices.' },
    ]);
  });

  it('keeps a request for edits made offline with what to change, and sends both when back online', async () => {
    const live = makeOrderItem({
      number: '100001-2',
      status: 'live_link',
      live_link: 'https://news.example.com/post',
      is_editable_by_buyer: false,
      article: { status: 'published', feedback: null, file: null, link: null },
    });
    const { calls } = serve([live], (call) =>
      call.method === 'PUT' ? jsonResponse({ data: [live] }) : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    const request = await screen.findByRole('button', { name: 'Request edit of item 100001-2' });
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    await user.click(request);
    const dialog = await screen.findByRole('dialog', { name: 'Request an edit' });
    await user.type(
      within(dialog).getByRole('textbox', { name: 'What should the publisher change?' }),
      'Fix the typo in the title.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request an edit' }));
    expect(await within(row('100001-2')).findByText('Pending')).toBeInTheDocument();
    const [queued] = await db.outbox.where('mutationKey').equals(itemActionOutbox.name).toArray();
    expect(queued!.variables).toMatchObject({
      kind: 'request_edits',
      reason: 'Fix the typo in the title.',
    });

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      is_requested_edits: true,
      ids: [live.id],
      reason: 'Fix the typo in the title.',
    });
  });

  it('downloads the items as CSV with the access token, and says when it fails', async () => {
    localStorage.setItem('access_token', 'token-123');
    const createObjectURL = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let fail = false;
    const { calls } = serve([], (call) =>
      call.url.pathname.endsWith('/items/exports')
        ? fail
          ? jsonResponse({ code: 500, message: 'Internal Server Error' }, 500)
          : new Response('number,status\n', {
              headers: {
                'Content-Type': 'text/csv',
                'Content-Disposition': 'attachment; filename="order-100001-items.csv"',
              },
            })
        : undefined,
    );
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Export items' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const exportCall = calls.find((call) => call.url.pathname.endsWith('/items/exports'))!;
    expect(exportCall.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalled();

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Export items' }));
    expect(await screen.findByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    expect(click).toHaveBeenCalledTimes(1);
  });
});

describe("the order's documents", () => {
  const invoice = {
    id: '00000000-0000-4000-8000-0000000f0001',
    number: 'INV-2026-000006',
    file: { id: '00000000-0000-4000-8000-0000000f0002', file_name: 'INV-2026-000006.pdf' },
    payment_status: 'pending_payment' as const,
    payment_method: 'bank_transfer' as const,
  };
  const renderAs = (role: MemberRole, userId: string) => {
    serve([], undefined, makeOrder({ invoice }));
    const profile = makeBuyerProfile({ id: userId });
    return renderOnRoute(
      <OrderDetail id={ORDER_ID} />,
      `/orders/${ORDER_ID}`,
      '/orders/:id',
      (queryClient) =>
        queryClient.setQueryData(profileQueries.detail().queryKey, {
          ...profile,
          accounts: profile.accounts.map((account) => ({ ...account, role })),
        }),
    );
  };
  const other = '00000000-0000-4000-8000-0000000a0009';

  it('offers the invoice to download to a role that reads billing and to the order’s buyer', async () => {
    const { unmount } = renderAs('finance', other);
    expect(await screen.findAllByRole('button', { name: /INV-2026-000006\.pdf/ })).not.toEqual([]);
    unmount();
    renderAs('buyer', MEMBER_ID);
    expect(await screen.findAllByRole('button', { name: /INV-2026-000006\.pdf/ })).not.toEqual([]);
  });

  it('names it without a link the server would refuse to other members, and says who downloads it', async () => {
    renderAs('viewer', other);
    expect(await screen.findByText('Invoice INV-2026-000006 (order 100001)')).toBeVisible();
    expect(screen.queryByRole('button', { name: /INV-2026-000006\.pdf/ })).not.toBeInTheDocument();
    expect(
      screen.getByText("Owners, Admins, Finance and the order's buyer download its documents."),
    ).toBeVisible();
  });

  it("follows the member's role in the order's company, not in the current one", async () => {
    serve([], undefined, makeOrder({ invoice }));
    const profile = makeBuyerProfile({ id: other });
    const orderAccount = profile.accounts[0]!;
    renderOnRoute(
      <OrderDetail id={ORDER_ID} />,
      `/orders/${ORDER_ID}`,
      '/orders/:id',
      (queryClient) =>
        queryClient.setQueryData(profileQueries.detail().queryKey, {
          ...profile,
          accounts: [
            { ...orderAccount, is_current: false, role: 'finance' as const },
            {
              ...orderAccount,
              id: '00000000-0000-4000-8000-000000000299',
              company: { id: '00000000-0000-4000-8000-000000000298', title: 'Fjord Agency' },
              is_current: true,
              role: 'viewer' as const,
            },
          ],
        }),
    );
    expect(await screen.findAllByRole('button', { name: /INV-2026-000006\.pdf/ })).not.toEqual([]);
  });
});

describe('the items of an order by role', () => {
  const renderAs = (role: MemberRole, placedBy: string) => {
    serve(
      [makeOrderItem({ number: '100001-1' })],
      undefined,
      makeOrder({ placed_by: { id: placedBy, first_name: 'Emma', last_name: 'Johnson' } }),
    );
    const profile = makeBuyerProfile({ id: MEMBER_ID });
    return renderOnRoute(
      <OrderDetail id={ORDER_ID} />,
      `/orders/${ORDER_ID}`,
      '/orders/:id',
      (queryClient) =>
        queryClient.setQueryData(profileQueries.detail().queryKey, {
          ...profile,
          accounts: profile.accounts.map((account) => ({ ...account, role })),
        }),
    );
  };
  const someoneElse = '00000000-0000-4000-8000-0000000a0009';

  it('offers a Buyer no action on the items of an order someone else placed, and says who did', async () => {
    renderAs('buyer', someoneElse);
    const cancel = await screen.findByRole('button', { name: 'Cancel item 100001-1' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(
      'As Buyer you act on the items of the orders you placed; Emma Johnson placed this one, so its topics, content, edits and cancelling are for them and for Owners and Admins.',
    );
  });

  it('offers a Buyer the actions on their own order, and an Admin on anyone’s', async () => {
    const { unmount } = renderAs('buyer', MEMBER_ID);
    expect(await screen.findByRole('button', { name: 'Cancel item 100001-1' })).toBeEnabled();
    unmount();
    renderAs('admin', someoneElse);
    expect(await screen.findByRole('button', { name: 'Cancel item 100001-1' })).toBeEnabled();
  });

  it('names why a Viewer’s actions are off on each of them', async () => {
    renderAs('viewer', someoneElse);
    const cancel = await screen.findByRole('button', { name: 'Cancel item 100001-1' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(/^As Viewer you can follow these items;/);
  });
});
