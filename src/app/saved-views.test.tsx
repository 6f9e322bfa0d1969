import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { SavedView } from '#contract/saved-views.ts';

import { CatalogueSection } from '../features/catalogue/components/catalogue-section.tsx';
import { SavedViewsMenu } from '../features/saved-views/components/saved-views-menu.tsx';
import { db } from '../lib/db.ts';
import { type Call, jsonResponse, mockApi } from '../test-utils/api.ts';
import { makeSavedView, makeSite } from '../test-utils/factories.ts';
import { renderOnRoute, searchOf } from '../test-utils/render.tsx';

beforeEach(async () => {
  await db.savedViews.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const VIEW_ID = '00000000-0000-4000-8000-0000000000e1';

function view(overrides: Partial<SavedView> = {}): SavedView {
  return makeSavedView({
    id: VIEW_ID,
    value: 'filter[ahrefs_domain_rating][min]=70&sorting[price]=ASC',
    ...overrides,
  });
}

function api(saved: SavedView[]) {
  return (call: Call): Response => {
    const path = call.url.pathname;
    if (path === '/api/v1/buyer/sites') {
      return jsonResponse({ data: [makeSite()], pagination: { page: 1, limit: 25, total: 1 } });
    }
    if (path === '/api/v1/buyer/saved-views' && call.method === 'GET') {
      const kind = call.url.searchParams.get('kind');
      return jsonResponse({ data: saved.filter((v) => v.kind === kind) });
    }
    if (path === '/api/v1/buyer/saved-views' && call.method === 'POST') {
      return jsonResponse(view(call.body as Partial<SavedView>), 201);
    }
    if (path.startsWith('/api/v1/buyer/saved-views/')) return new Response(null, { status: 204 });
    return jsonResponse({ data: [] });
  };
}

/** The catalogue as the home page composes it, with its saved filters and layouts. */
function renderCatalogue(initialEntry: string) {
  return renderOnRoute(<CatalogueSection SavedViewsMenu={SavedViewsMenu} />, initialEntry);
}

describe('saved filters', () => {
  it('saves the current filters under a name', async () => {
    const { calls } = mockApi(api([]));
    const user = userEvent.setup();
    renderCatalogue('/?filter[website_topics][]=x&page=3');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Save filter' }));
    expect(await screen.findByText('This value should not be blank.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter name'), 'Niche x');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    await waitFor(() => {
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.body).toEqual({
        kind: 'site_filters',
        name: 'Niche x',
        value: 'filter[website_topics][]=x',
        is_favorite: false,
      });
    });
  });

  it('applies, favourites and deletes a saved filter, and lists it offline', async () => {
    const { calls } = mockApi(api([view()]));
    const user = userEvent.setup();
    const first = renderCatalogue('/?filter[website_topics][]=x');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    const list = await screen.findByRole('list', { name: 'Saved filters' });
    await user.click(
      within(list).getByRole('button', { name: 'Favorite filter Big German sites' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ is_favorite: true }),
    );
    await user.click(within(list).getByRole('button', { name: /Apply filter Big German sites/ }));
    await waitFor(() =>
      expect(searchOf(first.router)).toBe(
        '?filter[ahrefs_domain_rating][min]=70&sorting[price]=ASC',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Delete filter Big German sites' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(
        `/api/v1/buyer/saved-views/${VIEW_ID}`,
      ),
    );
    first.unmount();

    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderCatalogue('/?filter[website_topics][]=x');
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    expect(
      await screen.findByRole('button', { name: /Apply filter Big German sites/ }),
    ).toBeInTheDocument();
  });

  it('keeps the focus in the list as views are deleted: the next one, then the name field', async () => {
    const saved = [
      view({ id: '00000000-0000-4000-8000-0000000000a1', name: 'First' }),
      view({ id: '00000000-0000-4000-8000-0000000000a2', name: 'Second' }),
    ];
    const serve = api(saved);
    mockApi((call) => {
      if (call.method === 'DELETE') {
        const index = saved.findIndex((v) => call.url.pathname.endsWith(v.id));
        if (index >= 0) saved.splice(index, 1);
      }
      return serve(call);
    });
    const user = userEvent.setup();
    renderCatalogue('/?filter[website_topics][]=x');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    await user.click(await screen.findByRole('button', { name: 'Delete filter First' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete filter First' })).not.toBeInTheDocument(),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete filter Second' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Filter name')).toHaveFocus());
    expect(screen.getByText('Nothing saved yet.')).toBeInTheDocument();
  });

  it('lists only favourite filters while "Only favorites" is on, kept in the address and never sent', async () => {
    const favourite = view({
      id: '00000000-0000-4000-8000-0000000000e2',
      name: 'Cheap do-follow',
      value: 'filter[link_types][]=do_follow&sorting[price]=ASC',
      is_favorite: true,
    });
    const { calls } = mockApi(api([view(), favourite]));
    const user = userEvent.setup();
    const first = renderCatalogue('/?filter[website_topics][]=x');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    const list = await screen.findByRole('list', { name: 'Saved filters' });
    expect(within(list).getAllByRole('button', { name: /^Apply filter/ })).toHaveLength(2);

    const only = screen.getByRole('switch', { name: 'Only favorites' });
    expect(only).not.toBeChecked();
    await user.click(only);
    await waitFor(() =>
      expect(searchOf(first.router)).toBe('?filter[website_topics][]=x&filter[only_favorite]=true'),
    );
    expect(screen.getByRole('switch', { name: 'Only favorites' })).toBeChecked();
    const filtered = screen.getByRole('list', { name: 'Saved filters' });
    expect(
      within(filtered)
        .getAllByRole('button', { name: /^Apply filter/ })
        .map((button) => button.textContent),
    ).toEqual(['Cheap do-follow']);

    // Applying a saved filter keeps the setting; saving leaves it out of the saved value.
    await user.click(
      within(filtered).getByRole('button', { name: 'Apply filter Cheap do-follow' }),
    );
    await waitFor(() =>
      expect(searchOf(first.router)).toBe(
        '?filter[link_types][]=do_follow&filter[only_favorite]=true&sorting[price]=ASC',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    await user.type(await screen.findByLabelText('Filter name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        value: 'filter[link_types][]=do_follow&sorting[price]=ASC',
      }),
    );
    const siteCalls = calls.filter((c) => c.url.pathname === '/api/v1/buyer/sites');
    expect(siteCalls.length).toBeGreaterThan(1);
    for (const call of siteCalls) expect(call.url.search).not.toContain('only_favorite');
    first.unmount();

    // The address alone brings the setting back.
    renderCatalogue('/?filter[website_topics][]=x&filter[only_favorite]=true');
    await user.click(screen.getByRole('button', { name: 'Saved filters' }));
    expect(await screen.findByRole('switch', { name: 'Only favorites' })).toBeChecked();
    expect(
      within(await screen.findByRole('list', { name: 'Saved filters' })).queryByRole('button', {
        name: 'Apply filter Big German sites',
      }),
    ).not.toBeInTheDocument();
  });

  it('applies a saved column layout', async () => {
    mockApi(
      api([
        view({
          kind: 'site_columns',
          name: 'Compact',
          value: { hidden: ['link_type', 'majestic_trust_flow'] },
        }),
      ]),
    );
    const user = userEvent.setup();
    renderCatalogue('/?filter[website_topics][]=x');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    expect(screen.getByRole('columnheader', { name: /Link type/ })).toBeInTheDocument();
    // Hidden by the default layout, shown by this saved one.
    expect(screen.queryByRole('columnheader', { name: /IP address/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Saved layouts' }));
    await user.click(await screen.findByRole('button', { name: 'Apply layout Compact' }));
    expect(screen.queryByRole('columnheader', { name: /Link type/ })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /IP address/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('domain_columns_table')!)).toEqual({
      hidden: ['link_type', 'majestic_trust_flow'],
    });
  });
});
