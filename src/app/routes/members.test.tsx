import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  ALREADY_MEMBER_MESSAGE,
  LAST_OWNER_MESSAGE,
  MONTHLY_LIMIT_TOO_HIGH_MESSAGE,
  OWNERS_BY_OWNERS_MESSAGE,
} from '#contract/members.ts';
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
    expect(within(rows[0]!).getByText('Owner')).toBeVisible();
    expect(within(rows[1]!).getByText('Buyer', { exact: true })).toBeVisible();
    expect(
      within(rows[1]!).getByRole('button', { name: 'Change role of Bea Buyer' }),
    ).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'What each role may do' })).toBeVisible();
  });

  it('changes a role only on Save: arrows and Cancel send nothing; focus returns to the button', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(answer);
    renderMembers();
    const change = await screen.findByRole('button', { name: 'Change role of Bea Buyer' });
    change.focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: 'Change role' });
    const role = within(dialog).getByRole('combobox', { name: 'Role' });
    await waitFor(() => expect(role).toHaveFocus());
    expect(role).toHaveValue('buyer');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    await user.selectOptions(role, 'finance');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(change).toHaveFocus());
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patches = calls.filter((call) => call.method === 'PATCH');
    expect(patches).toHaveLength(1);
    expect(patches[0]!.url.pathname).toMatch(new RegExp(`/v1/buyer/members/${bea.id}$`));
    expect(patches[0]!.body).toEqual({ role: 'admin' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change role of Bea Buyer' })).toHaveFocus(),
    );
  });

  it('shows the refusal to demote the last Owner in the dialog', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.method === 'PATCH'
        ? jsonResponse({ code: 422, message: LAST_OWNER_MESSAGE, violations: [] }, 422)
        : answer(call),
    );
    renderMembers();
    await user.click(await screen.findByRole('button', { name: 'Change role of Ada Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByText(LAST_OWNER_MESSAGE)).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Change role' })).toBeVisible();
  });

  it('keeps an open dialog’s choice when the connection drops, with Save off and the reason', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(answer);
    renderMembers();
    await user.click(await screen.findByRole('button', { name: 'Change role of Bea Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'viewer');
    setOnline(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    const save = await within(dialog).findByRole('button', {
      name: 'Save role',
      description: 'You are offline: changing a role needs a connection.',
    });
    expect(save).toBeDisabled();
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('viewer');
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    // The query library heard the browser go offline too: it hears it come back.
    setOnline(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await within(dialog).findByRole('button', { name: 'Save role' })).toBeEnabled();
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

  it('refuses a monthly limit above 1,000,000.00 under the field, before sending it', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(answer);
    renderMembers();
    await user.click(await screen.findByRole('button', { name: 'Monthly limit of Bea Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monthly limit' });
    const input = within(dialog).getByRole('textbox', { name: 'Limit (€, excl. VAT)' });
    await user.clear(input);
    await user.type(input, '10000000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/at most 1,000,000\.00 €/));
    expect(within(dialog).getByText(MONTHLY_LIMIT_TOO_HIGH_MESSAGE)).toBeVisible();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);

    await user.clear(input);
    await user.type(input, '1000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({
      monthly_limit: '1000000.00',
    });
  });

  it('drops the server’s error from the limit dialog when Save is pressed again, leaving only the field’s hint', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi((call) =>
      call.method === 'PATCH'
        ? jsonResponse({ code: 500, message: 'Internal server error', violations: [] }, 500)
        : answer(call),
    );
    renderMembers();
    await user.click(await screen.findByRole('button', { name: 'Monthly limit of Bea Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Monthly limit' });
    const input = within(dialog).getByRole('textbox', { name: 'Limit (€, excl. VAT)' });
    await user.clear(input);
    await user.type(input, '750');
    await user.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal server error');
    const patches = calls.filter((call) => call.method === 'PATCH').length;

    await user.clear(input);
    await user.type(input, '12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/Enter an amount in euro/));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText('Internal server error')).toBeNull();
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(patches);
  });

  it('drops the server’s refusal from the invite dialog when a bad address is sent next', async () => {
    const user = userEvent.setup();
    mockApi((call) =>
      call.method === 'POST'
        ? jsonResponse({ code: 422, message: ALREADY_MEMBER_MESSAGE, violations: [] }, 422)
        : answer(call),
    );
    renderMembers();
    await user.click(await screen.findByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'bea@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ALREADY_MEMBER_MESSAGE);

    await user.clear(email);
    await user.type(email, 'bea@');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(ALREADY_MEMBER_MESSAGE)).toBeNull();
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

  it('gives focus back to Invite member on Escape from any place in the dialog', async () => {
    const user = userEvent.setup();
    mockApi(answer);
    renderMembers();
    const invite = await screen.findByRole('button', { name: 'Invite member' });
    invite.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    await waitFor(() => expect(email).toHaveFocus());
    await user.type(email, 'sam@');
    // The corner's close button stays while the dialog fades out, unlike the form's fields.
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(invite).toHaveFocus());
  });

  it('does not offer an Admin the Owner role, nor changing or removing an Owner', async () => {
    mockApi(answer);
    renderMembers('admin');
    const ownerRole = await screen.findByRole('button', { name: 'Change role of Ada Buyer' });
    expect(ownerRole).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Change role of Bea Buyer' }));
    const roleDialog = await screen.findByRole('dialog', { name: 'Change role' });
    expect(within(roleDialog).queryByRole('option', { name: 'Owner' })).toBeNull();
    expect(within(roleDialog).getByRole('option', { name: 'Admin' })).toBeInTheDocument();
    await userEvent.click(within(roleDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Invite member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    expect(within(dialog).queryByRole('option', { name: 'Owner' })).toBeNull();
  });

  it('tells everyone why an Admin’s buttons on an Owner’s row are off', async () => {
    const owner = makeMember({
      id: '00000000-0000-4000-8000-000000000399',
      role: 'owner',
      monthly_limit: null,
      is_you: false,
      user: { ...me.user, id: '00000000-0000-4000-8000-000000000398', first_name: 'Olga' },
    });
    mockApi((call) =>
      call.url.pathname.endsWith('/v1/buyer/members') && call.method === 'GET'
        ? jsonResponse(list([owner, { ...bea, role: 'admin', is_you: true }]))
        : answer(call),
    );
    renderMembers('admin');
    const changeRole = await screen.findByRole('button', { name: 'Change role of Olga Buyer' });
    const remove = screen.getByRole('button', { name: 'Remove Olga Buyer' });
    for (const button of [changeRole, remove]) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(OWNERS_BY_OWNERS_MESSAGE);
    }
    expect(screen.getByText(OWNERS_BY_OWNERS_MESSAGE)).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Change role of Bea Buyer' }),
    ).not.toHaveAccessibleDescription();
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
    expect(
      within(members).getByRole('button', { name: 'Change role of Bea Buyer' }),
    ).toBeDisabled();
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

  it('hides prices from Viewers with the switch and Space, says so, and keeps focus on it', async () => {
    const user = userEvent.setup();
    let answerPut = () => {};
    const { calls } = mockApi((call) =>
      call.method === 'PUT'
        ? new Promise<Response>((resolve) => {
            answerPut = () => resolve(answer(call));
          })
        : answer(call),
    );
    renderMembers('admin');
    const toggle = await screen.findByRole('switch', { name: 'Hide prices from Viewers' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    toggle.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    // While it saves, the switch is not turned off (which would drop its focus to the page).
    await waitFor(() => expect(toggle).toHaveAttribute('aria-busy', 'true'));
    expect(toggle).toBeEnabled();
    expect(toggle).toHaveFocus();
    answerPut();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toMatch(/\/v1\/buyer\/team-settings$/);
    expect(put.body).toEqual({ are_prices_hidden_from_viewers: true });
    expect(await screen.findByText('Prices are now hidden from Viewers.')).toBeVisible();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toHaveFocus();
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
