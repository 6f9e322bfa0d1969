import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createSessionStore } from '#src/lib/session-store.ts';
import { jsonResponse } from '#src/test-utils/api.ts';
import { renderWithProviders } from '#src/test-utils/render.tsx';
import { tokenValidFor } from '#src/test-utils/tokens.ts';

import { createSessionManager } from '../session-manager.ts';
import { LoginForm } from './login-form.tsx';

let fetchMock: ReturnType<typeof vi.fn>;

function renderForm() {
  const session = createSessionManager({
    store: createSessionStore(localStorage, window),
    refresh: vi.fn(),
  });
  const onSignedIn = vi.fn();
  renderWithProviders(<LoginForm onSignedIn={onSignedIn} />, { session });
  return { onSignedIn, session };
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('login form', () => {
  it('shows the card texts and links to registration and password recovery', async () => {
    renderForm();
    expect(await screen.findByRole('heading', { name: 'Login to dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('shows field errors without calling the server', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    // The form's schema loads with its first validation.
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(password).toHaveAccessibleDescription('Enter your password.');

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'Enter a valid e-mail address, like name@example.com.',
      ),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message in an alert and keeps the user signed out", async () => {
    fetchMock.mockResolvedValue(jsonResponse({ code: 401, message: 'Invalid credentials.' }, 401));
    const user = userEvent.setup();
    const { onSignedIn } = renderForm();
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('puts server violations on their fields', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          code: 400,
          message: 'Validation failed',
          violations: [{ path: 'username', message: 'Unknown account format' }],
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown account format');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Unknown account format');
  });

  it('blocks the button while signing in, then stores both tokens', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    const { onSignedIn } = renderForm();
    await user.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password-2026');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // Blocked, not disabled, so keyboard focus stays on it; a second press sends nothing.
    expect(screen.getByRole('button', { name: 'Log in' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const token = tokenValidFor(900);
    answer(jsonResponse({ token, refresh_token: 'refresh-1' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(localStorage.getItem('access_token')).toBe(token);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as unknown;
    expect(body).toEqual({ username: 'buyer@example.com', password: 'demo-password-2026' });
  });
});
