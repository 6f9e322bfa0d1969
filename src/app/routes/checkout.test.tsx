import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  type CartDefaults,
  type CartItem,
  type CartLineSummary,
  missingCheckoutFields,
  wordCountMessage,
} from '#contract/cart.ts';
import {
  CART_CHANGED_MESSAGE,
  LINE_CHANGED_MESSAGE,
  type Order,
  type OrderCreate,
  type PaymentMethodOption,
} from '#contract/orders.ts';
import type { PurchaseRequest } from '#contract/purchase-requests.ts';
import { FOR_APPROVAL_MESSAGE } from '#src/features/checkout/components/order-summary.tsx';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { db } from '#src/lib/db.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { makeBuyerProfileAs, makeCartItem, PLANS } from '#src/test-utils/factories.ts';
import { createTestQueryClient, renderRoutes } from '#src/test-utils/render.tsx';
import { dateNotRealMessage } from '#src/utils/date-input.ts';

import { Component as CheckoutRoute } from './checkout.tsx';

const COMPANY = '00000000-0000-4000-8000-0000000e0001';
const GB = '00000000-0000-4000-8000-0000000f0001';

const defaults: CartDefaults = {
  items_amount: 2,
  price: '240.00',
  content_price: '50.00',
  vat: '0.00',
  vat_rate: '0.00',
  vat_treatment: 'outside_eu',
  total_price: '290.00',
  total_price_with_vat: '290.00',
  invoice_emails: ['billing@acme.example'],
  company: {
    id: COMPANY,
    title: 'Acme Ltd',
    email: 'hello@acme.example',
    address: {
      city: 'London',
      zip_code: 'EC1A 1BB',
      address: '1 High Street',
      address_extra: null,
      country_id: GB,
      country: { id: GB, title: 'United Kingdom', code: 'GB' },
    },
    billing_information: { email: 'billing@acme.example', vat_number: null },
    is_pay_by_bill_allowed: false,
  },
  companies: [{ id: COMPANY, title: 'Acme Ltd', is_current: true }],
  lines: [],
  spending: null,
};

/** A line as the checkout's answer lists it, as the server does. */
const summaryOf = (item: CartItem): CartLineSummary => ({
  id: item.id,
  version: item.version,
  hostname: item.site.hostname,
  missing: missingCheckoutFields(item),
});

const methods: PaymentMethodOption[] = [
  {
    id: 'bank_transfer',
    title: 'Bank transfer',
    is_available: true,
    unavailable_reason: null,
    available_amount: null,
  },
  {
    id: 'credits',
    title: 'Credits',
    is_available: true,
    unavailable_reason: null,
    available_amount: '2000.00',
  },
  {
    id: 'pay_by_bill',
    title: 'Pay by bill',
    is_available: false,
    unavailable_reason: 'Pay by bill is not available for this company.',
    available_amount: null,
  },
];

/** The billing details the order is placed with and answered with. */
const billing = {
  business_name: 'Acme Ltd',
  country_id: GB,
  city: 'London',
  address: '1 High Street',
  zip_code: 'EC1A 1BB',
  vat_number: null,
};

const order: Order = {
  id: '00000000-0000-4000-8000-0000000a0001',
  created_at: '2026-11-22T10:00:00Z',
  number: '100042',
  po_number: null,
  price: '290.00',
  vat: '0.00',
  vat_rate: '0.00',
  vat_treatment: 'outside_eu',
  price_with_vat: '290.00',
  links_amount: 2,
  cancelled_links_amount: 0,
  live_links_amount: 0,
  status: 'processing',
  company: { id: COMPANY, title: 'Acme Ltd' },
  placed_by: null,
  invoice_emails: ['billing@acme.example'],
  billing,
  payment_method: 'credits',
  payment: { status: 'paid', method: 'credits' },
  invoice: null,
  amounts: { charged: '290.00', credited: '0.00', paid: '290.00', due: '0.00' },
  payment_instructions: null,
  credit_note: null,
  unread_messages: 0,
};

const purchaseRequest: PurchaseRequest = {
  id: '00000000-0000-4000-8000-0000000b0001',
  number: 'PR-1001',
  status: 'pending',
  company: { id: COMPANY, title: 'Acme Ltd' },
  requester: { id: '00000000-0000-4000-8000-0000000c0001', name: 'Bea Buyer' },
  created_at: '2026-11-22T10:00:00Z',
  price: '290.00',
  items_amount: 2,
  payment_method: 'credits',
  po_number: null,
  invoice_emails: ['billing@acme.example'],
  lines: [],
  decided_by: null,
  decided_at: null,
  decline_reason: null,
  order: null,
  can_decide: false,
};

interface Server {
  items: CartItem[];
  defaults?: CartDefaults;
  methods?: PaymentMethodOption[];
  orderAnswers: ((call: Call) => Response | Promise<Response>)[];
}

function api(server: Server) {
  return (call: Call): Response | Promise<Response> => {
    const path = call.url.pathname;
    if (path === '/api/v1/buyer/shopping-carts/items' && call.method === 'GET') {
      const limit = Number(call.url.searchParams.get('limit'));
      const page = Number(call.url.searchParams.get('page'));
      return jsonResponse({
        data: server.items.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: server.items.length },
      });
    }
    if (path.startsWith('/api/v1/buyer/shopping-carts/items/') && call.method === 'PUT') {
      const id = path.split('/').pop();
      const patch = call.body as Partial<CartItem>;
      // As the server does, a saved change gives the line a new version.
      server.items = server.items.map((item) =>
        item.id === id ? { ...item, ...patch, version: `${item.version}+` } : item,
      );
      return jsonResponse(server.items.find((item) => item.id === id));
    }
    if (path === '/api/v1/buyer/shopping-carts/defaults') {
      return jsonResponse({ ...(server.defaults ?? defaults), lines: server.items.map(summaryOf) });
    }
    if (path === '/api/v1/buyer/shopping-carts/sites') return jsonResponse({ data: [] });
    if (path === '/api/v1/buyer/orders/payment-methods')
      return jsonResponse({ data: server.methods ?? methods });
    if (path === '/api/v1/common/countries') {
      return jsonResponse({ data: [{ id: GB, title: 'United Kingdom', code: 'GB' }] });
    }
    if (path === '/api/v1/buyer/purchase-requests' && call.method === 'POST') {
      return jsonResponse(purchaseRequest, 201);
    }
    if (path === '/api/v1/buyer/orders' && call.method === 'POST') {
      const next = server.orderAnswers.shift();
      return next ? next(call) : jsonResponse(order, 201);
    }
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  };
}

function renderCheckout(initialEntry = '/checkout') {
  // The navigation has read the profile: the checkout is for a role that buys.
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueries.detail().queryKey, makeBuyerProfileAs('buyer'));
  const { router } = renderRoutes(
    [
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/orders', element: <p>Orders page</p> },
    ],
    { initialEntries: [initialEntry], queryClient },
  );
  return { router };
}

const orderPosts = (calls: Call[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/buyer/orders');

async function readyToOrder() {
  const button = await screen.findByRole('button', { name: 'Order now' });
  await screen.findByRole('table', { name: 'Articles in your cart' });
  return button;
}

beforeEach(async () => {
  setOnline(true);
  await db.outbox.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('checkout', () => {
  it('marks the missing fields of each row and places no order', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem(), makeCartItem({ anchor_text: null, topic: null })],
      orderAnswers: [],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    await user.click(await readyToOrder());

    expect(
      await screen.findByText(
        'Please fill in all required fields for each row to proceed to payment.',
      ),
    ).toBeInTheDocument();
    const anchor = screen.getByLabelText('Anchor text, row 2, news.example.com');
    // The anchor text's character counter is read with it.
    expect(anchor).toHaveAccessibleDescription(
      'This value should not be blank. 0 of 255 characters',
    );
    expect(screen.getByLabelText('Topic, row 2, news.example.com')).toHaveAccessibleDescription(
      'This value should not be blank.',
    );
    expect(
      screen.getByLabelText('Anchor text, row 1, news.example.com'),
    ).toHaveAccessibleDescription('10 of 255 characters');
    expect(orderPosts(calls)).toHaveLength(0);

    // Typing clears the mark; leaving the field saves the row.
    await user.type(anchor, 'cheap flights');
    expect(anchor).toHaveAccessibleDescription('13 of 255 characters');
    await user.tab();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.method === 'PUT' &&
            (c.body as { anchor_text?: string }).anchor_text === 'cheap flights',
        ),
      ).toBe(true),
    );
  });

  it('shows the server’s row violations under their fields and takes the corrected target URL', async () => {
    const user = userEvent.setup();
    const first = makeCartItem();
    const second = makeCartItem();
    const server: Server = {
      items: [first, second],
      orderAnswers: [
        () =>
          jsonResponse(
            {
              code: 400,
              message: 'Validation failed',
              violations: [
                { path: 'items[0].anchor_text', message: 'This value is too long.' },
                {
                  path: 'items[1].target_url',
                  message: 'Newlines are not allowed',
                  parameters: { value: '"https://shop.example.org/fixed"' },
                },
              ],
            },
            400,
          ),
      ],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    await user.click(await readyToOrder());

    await waitFor(() =>
      expect(
        screen.getByLabelText('Anchor text, row 1, news.example.com'),
      ).toHaveAccessibleDescription('This value is too long. 10 of 255 characters'),
    );
    const url = screen.getByLabelText('Target URL, row 2, news.example.com');
    expect(url).toHaveAccessibleDescription('Newlines are not allowed');
    await waitFor(() => expect(url).toHaveValue('https://shop.example.org/fixed'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/v1/buyer/shopping-carts/items/${second.id}`);
    expect(put?.body).toEqual({ target_url: 'https://shop.example.org/fixed' });
    expect(
      screen.getByText('Please fill in all required fields for each row to proceed to payment.'),
    ).toBeInTheDocument();
  });

  it('repeats a failed order with the same key, and uses a new one once the cart changed', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem(), makeCartItem()],
      orderAnswers: [
        () => jsonResponse({ code: 503, message: 'Service unavailable' }, 503),
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => jsonResponse({ code: 500, message: 'Internal error' }, 500),
      ],
    };
    const { calls } = mockApi(api(server));
    const { router } = renderCheckout();
    const button = await readyToOrder();
    await user.click(screen.getByRole('radio', { name: 'Credits' }));

    await user.click(button);
    await screen.findByText('Service unavailable');
    await user.click(button);
    await screen.findByText(
      'The order could not be sent. Check your connection and press Order now again.',
    );
    const keys = () => orderPosts(calls).map((c) => c.headers.get('Idempotency-Key'));
    expect(keys()).toHaveLength(2);
    expect(keys()[0]).toBe(keys()[1]);

    // The cart changes: the next attempt is a new order request. (The lines can be changed
    // again once the server answers again: a send that got no answer means offline.)
    const comments = screen.getByLabelText('Comments, row 1, news.example.com');
    await waitFor(() => expect(comments).toBeEnabled());
    await user.type(comments, 'Please publish on Monday');
    await user.tab();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    await user.click(button);
    await screen.findByText('Internal error');
    expect(keys()).toHaveLength(3);
    expect(keys()[2]).not.toBe(keys()[0]);

    // Same cart, same request: the key is reused until the order is placed.
    await user.click(button);
    expect(
      await screen.findByRole('heading', { name: 'Your order has been placed' }),
    ).toBeInTheDocument();
    expect(keys()[3]).toBe(keys()[2]);
    expect(orderPosts(calls)[3]?.body).toEqual({
      company: COMPANY,
      po_number: null,
      invoice_emails: ['billing@acme.example'],
      payment_method: 'credits',
      billing,
      // Each line as the page shows it, the one saved at its new version.
      lines: server.items.map(({ id, version }) => ({ id, version })),
    });
    expect(server.items[0]?.version).toBe('v1+');
    expect(screen.getByText('100042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View order 100042' })).toHaveAttribute(
      'href',
      `/orders/${order.id}`,
    );
    // The success page has its own address, so a reload shows it again.
    expect(router.state.location.search).toBe(`?placed=${order.id}`);
  });

  it('shows the success page again from its address, reading the order', async () => {
    const { calls } = mockApi((call) =>
      call.url.pathname === `/api/v1/buyer/orders/${order.id}`
        ? jsonResponse(order)
        : jsonResponse({ code: 404, message: 'Not found' }, 404),
    );
    renderCheckout(`/checkout?placed=${order.id}`);
    expect(
      await screen.findByRole('heading', { name: 'Your order has been placed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('100042')).toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/v1/buyer/orders')).toBe(false);
  });

  it('shows the monthly limit and sends a cart over it for approval instead of ordering', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem()],
      defaults: {
        ...defaults,
        spending: {
          monthly_limit: '1000.00',
          spent_this_month: '800.00',
          waiting_for_approval: '250.00',
        },
      },
      orderAnswers: [],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    const button = await screen.findByRole('button', { name: 'Send for approval' });
    await screen.findByRole('table', { name: 'Articles in your cart' });
    expect(screen.getByTestId('monthly-limit')).toHaveTextContent(
      'Monthly limit €1,000.00 excl. VAT · spent €800.00 · waiting for approval €250.00',
    );
    expect(screen.getByText(FOR_APPROVAL_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Credits/ }));
    await user.click(button);
    await screen.findByRole('heading', { name: 'Purchase request PR-1001 was sent for approval' });
    const sent = calls.filter(
      (c) => c.method === 'POST' && c.url.pathname === '/api/v1/buyer/purchase-requests',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('orders as before within the monthly limit, showing it', async () => {
    const server: Server = {
      items: [makeCartItem()],
      defaults: {
        ...defaults,
        spending: {
          monthly_limit: '1000.00',
          spent_this_month: '400.00',
          waiting_for_approval: '0.00',
        },
      },
      orderAnswers: [],
    };
    mockApi(api(server));
    renderCheckout();
    await readyToOrder();
    expect(screen.getByTestId('monthly-limit')).toHaveTextContent(
      'Monthly limit €1,000.00 excl. VAT · spent €400.00 · waiting for approval €0.00',
    );
    expect(screen.queryByText(FOR_APPROVAL_MESSAGE)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send for approval' })).toBeNull();
  });

  it('places one order on a double click', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const server: Server = {
      items: [makeCartItem()],
      orderAnswers: [
        () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(jsonResponse(order, 201));
          }),
      ],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    const button = await readyToOrder();
    await user.dblClick(button);
    await waitFor(() => expect(orderPosts(calls)).toHaveLength(1));
    expect(button).toBeDisabled();
    await user.click(button);
    release();
    await screen.findByRole('heading', { name: 'Your order has been placed' });
    expect(orderPosts(calls)).toHaveLength(1);
  });

  it('shows the summary, hides pay by bill when not allowed and needs a connection', async () => {
    const server: Server = { items: [makeCartItem()], orderAnswers: [] };
    mockApi(api(server));
    setOnline(false);
    renderCheckout();
    const button = await readyToOrder();
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(
      'You are offline. Placing an order needs a connection.',
    );
    expect(screen.getByText('No VAT: service supplied outside the EU (0%)')).toBeInTheDocument();
    expect(screen.getByTestId('total-with-vat')).toHaveTextContent('€290.00');
    const methodsGroup = screen.getByRole('radiogroup', { name: 'Payment method' });
    expect(
      within(methodsGroup)
        .getAllByRole('radio')
        .map((radio) => radio.textContent),
    ).toEqual(['Bank transfer', 'CreditsCredit balance: €2,000.00']);
    expect(screen.queryByRole('radio', { name: 'Pay by bill' })).toBeNull();
    expect(screen.getByLabelText('Business name')).toHaveValue('Acme Ltd');
    expect(
      within(screen.getByRole('group', { name: 'Invoice e-mails' })).getByRole('textbox'),
    ).toHaveValue('billing@acme.example');
  });

  it('names the figures under credits and pay by bill as the company billing view does', async () => {
    const server: Server = {
      items: [makeCartItem()],
      orderAnswers: [],
      defaults: { ...defaults, company: { ...defaults.company, is_pay_by_bill_allowed: true } },
      methods: [
        methods[0]!,
        methods[1]!,
        {
          ...methods[2]!,
          is_available: true,
          unavailable_reason: null,
          available_amount: '4179.50',
        },
      ],
    };
    mockApi(api(server));
    renderCheckout();
    await readyToOrder();
    expect(screen.getByRole('radio', { name: 'Credits' })).toHaveAccessibleDescription(
      'Credit balance: €2,000.00',
    );
    expect(screen.getByRole('radio', { name: 'Pay by bill' })).toHaveAccessibleDescription(
      'Available to pay by bill: €4,179.50',
    );
  });

  it('disables credits that do not cover the total and says why', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem()],
      orderAnswers: [],
      methods: [
        methods[0]!,
        {
          ...methods[1]!,
          is_available: false,
          available_amount: '12.00',
          unavailable_reason: 'Your available credits are not enough to cover the total price.',
        },
      ],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    await readyToOrder();
    const credits = screen.getByRole('radio', { name: 'Credits' });
    expect(credits).toHaveAttribute('aria-disabled', 'true');
    expect(credits).toHaveAccessibleDescription(
      'Credit balance: €12.00 Your available credits are not enough to cover the total price.',
    );
    await user.click(credits);
    expect(credits).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Bank transfer' })).toBeChecked();
    expect(orderPosts(calls)).toHaveLength(0);
  });
});

describe('checkout error summary', () => {
  let scrolls: { element: Element; options: unknown }[];
  beforeEach(() => {
    scrolls = [];
    // jsdom has no layout; the summary's links must still ask the field's scroll boxes to move.
    Element.prototype.scrollIntoView = function (this: Element, options?: unknown) {
      scrolls.push({ element: this, options });
    };
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('focuses a summary of a failed order whose links lead to the fields, and goes when all are fixed', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem(), makeCartItem({ anchor_text: null, target_url: null })],
      orderAnswers: [],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    await user.click(await readyToOrder());

    const summary = await screen.findByRole('region', { name: '2 problems prevent the order' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent(
      'Please fill in all required fields for each row to proceed to payment.',
    );
    const anchorLink = within(summary).getByRole('link', {
      name: 'Row 2, news.example.com · Anchor text: This value should not be blank.',
    });
    within(summary).getByRole('link', {
      name: 'Row 2, news.example.com · Target URL: This value should not be blank.',
    });
    expect(orderPosts(calls)).toHaveLength(0);

    await user.click(anchorLink);
    const anchor = screen.getByLabelText('Anchor text, row 2, news.example.com');
    await waitFor(() => expect(anchor).toHaveFocus());
    expect(scrolls).toContainEqual({
      element: anchor,
      options: { block: 'center', inline: 'center' },
    });

    // Spaces leave the field blank, so the error stays; a word fixes it.
    await user.type(anchor, '  ');
    expect(anchor).toHaveAccessibleDescription(
      'This value should not be blank. 2 of 255 characters',
    );
    await user.type(anchor, 'cheap flights');
    expect(anchor).toHaveAccessibleDescription('15 of 255 characters');
    expect(screen.getByRole('region', { name: '1 problem prevents the order' })).toBeVisible();

    const url = screen.getByLabelText('Target URL, row 2, news.example.com');
    await user.type(url, 'shop.example.org/flights');
    expect(url).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('region', { name: /prevents? the order/ })).not.toBeInTheDocument();
    expect(
      screen.queryByText('Please fill in all required fields for each row to proceed to payment.'),
    ).not.toBeInTheDocument();
  });

  it('lists billing errors with the rows’ in one summary, in words that say what to do', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem({ topic: '' })],
      orderAnswers: [],
    };
    mockApi(api(server));
    renderCheckout();
    const button = await readyToOrder();
    const city = await screen.findByRole('textbox', { name: 'City' });
    await user.clear(city);
    const email = screen.getByRole('textbox', { name: 'Invoice e-mail 1' });
    await user.clear(email);
    await user.type(email, 'billing@acme');
    await user.click(button);

    const summary = await screen.findByRole('region', { name: '3 problems prevent the order' });
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Row 1, news.example.com · Topic: This value should not be blank.',
      'City: Enter the city',
      'Invoice e-mail 1: Enter a valid e-mail address, like name@example.com',
    ]);
    expect(city).toHaveAccessibleDescription('Enter the city');

    await user.click(within(summary).getByRole('link', { name: /^City/ }));
    expect(city).toHaveFocus();
    expect(scrolls.at(-1)).toEqual({
      element: city,
      options: { block: 'center', inline: 'center' },
    });
    await user.type(city, 'Leeds');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '2 problems prevent the order' })).toBeVisible(),
    );
    expect(city).not.toHaveAccessibleDescription();
  });
});

describe('publishing due date', () => {
  it('shows the date as DD/MM/YYYY, takes a typed date and sends it as YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const item = makeCartItem({ publishing_due_date: '2026-12-01' });
    const server: Server = { items: [item], orderAnswers: [] };
    const { calls } = mockApi(api(server));
    renderCheckout();
    await readyToOrder();

    const date = screen.getByRole('textbox', {
      name: 'Publishing due date (DD/MM/YYYY), row 1, news.example.com',
    });
    expect(date).toHaveValue('01/12/2026');
    expect(date).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(date).toHaveAttribute('inputmode', 'numeric');

    await user.clear(date);
    await user.type(date, '31/02/2027');
    await user.tab();
    expect(date).toHaveAccessibleDescription(dateNotRealMessage());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '01/01/2020');
    await user.tab();
    expect(date).toHaveAccessibleDescription('Choose today or a later date');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(date);
    await user.type(date, '24/11/2040');
    expect(date).not.toHaveAccessibleDescription();
    await user.tab();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        publishing_due_date: '2040-11-24',
      }),
    );
    expect(date).toHaveValue('24/11/2040');
  });
  it('does not place the order while a typed date is refused, and names it in the summary', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem({ publishing_due_date: null })],
      orderAnswers: [],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    const orderNow = await readyToOrder();

    const date = screen.getByRole('textbox', {
      name: 'Publishing due date (DD/MM/YYYY), row 1, news.example.com',
    });
    await user.type(date, '01/01/2020');
    await user.tab();
    expect(date).toHaveAccessibleDescription('Choose today or a later date');

    await user.click(orderNow);
    const summary = await screen.findByRole('region', { name: '1 problem prevents the order' });
    within(summary).getByRole('link', {
      name: 'Row 1, news.example.com · Publishing due date: Choose today or a later date',
    });
    expect(orderPosts(calls)).toHaveLength(0);

    // Once the date is valid and saved, nothing holds the order back.
    await user.clear(date);
    await user.type(date, '24/11/2040');
    await user.tab();
    await waitFor(() => expect(summary).not.toBeInTheDocument());
  });
});

describe('server refusals in the error summary', () => {
  it('lists a billing violation from the server, and drops it once the field is valid', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [makeCartItem()],
      orderAnswers: [
        () =>
          jsonResponse(
            {
              code: 400,
              message: 'Validation failed.',
              violations: [
                { path: 'billing.zip_code', message: 'Expected string, received number' },
              ],
            },
            400,
          ),
      ],
    };
    mockApi(api(server));
    renderCheckout();
    await user.click(await readyToOrder());

    const summary = await screen.findByRole('region', { name: '1 problem prevents the order' });
    await waitFor(() => expect(summary).toHaveFocus());
    within(summary).getByRole('link', {
      name: 'Postal code: Expected string, received number',
    });
    const zip = screen.getByRole('textbox', { name: 'Postal code' });
    expect(zip).toHaveAccessibleDescription('Expected string, received number');

    // The note beside the button leads back to the list.
    await user.click(zip);
    const note = screen.getByText(/^1 problem prevents the order\./);
    await user.click(within(note).getByRole('link', { name: 'See the list' }));
    expect(summary).toHaveFocus();

    await user.type(zip, '1');
    await waitFor(() => expect(summary).not.toBeInTheDocument());
    expect(zip).not.toHaveAccessibleDescription();
  });
});

describe('what the order is made of', () => {
  const premium = PLANS[2]!;
  const wordCount = (row: number) =>
    screen.getByRole('spinbutton', { name: `Word count, row ${row}, news.example.com` });

  /** Answers as the server does: 409 naming each line not at the version the order names. */
  const likeTheServer = (server: Server) => (call: Call) => {
    const lines = (call.body as OrderCreate).lines ?? [];
    const read = new Map(lines.map((line) => [line.id, line.version]));
    const violations = server.items.flatMap((item, index) =>
      read.get(item.id) === item.version
        ? []
        : [
            {
              path: `items[${index}]`,
              message: LINE_CHANGED_MESSAGE,
              parameters: { id: item.id, site: item.site.hostname },
            },
          ],
    );
    return violations.length > 0
      ? jsonResponse({ code: 409, message: CART_CHANGED_MESSAGE, violations }, 409)
      : jsonResponse(order, 201);
  };

  it('shows a word count its plan fixes as text, and a range as a field', async () => {
    mockApi(
      api({
        items: [makeCartItem(), makeCartItem({ content_product_plan: premium, word_count: 1000 })],
        orderAnswers: [],
      }),
    );
    renderCheckout();
    await readyToOrder();
    const [, first] = screen.getAllByRole('row');
    expect(
      screen.queryByRole('spinbutton', { name: 'Word count, row 1, news.example.com' }),
    ).not.toBeInTheDocument();
    expect(within(first!).getByText('Set by the plan')).toBeInTheDocument();
    expect(within(first!).getByText('500')).toBeInTheDocument();
    expect(wordCount(2)).toHaveValue(1000);
    expect(wordCount(2)).toHaveAttribute('min', '1000');
  });

  it("splits a line's price into link and content only when a paid plan adds content", async () => {
    const ownContent = makeCartItem({
      content_product_plan: null,
      content_price: '0.00',
      total_price: '120.00',
    });
    mockApi(api({ items: [ownContent, makeCartItem()], orderAnswers: [] }));
    renderCheckout();
    await readyToOrder();
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).queryByText(/ link/)).not.toBeInTheDocument();
    expect(within(first!).getByText('€120.00')).toBeInTheDocument();
    expect(within(second!).getByText('€120.00 link + €25.00 content')).toBeInTheDocument();
  });

  it('refuses Order now while a field is red, and lists every red field in the summary', async () => {
    const user = userEvent.setup();
    const server: Server = {
      items: [
        makeCartItem({ content_product_plan: premium, word_count: 1000 }),
        makeCartItem({ publishing_due_date: null }),
      ],
      orderAnswers: [],
    };
    const { calls } = mockApi(api(server));
    renderCheckout();
    const orderNow = await readyToOrder();
    await user.click(screen.getByRole('radio', { name: 'Credits' }));

    const words = wordCount(1);
    await user.clear(words);
    await user.type(words, '800');
    await user.tab();
    expect(words).toHaveAccessibleDescription(wordCountMessage(1000, null));
    const date = screen.getByRole('textbox', {
      name: 'Publishing due date (DD/MM/YYYY), row 2, news.example.com',
    });
    await user.type(date, '31/02/2026');
    await user.tab();
    expect(date).toHaveAccessibleDescription(dateNotRealMessage());
    const anchor = screen.getByLabelText('Anchor text, row 2, news.example.com');
    await user.clear(anchor);
    await user.tab();

    await user.click(orderNow);
    const summary = await screen.findByRole('region', { name: '3 problems prevent the order' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `Row 1, news.example.com · Word count: ${wordCountMessage(1000, null)}`,
      'Row 2, news.example.com · Anchor text: This value should not be blank.',
      `Row 2, news.example.com · Publishing due date: ${dateNotRealMessage()}`,
    ]);
    const red = document.querySelectorAll('[aria-invalid="true"]');
    expect(red).toHaveLength(3);
    expect(orderPosts(calls)).toHaveLength(0);
    // Nothing the plan does not allow was sent.
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { anchor_text: null },
    ]);
    expect(server.items[0]?.word_count).toBe(1000);

    await user.click(within(summary).getByRole('link', { name: /Word count/ }));
    expect(words).toHaveFocus();
  });

  it('refuses Order now while a save is not acknowledged', async () => {
    const user = userEvent.setup();
    const server: Server = { items: [makeCartItem()], orderAnswers: [] };
    const { calls } = mockApi((call) => {
      if (call.method === 'PUT') throw new TypeError('Failed to fetch');
      return api(server)(call);
    });
    renderCheckout();
    const orderNow = await readyToOrder();
    const comments = screen.getByLabelText('Comments, row 1, news.example.com');
    await user.type(comments, 'Publish on Monday');
    await user.click(orderNow);

    const summary = await screen.findByRole('region', { name: '1 problem prevents the order' });
    within(summary).getByRole('link', {
      name: 'Row 1, news.example.com · Comments: Not saved: check your connection, then leave the field again.',
    });
    expect(comments).toHaveValue('Publish on Monday');
    expect(orderPosts(calls)).toHaveLength(0);
  });

  it('lists the problems of every cart page and keeps a red value when the page turns', async () => {
    const user = userEvent.setup();
    const items = Array.from({ length: 26 }, (_, index) =>
      index === 0
        ? makeCartItem({ content_product_plan: premium, word_count: 1000 })
        : index === 25
          ? makeCartItem({ anchor_text: null })
          : makeCartItem(),
    );
    const server: Server = { items, orderAnswers: [] };
    const { calls } = mockApi(api(server));
    renderCheckout();
    const orderNow = await readyToOrder();
    const words = wordCount(1);
    await user.clear(words);
    await user.type(words, '800');
    await user.tab();

    await user.click(orderNow);
    const summary = await screen.findByRole('region', { name: '2 problems prevent the order' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      `Row 1, news.example.com · Word count: ${wordCountMessage(1000, null)}`,
      'Row 26, news.example.com · Anchor text: This value should not be blank.',
    ]);
    expect(orderPosts(calls)).toHaveLength(0);
    // Row 26 is known from the checkout's answer: no page of the cart was read to check it.
    const cartPages = calls.filter(
      (c) => c.method === 'GET' && c.url.pathname === '/api/v1/buyer/shopping-carts/items',
    );
    expect(new Set(cartPages.map((c) => c.url.search))).toEqual(new Set(['?limit=25&page=1']));

    await user.click(within(summary).getByRole('link', { name: /Row 26/ }));
    const anchor = await screen.findByLabelText('Anchor text, row 26, news.example.com');
    await waitFor(() => expect(anchor).toHaveFocus());
    expect(screen.getByRole('region', { name: '2 problems prevent the order' })).toBeVisible();

    await user.click(screen.getByRole('link', { name: /Row 1, news.example.com · Word count/ }));
    await waitFor(() => expect(wordCount(1)).toHaveFocus());
    expect(wordCount(1)).toHaveValue(800);
    expect(wordCount(1)).toHaveAccessibleDescription(wordCountMessage(1000, null));
  });

  it('names the lines the page shows, and shows a line the server says changed as it is now', async () => {
    const user = userEvent.setup();
    const first = makeCartItem();
    const second = makeCartItem();
    const server: Server = { items: [first, second], orderAnswers: [] };
    server.orderAnswers = [likeTheServer(server), likeTheServer(server)];
    const { calls } = mockApi(api(server));
    renderCheckout();
    const orderNow = await readyToOrder();
    await user.click(screen.getByRole('radio', { name: 'Credits' }));
    const anchor = screen.getByLabelText('Anchor text, row 2, news.example.com');
    expect(anchor).toHaveValue('best shoes');

    // Another tab changes the second line.
    server.items = [first, { ...second, anchor_text: 'changed elsewhere', version: 'v2' }];
    await user.click(orderNow);
    const summary = await screen.findByRole('region', { name: '1 problem prevents the order' });
    expect(summary).toHaveTextContent(CART_CHANGED_MESSAGE);
    within(summary).getByRole('link', {
      name: `Row 2, news.example.com: ${LINE_CHANGED_MESSAGE}`,
    });
    expect((orderPosts(calls)[0]?.body as OrderCreate).lines).toEqual([
      { id: first.id, version: 'v1' },
      { id: second.id, version: 'v1' },
    ]);
    // The line is read again: the buyer sees what would be ordered.
    await waitFor(() => expect(anchor).toHaveValue('changed elsewhere'));
    expect(screen.getByText(LINE_CHANGED_MESSAGE)).toBeInTheDocument();

    await user.click(orderNow);
    expect(
      await screen.findByRole('heading', { name: 'Your order has been placed' }),
    ).toBeInTheDocument();
    expect((orderPosts(calls)[1]?.body as OrderCreate).lines).toEqual([
      { id: first.id, version: 'v1' },
      { id: second.id, version: 'v2' },
    ]);
  });
});
