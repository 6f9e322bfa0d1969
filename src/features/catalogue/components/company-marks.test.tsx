import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { db } from '#src/lib/db.ts';
import { listOutbox } from '#src/lib/outbox.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { makeSite } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { siteMarksOutbox } from '../api/site-marks.ts';
import { CatalogueSection } from './catalogue-section.tsx';

function sitesHandler(sites: ReturnType<typeof makeSite>[]) {
  return (call: Call) => {
    if (call.url.pathname === '/api/v1/buyer/sites') {
      return jsonResponse({ data: sites, pagination: { page: 1, limit: 25, total: sites.length } });
    }
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

describe('favourites and blacklist shared with the company', () => {
  it('shows which marks are just for the buyer and which are for the company', async () => {
    const site = makeSite({ is_company_favorite: true, is_in_company_blacklist: true });
    mockApi(sitesHandler([site]));
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    const company = await screen.findByRole('button', {
      name: `Company favorite ${site.hostname}`,
    });
    expect(company).toHaveAttribute('aria-pressed', 'true');
    expect(company).toHaveAccessibleDescription('Remove from favorites for the company');
    const own = screen.getByRole('button', { name: `Favorite ${site.hostname}` });
    expect(own).toHaveAttribute('aria-pressed', 'false');
    expect(own).toHaveAccessibleDescription('Add to favorites just for me');
    const row = within(company.closest('tr')!);
    expect(
      row.getByRole('checkbox', { name: `Blacklist ${site.hostname} for the company` }),
    ).toBeChecked();
    expect(row.getByRole('checkbox', { name: `Blacklist ${site.hostname}` })).not.toBeChecked();
  });

  it('sends a company mark with its scope and says whose list changed', async () => {
    const site = makeSite();
    const { calls } = mockApi(sitesHandler([site]));
    const user = userEvent.setup();
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    const company = await screen.findByRole('button', {
      name: `Company favorite ${site.hostname}`,
    });
    await user.click(company);
    expect(await screen.findByText("Added to the company's favorites")).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url.pathname).toBe('/api/v1/buyer/sites/favorites');
    expect(post?.body).toEqual({ ids: [site.id], scope: 'company' });

    await user.click(
      screen.getByRole('checkbox', { name: `Blacklist ${site.hostname} for the company` }),
    );
    expect(await screen.findByText("Added to the company's blacklist")).toBeInTheDocument();
    const blacklisted = calls.find((c) => c.url.pathname === '/api/v1/buyer/sites/blacklists');
    expect(blacklisted?.body).toEqual({ ids: [site.id], scope: 'company' });
  });

  it('blacklists a selection for the company when the selection bar says so', async () => {
    const sites = [makeSite(), makeSite()];
    const { calls } = mockApi(sitesHandler(sites));
    const user = userEvent.setup();
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all rows' }));
    const bar = within(screen.getByRole('region', { name: 'Selected sites' }));
    await user.click(bar.getByRole('checkbox', { name: 'For the company' }));
    await user.click(bar.getByRole('button', { name: 'Add selected to blacklist' }));
    expect(await screen.findByText("Added to the company's blacklist")).toBeInTheDocument();
    const post = calls.find((c) => c.url.pathname === '/api/v1/buyer/sites/blacklists');
    expect(post?.body).toEqual({ ids: sites.map((site) => site.id), scope: 'company' });
  });

  it('offline keeps a company mark with its scope and shows it at once on the company toggle', async () => {
    const site = makeSite();
    mockApi(sitesHandler([site]));
    setOnline(false);
    const user = userEvent.setup();
    renderOnRoute(<CatalogueSection />, '/?filter[website_topics][]=x');
    await user.click(
      await screen.findByRole('button', { name: `Company favorite ${site.hostname}` }),
    );
    expect(
      await screen.findByText(
        `You are offline: ${site.hostname} will be added to the company's favorites when the connection returns.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: `Company favorite ${site.hostname}` }),
      ).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(screen.getByRole('button', { name: `Favorite ${site.hostname}` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const kept = await listOutbox(siteMarksOutbox);
    expect(kept.map((entry) => entry.variables)).toEqual([
      {
        mark: 'favorites',
        ids: [site.id],
        value: true,
        scope: 'company',
        hostnames: [site.hostname],
      },
    ]);
  });
});
