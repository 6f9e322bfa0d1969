import { onlineManager, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { makeBuyerProfile } from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { profileQueries } from '../api/queries.ts';
import { NotificationPreferencesCard } from './notification-preferences.tsx';

function Preferences() {
  const profile = useQuery(profileQueries.detail());
  return profile.data ? (
    <NotificationPreferencesCard preferences={profile.data.notification_preferences} />
  ) : null;
}

const PATH = '/api/v1/buyer/profiles/notifications/preferences';

describe('NotificationPreferencesCard', () => {
  const answer = (call: Call) => jsonResponse(call.body);

  beforeEach(() => {
    mockApi((call) =>
      call.url.pathname === PATH ? answer(call) : jsonResponse(makeBuyerProfile()),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the nine preferences as switches with their saved state', async () => {
    renderOnRoute(<Preferences />);
    const switches = await screen.findAllByRole('switch');
    expect(switches.map((element) => element.getAttribute('aria-checked'))).toEqual([
      ...Array(7).fill('true'),
      'false',
      'true',
    ]);
    for (const label of [
      'Order summary',
      'Missing details reminder',
      'Topic ready for approval',
      'Content ready for approval',
      'Link published',
      'A live link needs attention',
      'Messages from publishers',
      'All of the company’s orders',
      'Invoices and credit notes',
    ]) {
      expect(screen.getByRole('switch', { name: label })).toBeInTheDocument();
    }
    // An Owner gets every one of them.
    expect(screen.queryByText(/Not sent to you/)).not.toBeInTheDocument();
  });

  it('says which mails the role in the current company does not get there', async () => {
    const viewer = makeBuyerProfile();
    viewer.accounts = viewer.accounts.map((account) => ({ ...account, role: 'viewer' }));
    mockApi((call) => (call.url.pathname === PATH ? answer(call) : jsonResponse(viewer)));
    renderOnRoute(<Preferences />);
    const notSent = /Not sent to you in your current company, where you are Viewer\./;
    for (const label of [
      'Missing details reminder',
      'Topic ready for approval',
      'Content ready for approval',
      'Invoices and credit notes',
    ]) {
      expect(await screen.findByRole('switch', { name: label })).toHaveAccessibleDescription(
        notSent,
      );
    }
    for (const label of ['Link published', 'A live link needs attention']) {
      expect(screen.getByRole('switch', { name: label })).not.toHaveAccessibleDescription(notSent);
    }
  });

  it('saves a flipped switch at once with all the preferences, and says so', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi((call) =>
      call.url.pathname === PATH ? answer(call) : jsonResponse(makeBuyerProfile()),
    );
    renderOnRoute(<Preferences />);
    const reminder = await screen.findByRole('switch', { name: 'Missing details reminder' });
    await user.click(reminder);
    expect(reminder).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByText('Notification preferences saved')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({
      missing_details_reminder: false,
      topic_ready_for_approval: true,
      content_ready_for_approval: true,
      link_published: true,
      order_summary: true,
      link_issues: true,
      company_orders: false,
      billing_documents: true,
      publisher_messages: true,
    });
  });

  it('turns off the live-link alert, which reads as on while the server has not stored it', async () => {
    const user = userEvent.setup();
    const stored = makeBuyerProfile();
    const { link_issues: _unset, ...withoutLinkIssues } = stored.notification_preferences;
    const { calls } = mockApi((call) =>
      call.url.pathname === PATH
        ? answer(call)
        : jsonResponse({ ...stored, notification_preferences: withoutLinkIssues }),
    );
    renderOnRoute(<Preferences />);
    const alert = await screen.findByRole('switch', { name: 'A live link needs attention' });
    expect(alert).toHaveAttribute('aria-checked', 'true');
    expect(alert).toHaveAccessibleDescription(/keeps failing its checks/);
    await user.click(alert);
    expect(alert).toHaveAttribute('aria-checked', 'false');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        link_issues: false,
      }),
    );
  });

  it('is operable with the keyboard', async () => {
    const user = userEvent.setup();
    renderOnRoute(<Preferences />);
    const summary = await screen.findByRole('switch', { name: 'Order summary' });
    summary.focus();
    await user.keyboard(' ');
    expect(summary).toHaveAttribute('aria-checked', 'false');
    expect(await screen.findByText('Notification preferences saved')).toBeInTheDocument();
  });

  it('puts the switch back and says the change was not saved when the call fails', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi(async (call) => {
      if (call.url.pathname !== PATH) return jsonResponse(makeBuyerProfile());
      await held;
      return jsonResponse({ code: 500, message: 'Internal server error' }, 500);
    });
    renderOnRoute(<Preferences />);
    const published = await screen.findByRole('switch', { name: 'Link published' });
    await user.click(published);
    // Shown at once, before the answer.
    expect(published).toHaveAttribute('aria-checked', 'false');
    release();
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Notification preferences not saved')).toBeInTheDocument();
    expect(within(toast).getByText('Internal server error')).toBeInTheDocument();
    await waitFor(() => expect(published).toHaveAttribute('aria-checked', 'true'));
  });

  it('offline says a change needs a connection, leaves the switch as it was and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi((call) =>
      call.url.pathname === PATH ? answer(call) : jsonResponse(makeBuyerProfile()),
    );
    renderOnRoute(<Preferences />);
    const published = await screen.findByRole('switch', { name: 'Link published' });
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    // The query library heard `offline`; the next test starts online.
    onTestFinished(() => onlineManager.setOnline(true));
    await user.click(published);
    const toast = (await screen.findByText('This needs a connection')).closest('[role="status"]');
    expect(toast).toHaveTextContent('your notification preferences were not changed');
    expect(published).toHaveAttribute('aria-checked', 'true');
    expect(published).toHaveFocus();
    expect(screen.queryByText('Notification preferences not saved')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('says a change that got no answer needs a connection, and puts the switch back', async () => {
    const user = userEvent.setup();
    mockApi((call) => {
      if (call.url.pathname === PATH) throw new TypeError('Failed to fetch');
      return jsonResponse(makeBuyerProfile());
    });
    renderOnRoute(<Preferences />);
    const published = await screen.findByRole('switch', { name: 'Link published' });
    await user.click(published);
    expect(await screen.findByText(/your notification preferences were not changed/)).toBeVisible();
    await waitFor(() => expect(published).toHaveAttribute('aria-checked', 'true'));
    expect(screen.queryByText('Notification preferences not saved')).not.toBeInTheDocument();
  });
});
