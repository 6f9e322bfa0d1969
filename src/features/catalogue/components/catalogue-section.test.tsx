import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useOutboxSync } from '#src/hooks/use-outbox-sync.ts';
import { reportAnswer } from '#src/lib/connection.ts';
import { db } from '#src/lib/db.ts';
import { listOutbox } from '#src/lib/outbox.ts';
import { MUTATION_ERROR_TITLE } from '#src/lib/query-client.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { makeSite } from '#src/test-utils/factories.ts';
import { renderOnRoute, searchOf } from '#src/test-utils/render.tsx';

import { siteMarksOutbox } from '../api/site-marks.ts';
import { siteMarksSync } from '../api/site-marks-sync.ts';
import { CatalogueSection, DEFAULT_CATALOGUE_LAYOUT } from './catalogue-section.tsx';

/** What the signed-in layout mounts once a change waits: it sends the kept marks. */
function MarksSender() {
  useOutboxSync(siteMarksSync);
  return null;
}

const BUYER_DOMAIN = '11111111-1111-4111-8111-111111111111';

function listOf(sites: ReturnType<typeof makeSite>[], total = sites.length, page = 1, limit = 25) {
  return { data: sites, pagination: { page, limit, total } };
}

function sitesHandler(body: unknown) {
  return (call: Call) => {
    if (call.url.pathname === '/api/v1/buyer/sites') return jsonResponse(body);
    if (call.url.pathname.startsWith('/api/v1/common/')) return jsonResponse({ data: [] });
    return new Response(null, { status: 204 });
  };
}

beforeEach(async () => {
  await db.cataloguePages.clear();
  await db.outbox.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('catalogue table', () => {
  it('renders every cell by the spec rules', async () => {
    const site = makeSite({
      hostname: 'news.example.org',
      competitors: [{ hostname: 'rival.com' }, { hostname: 'other.net' }],
      is_back_linked: true,
      price: '0.00',
      tf_cf: 0.5,
      rd_ot: null,
      relevance_at: '2026-03-07T10:00:00Z',
      link_type: 'no_follow',
      sponsor_tag_type: 'rel_sponsored',
    });
    mockApi(sitesHandler(listOf([site, makeSite({ price: '1250.50' })])));
    // Every column shown, not the default layout.
    localStorage.setItem('domain_columns_table', JSON.stringify({ hidden: [] }));
    renderOnRoute(<CatalogueSection />, `/?filter[buyer_domain]=${BUYER_DOMAIN}`);

    const link = await screen.findByRole('link', { name: /^news\.example\.org/ });
    expect(link).toHaveAttribute('href', 'https://news.example.org');
    expect(link).toHaveAttribute('target', '_blank');
    const row = link.closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Already linked')).toBeInTheDocument();
    expect(cells.getByRole('button', { name: '2' })).toHaveAccessibleDescription(
      'rival.com, other.net',
    );
    expect(cells.getByText('free')).toBeInTheDocument();
    expect(cells.getByText('07/03/2026')).toBeInTheDocument();
    expect(cells.getByText('50%')).toBeInTheDocument();
    expect(cells.getByText('No-follow')).toBeInTheDocument();
    expect(cells.getByText('rel="sponsored"')).toBeInTheDocument();
    expect(cells.getByText('Germany')).toBeInTheDocument();
    expect(cells.getByRole('link', { name: /Details/ })).toHaveAttribute(
      'href',
      `/sites/${site.id}`,
    );
    expect(screen.getByText('€1,250.50')).toBeInTheDocument();
    expect(screen.getAllByText('per article')).toHaveLength(2);
    const flags = document.querySelectorAll('img[src="/api/v1/common/flags/de.svg"]');
    expect(flags).toHaveLength(2);
  });

  it('shows an internationalised site in Unicode and links to its ASCII address', async () => {
    const site = makeSite({
      hostname: 'xn--mnchen-3ya.de',
      competitors: [{ hostname: 'shop.xn--mller-kva.de' }],
    });
    mockApi(sitesHandler(listOf([site])));
    localStorage.setItem('domain_columns_table', JSON.stringify({ hidden: [] }));
    renderOnRoute(<CatalogueSection />, `/?filter[buyer_domain]=${BUYER_DOMAIN}`);

    const link = await screen.findByRole('link', { name: /^münchen\.de/ });
    expect(link).toHaveAttribute('href', 'https://xn--mnchen-3ya.de');
    const cells = within(link.closest('tr')!);
    expect(cells.getByRole('button', { name: '1' })).toHaveAccessibleDescription('shop.müller.de');
    expect(cells.getByRole('link', { name: /^Details/ })).toHaveTextContent(
      'Details about münchen.de',
    );
    expect(cells.getByRole('checkbox', { name: 'Select münchen.de' })).toBeInTheDocument();
  });

  it('hides the competitors and backlink columns without a buyer domain', async () => {
    mockApi(sitesHandler(listOf([makeSite()])));
    renderOnRoute(<CatalogueSection />);
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    expect(screen.queryByRole('columnheader', { name: /Competitors/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Backlinked/ })).not.toBeInTheDocument();
  });

  it('keeps the numbers of the rows on screen while the next page loads', async () => {
    const sites = Array.from({ length: 25 }, () => makeSite());
    mockApi((call) => {
      if (call.url.pathname !== '/api/v1/buyer/sites') return sitesHandler(null)(call);
      // The second page never arrives.
      if (call.url.searchParams.get('page') === '2') return new Promise<Response>(() => {});
      return jsonResponse(listOf(sites, 60));
    });
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    expect(await screen.findByText('Showing 1 to 25 of 60 entries')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByText('Showing 1 to 25 of 60 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('shows the pagination texts and changes rows per page', async () => {
    const sites = Array.from({ length: 25 }, () => makeSite());
    const { calls } = mockApi(sitesHandler(listOf(sites, 60, 2)));
    const { router } = renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x&page=2');
    expect(await screen.findByText('Showing 26 to 50 of 60 entries')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(searchOf(router)).toBe('?filter[website_topics][]=x&limit=50'));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('limit')).toBe('50'));
  });

  it('says so when nothing matches', async () => {
    mockApi(sitesHandler(listOf([], 0)));
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    expect(await screen.findByText('No entries found')).toBeInTheDocument();
  });

  it('counts the active filters on the Filters button and names each in a removable chip', async () => {
    mockApi(sitesHandler(listOf([makeSite()])));
    const user = userEvent.setup();
    const { router } = renderOnRoute(
      <CatalogueSection />,
      '/?filter[website_topics][]=Home_and_Garden&filter[link_types][]=do_follow&filter[is_favorite_site]=false&filter[ahrefs_domain_rating][max]=70&filter[search]=news&sorting[price]=ASC',
    );
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    // The search box is not one of the filters of the sheet.
    expect(screen.getByRole('button', { name: 'Filters, 4 active' })).toBeInTheDocument();
    const chips = within(screen.getByRole('list', { name: 'Active filters' })).getAllByRole(
      'listitem',
    );
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'DR: up to 70',
      'Topics: Home and Garden',
      'Link types: Do-follow',
      'Favorite sites: No',
    ]);

    await user.click(screen.getByRole('button', { name: 'Remove filter: Link types: Do-follow' }));
    await waitFor(() => expect(searchOf(router)).not.toContain('link_types'));
    expect(screen.getByRole('button', { name: 'Filters, 3 active' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove filter: Favorite sites: No' })).toHaveFocus();

    // A reset returns to the default filters; the search and the sorting stay.
    await user.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&filter[search]=news&sorting[price]=ASC',
      ),
    );
    expect(screen.getByRole('button', { name: 'Filters, 2 active' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Reset filters' })).not.toBeInTheDocument();
  });

  it('offers to reset the filters and clear the search when nothing matches', async () => {
    mockApi(sitesHandler(listOf([], 0)));
    const user = userEvent.setup();
    const { router } = renderOnRoute(
      <CatalogueSection />,
      '/?filter[ahrefs_domain_rating][min]=99&filter[search]=zzz&sorting[price]=ASC',
    );
    const empty = (
      await screen.findByText('No sites match these filters. Try widening or resetting them.')
    ).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'Reset filters' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&filter[search]=zzz&sorting[price]=ASC',
      ),
    );
    await user.click(within(empty).getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(searchOf(router)).not.toContain('search'));
  });

  it('takes the header row in one Tab, moves along it with the arrows and sorts with Enter', async () => {
    mockApi(sitesHandler(listOf([makeSite({ hostname: 'news.example.org' })])));
    const { router } = renderOnRoute(<CatalogueSection />);
    await screen.findByRole('link', { name: /^news\.example\.org/ });
    const user = userEvent.setup();
    const selectAll = screen.getByRole('checkbox', { name: 'Select all rows' });
    for (let presses = 0; presses < 20 && document.activeElement !== selectAll; presses += 1) {
      await user.tab();
    }
    expect(selectAll).toHaveFocus();
    // The header row is one stop: the next Tab is in the first row.
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Select news.example.org' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(selectAll).toHaveFocus();

    // The favourite and blacklist headers have nothing to press: Right goes on to Domain.
    await user.keyboard('{ArrowRight}');
    const domain = within(screen.getByRole('columnheader', { name: /Domain/ })).getByRole(
      'button',
      { name: 'Domain' },
    );
    expect(domain).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const dr = within(screen.getByRole('columnheader', { name: /DR/ })).getByRole('button', {
      name: 'DR',
    });
    expect(dr).toHaveFocus();
    await user.keyboard('{Enter}');
    // DR was sorted descending by the preset: the next press clears it.
    await waitFor(() => expect(searchOf(router)).not.toContain('sorting'));
    expect(screen.getByRole('columnheader', { name: /DR/ })).not.toHaveAttribute('aria-sort');
  });

  it('names each cell of a row for its card on a phone, hidden from screen readers', async () => {
    mockApi(sitesHandler(listOf([makeSite({ hostname: 'news.example.org' })])));
    renderOnRoute(<CatalogueSection />);
    const link = await screen.findByRole('link', { name: /^news\.example\.org/ });
    const row = link.closest('tr')!;
    expect(row).toHaveClass('max-md:grid');
    const price = within(row).getByText('per article').closest('td')!;
    // The name is drawn before the value from the cell's attribute, with empty alternative text,
    // so the cell's accessible text stays its value alone.
    expect(price).toHaveAttribute('data-label', 'Price');
    expect(price.className).toContain("max-md:before:content-[attr(data-label)_/_'']");
    expect(price).toHaveTextContent(/^€[\d,.]+per article$/);
    // The domain and the actions span the card and need no name.
    expect(link.closest('td')).toHaveClass('max-md:col-span-3');
    expect(link.closest('td')).not.toHaveAttribute('data-label');
    const actions = within(row).getByRole('link', { name: /Details/ });
    expect(actions.closest('td')).toHaveClass('max-md:col-span-3');
    expect(actions.closest('td')).not.toHaveAttribute('data-label');
    expect(link.closest('td')).toHaveClass('lg:sticky', 'lg:left-0');
  });

  it('applies the default preset when the address has no filter', async () => {
    const { calls } = mockApi(sitesHandler(listOf([makeSite()])));
    const { router } = renderOnRoute(<CatalogueSection />);
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    expect(searchOf(router)).toBe(
      '?filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC',
    );
    const sent = decodeURIComponent(
      calls.find((c) => c.url.pathname === '/api/v1/buyer/sites')!.url.search,
    );
    expect(sent).toContain('filter[ahrefs_domain_rating][min]=20');
    expect(sent).toContain('sorting[ahrefs_domain_rating]=DESC');
    expect(screen.getByRole('columnheader', { name: /DR/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('sorts from the column menu, adds a sort with shift-click, and keeps it in the address', async () => {
    mockApi(sitesHandler(listOf([makeSite()])));
    const user = userEvent.setup();
    const { router } = renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x&page=3');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Column options for Price' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sort ascending' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe('?filter[website_topics][]=x&sorting[price]=ASC'),
    );
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'RD' }));
    await user.keyboard('{/Shift}');
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[website_topics][]=x&sorting[price]=ASC&sorting[ahrefs_referring_domains]=ASC',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Column options for Price' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Clear sorting' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[website_topics][]=x&sorting[ahrefs_referring_domains]=ASC',
      ),
    );
  });

  it('sorts from the phone’s Sort by choice, which shows the current sorting', async () => {
    mockApi(sitesHandler(listOf([makeSite()])));
    const user = userEvent.setup();
    const { router } = renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x&page=3');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sortBy, 'Price, low to high');
    await waitFor(() =>
      expect(searchOf(router)).toBe('?filter[website_topics][]=x&sorting[price]=ASC'),
    );
    expect(sortBy).toHaveDisplayValue('Price, low to high');
    await user.selectOptions(sortBy, 'DR, high to low');
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[website_topics][]=x&sorting[ahrefs_domain_rating]=DESC',
      ),
    );
    await user.selectOptions(sortBy, 'Not sorted');
    await waitFor(() => expect(searchOf(router)).toBe('?filter[website_topics][]=x'));
  });

  it('shows the most used columns until the buyer chooses others', async () => {
    mockApi(sitesHandler(listOf([makeSite()])));
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    for (const name of [/^DR/, /^Traffic/, /^Price/]) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: /IP address/ })).not.toBeInTheDocument();
    expect(DEFAULT_CATALOGUE_LAYOUT.hidden).toContain('ip_address');
  });

  it('hides a column from its menu and restores it from the column chooser', async () => {
    mockApi(sitesHandler(listOf([makeSite()])));
    const user = userEvent.setup();
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.click(screen.getByRole('button', { name: 'Column options for Link type' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Hide column' }));
    expect(screen.queryByRole('columnheader', { name: /Link type/ })).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('domain_columns_table')!)).toEqual({
      hidden: [...DEFAULT_CATALOGUE_LAYOUT.hidden, 'link_type'],
    });
    await user.click(screen.getByRole('button', { name: /Columns/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Link type' }));
    expect(await screen.findByRole('columnheader', { name: /Link type/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('domain_columns_table')!)).toEqual(
      DEFAULT_CATALOGUE_LAYOUT,
    );
  });

  it('selects all rows and marks the selection as favourites', async () => {
    const sites = [makeSite(), makeSite()];
    const { calls } = mockApi(sitesHandler(listOf(sites)));
    const user = userEvent.setup();
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    await screen.findAllByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    for (const site of sites) {
      expect(screen.getByRole('checkbox', { name: `Select ${site.hostname}` })).toBeChecked();
    }
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add selected to favorites' }));
    await waitFor(() => {
      const post = calls.find((c) => c.method === 'POST');
      expect(post?.url.pathname).toBe('/api/v1/buyer/sites/favorites');
      expect(post?.body).toEqual({ ids: sites.map((s) => s.id) });
    });
    expect(await screen.findByText('Added to favorite domains filter')).toBeInTheDocument();
  });

  it('toggles a favourite and a blacklist mark with their messages', async () => {
    const site = makeSite({ is_marked_as_favorite: true });
    const { calls } = mockApi(sitesHandler(listOf([site])));
    const user = userEvent.setup();
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    const favorite = await screen.findByRole('button', { name: `Favorite ${site.hostname}` });
    expect(favorite).toHaveAttribute('aria-pressed', 'true');
    await user.click(favorite);
    expect(await screen.findByText('Removed from favorite domains filter')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.url.pathname).toBe(
      '/api/v1/buyer/sites/favorites/removals',
    );
    const box = screen.getByRole('checkbox', { name: `Blacklist ${site.hostname}` });
    await user.click(box);
    // The row is updated in place, not rebuilt: focus stays on the control.
    expect(box.isConnected).toBe(true);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(await screen.findByText('Added to blacklist')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.url.pathname).toBe(
      '/api/v1/buyer/sites/blacklists',
    );

    // Undo takes the site off the blacklist again.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/buyer/sites/blacklists/removals')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Removed from blacklist')).toBeInTheDocument();
  });

  it('offline keeps a favorite and a blacklist mark on this device, shows them at once and says so', async () => {
    const site = makeSite();
    const { calls } = mockApi(sitesHandler(listOf([site])));
    setOnline(false);
    const user = userEvent.setup();
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    const favorite = await screen.findByRole('button', { name: `Favorite ${site.hostname}` });
    expect(
      screen.getByText(
        'You are offline: favorite and blacklist changes are kept on this device and sent when the connection returns.',
      ),
    ).toBeInTheDocument();
    expect(favorite).toBeEnabled();
    await user.click(favorite);
    expect(
      await screen.findByText(
        `You are offline: ${site.hostname} will be added to favorites when the connection returns.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Favorite ${site.hostname}` })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(favorite.isConnected).toBe(true);
    const box = screen.getByRole('checkbox', { name: `Blacklist ${site.hostname}` });
    await user.click(box);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: `Blacklist ${site.hostname}` })).toBeChecked(),
    );
    expect(
      await screen.findByText('Waiting to sync: 2 favorite or blacklist changes made offline.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(MUTATION_ERROR_TITLE)).not.toBeInTheDocument();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
    const kept = await listOutbox(siteMarksOutbox);
    expect(kept.map((entry) => entry.variables)).toEqual([
      { mark: 'favorites', ids: [site.id], value: true, hostnames: [site.hostname] },
      { mark: 'blacklists', ids: [site.id], value: true, hostnames: [site.hostname] },
    ]);
    expect(new Set(kept.map((entry) => entry.idempotencyKey)).size).toBe(2);
  });

  it('keeps a mark whose request got no answer where the browser says it is online, and sends it later with the same key', async () => {
    const site = makeSite();
    let isReachable = false;
    const { calls } = mockApi((call) => {
      if (!isReachable && call.method !== 'GET') throw new TypeError('Failed to fetch');
      return sitesHandler(listOf([site]))(call);
    });
    const user = userEvent.setup();
    renderOnRoute(
      <>
        <CatalogueSection />
        <MarksSender />
      </>,
      '/?filter[website_topics][]=x',
    );
    await user.click(await screen.findByRole('button', { name: `Favorite ${site.hostname}` }));
    expect(
      await screen.findByText(
        `You are offline: ${site.hostname} will be added to favorites when the connection returns.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(MUTATION_ERROR_TITLE)).not.toBeInTheDocument();
    const [entry] = await listOutbox(siteMarksOutbox);
    expect(entry?.variables.ids).toEqual([site.id]);

    isReachable = true;
    reportAnswer();
    await waitFor(async () => expect(await listOutbox(siteMarksOutbox)).toEqual([]));
    const sent = calls.filter((c) => c.method === 'POST');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const delivered = sent.at(-1)!;
    expect(delivered.url.pathname).toBe('/api/v1/buyer/sites/favorites');
    expect(delivered.body).toEqual({ ids: [site.id] });
    expect(new Set(sent.map((c) => c.headers.get('idempotency-key')))).toEqual(
      new Set([entry?.idempotencyKey]),
    );
    expect(await screen.findByText('Favorites and blacklist synced')).toBeInTheDocument();
  });

  it('searches by domain or keyword after a pause in typing', async () => {
    mockApi(sitesHandler(listOf([makeSite()])));
    const user = userEvent.setup();
    const { router } = renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x&page=2');
    await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search by domain or keyword' }), 'news');
    await waitFor(() =>
      expect(searchOf(router)).toBe('?filter[website_topics][]=x&filter[search]=news'),
    );
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    mockApi((call) => {
      if (call.url.pathname === '/api/v1/buyer/sites') {
        return fail
          ? jsonResponse({ code: 400, message: 'Bad filter' }, 400)
          : jsonResponse(listOf([makeSite({ hostname: 'back.example.com' })]));
      }
      return jsonResponse({ data: [] });
    });
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    expect(await screen.findByText('Bad filter')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: /^back\.example\.com/ })).toBeInTheDocument();
  });
});

describe('catalogue offline', () => {
  it('shows the stored page with its date when the server cannot be reached', async () => {
    let online = true;
    mockApi((call) => {
      if (!online) throw new TypeError('Failed to fetch');
      if (call.url.pathname === '/api/v1/buyer/sites') {
        return jsonResponse(listOf([makeSite({ hostname: 'stored.example.com' })]));
      }
      return jsonResponse({ data: [] });
    });
    const first = renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    await screen.findByRole('link', { name: /^stored\.example\.com/ });
    await waitFor(async () => expect(await db.cataloguePages.count()).toBe(1));
    first.unmount();

    online = false;
    const second = renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    expect(await screen.findByRole('link', { name: /^stored\.example\.com/ })).toBeInTheDocument();
    expect(screen.getByText(/^Showing data saved on \d{2}\/\d{2}\/\d{4}/)).toBeInTheDocument();
    second.unmount();

    renderOnRoute(<CatalogueSection />, '/?filter[niche][]=y');
    expect(
      await screen.findByText(
        'This page is not saved on this device. Open it once while online to see it offline.',
      ),
    ).toBeInTheDocument();
  });
});
