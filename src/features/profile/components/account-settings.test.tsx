import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PASSWORD_TOO_WEAK_MESSAGE } from '#contract/password-policy.ts';
import { CURRENT_PASSWORD_WRONG_MESSAGE, PHONE_MESSAGE } from '#contract/profile-settings.ts';
import { dismissToast } from '#src/lib/toast-store.ts';
import { jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { makeBuyerProfile } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { profileQueries } from '../api/queries.ts';
import { EmailChangeConfirmation } from './email-change-confirmation.tsx';
import { EmailChangeForm } from './email-change-form.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';
import { ProfileDetailsForm } from './profile-details-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  dismissToast();
});

const violation = (path: string, message: string) =>
  jsonResponse({ code: 400, message: 'Validation failed.', violations: [{ path, message }] }, 400);

describe('the personal details form', () => {
  const profile = makeBuyerProfile({
    first_name: 'Emma',
    last_name: 'Johnson',
    phone: null,
    is_newsletter_subscribed: false,
  });

  it('checks the fields before sending anything', async () => {
    const { fetchMock } = mockApi(() => jsonResponse(profile));
    const user = userEvent.setup();
    renderOnRoute(<ProfileDetailsForm profile={profile} />);
    await user.clear(screen.getByLabelText('First name'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription(
      'Enter your first name.',
    );
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(
      expect.stringContaining(PHONE_MESSAGE),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows a fresher profile, keeping what the buyer already changed', async () => {
    mockApi(() => jsonResponse(profile));
    const user = userEvent.setup();
    function Harness() {
      const [shown, setShown] = useState(profile);
      return (
        <>
          <button type="button" onClick={() => setShown({ ...profile, first_name: 'Emmeline' })}>
            Fresher profile
          </button>
          <ProfileDetailsForm profile={shown} />
        </>
      );
    }
    renderOnRoute(<Harness />);
    await user.type(screen.getByLabelText('Phone'), '+44 20 1234 5678');
    await user.click(screen.getByRole('button', { name: 'Fresher profile' }));
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Emmeline'));
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 1234 5678');
  });

  it('saves the details and puts the answer in the profile cache the header reads', async () => {
    const saved = { ...profile, first_name: 'Emmy', phone: '+44 20 1234 5678' };
    const { calls } = mockApi(() => jsonResponse({ ...saved, is_newsletter_subscribed: true }));
    const user = userEvent.setup();
    const { queryClient } = renderOnRoute(<ProfileDetailsForm profile={profile} />);
    const firstName = screen.getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Emmy');
    await user.type(screen.getByLabelText('Phone'), '+44 20 1234 5678');
    await user.click(screen.getByRole('checkbox', { name: /Newsletter/ }));
    const save = screen.getByRole('button', { name: 'Save details' });
    expect(save).not.toHaveAttribute('aria-disabled');
    await user.click(save);
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    // Nothing left to save: the button says so and keeps the focus; pressing it sends nothing.
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    expect(save).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.pathname).toBe('/api/v1/buyer/profiles');
    expect(calls[0]?.body).toEqual({
      first_name: 'Emmy',
      last_name: 'Johnson',
      phone: '+44 20 1234 5678',
      is_newsletter_subscribed: true,
    });
    expect(queryClient.getQueryData(profileQueries.detail().queryKey)).toMatchObject({
      first_name: 'Emmy',
    });
  });

  it("puts the server's violations on their fields", async () => {
    mockApi(() => violation('last_name', 'Last name can be at most 100 characters.'));
    const user = userEvent.setup();
    renderOnRoute(<ProfileDetailsForm profile={profile} />);
    await user.type(screen.getByLabelText('Last name'), '-Smythe');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(
        'Last name can be at most 100 characters.',
      ),
    );
    expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
  });
});

describe('the e-mail change form', () => {
  it('asks with the current password and then says to check the new inbox', async () => {
    const { calls } = mockApi(() =>
      jsonResponse({ new_email: 'emma@new.example', expires_at: '2026-03-03T09:00:00.000Z' }, 202),
    );
    const user = userEvent.setup();
    renderOnRoute(<EmailChangeForm email="buyer@example.com" />);
    await user.type(screen.getByLabelText('New e-mail address'), 'emma@new.example');
    await user.type(screen.getByLabelText('Current password'), 'demo-password-2026');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByText('emma@new.example')).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      new_email: 'emma@new.example',
      current_password: 'demo-password-2026',
    });
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(screen.getByLabelText('New e-mail address')).toHaveValue('');
  });

  it('shows a wrong current password on its field', async () => {
    mockApi(() => violation('current_password', CURRENT_PASSWORD_WRONG_MESSAGE));
    const user = userEvent.setup();
    renderOnRoute(<EmailChangeForm email="buyer@example.com" />);
    await user.type(screen.getByLabelText('New e-mail address'), 'emma@new.example');
    await user.type(screen.getByLabelText('Current password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        CURRENT_PASSWORD_WRONG_MESSAGE,
      ),
    );
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
  });

  it('shows the sign-in limit above the form', async () => {
    mockApi(() =>
      jsonResponse(
        { code: 429, message: 'Too many wrong passwords. Try again in 15 minutes.' },
        429,
      ),
    );
    const user = userEvent.setup();
    renderOnRoute(<EmailChangeForm email="buyer@example.com" />);
    await user.type(screen.getByLabelText('New e-mail address'), 'emma@new.example');
    await user.type(screen.getByLabelText('Current password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passwords');
  });
});

describe('the password change form', () => {
  const fill = async (
    user: ReturnType<typeof userEvent.setup>,
    current: string,
    next: string,
    confirmation = next,
  ) => {
    await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Confirm new password'), confirmation);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('judges the new password as it is typed, with the same policy as the server', async () => {
    mockApi(() => jsonResponse(null, 204));
    const user = userEvent.setup();
    renderOnRoute(<PasswordChangeForm personal={['buyer@example.com', 'Emma', 'Johnson']} />);
    await user.type(screen.getByLabelText('New password'), 'password1234');
    expect(await screen.findByText(/similar to a commonly used password/)).toBeInTheDocument();
    expect(screen.getByText('Weak')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'granite-lantern-orchard-77');
    expect(await screen.findByText('Very strong')).toBeInTheDocument();
  });

  it('refuses a confirmation that differs without calling the server', async () => {
    const { fetchMock } = mockApi(() => jsonResponse(null, 204));
    const user = userEvent.setup();
    renderOnRoute(<PasswordChangeForm personal={[]} />);
    await fill(user, 'demo-password-2026', 'granite-lantern-orchard-77', 'granite-lantern');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'The passwords do not match',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a multipart form and says the other devices were signed out', async () => {
    const { calls } = mockApi(() => jsonResponse(null, 204));
    const user = userEvent.setup();
    renderOnRoute(<PasswordChangeForm personal={[]} />);
    await fill(user, 'demo-password-2026', 'granite-lantern-orchard-77');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(screen.getByText('Your other devices have been signed out.')).toBeInTheDocument();
    const body = calls[0]?.body as FormData;
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.pathname).toBe('/api/v1/common/profiles/passwords/changes');
    expect(body.get('current_password')).toBe('demo-password-2026');
    expect(body.get('new_password')).toBe('granite-lantern-orchard-77');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("puts the server's violations on both password fields", async () => {
    mockApi(() =>
      jsonResponse(
        {
          code: 400,
          message: 'Validation failed.',
          violations: [
            { path: 'current_password', message: CURRENT_PASSWORD_WRONG_MESSAGE },
            { path: 'new_password', message: PASSWORD_TOO_WEAK_MESSAGE },
          ],
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderOnRoute(<PasswordChangeForm personal={[]} />);
    await fill(user, 'wrong-password', 'iloveyou1234');
    await waitFor(() =>
      expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(
        CURRENT_PASSWORD_WRONG_MESSAGE,
      ),
    );
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      expect.stringContaining(PASSWORD_TOO_WEAK_MESSAGE),
    );
  });
});

describe('the e-mail change confirmation page', () => {
  it('confirms the token once and names the new address', async () => {
    const { calls } = mockApi(() => jsonResponse({ email: 'emma@new.example' }));
    renderOnRoute(
      <EmailChangeConfirmation token="the-token" continueTo="/login" continueLabel="Log in" />,
    );
    expect(
      await screen.findByRole('heading', { name: 'E-mail address changed' }),
    ).toBeInTheDocument();
    expect(screen.getByText('emma@new.example')).toBeInTheDocument();
    expect(calls.map((call) => [call.method, call.url.pathname])).toEqual([
      ['POST', '/api/v1/public/email-changes/confirmations/the-token'],
    ]);
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link is invalid, used or expired', async () => {
    mockApi(() =>
      jsonResponse({ code: 404, message: 'This link is invalid or has expired.' }, 404),
    );
    renderOnRoute(
      <EmailChangeConfirmation
        token="old"
        continueTo="/profile"
        continueLabel="Go to your profile"
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid, has expired/);
  });
});
