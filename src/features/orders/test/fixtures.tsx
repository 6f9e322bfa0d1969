import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { OrderItem } from '../../../../contract/order-items.ts';
import type { Order } from '../../../../contract/orders.ts';
import { Toaster } from '../../../components/toaster.tsx';
import { createTestQueryClient } from '../../../test-utils/render.tsx';

export const ORDER_ID = '00000000-0000-4000-8000-000000000100';
export const COMPANY_ID = '00000000-0000-4000-8000-000000000200';

let counter = 0;
function uuid(prefix: string): string {
  counter += 1;
  return `00000000-0000-4000-${prefix}-${String(counter).padStart(12, '0')}`;
}

export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    created_at: '2026-11-03T10:00:00Z',
    number: '100001',
    po_number: 'PO-7',
    price: '300.00',
    vat: '57.00',
    vat_rate: '19.00',
    vat_treatment: 'domestic',
    price_with_vat: '357.00',
    links_amount: 2,
    live_links_amount: 0,
    status: 'processing',
    company: { id: COMPANY_ID, title: 'Acme GmbH' },
    invoice_emails: ['billing@example.com'],
    billing: {
      business_name: 'Acme GmbH',
      country_id: '00000000-0000-4000-8000-000000000300',
      city: 'Berlin',
      address: 'Street 1',
      zip_code: '10115',
      vat_number: null,
    },
    payment_method: 'credits',
    payment: { status: 'paid', method: 'credits' },
    invoice: null,
    credit_note: null,
    ...overrides,
  };
}

export function makeItem(overrides: Partial<OrderItem> = {}): OrderItem {
  const id = overrides.id ?? uuid('8000');
  return {
    id,
    created_at: '2026-11-03T10:00:00Z',
    number: '100001-1',
    order: { id: ORDER_ID, number: '100001' },
    price: '150.00',
    status: 'in_progress',
    site: { id: uuid('9000'), hostname: 'news.example.com' },
    buyer_domain: { id: uuid('a000'), hostname: 'shop.example.org' },
    article_topic: 'please_provide_me_a_topic',
    content_product_plan: null,
    word_count: null,
    target_url: 'https://shop.example.org/',
    anchor_text: 'best shop',
    custom_id: null,
    comments: null,
    is_requested_edits: false,
    article_niche: { id: uuid('b000'), title: 'General' },
    live_link: null,
    is_article_provided_by_buyer: false,
    is_topic_provided_by_buyer: false,
    is_editable_by_buyer: true,
    is_topic_needs_approval: true,
    is_content_fully_provided_by_buyer: false,
    article: { status: null, feedback: null, file: null, link: null },
    topic: { is_needs_approval: true, content: null, status: null, feedback: null },
    webmaster_feedback: null,
    publishing_due_date: null,
    published_at: null,
    invoice: null,
    payment_method: 'credits',
    ...overrides,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export interface Call {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

/** A fetch double answering by path; records every call. */
export function mockApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const body =
      typeof init?.body === 'string'
        ? (JSON.parse(init.body) as unknown)
        : init?.body instanceof FormData
          ? init.body
          : undefined;
    const call: Call = {
      method: init?.method ?? 'GET',
      url,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderOrders(ui: ReactNode, path: string, initialEntry: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [initialEntry] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

export function setOnline(isOnline: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(isOnline);
}
