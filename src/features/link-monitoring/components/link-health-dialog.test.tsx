import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import type { LinkCheck, LinkIssue } from '#contract/link-monitoring.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { dismissToast } from '#src/lib/toast-store.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import {
  COMPANY_ID,
  makeBuyerProfileAs,
  makeLinkCheck,
  makeLinkIssue,
  ORDER_ID,
} from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';
import { formatDateTime } from '#src/utils/format.ts';

import { LinkHealthDialog } from './link-health-dialog.tsx';

afterEach(() => {
  act(() => dismissToast());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ITEM = {
  id: '00000000-0000-4000-8000-0000000000b1',
  number: '100001-1',
  orderId: ORDER_ID,
  companyId: COMPANY_ID,
};
const BASE = `/api/v1/buyer/orders/items/${ITEM.id}`;

function checksPage(checks: LinkCheck[], page: number, total: number) {
  return { data: checks, pagination: { page, limit: 10, total } };
}

/** A server with the item's `issues` and `checks`; `other` answers the writes. */
function serve(
  issues: LinkIssue[],
  checks: LinkCheck[] = [makeLinkCheck()],
  other?: (call: Call) => Response | undefined,
) {
  return mockApi((call) => {
    const answer = other?.(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (call.method === 'GET' && path === `${BASE}/link-issues`)
      return jsonResponse({ data: issues });
    if (call.method === 'GET' && path === `${BASE}/link-checks`) {
      const page = Number(call.url.searchParams.get('page'));
      return jsonResponse(
        checksPage(checks.slice((page - 1) * 10, page * 10), page, checks.length),
      );
    }
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  });
}

function renderDialog() {
  const onClose = vi.fn();
  const result = renderOnRoute(<LinkHealthDialog item={ITEM} open onClose={onClose} />);
  return { ...result, onClose };
}

async function openIssue() {
  const dialog = await screen.findByRole('dialog', { name: 'Link health of item 100001-1' });
  await within(dialog).findByText('Open issue: Link missing');
  return within(dialog);
}

describe('the item’s link dialog', () => {
  it('shows the open issue first: when it opened, the guarantee, its steps so far', async () => {
    serve([makeLinkIssue()]);
    renderDialog();
    const dialog = await openIssue();
    expect(dialog.getByText(formatDateTime('2026-11-18T09:00:00Z'))).toBeInTheDocument();
    expect(dialog.getByText('Until 01/11/2027')).toBeInTheDocument();
    const steps = dialog.getByRole('list', { name: 'What happened' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `Issue opened · ${formatDateTime('2026-11-18T09:00:00Z')}Link missing`,
      `You were notified · ${formatDateTime('2026-11-18T09:01:00Z')}`,
    ]);
    // The issue comes before the history.
    const headings = dialog.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Issue', 'Check history']);
  });

  it('asks for a restore, says so, and refreshes the link everywhere it shows', async () => {
    const { calls } = serve([makeLinkIssue()], undefined, (call) =>
      call.method === 'POST' && call.url.pathname.endsWith('/remedy')
        ? jsonResponse(
            makeLinkIssue({
              can_request_restore: false,
              restore_requested_at: '2026-11-19T10:00:00Z',
            }),
          )
        : undefined,
    );
    const user = userEvent.setup();
    const { queryClient } = renderDialog();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = await openIssue();
    expect(dialog.queryByRole('button', { name: 'Ask for a refund' })).not.toBeInTheDocument();
    expect(
      dialog.getByText(
        `If the link is not restored, a refund may be asked for from ${formatDateTime('2026-12-02T09:00:00Z')}.`,
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Ask for a restore' }));
    // Said inside the dialog, not in a toast above it.
    expect(await dialog.findByText('Restore asked for')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toMatch(/\/link-issues\/[0-9a-f-]+\/remedy$/);
    expect(post.body).toEqual({ kind: 'restore' });
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toEqual(
      expect.arrayContaining([
        JSON.stringify(['buyer', 'link-monitoring']),
        JSON.stringify(['buyer', 'orders', 'items', ORDER_ID]),
      ]),
    );
  });

  it('asks for a refund only after a confirmation', async () => {
    const { calls } = serve(
      [
        makeLinkIssue({
          can_request_restore: false,
          can_request_refund: true,
          restore_requested_at: '2026-11-18T10:00:00Z',
          refund_available_at: '2026-12-02T10:00:00Z',
        }),
      ],
      undefined,
      (call) =>
        call.method === 'POST'
          ? jsonResponse(makeLinkIssue({ can_request_restore: false, can_request_refund: false }))
          : undefined,
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = await openIssue();
    expect(dialog.queryByRole('button', { name: 'Ask for a restore' })).not.toBeInTheDocument();
    expect(dialog.getByText(formatDateTime('2026-11-18T10:00:00Z'))).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Ask for a refund' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Refund item 100001-1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep waiting' }));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Ask for a refund' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Ask for a refund',
      }),
    );
    // The issue is drawn again from the server's answer: look for the text, not an element.
    await waitFor(() => expect(screen.getByText('Refund asked for')).toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { kind: 'refund' },
    ]);
  });

  it('says the link is outside its guarantee, with no remedy to ask for', async () => {
    serve([
      makeLinkIssue({
        is_within_guarantee: false,
        guarantee_ends_at: '2026-10-01T00:00:00Z',
        refund_available_at: null,
        can_request_restore: false,
        can_request_refund: false,
      }),
    ]);
    renderDialog();
    const dialog = await openIssue();
    expect(dialog.getByText('Outside the guarantee')).toBeInTheDocument();
    expect(
      dialog.getByText(
        'This link is outside its guarantee, which ended on 01/10/2026: we keep checking it and tell you, but no restore or refund can be asked for.',
      ),
    ).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: /Ask for/ })).not.toBeInTheDocument();
  });

  it('shows why the server refused a remedy', async () => {
    serve([makeLinkIssue()], undefined, (call) =>
      call.method === 'POST'
        ? jsonResponse({ code: 409, message: 'A restore was already asked for.' }, 409)
        : undefined,
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = await openIssue();
    await user.click(dialog.getByRole('button', { name: 'Ask for a restore' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('A restore was already asked for.');
  });

  it('turns the remedies off offline, saying why', async () => {
    serve([makeLinkIssue()]);
    renderDialog();
    const dialog = await openIssue();
    setOnline(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    // The query library follows the event too: the next tests start online.
    onTestFinished(() => onlineManager.setOnline(true));
    const restore = dialog.getByRole('button', { name: 'Ask for a restore' });
    expect(restore).toBeDisabled();
    expect(restore).toHaveAccessibleDescription('Asking for a remedy needs a connection.');
    const check = dialog.getByRole('button', { name: 'Check now the link of item 100001-1' });
    expect(check).toBeDisabled();
    expect(check).toHaveAccessibleDescription('Checking a link needs a connection.');
  });

  it('tells how the last issue ended when none is open', async () => {
    serve([
      makeLinkIssue({
        closed_at: '2026-11-25T08:00:00Z',
        resolution: 'refunded',
        credit_note: { id: '00000000-0000-4000-8000-0000000000c9', number: 'CN-2026-0042' },
        can_request_restore: false,
      }),
    ]);
    renderDialog();
    expect(
      await screen.findByText(
        'No open issue. The last one (Link missing, opened 18/11/2026) ended on 25/11/2026: refunded with credit note CN-2026-0042.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ask for/ })).not.toBeInTheDocument();
  });

  it('lists the checks newest first with what was found, and shows more on request', async () => {
    const checks = Array.from({ length: 12 }, (_, i) =>
      makeLinkCheck({
        checked_at: `2026-11-${String(24 - i).padStart(2, '0')}T08:00:00Z`,
        ...(i === 0
          ? {
              outcome: 'wrong_rel' as const,
              http_status: 200,
              found: { href: 'https://shop.example.org/', rel: ['nofollow'], anchor: 'best shop' },
              detail: 'rel="nofollow"',
              duration_ms: 812,
              is_disallowed_by_robots: true,
            }
          : {}),
      }),
    );
    serve([], checks);
    const user = userEvent.setup();
    renderDialog();
    const history = await screen.findByRole('list', { name: 'Checks, newest first' });
    expect(screen.getByText('No issue so far.')).toBeInTheDocument();
    expect(
      screen.getByText('An issue opens after 3 failed checks in a row, and you are told.'),
    ).toBeInTheDocument();
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(10);
    const first = within(entries[0]!);
    expect(first.getByText('Wrong rel attribute')).toBeInTheDocument();
    expect(first.getByText(formatDateTime('2026-11-24T08:00:00Z'))).toBeInTheDocument();
    expect(first.getByText('rel: nofollow · anchor: “best shop”')).toBeInTheDocument();
    expect(first.getByText('rel="nofollow"')).toBeInTheDocument();
    expect(first.getByText('812 ms')).toBeInTheDocument();
    expect(first.getByText(/Disallows our checker/)).toBeInTheDocument();
    expect(
      within(entries[1]!).getByText('rel: none (followed) · anchor: “best shop”'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says a link not checked yet is checked within an hour of going live', async () => {
    serve([], []);
    renderDialog();
    expect(
      await screen.findByText(
        'Not checked yet. A live link is first checked within an hour of going live.',
      ),
    ).toBeInTheDocument();
  });

  it('checks now from the dialog and shows a refusal beside the button', async () => {
    serve([], undefined, (call) =>
      call.method === 'POST'
        ? jsonResponse({ code: 429, message: 'Checked a moment ago. Try again in 30 s.' }, 429)
        : undefined,
    );
    const user = userEvent.setup();
    renderDialog();
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Check now the link of item 100001-1' }));
    expect(await dialog.findByText('Checked a moment ago. Try again in 30 s.')).toBeInTheDocument();
  });
});

describe('the item’s link dialog for a Viewer', () => {
  it('offers no active "Check now" nor remedies, and says why', async () => {
    serve([makeLinkIssue({ can_request_refund: true })]);
    renderOnRoute(
      <LinkHealthDialog item={ITEM} open onClose={vi.fn()} />,
      '/',
      '/',
      (queryClient) =>
        queryClient.setQueryData(profileQueries.detail().queryKey, makeBuyerProfileAs('viewer')),
    );
    const dialog = await openIssue();
    for (const name of [
      'Check now the link of item 100001-1',
      'Ask for a restore',
      'Ask for a refund',
    ]) {
      const button = dialog.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(/As Viewer you can follow these links/);
    }
  });
});
