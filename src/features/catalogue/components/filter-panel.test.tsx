import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { type Call, jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeSite } from '#src/test-utils/factories.ts';
import { renderOnRoute, searchOf } from '#src/test-utils/render.tsx';

import { CatalogueSection } from './catalogue-section.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const DE = '00000000-0000-4000-8000-0000000000c1';

const TLDS = [
  { id: '00000000-0000-4000-8000-0000000000a1', title: '.uk' },
  { id: '00000000-0000-4000-8000-0000000000a2', title: '.co.uk' },
  { id: '00000000-0000-4000-8000-0000000000a3', title: '.com' },
];

function api(call: Call): Response {
  const path = call.url.pathname;
  if (path === '/api/v1/buyer/sites') {
    return jsonResponse({ data: [makeSite()], pagination: { page: 1, limit: 25, total: 1 } });
  }
  if (path === '/api/v1/common/countries') {
    return jsonResponse({
      data: [
        { id: DE, title: 'Germany', code: 'DE' },
        { id: '00000000-0000-4000-8000-0000000000c2', title: 'France', code: 'FR' },
      ],
    });
  }
  if (path === '/api/v1/common/top-level-domains') {
    const term = call.url.searchParams.get('filter[search]');
    if (term === null) return jsonResponse({ data: TLDS });
    return jsonResponse({ data: TLDS.filter((t) => t.title.endsWith(term)) });
  }
  return jsonResponse({ data: [] });
}

async function openPanel(initialEntry = '/?filter[website_topics][]=x&page=4') {
  const user = userEvent.setup();
  const view = renderOnRoute(<CatalogueSection />, initialEntry);
  await screen.findByRole('link', { name: /^site-\d+\.example\.com/ });
  await user.click(screen.getByRole('button', { name: /^Filters(, \d+ active)?$/ }));
  const panel = await screen.findByRole('form', { name: 'Catalogue filters' });
  // The actions sit in the sheet's footer, outside the form's scrolling fields.
  const sheet = screen.getByRole('dialog', { name: 'Filters' });
  return { user, panel, sheet, ...view };
}

describe('filter panel', () => {
  it('opens on the first field, and Apply is two Shift+Tabs away', async () => {
    mockApi(api);
    const { user, panel, sheet } = await openPanel();
    await waitFor(() => expect(within(panel).getByLabelText('DR min')).toHaveFocus());
    await user.tab({ shift: true });
    expect(within(sheet).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(sheet).getByRole('button', { name: 'Apply filters' })).toHaveFocus();
  });

  it('refuses a minimum above the maximum, saying so in words for the buyer beside the range', async () => {
    mockApi(api);
    const { user, panel, sheet } = await openPanel();
    await user.type(within(panel).getByLabelText('DR min'), '50');
    await user.type(within(panel).getByLabelText('DR max'), '10');
    expect(within(panel).queryByText(/less than or equal/)).not.toBeInTheDocument();
    // Both boxes of the range point at the message, which names no schema field.
    expect(within(panel).getByLabelText('DR min')).toHaveAccessibleDescription(
      'The minimum must not be above the maximum.',
    );
    expect(within(panel).getByLabelText('DR max')).toHaveAccessibleDescription(
      'The minimum must not be above the maximum.',
    );
    expect(within(panel).getByLabelText('DR min')).toHaveAttribute('aria-invalid', 'true');
    expect(within(sheet).getByRole('button', { name: 'Apply filters' })).toBeDisabled();
  });

  it('keeps ratings within 0 to 100 and counts whole, as they are typed', async () => {
    mockApi(api);
    const { user, panel, sheet, router } = await openPanel();
    const min = within(panel).getByLabelText('DR min');
    const max = within(panel).getByLabelText('DR max');
    expect(min).toHaveAttribute('min', '0');
    expect(max).toHaveAttribute('max', '100');
    await user.type(min, '-5');
    await user.type(max, '500');
    expect(min).toHaveValue(0);
    expect(max).toHaveValue(100);
    await user.type(within(panel).getByLabelText('Referring domains min'), '2.6');
    expect(within(panel).getByLabelText('Referring domains min')).toHaveValue(3);
    await user.click(within(sheet).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(searchOf(router)).toContain(
        '&filter[ahrefs_domain_rating][min]=0&filter[ahrefs_domain_rating][max]=100&filter[ahrefs_referring_domains][min]=3',
      ),
    );
  });

  it('writes the filters to the address and returns to the first page', async () => {
    const { calls } = mockApi(api);
    const { user, panel, sheet, router } = await openPanel();
    await user.type(within(panel).getByLabelText('DR min'), '30');
    await user.type(within(panel).getByLabelText('DR max'), '70');
    await user.click(within(panel).getByText('Countries', { selector: 'summary' }));
    await user.click(await within(panel).findByRole('checkbox', { name: 'Germany' }));
    await user.selectOptions(within(panel).getByLabelText('Last published'), '6');
    await user.selectOptions(within(panel).getByLabelText('Favorite sites'), 'true');
    await user.click(within(sheet).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[website_topics][]=x&filter[ahrefs_domain_rating][min]=30&filter[ahrefs_domain_rating][max]=70' +
          `&filter[main_countries][]=${DE}&filter[last_updated_or]=6&filter[is_favorite_site]=true`,
      ),
    );
    await waitFor(() => {
      const sent = decodeURIComponent(
        calls.filter((c) => c.url.pathname === '/api/v1/buyer/sites').at(-1)!.url.search,
      );
      expect(sent).toMatch(/filter\[last_updated_or\]\[min\]=\d{4}-\d{2}-\d{2}/);
      expect(sent).toContain('page=1');
    });
  });

  it('reduces a typed URL to a known TLD and picks it through the lookup', async () => {
    mockApi(api);
    const { user, panel, sheet, router } = await openPanel();
    await user.type(
      within(panel).getByLabelText('TLD or domain'),
      'https://shop.example.co.uk/page',
    );
    await user.click(within(panel).getByRole('button', { name: 'Add TLD' }));
    const chosen = await within(panel).findByRole('list', { name: 'Chosen TLDs' });
    expect(within(chosen).getByRole('button', { name: /\.co\.uk/ })).toBeInTheDocument();
    await user.click(within(sheet).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe('?filter[website_topics][]=x&filter[tlds][]=.co.uk'),
    );
  });

  it('clears the TLD filter when the input is not a domain', async () => {
    mockApi(api);
    const { user, panel } = await openPanel();
    await user.type(within(panel).getByLabelText('TLD or domain'), 'example.com');
    await user.click(within(panel).getByRole('button', { name: 'Add TLD' }));
    await within(panel).findByRole('list', { name: 'Chosen TLDs' });
    await user.type(within(panel).getByLabelText('TLD or domain'), 'not a domain');
    await user.click(within(panel).getByRole('button', { name: 'Add TLD' }));
    expect(await within(panel).findByText(/the TLD filter was cleared/)).toBeInTheDocument();
    expect(within(panel).queryByRole('list', { name: 'Chosen TLDs' })).not.toBeInTheDocument();
  });

  it('resets everything to the defaults and resets sorting', async () => {
    mockApi(api);
    const { user, sheet, router } = await openPanel();
    await user.click(within(sheet).getByRole('button', { name: 'Reset all' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&sorting[ahrefs_domain_rating]=DESC',
      ),
    );
    await user.click(screen.getByRole('button', { name: /^Filters(, \d+ active)?$/ }));
    await user.click(await screen.findByRole('button', { name: 'Reset sorting' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000',
      ),
    );
  });

  it('keeps the saved-filters "only favorites" setting through a reset', async () => {
    mockApi(api);
    const { user, sheet, router } = await openPanel(
      '/?filter[website_topics][]=x&filter[only_favorite]=true&page=4',
    );
    await user.click(within(sheet).getByRole('button', { name: 'Reset all' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[ahrefs_domain_rating][min]=20&filter[main_country_traffic][min]=1000&filter[only_favorite]=true&sorting[ahrefs_domain_rating]=DESC',
      ),
    );
  });
});
