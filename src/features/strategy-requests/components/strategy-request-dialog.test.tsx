import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { StrategyRequest } from '#contract/strategy-requests.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { StrategyCard } from './strategy-card.tsx';
import { STRATEGY_LIMIT_MESSAGE, STRATEGY_RECEIVED_MESSAGE } from './strategy-request-dialog.tsx';

const PATH = '/api/v1/buyer/strategy-requests';

function makeRequest(overrides: Partial<StrategyRequest> = {}): StrategyRequest {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    domain: 'mysite.com',
    description: 'Grow casino traffic in Germany.',
    status: 'in_progress',
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function api(post: (call: Call) => Response, requests: StrategyRequest[] = []) {
  return (call: Call): Response => {
    if (call.url.pathname === PATH && call.method === 'POST') return post(call);
    if (call.url.pathname === PATH) {
      return jsonResponse({
        data: requests,
        pagination: { page: 1, limit: 10, total: requests.length },
      });
    }
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openDialog(defaultDomain = 'mysite.com') {
  const user = userEvent.setup();
  renderOnRoute(<StrategyCard defaultDomain={defaultDomain} />);
  await user.click(screen.getByRole('button', { name: 'Request a free strategy' }));
  const dialog = await screen.findByRole('dialog', { name: 'Get a free link-building strategy' });
  return { user, dialog };
}

describe('free strategy request', () => {
  it('prefills the chosen domain, checks the fields and confirms the request', async () => {
    const { calls } = mockApi(
      api(() => jsonResponse(makeRequest({ status: 'received' }), 201), [makeRequest()]),
    );
    const { user, dialog } = await openDialog();
    const domain = within(dialog).getByLabelText('Domain');
    expect(domain).toHaveValue('mysite.com');
    expect(await within(dialog).findByText('In progress')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('Tell us a little more: at least 10 characters.'),
    ).toBeInTheDocument();
    await user.clear(domain);
    await user.type(domain, 'not a domain');
    await user.type(
      within(dialog).getByLabelText('What do you want to achieve?'),
      'More traffic from German casino players.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('This is not a valid domain name, such as example.com.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(domain);
    await user.type(domain, 'https://www.Other-Site.com/');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText(STRATEGY_RECEIVED_MESSAGE)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      domain: 'other-site.com',
      description: 'More traffic from German casino players.',
    });
    // The list is read again so the new request shows with its status.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'GET' && c.url.pathname === PATH && !c.isAborted),
      ).toHaveLength(2),
    );
  });

  it('counts the request as it is typed and refuses one over the limit without cutting it', async () => {
    const { calls } = mockApi(api(() => jsonResponse(makeRequest({ status: 'received' }), 201)));
    const { user, dialog } = await openDialog();
    const text = within(dialog).getByLabelText('What do you want to achieve?');
    expect(text).toHaveAccessibleDescription(expect.stringContaining('0 / 2,000 characters'));
    await user.type(text, 'More traffic');
    expect(within(dialog).getByText(/^12 \/ 2,000/)).toBeInTheDocument();
    await user.click(text);
    await user.paste('x'.repeat(2_000));
    expect(text).toHaveValue(`More traffic${'x'.repeat(2_000)}`);
    expect(within(dialog).getByText(/2,012 \/ 2,000/)).toHaveTextContent('12 too many');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('Your request can be at most 2,000 characters.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('says plainly when the daily limit is reached', async () => {
    mockApi(api(() => jsonResponse({ code: 429, message: 'Too Many Requests' }, 429)));
    const { user, dialog } = await openDialog();
    await user.type(
      within(dialog).getByLabelText('What do you want to achieve?'),
      'A plan for the next quarter.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(STRATEGY_LIMIT_MESSAGE);
  });

  it("puts the server's violations on their fields", async () => {
    mockApi(
      api(() =>
        jsonResponse(
          {
            code: 422,
            message: 'Validation failed.',
            violations: [{ path: 'description', message: 'This value is too long.' }],
          },
          422,
        ),
      ),
    );
    const { user, dialog } = await openDialog('');
    expect(within(dialog).getByLabelText('Domain')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Domain'), 'mysite.com');
    await user.type(
      within(dialog).getByLabelText('What do you want to achieve?'),
      'A plan for the next quarter.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This value is too long.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('What do you want to achieve?')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('offline keeps the form but turns sending off, saying why beside the button', async () => {
    const { calls } = mockApi(api(() => jsonResponse(makeRequest(), 201), []));
    setOnline(false);
    const { dialog } = await openDialog();
    const send = within(dialog).getByRole('button', { name: 'Send request' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(
      'You are offline: sending the request needs a connection.',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
