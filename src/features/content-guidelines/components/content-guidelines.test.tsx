import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  type ContentGuidelines,
  ContentGuidelinesSchema,
  DEFAULT_CONTENT_GUIDELINES,
  GUIDELINES_SAVED_MESSAGE,
} from '#contract/content-guidelines.ts';
import { db } from '#src/lib/db.ts';
import { listOutbox, syncOutbox } from '#src/lib/outbox.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import { guidelinesSaveOutbox, saveGuidelines } from '../api/guidelines-outbox.ts';
import { ContentGuidelinesPage, WAITING_TO_SAVE_TEXT } from './content-guidelines-page.tsx';

function makeGuidelines(overrides: Partial<ContentGuidelines> = {}): ContentGuidelines {
  return ContentGuidelinesSchema.parse({
    ...DEFAULT_CONTENT_GUIDELINES,
    preferred_topics: ['Hiking'],
    avoided_trustlink_domains: ['rival.com'],
    custom_guidelines_file: null,
    revision: 1,
    updated_at: '2026-03-02T09:00:00.000Z',
    ...overrides,
  });
}

const PATH = '/api/v1/buyer/content-guidelines';

/** The server: answers GET with `current`, saves a PUT into it (unless `refuse` answers). */
function api(initial: ContentGuidelines, refuse?: (call: Call) => Response | undefined) {
  let current = initial;
  const handler = (call: Call): Response => {
    const refusal = refuse?.(call);
    if (refusal) return refusal;
    if (call.url.pathname === PATH && call.method === 'GET') return jsonResponse(current);
    if (call.url.pathname === PATH && call.method === 'PUT') {
      current = {
        ...current,
        ...(call.body as object),
        revision: current.revision + 1,
        updated_at: '2026-03-03T10:00:00.000Z',
      };
      return jsonResponse(current);
    }
    if (call.url.pathname === `${PATH}/files` && call.method === 'PUT') {
      current = { ...current, custom_guidelines_file: { id: 'file-9', file_name: 'style.pdf' } };
      return jsonResponse(current);
    }
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  };
  return { handler, current: () => current };
}

const putsOf = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT' && c.url.pathname === PATH);

beforeEach(async () => {
  setOnline(true);
  await db.outbox.clear();
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('content guidelines page', () => {
  it('shows the saved guidelines and saves every field with a confirmation', async () => {
    const server = api(makeGuidelines());
    const { calls } = mockApi(server.handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />, '/content-guidelines', '/content-guidelines');

    const preferred = await screen.findByRole('list', { name: 'Preferred topics' });
    expect(within(preferred).getByText('Hiking')).toBeInTheDocument();

    // Topics: typed and added with Enter; a repeat is refused before sending.
    const topicInput = screen.getByRole('textbox', { name: 'Preferred topics' });
    await user.type(topicInput, 'Travel in Norway{Enter}');
    await user.type(topicInput, 'hiking{Enter}');
    expect(screen.getByText('Not added: hiking: already in the list.')).toBeInTheDocument();
    await user.clear(topicInput);

    // Domains: normalised like a buyer domain, several at once separated by commas.
    await user.type(
      screen.getByRole('textbox', { name: 'Preferred trustlink domains' }),
      'https://www.Wikipedia.org/wiki, bbc.co.uk{Enter}',
    );
    const domains = screen.getByRole('list', { name: 'Preferred trustlink domains' });
    expect(within(domains).getByText('wikipedia.org')).toBeInTheDocument();
    expect(within(domains).getByText('bbc.co.uk')).toBeInTheDocument();
    // Removing a chip by keyboard brings focus back to the input.
    await user.click(screen.getByRole('button', { name: 'Remove rival.com' }));
    expect(screen.getByRole('textbox', { name: 'Trustlink domains to avoid' })).toHaveFocus();

    await user.click(screen.getByRole('radio', { name: /Aggressive/ }));
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Placement of target URL 1' }),
      'introduction',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Placement of target URL 2' }),
      'conclusion',
    );
    const trustlinks = screen.getByRole('radiogroup', { name: 'Number of trustlinks' });
    expect(
      within(trustlinks)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['1', '2', '3', '4']);
    await user.click(within(trustlinks).getByRole('radio', { name: '3' }));
    const internal = screen.getByRole('radiogroup', { name: 'Number of internal links' });
    expect(within(internal).getAllByRole('radio')).toHaveLength(2);
    await user.click(within(internal).getByRole('radio', { name: '2' }));
    const topicComment = screen.getByRole('textbox', { name: 'Topic comment' });
    await user.type(topicComment, 'Be practical.');
    expect(topicComment).toHaveAccessibleDescription('Optional, up to 2000 characters (13 used).');
    await user.click(screen.getByRole('checkbox', { name: 'Translate the anchor text' }));

    await user.click(screen.getByRole('button', { name: 'Save guidelines' }));
    expect(await screen.findByText(GUIDELINES_SAVED_MESSAGE)).toBeInTheDocument();
    // The saved revision gets a new form; its Save button takes the focus the old one had.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save guidelines' })).toHaveFocus(),
    );
    const [put] = putsOf(calls);
    expect(put?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(put?.body).toEqual({
      preferred_topics: ['Hiking', 'Travel in Norway'],
      topics_to_avoid: [],
      topic_comment: 'Be practical.',
      target_url_implementation: 'aggressive',
      target_url_1_placement: 'introduction',
      target_url_2_placement: 'conclusion',
      target_url_comment: null,
      trustlinks_number: 3,
      avoided_trustlink_domains: [],
      preferred_trustlink_domains: ['wikipedia.org', 'bbc.co.uk'],
      internal_links_number: 2,
      internal_link_comment: null,
      is_translate_anchor: true,
    });
  });

  it('refuses a domain that is not one before sending', async () => {
    mockApi(api(makeGuidelines()).handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    const input = await screen.findByRole('textbox', { name: 'Trustlink domains to avoid' });
    await user.type(input, '127.0.0.1{Enter}');
    expect(
      screen.getByText('Not added: 127.0.0.1: Enter a domain name, not an IP address.'),
    ).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds every domain of a typed list, shows them in Unicode, and says which were refused and why', async () => {
    mockApi(api(makeGuidelines()).handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    const input = await screen.findByRole('textbox', { name: 'Trustlink domains to avoid' });
    await user.click(input);
    await user.paste('wikipedia.org, nationalgeographic.com;MÜNCHEN.de  not a-domain, 🏕️.com');
    await user.keyboard('{Enter}');
    const list = screen.getByRole('list', { name: 'Trustlink domains to avoid' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['rival.com', 'wikipedia.org', 'nationalgeographic.com', 'münchen.de']);
    expect(screen.getByRole('button', { name: 'Remove münchen.de' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Not added: not, a-domain: This is not a valid domain name, such as example.com. ' +
          'Not added: 🏕️.com: No registry accepts this domain name: emoji, symbols and punctuation cannot be part of one.',
      ),
    ).toBeInTheDocument();
    expect(input).toHaveValue('not, a-domain, 🏕️.com');
  });

  it('keeps a refused entry as typed: text of which no word is a domain stays one entry', async () => {
    mockApi(api(makeGuidelines()).handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    const input = await screen.findByRole('textbox', { name: 'Preferred trustlink domains' });
    await user.click(input);
    await user.paste('example.org, not a domain');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove example.org' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Not added: not a domain: This is not a valid domain name, such as example.com.',
      ),
    ).toBeInTheDocument();
    expect(input).toHaveValue('not a domain');
  });

  it('keeps text typed but not added: Save adds it, or refuses with a word while it cannot be', async () => {
    const { calls } = mockApi(api(makeGuidelines()).handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    const input = await screen.findByRole('textbox', { name: 'Preferred trustlink domains' });
    await user.type(input, 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Save guidelines' }));
    expect(
      await screen.findByText(
        'Not saved: “Preferred trustlink domains” still holds text that was not added. Correct it or clear it, then save.',
      ),
    ).toBeInTheDocument();
    expect(putsOf(calls)).toHaveLength(0);
    await user.clear(input);
    await user.type(input, 'wikipedia.org');
    await user.click(screen.getByRole('button', { name: 'Save guidelines' }));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(putsOf(calls)[0]?.body).toMatchObject({
      preferred_trustlink_domains: expect.arrayContaining(['wikipedia.org']),
    });
    expect(screen.queryByText(/^Not saved:/)).not.toBeInTheDocument();
  });

  it('Discard changes also clears the text typed in the lists’ boxes', async () => {
    const { calls } = mockApi(api(makeGuidelines()).handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    const domains = () => screen.getByRole('textbox', { name: 'Preferred trustlink domains' });
    await screen.findByRole('textbox', { name: 'Preferred trustlink domains' });
    const discard = screen.getByRole('button', { name: 'Discard changes' });
    expect(discard).toBeDisabled();
    // Text that cannot be added stays in its box when the buyer leaves it.
    await user.type(domains(), '127.0.0.1');
    await user.tab();
    expect(domains()).toHaveValue('127.0.0.1');
    await user.click(discard);
    expect(domains()).toHaveValue('');
    expect(screen.queryByText(/^Not added:/)).not.toBeInTheDocument();
    expect(discard).toBeDisabled();

    // Text typed and not yet added can be discarded too, and nothing of it is added.
    await user.type(domains(), 'wikipedia.org');
    await user.click(discard);
    expect(domains()).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove wikipedia.org' })).not.toBeInTheDocument();

    // Nothing is left to hold the save back.
    await user.click(screen.getByRole('button', { name: 'Save guidelines' }));
    await waitFor(() => expect(putsOf(calls)).toHaveLength(1));
    expect(screen.queryByText(/^Not saved:/)).not.toBeInTheDocument();
  });

  it('shows server violations on the fields and entries they name', async () => {
    const refuse = (call: Call) =>
      call.method === 'PUT'
        ? jsonResponse(
            {
              code: 400,
              message: 'Validation failed.',
              violations: [
                { path: 'avoided_trustlink_domains[0]', message: 'Not a domain we accept.' },
                { path: 'topic_comment', message: 'Too long for the writer.' },
              ],
            },
            400,
          )
        : undefined;
    mockApi(api(makeGuidelines(), refuse).handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    await screen.findByRole('list', { name: 'Preferred topics' });
    await user.click(screen.getByRole('button', { name: 'Save guidelines' }));
    expect(await screen.findByText('rival.com: Not a domain we accept.')).toBeInTheDocument();
    expect(screen.getByText('Too long for the writer.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Topic comment' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('keeps a save made offline in the outbox, says so, and sends it once online', async () => {
    const server = api(makeGuidelines());
    const { calls } = mockApi(server.handler);
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderOnRoute(<ContentGuidelinesPage />);
    await screen.findByRole('list', { name: 'Preferred topics' });

    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await screen.findByText('You are offline')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Preferred topics' }), 'Camping{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save guidelines' }));
    expect(await screen.findAllByText(WAITING_TO_SAVE_TEXT)).not.toHaveLength(0);
    expect(screen.getByText('Waiting to be saved')).toBeInTheDocument();
    expect(putsOf(calls)).toHaveLength(0);
    // The upload needs the connection and says so.
    expect(screen.getByLabelText('Upload a file')).toBeDisabled();

    // A second offline save replaces the first: only the latest is kept.
    await user.type(screen.getByRole('textbox', { name: 'Topics to avoid' }), 'Casinos{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save guidelines' }));
    await waitFor(async () => {
      const kept = await listOutbox(guidelinesSaveOutbox);
      expect(kept).toHaveLength(1);
      expect(kept[0]?.variables).toMatchObject({
        preferred_topics: ['Hiking', 'Camping'],
        topics_to_avoid: ['Casinos'],
      });
    });
    unmount();

    // Opened again before the sync: the kept values are shown, not the server's.
    setOnline(true);
    onlineManager.setOnline(true);
    renderOnRoute(<ContentGuidelinesPage />);
    const preferred = await screen.findByRole('list', { name: 'Preferred topics' });
    expect(await within(preferred).findByText('Camping')).toBeInTheDocument();
    expect(screen.getByText('Waiting to be saved')).toBeInTheDocument();

    expect(await syncOutbox(guidelinesSaveOutbox)).toMatchObject({ sent: 1, refused: 0 });
    expect(putsOf(calls)).toHaveLength(1);
    expect(server.current().topics_to_avoid).toEqual(['Casinos']);
    expect(await listOutbox(guidelinesSaveOutbox)).toEqual([]);
  });

  it('shows a save the server refused after the sync until it is dismissed', async () => {
    const refuse = (call: Call) =>
      call.method === 'PUT'
        ? jsonResponse(
            {
              code: 400,
              message: 'Validation failed.',
              violations: [{ path: 'preferred_topics[0]', message: 'Too small.' }],
            },
            400,
          )
        : undefined;
    mockApi(api(makeGuidelines(), refuse).handler);
    setOnline(false);
    await saveGuidelines({ ...DEFAULT_CONTENT_GUIDELINES, preferred_topics: ['x'] });
    setOnline(true);
    expect(await syncOutbox(guidelinesSaveOutbox)).toMatchObject({ sent: 0, refused: 1 });
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    expect(await screen.findByText('Changes made offline were not saved')).toBeInTheDocument();
    expect(screen.getByText('Too small.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText('Changes made offline were not saved')).not.toBeInTheDocument(),
    );
    expect(await listOutbox(guidelinesSaveOutbox)).toEqual([]);
  });

  it('says so when offline before the guidelines were ever loaded', async () => {
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    setOnline(false);
    renderOnRoute(<ContentGuidelinesPage />);
    expect(await screen.findByText('You are offline')).toBeInTheDocument();
    expect(screen.getByText(/have not been loaded on this device yet/)).toBeInTheDocument();
  });

  it('shows the loading and error states, and retries', async () => {
    let fail = true;
    const server = api(makeGuidelines());
    mockApi((call) =>
      fail && call.method === 'GET'
        ? jsonResponse({ code: 500, message: 'Internal server error' }, 500)
        : server.handler(call),
    );
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    expect(screen.getByText('Loading your content guidelines…')).toBeInTheDocument();
    expect(
      await screen.findByText('Your content guidelines could not be loaded.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('list', { name: 'Preferred topics' })).toBeInTheDocument();
  });

  it('checks the size of the guidelines file before uploading, with the spec message', async () => {
    const { calls } = mockApi(api(makeGuidelines()).handler);
    const user = userEvent.setup({ delay: null });
    renderOnRoute(<ContentGuidelinesPage />);
    const input = await screen.findByLabelText('Upload a file');
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(input, big);
    expect(
      screen.getByText(
        'The file is too large (20971521 bytes). Allowed maximum size is 20971520 bytes.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(input, new File(['%PDF-1.4'], 'style.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Guidelines file uploaded')).toBeInTheDocument();
    expect(await screen.findByText('style.pdf')).toBeInTheDocument();
    const upload = calls.find((c) => c.url.pathname === `${PATH}/files`);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);
  });
});
