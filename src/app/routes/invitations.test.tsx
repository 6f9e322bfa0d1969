import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { INVITATION_INVALID_MESSAGE, type InvitationPreview } from '#contract/members.ts';
import { createSessionManager } from '#src/features/auth/session-manager.ts';
import { createSessionStore } from '#src/lib/session-store.ts';
import { type Call, jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { createTestQueryClient, renderRoutes } from '#src/test-utils/render.tsx';
import { makeAccessToken, tokenValidFor } from '#src/test-utils/tokens.ts';

import { Component as Invitation } from './invitations.tsx';

const TOKEN = 'invitation-token-1234567890';
const preview: InvitationPreview = {
  company: { title: 'Acme GmbH' },
  role: 'viewer',
  email: 'new@example.com',
  invited_by: { first_name: 'Ada', last_name: 'Buyer' },
  expires_at: '2026-12-08T09:00:00Z',
  has_account: false,
};

function renderInvitation(handler: (call: Call) => Response, signedInAs: string | null = null) {
  const { calls } = mockApi(handler);
  if (signedInAs) {
    localStorage.setItem(
      'access_token',
      makeAccessToken({ username: signedInAs, exp: Math.floor(Date.now() / 1000) + 900 }),
    );
    localStorage.setItem('refresh_token', 'r1');
  }
  const session = createSessionManager({
    store: createSessionStore(localStorage, window),
    refresh: vi.fn(),
    revoke: vi.fn(() => Promise.resolve()),
    clearUserData: vi.fn(),
  });
  const result = renderRoutes(
    [
      { path: '/invitations/:token', element: <Invitation /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    {
      session,
      initialEntries: [`/invitations/${TOKEN}`],
      queryClient: createTestQueryClient(),
    },
  );
  return { ...result, calls, session };
}

const previewOf = (overrides: Partial<InvitationPreview>) => (call: Call) =>
  call.url.pathname.endsWith(`/v1/public/invitations/${TOKEN}`)
    ? jsonResponse({ ...preview, ...overrides })
    : jsonResponse({ code: 404, message: 'Not found', violations: [] }, 404);

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('invitation link page', () => {
  it('says an invalid link is no longer valid and links to the sign-in page', async () => {
    renderInvitation(() =>
      jsonResponse({ code: 404, message: 'This invitation does not exist.', violations: [] }, 404),
    );
    expect(await screen.findByText(INVITATION_INVALID_MESSAGE)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  });

  it('shows the company, role and inviter, and registers a new person who is then signed in', async () => {
    const handler = (call: Call) =>
      call.method === 'POST'
        ? jsonResponse({ token: tokenValidFor(900), refresh_token: 'r2' }, 201)
        : previewOf({})(call);
    const { calls, session, router } = renderInvitation(handler);
    expect(await screen.findByRole('heading', { name: 'Join Acme GmbH' })).toBeVisible();
    expect(screen.getByText('Viewer')).toBeVisible();
    expect(screen.getByText('Ada Buyer')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'First name' }), 'Nora');
    await userEvent.type(screen.getByRole('textbox', { name: 'Last name' }), 'New');
    await userEvent.type(screen.getByLabelText('Password'), 'a long passphrase 42!');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toMatch(new RegExp(`/v1/public/invitations/${TOKEN}/registrations$`));
    expect(post.body).toEqual({
      first_name: 'Nora',
      last_name: 'New',
      password: 'a long passphrase 42!',
    });
    expect(session.getState().status).toBe('signed-in');
  });

  it('asks an existing buyer who is signed out to sign in, coming back here', async () => {
    renderInvitation(previewOf({ has_account: true }));
    const link = await screen.findByRole('link', { name: 'Sign in to accept' });
    expect(link).toHaveAttribute(
      'href',
      `/login?redirect=${encodeURIComponent(`/invitations/${TOKEN}`)}`,
    );
  });

  it('lets the invited buyer, signed in, accept and go home', async () => {
    const handler = (call: Call) =>
      call.method === 'POST'
        ? jsonResponse({
            company: { id: '00000000-0000-4000-8000-000000000200', title: 'Acme GmbH' },
            role: 'viewer',
          })
        : previewOf({ has_account: true })(call);
    const { calls, router } = renderInvitation(handler, 'New@example.com');
    await userEvent.click(await screen.findByRole('button', { name: 'Accept and join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.method === 'POST')!.url.pathname).toMatch(
      new RegExp(`/v1/buyer/invitations/${TOKEN}/acceptances$`),
    );
  });

  it('explains to a buyer signed in with another address and offers to sign out', async () => {
    const { session } = renderInvitation(previewOf({ has_account: true }), 'other@example.com');
    expect(
      await screen.findByText(/This invitation was sent to another e-mail address/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept and join' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(session.getState().status).toBe('signed-out'));
    expect(await screen.findByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  });
});
