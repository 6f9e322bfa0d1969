import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createSessionManager } from '../features/auth/session-manager.ts';
import { createSessionStore } from '../lib/session-store.ts';
import { jsonResponse } from '../test-utils/api.ts';
import { tokenValidFor } from '../test-utils/tokens.ts';
import { renderSignedOutPage } from './prerender.tsx';
import { startApp } from './start.tsx';

let container: HTMLElement;
let root: Promise<Root> | undefined;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ code: 401, message: 'Invalid credentials.' }, 401)),
  );
  vi.stubGlobal('scrollTo', vi.fn());
  container = document.createElement('div');
  document.body.append(container);
});

afterEach(async () => {
  (await root)?.unmount();
  root = undefined;
  container.remove();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

function start(path: string) {
  const session = createSessionManager({
    store: createSessionStore(localStorage, window),
    refresh: vi.fn(),
    clearUserData: vi.fn(),
  });
  window.history.replaceState(null, '', path);
  root = startApp(container, session);
}

describe('sign-in pages rendered at build time', () => {
  it.each([
    ['/login', 'Login to dashboard', 'Sign in · Buyer Portal', ['email', 'password']],
    [
      '/register',
      'Create your account',
      'Register · Buyer Portal',
      ['first_name', 'email', 'password_confirmation'],
    ],
    ['/forgot-password', 'Forgot your password?', 'Forgot password · Buyer Portal', ['email']],
  ])(
    '%s holds its card, its fields with nothing filled in, and a form that submits nowhere',
    async (path, heading, title, fields) => {
      const page = await renderSignedOutPage(path);
      container.innerHTML = page.html;
      expect(page.title).toBe(title);
      expect(container.querySelector('h1')?.textContent).toContain(heading);
      const form = container.querySelector('form');
      expect(form?.getAttribute('method')).toBe('dialog');
      for (const name of fields) {
        const input = container.querySelector(`input[name="${name}"]`);
        expect(input, name).not.toBeNull();
        expect(input?.hasAttribute('value')).toBe(false);
      }
      // The button waits for the scripts: a click before them is not silently lost.
      expect(container.querySelector('button[type="submit"]')?.getAttribute('aria-busy')).toBe(
        'true',
      );
    },
  );

  it('the app takes over the painted page and keeps what was typed before it ran', async () => {
    container.innerHTML = (await renderSignedOutPage('/login')).html;
    const email = container.querySelector<HTMLInputElement>('input[name="email"]')!;
    const password = container.querySelector<HTMLInputElement>('input[name="password"]')!;
    email.value = 'buyer@example.com';
    password.value = 'typed-before-the-scripts';
    password.focus();

    start('/login');

    const button = await screen.findByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
    expect(container.querySelector('input[name="email"]')).toBe(email);
    expect(email.value).toBe('buyer@example.com');
    expect(password.value).toBe('typed-before-the-scripts');
    expect(document.activeElement).toBe(password);
    expect(container.querySelectorAll('h1')).toHaveLength(1);

    // The form is the app's now: what was typed is what it sends.
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials.');
    const [, init] = vi.mocked(fetch).mock.calls.at(-1)!;
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'buyer@example.com',
      password: 'typed-before-the-scripts',
    });
  });

  it('a signed-in visitor does not keep the sign-in markup: the guard sends them on', async () => {
    localStorage.setItem('access_token', tokenValidFor(900));
    localStorage.setItem('refresh_token', 'r1');
    container.innerHTML = (await renderSignedOutPage('/login')).html;
    start('/login');
    expect(container.querySelector('form')).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
  });
});
