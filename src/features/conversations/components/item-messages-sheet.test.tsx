import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { THREAD_POLL_MS, type ThreadEntry } from '#contract/conversations.ts';
import { IDEMPOTENCY_KEY_HEADER } from '#contract/endpoint-schemas.ts';
import type { MemberRole } from '#contract/permissions.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { useOutboxSync } from '#src/hooks/use-outbox-sync.ts';
import { db } from '#src/lib/db.ts';
import { dismissToast } from '#src/lib/toast-store.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import {
  COMPANY_ID,
  makeBuyerProfileAs,
  makeThread,
  makeThreadEntry,
} from '#src/test-utils/factories.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { messageSendSync } from '../api/mutations.ts';
import { ItemMessagesSheet } from './item-messages-sheet.tsx';

const ITEM_ID = '00000000-0000-4000-8000-000000000501';
const THREAD_PATH = `/api/v1/buyer/orders/items/${ITEM_ID}/messages`;

beforeEach(async () => {
  setOnline(true);
  await db.outbox.clear();
});

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The buyer layout sends what waits in the outbox; the sheet is shown inside it. */
function OfflineChangesSync() {
  useOutboxSync(messageSendSync);
  return null;
}

/** A server holding the thread's `entries`; a sent message is added to them. */
function serve(
  entries: ThreadEntry[],
  { canWrite = true, unread = 0 }: { canWrite?: boolean; unread?: number } = {},
) {
  const state = { entries: [...entries], unread, failThread: false, missing: false };
  const api = mockApi((call: Call) => {
    const path = call.url.pathname;
    if (path === THREAD_PATH && call.method === 'GET') {
      if (state.failThread) return jsonResponse({ code: 500, message: 'Server trouble' }, 500);
      if (state.missing) return jsonResponse({ code: 404, message: 'Order item not found' }, 404);
      return jsonResponse(
        makeThread({ entries: state.entries, unread: state.unread, can_write: canWrite }),
      );
    }
    if (path === THREAD_PATH && call.method === 'POST') {
      const entry = makeThreadEntry({
        side: 'buyer',
        is_own: true,
        author_name: 'Ada Buyer',
        text: (call.body as { text: string }).text,
        created_at: '2026-11-05T10:00:00Z',
      });
      state.entries.push(entry);
      return jsonResponse(entry, 201);
    }
    if (path === `${THREAD_PATH}/attachments` && call.method === 'POST') {
      const form = call.body as FormData;
      const file = form.get('file') as File;
      const entry = makeThreadEntry({
        side: 'buyer',
        is_own: true,
        author_name: 'Ada Buyer',
        text: (form.get('text') as string | null) ?? '',
        attachment: { id: '00000000-0000-4000-8000-000000000777', file_name: file.name },
        created_at: '2026-11-05T10:00:00Z',
      });
      state.entries.push(entry);
      return jsonResponse(entry, 201);
    }
    if (path === `${THREAD_PATH}/reads`) {
      state.unread = 0;
      return jsonResponse({ total: 3 });
    }
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  });
  return { ...api, state };
}

function renderSheet(role: MemberRole = 'owner') {
  return renderOnRoute(
    <>
      <OfflineChangesSync />
      <ItemMessagesSheet
        item={{ id: ITEM_ID, number: '100001-1', companyId: COMPANY_ID }}
        open
        onClose={() => {}}
      />
    </>,
    '/',
    '/',
    (queryClient) =>
      queryClient.setQueryData(profileQueries.detail().queryKey, makeBuyerProfileAs(role)),
  );
}

const sends = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

describe('an order item’s conversation', () => {
  it('shows messages and events oldest first, as plain text with its links and line breaks', async () => {
    serve([
      makeThreadEntry({
        kind: 'event',
        event: 'content_declined',
        side: 'buyer',
        author_name: 'Ada Buyer',
        text: 'Shorter intro, please.',
        created_at: '2026-11-04T08:00:00Z',
      }),
      makeThreadEntry({
        text: 'Draft at https://docs.example.com/draft?id=7.\nSee <b>x</b>',
        created_at: '2026-11-04T09:00:00Z',
      }),
      makeThreadEntry({
        side: 'buyer',
        is_own: true,
        author_name: 'Ada Buyer',
        text: 'Thanks!',
        created_at: '2026-11-04T10:00:00Z',
        read_by_publisher_at: '2026-11-04T11:30:00Z',
      }),
      makeThreadEntry({
        side: 'buyer',
        author_name: 'Grace Colleague',
        text: 'Looks fine to me.',
        created_at: '2026-11-04T12:00:00Z',
      }),
      makeThreadEntry({
        kind: 'event',
        event: 'published',
        side: 'platform',
        author_name: 'Platform',
        text: '',
        created_at: '2026-11-04T13:00:00Z',
      }),
    ]);
    renderSheet();
    const sheet = await screen.findByRole('dialog', { name: 'Messages for item 100001-1' });
    const list = await within(sheet).findByRole('list', { name: 'Messages and events' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Content declined · .*Shorter intro, please\.$/),
      expect.stringContaining('Draft at https://docs.example.com/draft?id=7.'),
      expect.stringMatching(/^You wrote:Thanks!.* · Read by the publisher 04\/11\/2026/),
      expect.stringMatching(/^Grace ColleagueLooks fine to me\./),
      expect.stringMatching(/^Link published · /),
    ]);
    const link = within(rows[1]!).getByRole('link', {
      name: 'https://docs.example.com/draft?id=7',
    });
    expect(link).toHaveAttribute('href', 'https://docs.example.com/draft?id=7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    // Typed markup stays text, and the line break is kept.
    expect(rows[1]!.querySelector('b')).toBeNull();
    expect(within(rows[1]!).getByText(/See <b>x<\/b>/)).toHaveClass('whitespace-pre-wrap');
    expect(within(rows[1]!).getByText(/See <b>x<\/b>/).textContent).toContain('\nSee <b>x</b>');
    expect(within(sheet).getByText('With the publisher of news.example.com')).toBeInTheDocument();
  });

  it('says which contact details were hidden, from the member and from the publisher', async () => {
    serve([
      makeThreadEntry({ text: 'Write to [hidden]', hidden_for_you: ['email', 'phone'] }),
      makeThreadEntry({
        side: 'buyer',
        is_own: true,
        author_name: 'Ada Buyer',
        text: 'Call me at +49 30 1234567',
        hidden_for_publisher: ['phone'],
      }),
    ]);
    renderSheet();
    expect(
      await screen.findByText(
        'Contact details were hidden: an e-mail address and a phone number. Talk here so your order stays protected.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'The publisher sees this without the phone number you typed; contact details stay on the platform.',
      ),
    ).toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    serve([]);
    renderSheet();
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
    expect(
      screen.getByText('Ask the publisher about the topic, the content or the publication.'),
    ).toBeInTheDocument();
  });

  it('offers a retry when the thread cannot be loaded', async () => {
    const { state } = serve([makeThreadEntry({ text: 'Back again' })]);
    state.failThread = true;
    const user = userEvent.setup();
    renderSheet();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The messages could not be loaded.');
    state.failThread = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });

  it('says so when the item is not one of the company’s, with nothing to try again', async () => {
    const { state } = serve([]);
    state.missing = true;
    renderSheet();
    expect(await screen.findByText('No such conversation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('lets the keyboard scroll the thread, and remove a chosen document', async () => {
    serve([makeThreadEntry({ text: 'A long thread' })]);
    const user = userEvent.setup();
    renderSheet();
    await screen.findByText('A long thread');
    expect(screen.getByRole('region', { name: 'Conversation' })).toHaveAttribute('tabindex', '0');
    const input = screen.getByLabelText('Document (optional)');
    await user.upload(input, new File(['%PDF-1.4'], 'Brief.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Remove Brief.pdf' }));
    expect(screen.getByLabelText('Document (optional)')).toHaveValue('');
    expect(screen.queryByText('Brief.pdf')).not.toBeInTheDocument();
  });

  it('asks for the thread again while open, so a new message shows, and marks it read', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = makeThreadEntry({ text: 'First' });
    const { state, calls } = serve([first]);
    renderSheet();
    expect(await screen.findByText('First')).toBeInTheDocument();
    // Nothing unread when it opened: nothing to mark.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    const second = makeThreadEntry({ text: 'A new answer', created_at: '2026-11-04T09:30:00Z' });
    state.entries.push(second);
    state.unread = 1;
    await act(() => vi.advanceTimersByTimeAsync(THREAD_POLL_MS));
    expect(await screen.findByText('A new answer')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { last_entry_id: second.id },
      ]),
    );
  });

  it('marks a thread with unread messages read up to its last entry when it opens', async () => {
    const entries = [makeThreadEntry({ text: 'One' }), makeThreadEntry({ text: 'Two' })];
    const { calls } = serve(entries, { unread: 2 });
    renderSheet();
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
        { last_entry_id: entries[1]!.id },
      ]),
    );
  });

  it('sends a message with an idempotency key, shows it and clears the draft', async () => {
    const { calls } = serve([]);
    const user = userEvent.setup();
    renderSheet();
    const field = await screen.findByLabelText('Message to the publisher');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message.')).toBeInTheDocument();
    expect(sends(calls)).toHaveLength(0);

    await user.type(field, '  Is the topic fine?  ');
    await user.keyboard('{Control>}{Enter}{/Control}');
    const list = await screen.findByRole('list', { name: 'Messages and events' });
    expect(within(list).getByText('Is the topic fine?')).toBeInTheDocument();
    expect(sends(calls)).toHaveLength(1);
    expect(sends(calls)[0]!.body).toEqual({ text: 'Is the topic fine?' });
    expect(sends(calls)[0]!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(field).toHaveValue('');
    expect(localStorage.getItem(`message-draft:${ITEM_ID}`)).toBeNull();
  });

  it('sends a document, with the message left out, and refuses a file of another type', async () => {
    const { calls } = serve([]);
    // The picker offers documents only; a file dropped on it anyway is checked.
    const user = userEvent.setup({ applyAccept: false });
    renderSheet();
    const input = await screen.findByLabelText('Document (optional)');
    await user.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' }));
    expect(
      await screen.findByText('The file must be a .doc, .docx, .txt or .pdf document.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(sends(calls)).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4'], 'Brief.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const list = await screen.findByRole('list', { name: 'Messages and events' });
    expect(within(list).getByText('Brief.pdf')).toBeInTheDocument();
    const [sent, ...more] = sends(calls);
    expect(more).toEqual([]);
    expect(sent!.url.pathname).toBe(`${THREAD_PATH}/attachments`);
    expect((sent!.body as FormData).get('text')).toBeNull();
    expect(((sent!.body as FormData).get('file') as File).name).toBe('Brief.pdf');
    expect(sent!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByLabelText('Document (optional)')).toHaveValue('');
  });

  it('keeps the draft when the sheet is closed and opened again', async () => {
    serve([]);
    const user = userEvent.setup();
    const first = renderSheet();
    await user.type(await screen.findByLabelText('Message to the publisher'), 'Half a thought');
    first.unmount();
    renderSheet();
    expect(await screen.findByLabelText('Message to the publisher')).toHaveValue('Half a thought');
  });

  it('counts the characters near the limit and refuses a message over it', async () => {
    const { calls } = serve([]);
    const user = userEvent.setup();
    renderSheet();
    const field = await screen.findByLabelText('Message to the publisher');
    await user.click(field);
    await user.paste('x'.repeat(5001));
    expect(screen.getByText(/5,001 \/ 5,000/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A message has at most 5,000 characters.')).toBeInTheDocument();
    expect(sends(calls)).toHaveLength(0);
  });

  it('shows a Viewer the conversation without a field to write in', async () => {
    serve([makeThreadEntry({ text: 'Read only' })], { canWrite: false });
    renderSheet('viewer');
    expect(
      await screen.findByText(
        'As Viewer you can read this conversation; Owners, Admins and Buyers write to the publisher.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Read only')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('tells a Buyer on another member’s order that they write on their own orders', async () => {
    serve([], { canWrite: false });
    renderSheet('buyer');
    expect(
      await screen.findByText('As Buyer you write on the orders you placed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('keeps a message written offline, shows it waiting, and sends it once online', async () => {
    const { calls } = serve([makeThreadEntry({ text: 'Earlier' })]);
    const user = userEvent.setup();
    renderSheet();
    const field = await screen.findByLabelText('Message to the publisher');
    setOnline(false);
    act(() => window.dispatchEvent(new Event('offline')));
    expect(
      await screen.findByText(/You are offline: this is the copy saved on/),
    ).toBeInTheDocument();
    expect(screen.getByText('Earlier')).toBeInTheDocument();

    await user.type(field, 'Sent from the train');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    expect(screen.getByText('Sent from the train')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(sends(calls)).toHaveLength(0);
    const [kept] = await db.outbox.toArray();
    expect(kept?.mutationKey).toBe('conversations.send-message');

    setOnline(true);
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText('Waiting to send')).not.toBeInTheDocument());
    expect(sends(calls)).toHaveLength(1);
    expect(sends(calls)[0]!.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(kept!.idempotencyKey);
    const list = screen.getByRole('list', { name: 'Messages and events' });
    expect(await within(list).findByText('Sent from the train')).toBeInTheDocument();
    expect(await db.outbox.count()).toBe(0);
  });
});
