import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Site } from '../../../../contract/catalogue.ts';
import { Toaster } from '../../../components/toaster.tsx';
import { createTestQueryClient } from '../../../test-utils/render.tsx';

let counter = 0;

export function makeSite(overrides: Partial<Site> = {}): Site {
  counter += 1;
  const n = String(counter).padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${n}`,
    hostname: `site-${counter}.example.com`,
    is_back_linked: false,
    is_in_blacklist: false,
    is_marked_as_favorite: false,
    competitors: [],
    updated_at: '2026-10-01T00:00:00Z',
    relevance_at: '2026-09-15T00:00:00Z',
    price: '120.00',
    ahrefs_domain_rating: 55,
    ahrefs_referring_domains: 1200,
    ahrefs_organic_traffic: 34000,
    ahrefs_url_rating: 30,
    ahrefs_keywords_top3: 120,
    ahrefs_keywords410: 340,
    ahrefs_keywords_top10: 460,
    majestic_citation_flow: 40,
    majestic_trust_flow: 20,
    moz_spam_score: 3,
    moz_domain_authority: 44,
    semrush_authority_score: 38,
    tf_cf: 0.5,
    rd_ot: 0.0353,
    ip_address: '203.0.113.7',
    sponsor_tag_type: 'no_tag',
    link_type: 'do_follow',
    main_country: { id: 'c-de', title: 'Germany', code: 'DE' },
    main_country_traffic: 21000,
    domain_language: 'German',
    website_topic: 'Technology',
    tld: '.com',
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
}

/** A fetch double answering by path; records every call. */
export function mockApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = {
      method: init?.method ?? 'GET',
      url,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderCatalogue(ui: ReactNode, initialEntry = '/') {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: ui,
      },
      { path: '/sites/:id', element: <p>Site detail page</p> },
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

export function searchOf(router: { state: { location: { search: string } } }): string {
  return decodeURIComponent(router.state.location.search);
}
