import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { MemberRole } from '#contract/permissions.ts';
import { memberQueries } from '#src/features/members/api/queries.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import {
  COMPANY_ID,
  makeBuyerProfile,
  makeInvitation,
  makeMember,
} from '#src/test-utils/factories.ts';
import { createTestQueryClient, renderRoutes } from '#src/test-utils/render.tsx';

import { Component as Members } from './members.tsx';

const me = makeMember({
  role: 'owner',
  monthly_limit: null,
  is_you: true,
  user: {
    id: '00000000-0000-4000-8000-000000000301',
    first_name: 'Ada',
    last_name: 'Buyer',
    email: 'buyer@example.com',
    avatar_file: null,
  },
});
const bea = makeMember();
const invitation = makeInvitation();
const list = <T,>(data: T[]) => ({ data, pagination: { page: 1, limit: 100, total: data.length } });

function profileAs(role: MemberRole) {
  const profile = makeBuyerProfile();
  return { ...profile, accounts: profile.accounts.map((account) => ({ ...account, role })) };
}

let teamSettings = { are_prices_hidden_from_viewers: false };

function answer(call: Call): Response {
  const path = call.url.pathname;
  if (path.endsWith('/v1/buyer/members') && call.method === 'GET') {
    return jsonResponse(list([me, bea]));
  }
  if (path.endsWith('/v1/buyer/invitations') && call.method === 'GET') {
    return jsonResponse(list([invitation]));
  }
  if (path.endsWith('/v1/buyer/team-settings')) {
    if (call.method === 'PUT') teamSettings = call.body as typeof teamSettings;
    return jsonResponse(teamSettings);
  }
  if (path.endsWith(`/v1/buyer/members/${bea.id}`) && call.method === 'PATCH') {
    return jsonResponse({ ...bea, ...(call.body as object) });
  }
  if (call.method === 'DELETE') return new Response(null, { status: 204 });
  if (path.endsWith('/v1/buyer/invitations') && call.method === 'POST') {
    const body = call.body as { email: string; role: MemberRole };
    return jsonResponse(makeInvitation(body), 201);
  }
  return jsonResponse({ code: 404, message: 'Not found', violations: [] }, 404);
}

function renderMembers(
  role: MemberRole = 'owner',
  seed?: (client: ReturnType<typeof createTestQueryClient>) => void,
) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(profileQueries.detail().queryKey, profileAs(role));
  seed?.(queryClient);
  return renderRoutes([{ path: '/members', element: <Members /> }], {
    initialEntries: ['/members'],
    queryClient,
    toaster: true,
  });
}

afterEach(() => {
  teamSettings = { are_prices_hidden_from_viewers: false };
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('members page', () => {
  it('lists the members with their roles, a Buyer’s limit and what they spent, and marks you', async () => {
    mockApi(answer);
    renderMembers();
    const members = await screen.findByRole('list', { name: 'Members' });
    const rows = within(members).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('You')).toBeVisible();
    expect(within(rows[1]!).getByText('bea@example.com')).toBeVisible();
    expect(
      within(rows[1]!).getByText(/Monthly limit €500\.00 excl\. VAT · €120\.00 spent/),
    ).toBeVisible();
    expect(within(rows[1]!).getByRole('combobox', { name: 'Role of Bea Buyer' })).toHaveValue(
      'buyer',
    );
    expect(screen.getByRole('heading', { name: 'What each role may do' })).toBeVisible();
  });

  it('changes a member’s role with one request', async () => {
    const { calls } = mockApi(answer);
    renderMembers();
    const select = await screen.findByRole('combobox', { name: 'Role of Bea Buyer' });
    await userEvent.selectOptions(select, 'admin');
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = calls.find((call) => call.method === 'PATCH')!;
    expect(patch.url.pathname).toMatch(new RegExp(`/v1/buyer/members/${bea.id}$`));
    expect(patch.body).toEqual({ role: 'admin' });
  });

  it('sets a Buyer’s monthly limit as money with two decimals', async () => {
    const { calls } = mockApi(answer);
    renderMembers();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Monthly limit of Bea Buyer' }),
    );
    const input = await screen.findByRole('textbox', { name: 'Limit (€, excl. VAT)' });
    await userEvent.clear(input);
    await userEvent.type(input, '750');
    await userEvent.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      monthly_limit: '750.00',
    });
  });

  it('invites by e-mail with a role; only an Owner is offered the Owner role', async () => {
    const { calls } = mockApi(answer);
    renderMembers('owner');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    expect(within(role).getByRole('option', { name: 'Owner' })).toBeInTheDocument();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'E-mail' }),
      'sam@example.com',
    );
    await userEvent.selectOptions(role, 'finance');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ email: 'sam@example.com', role: 'finance' });
    expect(post.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('sam@example.com was invited as Finance.')).toBeVisible();
  });

  it('does not offer an Admin the Owner role, nor changing or removing an Owner', async () => {
    mockApi(answer);
    renderMembers('admin');
    const ownerRole = await screen.findByRole('combobox', { name: 'Role of Ada Buyer' });
    expect(ownerRole).toBeDisabled();
    const beaRole = screen.getByRole('combobox', { name: 'Role of Bea Buyer' });
    expect(within(beaRole).queryByRole('option', { name: 'Owner' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    expect(within(dialog).queryByRole('option', { name: 'Owner' })).toBeNull();
  });

  it('revokes a pending invitation after confirming', async () => {
    const { calls } = mockApi(answer);
    renderMembers();
    const invitations = await screen.findByRole('list', { name: 'Pending invitations' });
    expect(within(invitations).getByText(/Viewer · invited by Ada Buyer · expires/)).toBeVisible();
    await userEvent.click(
      within(invitations).getByRole('button', { name: 'Revoke the invitation of new@example.com' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.method === 'DELETE' &&
            call.url.pathname.endsWith(`/v1/buyer/invitations/${invitation.id}`),
        ),
      ).toBe(true),
    );
  });

  it('removes a member after confirming, and offers no removal of yourself', async () => {
    const { calls } = mockApi(answer);
    renderMembers();
    await screen.findByRole('list', { name: 'Members' });
    expect(screen.queryByRole('button', { name: 'Remove Ada Buyer' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Bea Buyer' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Bea Buyer?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.method === 'DELETE' && call.url.pathname.endsWith(`/v1/buyer/members/${bea.id}`),
        ),
      ).toBe(true),
    );
  });

  it('offline shows the members as last loaded with every change off and the reason', async () => {
    setOnline(false);
    const { calls } = mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderMembers('owner', (client) => {
      client.setQueryData(memberQueries.list(COMPANY_ID).queryKey, list([me, bea]), {
        updatedAt: 1,
      });
      client.setQueryData(memberQueries.invitations(COMPANY_ID).queryKey, list([invitation]), {
        updatedAt: 1,
      });
      client.setQueryData(
        memberQueries.settings(COMPANY_ID).queryKey,
        { are_prices_hidden_from_viewers: true },
        { updatedAt: 1 },
      );
    });
    expect(
      await screen.findByText('You are offline: the members are shown as last loaded.'),
    ).toBeVisible();
    expect(screen.getByText('bea@example.com')).toBeVisible();
    const members = screen.getByRole('group', {
      description: /changing members needs a connection/,
    });
    expect(members).toBeDisabled();
    expect(within(members).getByRole('button', { name: 'Invite member' })).toBeDisabled();
    expect(within(members).getByRole('combobox', { name: 'Role of Bea Buyer' })).toBeDisabled();
    expect(
      screen.getByRole('group', { description: /revoking an invitation needs a connection/ }),
    ).toBeDisabled();
    const settings = screen.getByRole('group', {
      description: /changing the member settings needs a connection/,
    });
    const toggle = within(settings).getByRole('switch', { name: 'Hide prices from Viewers' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('hides prices from Viewers with the switch, saved for the company', async () => {
    const { calls } = mockApi(answer);
    renderMembers('admin');
    const toggle = await screen.findByRole('switch', { name: 'Hide prices from Viewers' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toMatch(/\/v1\/buyer\/team-settings$/);
    expect(put.body).toEqual({ are_prices_hidden_from_viewers: true });
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('tells a member without the right that Owners and Admins manage members', () => {
    const { calls } = mockApi(answer);
    renderMembers('viewer');
    expect(
      screen.getByText('Only an Owner or an Admin of the company manages its members.'),
    ).toBeVisible();
    expect(calls).toEqual([]);
  });
});
