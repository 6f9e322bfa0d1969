import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { makeSite, makeSiteDetail, SITE_ID } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { catalogueQueries } from '../api/queries.ts';
import { SiteDetailView } from './site-detail.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NICHE = '00000000-0000-4000-8000-0000000000d1';
const DOMAIN = '00000000-0000-4000-8000-0000000000b1';

describe('site detail', () => {
  it('shows the site, its prices per niche, the matchup and similar sites', async () => {
    const site = makeSite({
      hostname: 'detail.example.com',
      competitors: [{ hostname: 'rival.com' }],
      is_back_linked: false,
      is_marked_as_favorite: true,
      is_company_favorite: true,
      is_in_company_blacklist: true,
    });
    const similar = makeSite({ hostname: 'twin.example.com', ahrefs_domain_rating: 57 });
    const { calls } = mockApi((call) => {
      if (call.url.pathname === `/api/v1/buyer/sites/${site.id}`) {
        return jsonResponse({
          ...site,
          comments: 'Publishes within a week.',
          description: 'A technology news site.',
          placement_period: null,
          last_placement_at: null,
          accepted_niches: [{ id: NICHE, title: 'Casino' }],
          referring_domains: ['ref-one.com', 'ref-two.org'],
          similar: { by_domain_rating: [similar], by_price: [similar], by_traffic: [similar] },
          prices: [
            { price: '150.00', niche: { id: NICHE, title: 'Casino' } },
            { price: '0.00', niche: { id: `${NICHE.slice(0, -1)}2`, title: 'General' } },
          ],
        });
      }
      return jsonResponse({}, 404);
    });
    renderOnRoute(
      <SiteDetailView
        id={site.id}
        buyerDomain={DOMAIN}
        backTo="/?filter[niche][]=casino"
        renderBuyAction={(shown) => <button type="button">Buy on {shown.hostname}</button>}
      />,
    );

    expect(
      await screen.findByRole('heading', { name: 'Details about detail.example.com' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Data is updated 1-2 times a month.')).toBeInTheDocument();
    const prices = screen.getByRole('table', { name: 'Price per niche' });
    expect(within(prices).getByRole('row', { name: 'Casino €150.00' })).toBeInTheDocument();
    expect(within(prices).getByRole('row', { name: 'General free' })).toBeInTheDocument();
    expect(screen.getByText('This site does not link to your domain yet.')).toBeInTheDocument();
    expect(screen.getByText('rival.com')).toBeInTheDocument();
    expect(screen.getByText('Publishes within a week.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'twin.example.com' })).toHaveLength(3);
    expect(calls[0]!.url.searchParams.get('buyer_domain')).toBe(DOMAIN);
    expect(screen.getByText('A technology news site.')).toBeInTheDocument();
    // Whose marks they are: the buyer's own, the company's, or both.
    expect(screen.getByText('Favorite').nextSibling).toHaveTextContent(
      'Just for me and for the company',
    );
    expect(screen.getByText('Blacklisted').nextSibling).toHaveTextContent('For the company');
    expect(screen.getByRole('list', { name: 'Sample of referring domains' })).toHaveTextContent(
      'ref-one.comref-two.org',
    );
    expect(screen.getByRole('list', { name: 'Similar DR' })).toHaveTextContent('DR 57');
    expect(screen.getByRole('button', { name: 'Buy on detail.example.com' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the list/ })).toHaveAttribute(
      'href',
      '/?filter[niche][]=casino',
    );
  });

  it('says when the site does not exist, with the way back to the list instead of a retry', async () => {
    mockApi(() => jsonResponse({ code: 404, message: 'Site not found' }, 404));
    renderOnRoute(
      <SiteDetailView
        id="00000000-0000-4000-8000-000000000999"
        buyerDomain={null}
        backTo="/?page=2"
      />,
    );
    expect(await screen.findByText('Site not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute(
      'href',
      '/?page=2',
    );
    expect(screen.queryByRole('button', { name: /try again/i })).not.toBeInTheDocument();
  });

  it('does not ask the server for an address that is not a site id', async () => {
    const { calls } = mockApi(() => jsonResponse({}, 500));
    renderOnRoute(<SiteDetailView id="garbage" buyerDomain={null} backTo="/" />);
    expect(await screen.findByText('Site not found')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('offline shows the site as last loaded instead of the failed refresh', async () => {
    setOnline(false);
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    const view = <SiteDetailView id={SITE_ID} buyerDomain={null} backTo="/" />;
    const { queryClient, unmount } = renderOnRoute(view, '/', '/', (client) =>
      client.setQueryData(catalogueQueries.detail(SITE_ID, null).queryKey, makeSiteDetail(), {
        updatedAt: 1,
      }),
    );
    expect(
      await screen.findByText('You are offline: this site is shown as last loaded.'),
    ).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryState(catalogueQueries.detail(SITE_ID, null).queryKey)?.status,
      ).toBe('error'),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Details about');
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    unmount();

    renderOnRoute(<SiteDetailView id={SITE_ID} buyerDomain={null} backTo="/" />);
    expect(await screen.findByText('Not available offline')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
