import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createSessionStore } from '#src/lib/session-store.ts';
import { renderWithProviders } from '#src/test-utils/render.tsx';

import { createSessionManager } from '../session-manager.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';

beforeEach(() => {
  // The API accepts a reset request with 202 and an empty object, known e-mail or not.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({}, { status: 202 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgot-password form', () => {
  it('once sent, the confirmation takes the focus the vanished form held', async () => {
    const session = createSessionManager({
      store: createSessionStore(localStorage, window),
      refresh: vi.fn(),
    });
    renderWithProviders(<ForgotPasswordForm />, { session });
    await userEvent.type(await screen.findByLabelText('Email'), 'someone@example.com{Enter}');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('If an account exists for that e-mail');
    await waitFor(() => expect(document.activeElement).toContainElement(status));
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
  });
});
