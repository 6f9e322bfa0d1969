import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { Site } from '#contract/catalogue.ts';
import { db } from '#src/lib/db.ts';
import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeSite } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { CatalogueSection } from './catalogue-section.tsx';

// How often each row was drawn: the row's actions cell asks the page for its buy action every
// time the row renders, so counting those calls counts the row's renders.
let renders = new Map<string, number>();
function renderBuyAction(site: Site) {
  renders.set(site.id, (renders.get(site.id) ?? 0) + 1);
  return <button type="button">Buy {site.hostname}</button>;
}

function pageOf(sites: Site[]) {
  return { data: sites, pagination: { page: 1, limit: 100, total: 1000 } };
}

/**
 * Waits until the table holds `count` rows and is no longer busy: fetched, and every slice of the
 * first page drawn. Cheaper than a role query, which jsdom answers slowly on a hundred rows.
 */
async function allRowsDrawn(count: number) {
  await waitFor(() => {
    expect(document.querySelectorAll('tbody tr')).toHaveLength(count);
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  });
}

function countsOf(sites: Site[]): number[] {
  return sites.map((site) => renders.get(site.id) ?? 0);
}

// These tests count renders as a production build makes them: StrictMode draws every component
// twice in development, so it is off here (tests/setup/client.ts turns it on for the rest).
beforeAll(() => configure({ reactStrictMode: false }));
afterAll(() => configure({ reactStrictMode: true }));

beforeEach(async () => {
  renders = new Map();
  await db.cataloguePages.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// A hundred rows in jsdom take their time on a busy machine.
describe('catalogue rendering at 100 rows per page', { timeout: 60_000 }, () => {
  const first = Array.from({ length: 100 }, () => makeSite());
  const searched = Array.from({ length: 100 }, () => makeSite());
  let marked = new Set<string>();

  function handler(call: { method: string; url: URL; body: unknown }) {
    if (call.url.pathname === '/api/v1/buyer/sites') {
      const list = call.url.searchParams.get('filter[search]') === 'news' ? searched : first;
      return jsonResponse(
        pageOf(list.map((site) => ({ ...site, is_marked_as_favorite: marked.has(site.id) }))),
      );
    }
    if (call.url.pathname === '/api/v1/buyer/sites/favorites' && call.method === 'POST') {
      marked = new Set([...marked, ...(call.body as { ids: string[] }).ids]);
      return new Response(null, { status: 204 });
    }
    if (call.url.pathname.startsWith('/api/v1/common/')) return jsonResponse({ data: [] });
    return new Response(null, { status: 204 });
  }

  beforeEach(() => {
    marked = new Set();
  });

  it('renders each row once on the first render and once more after a filter change', async () => {
    const { calls } = mockApi(handler);
    renderOnRoute(
      <CatalogueSection renderBuyAction={renderBuyAction} />,
      '/?filter[website_topics][]=x&limit=100',
    );
    await allRowsDrawn(100);
    screen.getByRole('link', { name: new RegExp(`^${first[99]!.hostname}`) });
    // Let the page settle: the offline copy is written, the fetching flag goes down.
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy'));
    expect(countsOf(first)).toEqual(first.map(() => 1));

    renders = new Map();
    await userEvent.type(screen.getByRole('searchbox'), 'news');
    await waitFor(() =>
      expect(calls.some((call) => call.url.searchParams.get('filter[search]') === 'news')).toBe(
        true,
      ),
    );
    await screen.findByRole('link', { name: new RegExp(`^${searched[99]!.hostname}`) });
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy'));
    // The rows of the previous answer, still on screen while the next loads, are not drawn again.
    expect(countsOf(first)).toEqual(first.map(() => 0));
    expect(countsOf(searched)).toEqual(searched.map(() => 1));
  });

  it('renders only the marked row when a site is added to the favorites', async () => {
    const { calls } = mockApi(handler);
    const listCalls = () =>
      calls.filter((call) => call.url.pathname === '/api/v1/buyer/sites').length;
    renderOnRoute(
      <CatalogueSection renderBuyAction={renderBuyAction} />,
      '/?filter[website_topics][]=x&limit=100',
    );
    await allRowsDrawn(100);
    screen.getByRole('link', { name: new RegExp(`^${first[99]!.hostname}`) });
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy'));

    renders = new Map();
    const before = listCalls();
    const target = first[10]!;
    await userEvent.click(screen.getByRole('button', { name: `Favorite ${target.hostname}` }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Favorite ${target.hostname}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    // The list is fetched again once the mark is saved; its answer changes the marked site only.
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy'));
    const others = first.filter((site) => site.id !== target.id);
    expect(countsOf(others)).toEqual(others.map(() => 0));
    expect(renders.get(target.id)).toBeGreaterThanOrEqual(1);
  });
});
