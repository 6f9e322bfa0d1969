import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import type { BuyerDomain } from '#contract/domains.ts';
import { createSessionManager } from '#src/features/auth/session-manager.ts';
import { domainQueries } from '#src/features/domains/api/queries.ts';
import { rememberedDomain, rememberSelectedDomain } from '#src/features/domains/selected-domain.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { clearSelectionCookies } from '#src/lib/cookies.ts';
import { createSessionStore } from '#src/lib/session-store.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { makeBuyerProfile, makeBuyerProfileAs, makeSite } from '#src/test-utils/factories.ts';
import { createTestQueryClient, renderRoutes, searchOf } from '#src/test-utils/render.tsx';
import { tokenValidFor } from '#src/test-utils/tokens.ts';

import { Component as Home } from './home.tsx';

const FIRST = '00000000-0000-4000-8000-00000000c001';
const SECOND = '00000000-0000-4000-8000-00000000c002';

const domains: BuyerDomain[] = [
  { id: FIRST, hostname: 'mysite.com', referents_file: null, import_status: null },
  { id: SECOND, hostname: 'shop.example', referents_file: null, import_status: null },
];

function api(call: Call): Response {
  const path = call.url.pathname;
  const list = (data: unknown[]) =>
    jsonResponse({ data, pagination: { page: 1, limit: 25, total: data.length } });
  if (path === '/api/v1/buyer/profiles') return jsonResponse(makeBuyerProfile());
  if (path === '/api/v1/buyer/domains') return list(domains);
  if (path === '/api/v1/buyer/sites') return list([makeSite()]);
  return list([]);
}

function renderHome(initialEntry: string, queryClient?: QueryClient) {
  localStorage.setItem('access_token', tokenValidFor(900));
  localStorage.setItem('refresh_token', 'r1');
  const store = createSessionStore(localStorage, window);
  const session = createSessionManager({ store, refresh: vi.fn(), clearUserData: vi.fn() });
  return renderRoutes([{ path: '/', element: <Home /> }], {
    session,
    initialEntries: [initialEntry],
    queryClient,
  });
}

beforeEach(() => clearSelectionCookies());
afterEach(() => {
  clearSelectionCookies();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard domain choice', () => {
  it('writes the chosen domain into the address and remembers it for a bare /', async () => {
    mockApi(api);
    const user = userEvent.setup();
    const first = renderHome('/?filter[website_topics][]=casino');
    const select = await screen.findByRole('combobox', { name: 'Domain' });
    await screen.findByRole('option', { name: 'shop.example' });
    await user.selectOptions(select, SECOND);
    await waitFor(() =>
      expect(searchOf(first.router)).toBe(
        `?filter[website_topics][]=casino&filter[buyer_domain]=${SECOND}`,
      ),
    );
    expect(rememberedDomain()).toBe(SECOND);
    first.unmount();

    const second = renderHome('/');
    await waitFor(() =>
      expect(searchOf(second.router)).toContain(`filter[buyer_domain]=${SECOND}`),
    );
    // The default preset still applies to the restored address.
    expect(searchOf(second.router)).toContain('filter[ahrefs_domain_rating][min]=20');
    expect(await screen.findByRole('combobox', { name: 'Domain' })).toHaveValue(SECOND);
  });

  it('follows the address, not the memory, when the address names a domain', async () => {
    mockApi(api);
    rememberSelectedDomain(SECOND);
    const { router } = renderHome(`/?filter[buyer_domain]=${FIRST}`);
    await screen.findByRole('option', { name: 'mysite.com' });
    expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveValue(FIRST);
    expect(searchOf(router)).toBe(`?filter[buyer_domain]=${FIRST}`);
  });

  it('disables the domain entries with a hint until a domain is chosen', async () => {
    mockApi(api);
    renderHome('/');
    await screen.findByRole('option', { name: 'mysite.com' });
    for (const name of ["Competitors' backlinks", 'Referring domains', 'Link gap']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
    expect(
      screen.getByRole('button', { name: "Competitors' backlinks" }),
    ).toHaveAccessibleDescription(
      'Choose a domain above to add its competitors and referring domains.',
    );
    expect(screen.getByRole('button', { name: 'Add domain' })).toBeEnabled();
  });

  it('opens the link gap of the chosen domain in one click', async () => {
    mockApi(api);
    const user = userEvent.setup();
    const { router } = renderHome(`/?filter[buyer_domain]=${FIRST}&page=3`);
    const linkGap = await screen.findByRole('button', { name: 'Link gap' });
    await waitFor(() => expect(linkGap).toBeEnabled());
    expect(linkGap).toHaveAccessibleDescription(/link to your competitors but not to you/);
    expect(linkGap).toHaveAttribute('aria-pressed', 'false');
    await user.click(linkGap);
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        `?filter[buyer_domain]=${FIRST}&filter[competitors]=true&filter[is_back_linked]=false`,
      ),
    );
    expect(screen.getByRole('button', { name: 'Link gap' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Without competitors the gap is empty, and the dashboard says what fills it.
    expect(
      await screen.findByText(/mysite\.com has no competitors yet, so its link gap is empty/),
    ).toBeInTheDocument();

    // A second press turns it off again.
    await user.click(screen.getByRole('button', { name: 'Link gap' }));
    await waitFor(() => expect(searchOf(router)).toBe(`?filter[buyer_domain]=${FIRST}`));
  });

  it('drops the link gap with the domain when "All domains" is chosen', async () => {
    mockApi(api);
    const user = userEvent.setup();
    const { router } = renderHome(
      `/?filter[buyer_domain]=${FIRST}&filter[competitors]=true&filter[is_back_linked]=false`,
    );
    const select = await screen.findByRole('combobox', { name: 'Domain' });
    await screen.findByRole('option', { name: 'mysite.com' });
    await user.selectOptions(select, '');
    await waitFor(() => expect(searchOf(router)).not.toContain('buyer_domain'));
    expect(searchOf(router)).not.toContain('competitors');
    expect(searchOf(router)).not.toContain('is_back_linked');
  });

  it('chooses a domain added from the dashboard', async () => {
    const added: BuyerDomain = {
      id: '00000000-0000-4000-8000-00000000c003',
      hostname: 'fresh.example',
      referents_file: null,
      import_status: null,
    };
    let kept = domains;
    mockApi((call) => {
      if (call.url.pathname === '/api/v1/buyer/domains' && call.method === 'POST') {
        kept = [...domains, added];
        return jsonResponse(added, 201);
      }
      if (call.url.pathname === '/api/v1/buyer/domains') {
        return jsonResponse({ data: kept, pagination: { page: 1, limit: 25, total: kept.length } });
      }
      return api(call);
    });
    const user = userEvent.setup();
    const { router } = renderHome(`/?filter[buyer_domain]=${FIRST}`);
    await user.click(await screen.findByRole('button', { name: 'Add domain' }));
    await user.type(await screen.findByLabelText('Domain', { selector: 'input' }), 'fresh.example');
    await user.click(screen.getByRole('button', { name: 'Add domain', hidden: false }));
    await waitFor(() => expect(searchOf(router)).toContain(`filter[buyer_domain]=${added.id}`));
    expect(rememberedDomain()).toBe(added.id);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Domain' })).toHaveValue(added.id),
    );
  });

  it('opens the competitors dialog for the chosen domain', async () => {
    mockApi(api);
    const user = userEvent.setup();
    renderHome(`/?filter[buyer_domain]=${SECOND}`);
    const entry = await screen.findByRole('button', { name: "Competitors' backlinks" });
    await waitFor(() => expect(entry).toBeEnabled());
    await user.click(entry);
    expect(
      await screen.findByRole('dialog', { name: 'Competitors of shop.example' }),
    ).toBeInTheDocument();
  });

  it('offers the free strategy to a buyer without a manager', async () => {
    mockApi(api);
    renderHome('/');
    expect(
      await screen.findByRole('button', { name: 'Request a free strategy' }),
    ).toBeInTheDocument();
  });
  it('shrinks once a domain is chosen, keeping help and the strategy one click away', async () => {
    mockApi(api);
    const user = userEvent.setup();
    renderHome('/');
    await screen.findByRole('option', { name: 'mysite.com' });
    const explanation =
      'Choose the domain you are building links for, then browse publishers by niche.';
    expect(screen.getByText(explanation)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Need help choosing sites?' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Domain' }), FIRST);
    await waitFor(() => expect(screen.queryByText(explanation)).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Need help choosing sites?' })).toBeNull();
    expect(screen.getByText(/Need help choosing sites\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get a free link-building strategy' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});

describe('dashboard company selector', () => {
  it('makes the chosen company the current one on the server and shows the profile’s answer', async () => {
    const first = makeBuyerProfile().accounts[0]!;
    const second = {
      ...first,
      id: '00000000-0000-4000-8000-000000000202',
      company: { id: '00000000-0000-4000-8000-000000000302', title: 'Fjord Media SAS' },
      is_current: false,
    };
    let current = first.id;
    const { calls } = mockApi((call) => {
      if (call.url.pathname === '/api/v1/buyer/profiles/companies/accounts/current') {
        current = (call.body as { account: string }).account;
        return jsonResponse({ ...second, is_current: true });
      }
      if (call.url.pathname === '/api/v1/buyer/profiles') {
        return jsonResponse(
          makeBuyerProfile({
            accounts: [first, second].map((account) => ({
              ...account,
              is_current: account.id === current,
            })),
          }),
        );
      }
      return api(call);
    });
    const user = userEvent.setup();
    renderHome('/');
    const select = await screen.findByRole('combobox', { name: 'Company' });
    await screen.findByRole('option', { name: 'Fjord Media SAS' });
    expect(select).toHaveValue(first.id);
    await user.selectOptions(select, second.id);
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { account: second.id },
      ]),
    );
    await waitFor(() => expect(select).toHaveValue(second.id));
    expect(select).toHaveFocus();
  });
});

describe('dashboard offline after a reload', () => {
  it('shows the name, domains, company and manager from the saved copy while refreshes fail', async () => {
    setOnline(false);
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    // What the persisted cache restores: answers from an earlier visit.
    const queryClient = createTestQueryClient();
    const manager = { first_name: 'Lucas', last_name: 'Bernard', email: 'lucas@example.com' };
    queryClient.setQueryData(
      profileQueries.detail().queryKey,
      makeBuyerProfile({ account_manager: { ...manager, avatar_file: null } }),
      { updatedAt: 1 },
    );
    queryClient.setQueryData(
      domainQueries.selectable().queryKey,
      { data: domains, pagination: { page: 1, limit: 100, total: domains.length } },
      { updatedAt: 1 },
    );
    renderHome('/?filter[website_topics][]=casino', queryClient);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(domainQueries.selectable().queryKey)?.status).toBe('error'),
    );
    expect(screen.getByRole('option', { name: 'shop.example' })).toBeInTheDocument();
    expect(screen.queryByText('Domains could not be loaded.')).toBeNull();
    const company = screen.getByRole('combobox', { name: 'Company' });
    expect(company).toHaveDisplayValue('Acme GmbH');
    expect(company).toBeDisabled();
    expect(company).toHaveAccessibleDescription('Switching company needs a connection.');
    expect(screen.getByRole('link', { name: 'Contact Lucas' })).toBeInTheDocument();
  });

  it('says what is not available offline when nothing was saved, not that the buyer has none', async () => {
    setOnline(false);
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    mockApi(api);
    renderHome('/?filter[website_topics][]=casino');

    const domain = await screen.findByRole('combobox', { name: 'Domain' });
    expect(domain).toBeDisabled();
    expect(domain).toHaveDisplayValue('Not available offline');
    const company = screen.getByRole('combobox', { name: 'Company' });
    expect(company).toHaveDisplayValue('Not available offline');
    expect(company).toHaveAccessibleDescription('Your companies load once you are back online.');
    const niche = screen.getByRole('combobox', { name: 'Niche' });
    expect(niche).toHaveDisplayValue('Not available offline');
    expect(niche).toHaveAccessibleDescription('The niches load once you are back online.');
    expect(screen.queryByText(/will be assigned to you shortly/)).toBeNull();
  });

  it('greets a role that buys nothing by name and leads it to what it reads', async () => {
    const { calls } = mockApi(api);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(profileQueries.detail().queryKey, makeBuyerProfileAs('finance'));
    renderHome('/', queryClient);

    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeVisible();
    expect(
      screen.getByText(
        /As Finance of this company you follow its orders with their invoices and credit notes, its live links and its company details;/,
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/companies');
    expect(calls.some((call) => call.url.pathname === '/api/v1/buyer/sites')).toBe(false);
  });

  it('shows neither the catalogue nor the note for other roles until the profile is read', async () => {
    let answer!: () => void;
    const read = new Promise<void>((resolve) => (answer = resolve));
    const { calls } = mockApi(async (call) => {
      if (call.url.pathname !== '/api/v1/buyer/profiles') return api(call);
      await read;
      return jsonResponse(makeBuyerProfileAs('viewer'));
    });
    renderHome('/');

    expect(await screen.findByRole('status', { name: 'Loading your home page' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).toBeNull();
    answer();
    expect(await screen.findByText(/As Viewer of this company/)).toBeVisible();
    expect(calls.some((call) => call.url.pathname === '/api/v1/buyer/sites')).toBe(false);
  });
});
