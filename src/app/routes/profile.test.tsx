import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createSessionManager } from '#src/features/auth/session-manager.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { createSessionStore } from '#src/lib/session-store.ts';
import { mockApi, setOnline } from '#src/test-utils/api.ts';
import { makeBuyerProfile } from '#src/test-utils/factories.ts';
import { createTestQueryClient, renderRoutes } from '#src/test-utils/render.tsx';
import { tokenValidFor } from '#src/test-utils/tokens.ts';

import { Component as Profile } from './profile.tsx';

function renderProfileOffline(seed: boolean) {
  setOnline(false);
  mockApi(() => {
    throw new TypeError('Failed to fetch');
  });
  localStorage.setItem('access_token', tokenValidFor(900));
  localStorage.setItem('refresh_token', 'r1');
  const session = createSessionManager({
    store: createSessionStore(localStorage, window),
    refresh: vi.fn(),
    clearUserData: vi.fn(),
  });
  const queryClient = createTestQueryClient();
  if (seed) {
    queryClient.setQueryData(profileQueries.detail().queryKey, makeBuyerProfile(), {
      updatedAt: 1,
    });
  }
  return renderRoutes([{ path: '/profile', element: <Profile /> }], {
    session,
    initialEntries: ['/profile'],
    queryClient,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('profile offline', () => {
  it('shows the profile as last loaded, its settings off with the reason beside them', async () => {
    const { queryClient } = renderProfileOffline(true);
    await waitFor(() =>
      expect(queryClient.getQueryState(profileQueries.detail().queryKey)?.status).toBe('error'),
    );
    expect(
      screen.getByText('You are offline: your profile is shown as last loaded.'),
    ).toBeVisible();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
    const details = screen.getByRole('group', {
      description: /saving your details needs a connection/,
    });
    const save = within(details).getAllByRole('button').at(-1);
    expect(save).toBeDisabled();
    expect(
      screen.getByRole('group', { description: /changing your password needs a connection/ }),
    ).toBeDisabled();
  });

  it('says the profile is not available offline when nothing was saved', async () => {
    renderProfileOffline(false);
    expect(await screen.findByText('Not available offline')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
