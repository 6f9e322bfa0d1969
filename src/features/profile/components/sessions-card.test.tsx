import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ActiveSession } from '#contract/sessions.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { SessionsCard } from './sessions-card.tsx';

const LAPTOP: ActiveSession = {
  id: '00000000-0000-4000-8000-0000000000a1',
  device: 'Firefox on Windows',
  address: '203.0.113.x',
  created_at: '2026-03-02T09:00:00.000Z',
  last_used_at: '2026-03-02T10:00:00.000Z',
  is_current: true,
};
const PHONE: ActiveSession = {
  id: '00000000-0000-4000-8000-0000000000b2',
  device: 'Safari on iPhone',
  address: '2001:db8:85a3:8d3::/64',
  created_at: '2026-03-01T08:00:00.000Z',
  last_used_at: '2026-03-01T18:30:00.000Z',
  is_current: false,
};
const TABLET: ActiveSession = {
  ...PHONE,
  id: '00000000-0000-4000-8000-0000000000c3',
  device: '',
  address: '',
};

describe('SessionsCard', () => {
  let sessions: ActiveSession[];
  let failing: boolean;
  let calls: Call[];

  beforeEach(() => {
    sessions = [LAPTOP, PHONE, TABLET];
    failing = false;
    ({ calls } = mockApi((call) => {
      const path = call.url.pathname;
      if (path === '/api/v1/common/profiles/sessions' && call.method === 'GET') {
        if (failing) return jsonResponse({ code: 500, message: 'Internal server error' }, 500);
        return jsonResponse({ sessions });
      }
      if (path === '/api/v1/common/profiles/sessions/others' && call.method === 'DELETE') {
        sessions = sessions.filter((session) => session.is_current);
        return new Response(null, { status: 204 });
      }
      if (path.startsWith('/api/v1/common/profiles/sessions/') && call.method === 'DELETE') {
        sessions = sessions.filter((session) => !path.endsWith(session.id));
        return new Response(null, { status: 204 });
      }
      return jsonResponse({ code: 404, message: 'Not found' }, 404);
    }));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const rows = () =>
    within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem');

  it('lists each device with its address and last use, this device first and flagged', async () => {
    renderOnRoute(<SessionsCard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your sessions…');
    await screen.findByRole('list', { name: 'Signed-in devices' });
    const [laptop, phone, tablet] = rows();
    expect(laptop).toHaveTextContent('Firefox on Windows');
    expect(laptop).toHaveTextContent('This device');
    expect(laptop).toHaveTextContent('203.0.113.x');
    expect(within(laptop!).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('Safari on iPhone');
    expect(phone).toHaveTextContent('2001:db8:85a3:8d3::/64');
    expect(phone).toHaveTextContent('Last used');
    expect(phone).not.toHaveTextContent('This device');
    expect(tablet).toHaveTextContent('Unknown device');
    expect(tablet).toHaveTextContent('Address unknown');
  });

  it('signs out one other device after confirmation, with the keyboard alone', async () => {
    const user = userEvent.setup();
    renderOnRoute(<SessionsCard />);
    const signOut = await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ });
    signOut.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out Safari on iPhone?' });
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: /^Sign out Safari on iPhone/ }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(
      calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname),
    ).toEqual([`/api/v1/common/profiles/sessions/${PHONE.id}`]);
    expect(rows()).toHaveLength(2);
  });

  it('signs out of all other devices after confirmation, then says none is left', async () => {
    const user = userEvent.setup();
    renderOnRoute(<SessionsCard />);
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Sign out of all other devices?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all' }));
    expect(await screen.findByText('You are not signed in on any other device.')).toBeVisible();
    expect(rows()).toHaveLength(1);
    expect(
      screen.queryByRole('button', { name: 'Sign out of all other devices' }),
    ).not.toBeInTheDocument();
    expect(
      calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname),
    ).toEqual(['/api/v1/common/profiles/sessions/others']);
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    failing = true;
    const user = userEvent.setup();
    renderOnRoute(<SessionsCard />);
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Your sessions could not be loaded.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Safari on iPhone')).toBeInTheDocument();
  }, 15_000);

  it('asks for nothing offline and says when the list will show', () => {
    setOnline(false);
    renderOnRoute(<SessionsCard />);
    expect(
      screen.getByText('The devices you are signed in on are shown when you are back online.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
