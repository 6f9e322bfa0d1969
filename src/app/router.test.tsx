import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AuthResponse } from '#contract/auth.ts';

import { createSessionManager } from '../features/auth/session-manager.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { jsonResponse } from '../test-utils/api.ts';
import { makeBuyerProfile } from '../test-utils/factories.ts';
import { renderInMemoryRouter } from '../test-utils/render.tsx';
import { tokenValidFor } from '../test-utils/tokens.ts';
import { AppRoutes } from './router.tsx';

const profile = makeBuyerProfile({
  account_manager: {
    first_name: 'Mia',
    last_name: 'Manager',
    email: 'mia@example.com',
    avatar_file: null,
  },
});

let fetchMock: ReturnType<typeof vi.fn>;
/** What GET /v1/buyer/messages/unread answers. */
let unreadMessages = 0;

function api(url: string, init?: RequestInit): Response | Promise<Response> {
  const path = new URL(url, 'http://localhost').pathname;
  if (path === '/api/v1/buyer/profiles') return jsonResponse(profile);
  if (path === '/api/v1/buyer/messages/unread') return jsonResponse({ total: unreadMessages });
  if (path === '/api/v1/buyer/domains')
    return jsonResponse({ data: [], pagination: { page: 1, limit: 100, total: 0 } });
  if (path === '/api/login_check' && init?.method === 'POST') {
    return jsonResponse({ token: tokenValidFor(900), refresh_token: 'r-login' });
  }
  if (path.startsWith('/api/v1/public/registrations/confirmations/'))
    return new Response(null, { status: 204 });
  // The one reset link still usable is "abc"; "slow" is never answered; the server refuses every other.
  if (path === '/api/v1/public/passwords/resets/slow') return new Promise<Response>(() => {});
  if (path === '/api/v1/public/passwords/resets/abc' && (init?.method ?? 'GET') === 'GET')
    return new Response(null, { status: 204 });
  return jsonResponse({ code: 404, message: 'Not found' }, 404);
}

function setup(initialPath: string, refresh = vi.fn<(token: string) => Promise<AuthResponse>>()) {
  const store = createSessionStore(localStorage, window);
  const session = createSessionManager({ store, refresh, clearUserData: vi.fn() });
  const rendered = renderInMemoryRouter(<AppRoutes />, {
    session,
    initialEntries: [initialPath],
  });
  return { ...rendered, session, store, refresh };
}

const signInAs = (roles: string[]) => {
  localStorage.setItem('access_token', tokenValidFor(900, Date.now(), roles));
  localStorage.setItem('refresh_token', 'r1');
};

beforeEach(() => {
  unreadMessages = 0;
  fetchMock = vi.fn(async (url: string, init?: RequestInit) => api(url, init));
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('route guards', () => {
  it.each([
    '/orders',
    '/checkout',
    '/orders/42',
    '/companies',
    '/content-guidelines',
    '/domains',
    '/profile',
    '/companies/create',
  ])('sends a guest from %s to the login page and remembers where to return', async (path) => {
    const { router } = setup(path);
    expect(await screen.findByRole('heading', { name: 'Login to dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
  });

  it('sends a guest from the home page to the login page', async () => {
    const { router } = setup('/');
    expect(await screen.findByRole('heading', { name: 'Login to dashboard' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it.each(['/login', '/register', '/forgot-password'])(
    'sends a signed-in buyer from %s to the home page',
    async (path) => {
      signInAs(['ROLE_BUYER']);
      const { router } = setup(path);
      expect(await screen.findByRole('heading', { name: 'Catalogue' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('brings a guest back to the requested page after logging in', async () => {
    const user = userEvent.setup();
    const { router } = setup('/orders');
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password-2026');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Your orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/orders');
    expect(localStorage.getItem('refresh_token')).toBe('r-login');
  });

  it('shows a signed-in user without the buyer role that they have no access', async () => {
    signInAs(['ROLE_ACCOUNT_MANAGER']);
    const user = userEvent.setup();
    const { router } = setup('/orders');
    expect(
      await screen.findByRole('heading', { name: "You don't have access" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { name: 'Login to dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    // A deliberate sign-out leaves no way back to the page it was on for the next person.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it.each([
    ['/passwords-resets', /reset link is incomplete/, 'Ask for a new link', '/forgot-password'],
    [
      '/passwords-resets?token=',
      /reset link is incomplete/,
      'Ask for a new link',
      '/forgot-password',
    ],
    ['/registrations-confirmations', /confirmation link is incomplete/, 'Go to login', '/login'],
  ])('explains %s opened without its token and leads on', async (path, message, link, to) => {
    setup(path);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', to);
  });

  it('opens the password reset form when a token is given', async () => {
    setup('/passwords-resets?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'Choose a new password' }),
    ).toBeInTheDocument();
  });

  it('says at once that a used or expired reset link cannot be used, and leads to a new one', async () => {
    setup('/passwords-resets?token=used-one');
    expect(
      await screen.findByText(/reset link cannot be used: it has expired, was already used/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says it is checking the reset link, and shows no form, until the server answers', async () => {
    setup('/passwords-resets?token=slow');
    expect(await screen.findByText('Checking your reset link…')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('sends no referrer from a page whose address holds a token, and again from others', async () => {
    const referrerPolicy = () =>
      document.head.querySelector('meta[name="referrer"]')?.getAttribute('content') ?? null;
    const { router } = setup('/passwords-resets?token=abc');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(referrerPolicy()).toBe('no-referrer');
    await router.navigate('/login');
    await screen.findByRole('heading', { name: 'Login to dashboard' });
    expect(referrerPolicy()).toBeNull();
  });

  it('sends a signed-in user away from a token page', async () => {
    signInAs(['ROLE_BUYER']);
    const { router } = setup('/passwords-resets?token=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('confirms a registration token on load and offers to log in', async () => {
    setup('/registrations-confirmations?token=tok-1');
    expect(
      await screen.findByRole('heading', { name: 'Registration confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    const confirmations = fetchMock.mock.calls.filter(([url]) =>
      String(url).includes('/confirmations/tok-1'),
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.[1]?.method).toBe('POST');
  });

  it('shows the terms to guests and to buyers', async () => {
    setup('/terms-and-conditions');
    expect(
      await screen.findByRole('heading', { name: 'Terms and conditions' }),
    ).toBeInTheDocument();
  });

  it('refreshes an expired access token before showing a signed-in page', async () => {
    localStorage.setItem('access_token', tokenValidFor(-30));
    localStorage.setItem('refresh_token', 'r-old');
    const refresh = vi.fn(async () => ({ token: tokenValidFor(900), refresh_token: 'r-new' }));
    setup('/orders', refresh);
    expect(await screen.findByRole('heading', { name: 'Your orders' })).toBeInTheDocument();
    expect(refresh).toHaveBeenCalledWith('r-old');
    expect(screen.queryByRole('heading', { name: 'Login to dashboard' })).not.toBeInTheDocument();
  });
});

describe('navigation and error screen', () => {
  it('marks the current section in the top navigation', async () => {
    signInAs(['ROLE_BUYER']);
    setup('/orders');
    await screen.findByRole('heading', { name: 'Your orders' });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    const current = nav.querySelector('[aria-current="page"]');
    expect(current).toHaveTextContent('Orders');
  });

  it.each([
    ['viewer', false],
    ['buyer', true],
  ] as const)(
    'offers only what every role holds until the profile is read; then a %s is offered buying: %s',
    async (role, buys) => {
      let answer!: () => void;
      const read = new Promise<void>((resolve) => (answer = resolve));
      fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
        if (new URL(url, 'http://localhost').pathname !== '/api/v1/buyer/profiles')
          return api(url, init);
        await read;
        return jsonResponse({
          ...profile,
          accounts: profile.accounts.map((account) => ({ ...account, role })),
        });
      });
      signInAs(['ROLE_BUYER']);
      setup('/orders');
      await screen.findByRole('heading', { name: 'Your orders' });
      const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
      expect(nav).toHaveTextContent('Orders');
      expect(nav).not.toHaveTextContent('Domains');
      expect(screen.queryByRole('link', { name: /cart/i })).not.toBeInTheDocument();
      answer();
      // The settings button names the member once the profile is read.
      await screen.findAllByRole('button', {
        name: `${profile.first_name} ${profile.last_name}, settings`,
      });
      expect(nav).toHaveTextContent('Link monitoring');
      if (buys) expect(nav).toHaveTextContent(/Domains.*Content guidelines/);
      else expect(nav).not.toHaveTextContent(/Domains|Content guidelines/);
    },
  );

  it('counts the unread messages beside "Orders", in the laptop and the phone navigation', async () => {
    unreadMessages = 3;
    signInAs(['ROLE_BUYER']);
    const user = userEvent.setup();
    setup('/');
    expect(
      await screen.findByRole('link', { name: 'Orders, 3 unread messages' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('unread-messages-count')).toHaveTextContent('3');
    // The phone's menu button, whose menu hides "Orders", says so before it is opened.
    // An approver's button is described by the requests to decide too (none here).
    expect(screen.getByRole('button', { name: 'Open main menu' })).toHaveAccessibleDescription(
      /^\s*3 unread messages$/,
    );
    expect(screen.getByTestId('unread-messages-dot')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open main menu' }));
    const [laptop, phone] = screen.getAllByRole('navigation', { name: 'Main' });
    expect(within(laptop!).getByRole('link', { name: 'Orders, 3 unread messages' })).toBeVisible();
    expect(within(phone!).getByRole('link', { name: 'Orders, 3 unread messages' })).toBeVisible();
  });

  it('shows no count beside "Orders" when every message is read', async () => {
    signInAs(['ROLE_BUYER']);
    setup('/');
    await screen.findByRole('heading', { name: 'Catalogue' });
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => String(url).endsWith('/v1/buyer/messages/unread')),
      ).toBe(true),
    );
    expect(await screen.findByRole('link', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-messages-count')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open main menu' })).toHaveAccessibleDescription(
      /^\s*$/,
    );
    expect(screen.queryByTestId('unread-messages-dot')).not.toBeInTheDocument();
  });

  it('asks for no unread count on the sign-in page', async () => {
    unreadMessages = 3;
    setup('/login');
    await screen.findByRole('heading', { name: 'Login to dashboard' });
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/messages/unread'))).toBe(
      false,
    );
  });

  it('names the window after each page and moves focus to the new page heading', async () => {
    signInAs(['ROLE_BUYER']);
    const { router } = setup('/orders');
    await screen.findByRole('heading', { name: 'Your orders' });
    await waitFor(() => expect(document.title).toBe('Orders · Buyer Portal'));
    await router.navigate('/domains');
    const heading = await screen.findByRole('heading', { name: 'Domains', level: 1 });
    await waitFor(() => expect(document.title).toBe('Domains · Buyer Portal'));
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves focus where the buyer moved it while the new page was loading', async () => {
    let answer!: () => void;
    const read = new Promise<void>((resolve) => (answer = resolve));
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (new URL(url, 'http://localhost').pathname !== '/api/v1/buyer/profiles')
        return api(url, init);
      await read;
      return jsonResponse(profile);
    });
    signInAs(['ROLE_BUYER']);
    const { router } = setup('/orders');
    await screen.findByRole('heading', { name: 'Your orders' });
    await router.navigate('/');
    // The home page waits for the profile, with no heading yet; the buyer goes to the menu.
    await screen.findByRole('status', { name: 'Loading your home page' });
    const logOut = screen.getAllByRole('button', { name: 'Log out' })[0]!;
    logOut.focus();
    answer();
    await screen.findByRole('heading', { name: /Welcome back/, level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logOut).toHaveFocus();
  });

  it('shows 404 for an unknown path and goes back to the last list with its filters', async () => {
    signInAs(['ROLE_BUYER']);
    const user = userEvent.setup();
    const { router } = setup('/orders?filter[status]=processing');
    await screen.findByRole('heading', { name: 'Your orders' });
    await router.navigate('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to home' }));
    expect(await screen.findByRole('heading', { name: 'Your orders' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?filter[status]=processing');
  });

  it('sends "Go to home" to / when no list was visited', async () => {
    const user = userEvent.setup();
    const { router } = setup('/missing');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
