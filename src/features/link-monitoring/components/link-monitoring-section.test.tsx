import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import type { MonitoredLink } from '#contract/link-monitoring.ts';
import type { MemberRole } from '#contract/permissions.ts';
import { profileQueries } from '#src/features/profile/api/queries.ts';
import { dismissToast } from '#src/lib/toast-store.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import {
  makeBuyerProfileAs,
  makeLinkCheck,
  makeLinkIssue,
  makeMonitoredLink,
  makeMonitoredLinkList,
  ORDER_ID,
} from '#src/test-utils/factories.ts';
import { renderOnRoute, searchOf } from '#src/test-utils/render.tsx';
import { formatDateTime } from '#src/utils/format.ts';

import { linkMonitoringQueries } from '../api/queries.ts';
import { serverQueryString } from '../list-state.ts';
import { LinkMonitoringSection } from './link-monitoring-section.tsx';

afterEach(() => {
  act(() => dismissToast());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const LIST = '/api/v1/buyer/link-monitoring';
const ITEM_ID = '00000000-0000-4000-8000-0000000000a1';
const OTHER_COMPANY_ID = '00000000-0000-4000-8000-000000000298';

const healthy = makeMonitoredLink({
  item: { id: ITEM_ID, number: '100001-1' },
});
const broken = makeMonitoredLink({
  item: { id: '00000000-0000-4000-8000-0000000000a2', number: '100001-2' },
  live_link: 'https://blog.example.net/post',
  site_hostname: 'blog.example.net',
  health: 'issue',
  last_check: makeLinkCheck({ outcome: 'link_missing', found: null }),
  open_issue: makeLinkIssue(),
});

const domains = {
  data: [
    {
      id: '00000000-0000-4000-8000-0000000000d1',
      hostname: 'shop.example.org',
      referents_file: null,
      import_status: null,
    },
    {
      id: '00000000-0000-4000-8000-0000000000d2',
      hostname: 'other.example.org',
      referents_file: null,
      import_status: null,
    },
  ],
  pagination: { page: 1, limit: 100, total: 2 },
};

/** A server holding `links`; `other` answers anything else first. */
function serve(
  links: MonitoredLink[] = [healthy, broken],
  other?: (call: Call) => Response | Promise<Response | undefined> | undefined,
) {
  return mockApi(async (call) => {
    const answer = await other?.(call);
    if (answer) return answer;
    if (call.url.pathname === LIST) return jsonResponse(makeMonitoredLinkList(links));
    if (call.url.pathname === '/api/v1/buyer/domains') return jsonResponse(domains);
    return jsonResponse({ code: 404, message: 'Not found' }, 404);
  });
}

function renderScreen(address = '/link-monitoring', seed?: Parameters<typeof renderOnRoute>[3]) {
  return renderOnRoute(<LinkMonitoringSection />, address, '/link-monitoring', seed);
}

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;
const listCalls = (calls: Call[]) => calls.filter((call) => call.url.pathname === LIST);

describe('link monitoring screen', () => {
  it('says the summary in words and lists each live link with its health and checks', async () => {
    serve();
    renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Link monitoring' })).toBeInTheDocument();
    expect(await screen.findByText('2 live links, 50% healthy, 1 issue open')).toBeInTheDocument();
    const row = within(rowOf('news.example.com/article'));
    const live = row.getByRole('link', { name: /news\.example\.com\/article/ });
    expect(live).toHaveAttribute('target', '_blank');
    expect(live.getAttribute('rel')).toContain('noopener');
    expect(row.getByText('news.example.com')).toBeInTheDocument();
    expect(row.getByText('best shop')).toBeInTheDocument();
    expect(row.getByRole('link', { name: /100001-1/ })).toHaveAttribute(
      'href',
      `/orders/${ORDER_ID}`,
    );
    expect(row.getByText('Healthy')).toBeInTheDocument();
    expect(row.getByText('Link found')).toBeInTheDocument();
    expect(row.getByText(formatDateTime('2026-11-20T08:30:00Z'))).toBeInTheDocument();
    expect(row.getByText(formatDateTime('2026-11-21T08:30:00Z'))).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Check now the link of item 100001-1' })).toBeEnabled();

    const issueRow = within(rowOf('blog.example.net/post'));
    expect(issueRow.getByText('Issue open')).toBeInTheDocument();
    expect(issueRow.getAllByText('Link missing').length).toBeGreaterThan(0);
    expect(screen.getByText('Showing 1 to 2 of 2 entries')).toBeInTheDocument();
  });

  it('keeps the filters in the address and asks the server for them', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    const { router } = renderScreen();
    await screen.findByText('2 live links, 50% healthy, 1 issue open');
    // Each health shows how many links it has under the other filters.
    expect(screen.getByRole('checkbox', { name: 'Issue open (1)' })).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Issue open (1)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Failing (0)' }));
    await user.selectOptions(await screen.findByLabelText('Buyer domain'), 'shop.example.org');
    await user.type(screen.getByLabelText('Order number'), ' 100001 ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(searchOf(router)).toBe(
        '?filter[health][]=failing&filter[health][]=issue&filter[buyer_domain][]=shop.example.org&filter[order]=100001',
      ),
    );
    await waitFor(() => {
      const last = listCalls(calls).at(-1)!.url.searchParams;
      expect(last.getAll('filter[health][]')).toEqual(['failing', 'issue']);
      expect(last.getAll('filter[buyer_domain][]')).toEqual(['shop.example.org']);
      expect(last.get('filter[order]')).toBe('100001');
      expect(last.get('page')).toBe('1');
    });
  });

  it('reads the filters from the address it is opened with, and skips what it cannot read', async () => {
    const { calls } = serve([broken]);
    renderScreen(
      '/link-monitoring?filter[health][]=issue&filter[health][]=nonsense&page=2&limit=7',
    );
    await screen.findByRole('rowheader', { name: /blog\.example\.net/ });
    expect(screen.getByRole('checkbox', { name: /Issue open/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Healthy/ })).not.toBeChecked();
    const sent = listCalls(calls)[0]!.url.searchParams;
    expect(sent.getAll('filter[health][]')).toEqual(['issue']);
    expect(sent.get('page')).toBe('2');
    expect(sent.get('limit')).toBe('25');
  });

  it('shows skeleton rows and announces the loading while the first answer is on its way', async () => {
    serve([], (call) =>
      call.url.pathname === LIST ? new Promise<Response>(() => undefined) : undefined,
    );
    renderScreen();
    expect(await screen.findByText('Loading live links…')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Monitored links' })).toBeInTheDocument();
  });

  it('says links appear once published when there are none, with the way to the orders', async () => {
    serve([]);
    renderScreen();
    expect(await screen.findByText('No live links yet')).toBeInTheDocument();
    expect(
      screen.getByText('Links appear here once a publisher publishes your article.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your orders' })).toHaveAttribute(
      'href',
      '/orders',
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('offers to clear the filters when none of the links matches them', async () => {
    serve([]);
    const user = userEvent.setup();
    const { router } = renderScreen('/link-monitoring?filter[order]=999&limit=50');
    expect(await screen.findByText('No live links match these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await waitFor(() => expect(searchOf(router)).toBe('?limit=50'));
  });

  it('says what went wrong and loads again on "Try again"', async () => {
    let fail = true;
    const { calls } = serve([healthy], (call) =>
      call.url.pathname === LIST && fail
        ? jsonResponse({ code: 500, message: 'The list could not be read.' }, 500)
        : undefined,
    );
    const user = userEvent.setup();
    renderScreen();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The list could not be read.')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('rowheader', { name: /news\.example\.com/ }),
    ).toBeInTheDocument();
    expect(listCalls(calls).length).toBeGreaterThanOrEqual(2);
  });

  it('offline, shows the links as last loaded and turns off what needs the server', async () => {
    setOnline(false);
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen('/link-monitoring', (queryClient) =>
      queryClient.setQueryData(
        linkMonitoringQueries.list(serverQueryString({ filter: {} })).queryKey,
        makeMonitoredLinkList([healthy]),
      ),
    );
    const note = await screen.findByText(/You are offline: showing the links as loaded on/);
    expect(screen.getByRole('rowheader', { name: /news\.example\.com/ })).toBeInTheDocument();
    const check = screen.getByRole('button', { name: 'Check now the link of item 100001-1' });
    expect(check).toBeDisabled();
    expect(check).toHaveAttribute('aria-describedby', note.id);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('offline without a copy on this device, says the screen is not available offline', async () => {
    setOnline(false);
    mockApi(() => {
      throw new TypeError('Failed to fetch');
    });
    renderScreen();
    expect(await screen.findByText('Not available offline')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks a link now and shows the new result', async () => {
    let checked = false;
    const { calls } = serve([healthy], (call) => {
      if (call.method === 'POST' && call.url.pathname.endsWith(`/items/${ITEM_ID}/link-checks`)) {
        checked = true;
        return jsonResponse(makeLinkCheck({ outcome: 'wrong_anchor' }), 201);
      }
      if (call.url.pathname === LIST && checked)
        return jsonResponse(
          makeMonitoredLinkList([
            {
              ...healthy,
              health: 'failing',
              last_check: makeLinkCheck({ outcome: 'wrong_anchor' }),
            },
          ]),
        );
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Check now the link of item 100001-1' }),
    );
    expect(await screen.findByText('Link of item 100001-1 checked')).toBeInTheDocument();
    expect(await within(rowOf('news.example.com')).findByText('Failing')).toBeInTheDocument();
    expect(within(rowOf('news.example.com')).getByText('Wrong anchor text')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows why a second check within a minute is refused, beside the button', async () => {
    serve([healthy], (call) =>
      call.method === 'POST'
        ? jsonResponse(
            {
              code: 429,
              message: 'This link was checked less than a minute ago. Try again in 42 s.',
            },
            429,
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderScreen();
    const button = await screen.findByRole('button', {
      name: 'Check now the link of item 100001-1',
    });
    await user.click(button);
    const message = await screen.findByText(
      'This link was checked less than a minute ago. Try again in 42 s.',
    );
    expect(button.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText('Link of item 100001-1 checked')).not.toBeInTheDocument();
  });

  it('takes the refusal away once the wait it names is over', async () => {
    serve([healthy], (call) =>
      call.method === 'POST'
        ? jsonResponse(
            {
              code: 429,
              message: 'This link was checked less than a minute ago. Try again in 1 s.',
            },
            429,
            { 'Retry-After': '1' },
          )
        : undefined,
    );
    const user = userEvent.setup();
    renderScreen();
    await user.click(
      await screen.findByRole('button', { name: 'Check now the link of item 100001-1' }),
    );
    const message = 'This link was checked less than a minute ago. Try again in 1 s.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument(), {
      timeout: 4000,
    });
  });

  it('is busy while the check runs, and refuses a second click meanwhile', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = serve([healthy], (call) =>
      call.method === 'POST'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : undefined,
    );
    const user = userEvent.setup();
    renderScreen();
    const button = await screen.findByRole('button', { name: /the link of item 100001-1/ });
    await user.click(button);
    await waitFor(() => expect(button).toHaveTextContent('Checking…'));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    answer(jsonResponse(makeLinkCheck(), 201));
    await waitFor(() => expect(button).toHaveTextContent('Check now'));
  });

  it('exports every link of the filter as link-monitoring-<date>.csv, showing its progress', async () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      makeMonitoredLink({
        item: {
          id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
          number: `100001-${i + 1}`,
        },
      }),
    );
    let releaseSecond: () => void = () => undefined;
    const second = new Promise<void>((resolve) => {
      releaseSecond = resolve;
    });
    const { calls } = serve(many, async (call) => {
      if (call.url.pathname !== LIST) return undefined;
      const page = Number(call.url.searchParams.get('page'));
      const limit = Number(call.url.searchParams.get('limit'));
      if (limit === 100 && page === 2) await second;
      return jsonResponse(
        makeMonitoredLinkList(many.slice((page - 1) * limit, page * limit), {
          page,
          limit,
          total: many.length,
        }),
      );
    });
    let file: Blob | null = null;
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        file = blob;
        return 'blob:links';
      }),
      revokeObjectURL: vi.fn(),
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderScreen('/link-monitoring?filter[health][]=healthy');
    await screen.findByText('Showing 1 to 25 of 150 entries');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Fetched 100 of 150 links')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'value',
      '100',
    );
    releaseSecond();
    await waitFor(() => expect(names).toHaveLength(1));
    const today = new Date();
    const stamp = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(names[0]).toBe(`link-monitoring-${stamp}.csv`);
    const text = await file!.text();
    const lines = text.split('\r\n');
    expect(lines).toHaveLength(151);
    expect(lines[0]).toMatch(/^Item,Order,Live link,/);
    expect(lines[150]).toMatch(/^100001-150,100001,/);
    const exportCalls = listCalls(calls).filter((c) => c.url.searchParams.get('limit') === '100');
    expect(exportCalls.map((c) => c.url.searchParams.getAll('filter[health][]'))).toEqual([
      ['healthy'],
      ['healthy'],
    ]);
    expect(await screen.findByText('Export ready')).toBeInTheDocument();
  });

  it('opens the item’s link dialog from "Details"', async () => {
    serve([healthy], (call) => {
      if (call.url.pathname.endsWith('/link-issues')) return jsonResponse({ data: [] });
      if (call.url.pathname.endsWith('/link-checks'))
        return jsonResponse({
          data: [makeLinkCheck()],
          pagination: { page: 1, limit: 10, total: 1 },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderScreen();
    const details = await screen.findByRole('button', { name: 'Details of item 100001-1' });
    await user.click(details);
    const dialog = await screen.findByRole('dialog', { name: 'Link health of item 100001-1' });
    expect(await within(dialog).findByText('No issue so far.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(details).toHaveFocus();
  });
});

describe('LinkMonitoringSection by role', () => {
  const renderAs = (role: MemberRole) =>
    renderScreen('/link-monitoring', (queryClient) =>
      queryClient.setQueryData(profileQueries.detail().queryKey, makeBuyerProfileAs(role)),
    );

  it.each(['viewer', 'finance'] as const)(
    'offers the %s role no active "Check now" and says why, and asks the server nothing',
    async (role) => {
      const api = serve();
      renderAs(role);
      await screen.findByText('2 live links, 50% healthy, 1 issue open');
      const check = within(rowOf('news.example.com/article')).getByRole('button', {
        name: 'Check now the link of item 100001-1',
      });
      expect(check).toBeDisabled();
      expect(check).toHaveAccessibleDescription(/you can follow these links; checking them now/);
      await userEvent.setup().click(check);
      expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    },
  );

  it.each(['owner', 'buyer'] as const)('offers the %s role an active "Check now"', async (role) => {
    serve();
    renderAs(role);
    await screen.findByText('2 live links, 50% healthy, 1 issue open');
    const check = within(rowOf('news.example.com/article')).getByRole('button', {
      name: 'Check now the link of item 100001-1',
    });
    expect(check).toBeEnabled();
    expect(screen.queryByText(/you can follow these links/)).not.toBeInTheDocument();
  });

  it('follows the role in each link’s own company: a Viewer here may check where they buy', async () => {
    const profile = makeBuyerProfileAs('viewer');
    const viewerAccount = profile.accounts[0]!;
    const buyerAccount = {
      ...viewerAccount,
      id: '00000000-0000-4000-8000-000000000299',
      company: { id: OTHER_COMPANY_ID, title: 'Fjord Agency' },
      is_current: false,
      role: 'buyer' as const,
    };
    const elsewhere = makeMonitoredLink({
      ...broken,
      order: { id: ORDER_ID, number: '100001', company_id: OTHER_COMPANY_ID },
    });
    serve([healthy, elsewhere]);
    renderScreen('/link-monitoring', (queryClient) =>
      queryClient.setQueryData(profileQueries.detail().queryKey, {
        ...profile,
        accounts: [viewerAccount, buyerAccount],
      }),
    );
    await screen.findByText('2 live links, 50% healthy, 1 issue open');
    const here = within(rowOf('news.example.com/article')).getByRole('button', {
      name: 'Check now the link of item 100001-1',
    });
    const there = within(rowOf('blog.example.net/post')).getByRole('button', {
      name: 'Check now the link of item 100001-2',
    });
    expect(here).toBeDisabled();
    expect(here).toHaveAccessibleDescription(
      `As Viewer of ${viewerAccount.company.title} you can follow its links; checking them now and asking for a remedy are for Owners, Admins and Buyers.`,
    );
    expect(there).toBeEnabled();
    expect(there).not.toHaveAccessibleDescription(/you can follow/);
    expect(screen.queryByText(/Fjord Agency you can follow/)).not.toBeInTheDocument();
  });
});
