import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { BuyerDomain, CompetitorGroup } from '#contract/domains.ts';
import { db } from '#src/lib/db.ts';
import { syncOutbox } from '#src/lib/outbox.ts';
import { type Call, jsonResponse, mockApi, setOnline } from '#src/test-utils/api.ts';
import { renderOnRoute } from '#src/test-utils/render.tsx';

import {
  domainAddOutbox,
  domainDeleteOutbox,
  listDomainDrafts,
  removeDomain,
} from '../api/domain-writes.ts';
import { AddDomainDialog } from './add-domain-dialog.tsx';
import { CompetitorsDialog } from './competitors-dialog.tsx';
import { DomainEntries } from './domain-entries.tsx';
import { DomainsTable } from './domains-table.tsx';
import type { ImportSlotProps, UploadDialogSlotProps } from './import-slots.ts';

const DOMAIN_ID = '00000000-0000-4000-8000-00000000c001';
const GROUP_ID = '00000000-0000-4000-8000-00000000f001';

function makeDomain(overrides: Partial<BuyerDomain> = {}): BuyerDomain {
  return {
    id: DOMAIN_ID,
    hostname: 'mysite.com',
    referents_file: { id: 'file-1', file_name: 'backlinks.csv' },
    import_status: { id: 'import-1', status: 'success', errors: [] },
    ...overrides,
  };
}

function makeGroup(overrides: Partial<CompetitorGroup> = {}): CompetitorGroup {
  return {
    id: GROUP_ID,
    name: 'Main rivals',
    buyer_domain: { id: DOMAIN_ID, hostname: 'mysite.com' },
    competitors_file: null,
    import_status: null,
    competitors: [
      { id: 'c1', hostname: 'rival.com', referring_domains: 1200 },
      { id: 'c2', hostname: 'other.com', referring_domains: 3 },
    ],
    ...overrides,
  };
}

const list = <T,>(data: T[]) =>
  jsonResponse({ data, pagination: { page: 1, limit: 10, total: data.length } });

function api(
  domains: BuyerDomain[],
  groups: CompetitorGroup[] = [],
  extra: (call: Call) => Response | undefined = () => undefined,
) {
  return (call: Call): Response => {
    const answer = extra(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (path === '/api/v1/buyer/domains' && call.method === 'GET') return list(domains);
    if (path === '/api/v1/buyer/domains/competitor-groups' && call.method === 'GET') {
      const domain = call.url.searchParams.get('filter[buyer_domain]');
      return list(groups.filter((g) => !domain || g.buyer_domain.id === domain));
    }
    if (path === '/api/v1/buyer/domains' && call.method === 'POST') {
      return jsonResponse(
        makeDomain({ hostname: (call.body as { hostname: string }).hostname }),
        201,
      );
    }
    if (path === '/api/v1/buyer/domains/competitor-groups' && call.method === 'POST') {
      return jsonResponse(
        makeGroup({ name: (call.body as { name: string }).name, competitors: [] }),
        201,
      );
    }
    return new Response(null, { status: 204 });
  };
}

/** The server refuses every added domain with this violation on `hostname`. */
const refuseAdd = (message: string) => (call: Call) =>
  call.method === 'POST'
    ? jsonResponse(
        { code: 422, message: 'Validation failed.', violations: [{ path: 'hostname', message }] },
        422,
      )
    : undefined;

const renderImport = ({ target, file, status }: ImportSlotProps) => (
  <span data-testid={`import-${target.kind}`}>
    {target.kind === 'referents' ? target.hostname : target.groupName}: {file?.file_name ?? 'none'}{' '}
    {status?.status ?? 'no import'}
  </span>
);

function renderTable(uploadDialog: (props: UploadDialogSlotProps) => React.ReactNode = () => null) {
  return renderOnRoute(
    <DomainsTable
      page={1}
      limit={10}
      onPageChange={vi.fn()}
      onLimitChange={vi.fn()}
      renderImport={renderImport}
      renderUploadDialog={uploadDialog}
    />,
    '/domains',
    '/domains',
  );
}

beforeEach(async () => {
  setOnline(true);
  await db.outbox.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('add-domain dialog', () => {
  it('previews the normalised hostname and sends it', async () => {
    const { calls } = mockApi(api([]));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderOnRoute(<AddDomainDialog open onClose={onClose} />);
    const input = screen.getByLabelText('Domain');
    // The dialog opens on its field, ready to type.
    await waitFor(() => expect(input).toHaveFocus());
    await user.type(input, 'https://WWW.Example.com/path?q=1');
    expect(screen.getByText(/Will be added as/)).toHaveTextContent('Will be added as example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ hostname: 'example.com' });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await screen.findByText('example.com was added.')).toBeInTheDocument();
  });

  it('sends an internationalised name in its ASCII form and names it as typed', async () => {
    const { calls } = mockApi(api([]));
    const user = userEvent.setup();
    renderOnRoute(<AddDomainDialog open onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Domain'), 'köln-test.de');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        hostname: 'xn--kln-test-n4a.de',
      }),
    );
    expect(await screen.findByText('köln-test.de was added.')).toBeInTheDocument();
  });

  it('refuses what is not a domain before sending, and shows the server violation on the field', async () => {
    const { calls } = mockApi(api([], [], refuseAdd('You already have this domain.')));
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderOnRoute(<AddDomainDialog open onClose={onClose} />);
    const input = screen.getByLabelText('Domain');
    await user.type(input, '192.168.0.1');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Enter a domain name, not an IP address.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, 'mysite.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('You already have this domain.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses a domain the buyer already has without sending it', async () => {
    const { calls } = mockApi(api([makeDomain()]));
    const user = userEvent.setup();
    renderOnRoute(<AddDomainDialog open onClose={vi.fn()} />);
    await waitFor(() =>
      expect(calls.some((c) => c.url.pathname === '/api/v1/buyer/domains')).toBe(true),
    );
    await user.type(screen.getByLabelText('Domain'), 'https://www.MySite.com/');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('You already added this domain.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps a domain added offline in the outbox and sends it once online', async () => {
    const { calls } = mockApi(api([]));
    setOnline(false);
    const user = userEvent.setup();
    renderOnRoute(<AddDomainDialog open onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Domain'), 'New-Site.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(
      await screen.findByText('new-site.com will be added when the connection returns.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const [draft] = await listDomainDrafts();
    expect(draft).toMatchObject({ action: 'add', variables: { hostname: 'new-site.com' } });

    setOnline(true);
    expect(await syncOutbox(domainAddOutbox)).toMatchObject({ sent: 1, refused: 0 });
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ hostname: 'new-site.com' });
    expect(post?.headers.get('Idempotency-Key')).toBe(draft!.idempotencyKey);
    expect(await listDomainDrafts()).toEqual([]);
  });
});

describe('domains table', () => {
  it('lists each domain with its referring-domain import and competitor groups', async () => {
    mockApi(api([makeDomain()], [makeGroup()]));
    renderTable();
    const table = await screen.findByRole('table', { name: 'Your domains' });
    const row = await within(table).findByRole('row', { name: /mysite\.com/ });
    expect(within(row).getByTestId('import-referents')).toHaveTextContent(
      'mysite.com: backlinks.csv success',
    );
    expect(await within(row).findByText('Main rivals')).toBeInTheDocument();
    expect(row).toHaveTextContent('(2 competitors)');
    // The table scrolls sideways on a phone: its scroll box can be reached by keyboard.
    expect(screen.getByRole('region', { name: 'Your domains' })).toHaveAttribute('tabindex', '0');
  });

  it('says when there are no domains, and when the list cannot be loaded', async () => {
    mockApi(api([]));
    const first = renderTable();
    expect(await screen.findByText('No domains yet')).toBeInTheDocument();
    first.unmount();
    mockApi(() => jsonResponse({ code: 500, message: 'Server trouble' }, 500));
    renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('Server trouble');
  });

  it('deletes a domain only after it is confirmed', async () => {
    const { calls } = mockApi(api([makeDomain()]));
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Delete mysite.com' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete mysite.com?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete mysite.com' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete domain',
      }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(
        `/api/v1/buyer/domains/${DOMAIN_ID}`,
      ),
    );
    expect(await screen.findByText('mysite.com was deleted.')).toBeInTheDocument();
  });

  it('marks a domain deleted offline as pending, and keeps a refused change visible', async () => {
    const { calls } = mockApi(
      api([makeDomain()], [], refuseAdd('You can keep at most 200 domains.')),
    );
    const user = userEvent.setup();
    renderTable();
    await screen.findByRole('button', { name: 'Delete mysite.com' });
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Delete mysite.com' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete domain',
      }),
    );
    const row = await screen.findByRole('row', { name: /mysite\.com/ });
    expect(await within(row).findByText('Will be deleted when online')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Changes on this device' })).getByText(
        'mysite.com',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete mysite.com' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    // An add refused by the server once back online stays with its reason until dismissed.
    await act(async () => {
      await db.outbox.add({
        idempotencyKey: 'k-add',
        mutationKey: domainAddOutbox.name,
        variables: { hostname: 'one-too-many.com' },
        createdAt: Date.now(),
        attempts: 0,
        lastError: null,
      });
    });
    setOnline(true);
    await act(async () => {
      await syncOutbox(domainDeleteOutbox);
      await syncOutbox(domainAddOutbox);
    });
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    expect(
      await screen.findByText('Not added: You can keep at most 200 domains.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryAllByText('Will be deleted when online')).toHaveLength(0),
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss one-too-many.com' }));
    await waitFor(() => expect(screen.queryByText(/one-too-many\.com/)).not.toBeInTheDocument());
  });
});

describe('domains table offline', () => {
  it('keeps the list as last loaded after a failed refresh and says what still works', async () => {
    let isReachable = true;
    mockApi((call) => {
      if (!isReachable) throw new TypeError('Failed to fetch');
      return api([makeDomain()])(call);
    });
    const { queryClient } = renderTable();
    await screen.findByRole('button', { name: 'Delete mysite.com' });
    isReachable = false;
    setOnline(false);
    // The screen reads the browser's status as it renders again after the failed refresh.
    await act(() => queryClient.refetchQueries({}, { cancelRefetch: true }).catch(() => undefined));

    expect(
      screen.getByText(/You are offline: this is the list as last loaded\./),
    ).toHaveTextContent('uploading a list needs a connection');
    expect(screen.getByRole('row', { name: /mysite\.com/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('competitors dialog', () => {
  it('lists the groups of the domain with their competitors and imports', async () => {
    const { calls } = mockApi(api([makeDomain()], [makeGroup()]));
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Competitors of mysite.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Competitors of mysite.com' });
    const competitors = await within(dialog).findByRole('list', {
      name: 'Competitors in Main rivals',
    });
    expect(competitors).toHaveTextContent('rival.com1,200 referring domains');
    expect(within(dialog).getByTestId('import-competitors')).toHaveTextContent(
      'Main rivals: none no import',
    );
    expect(
      calls.some(
        (c) =>
          c.url.pathname === '/api/v1/buyer/domains/competitor-groups' &&
          c.url.searchParams.get('filter[buyer_domain]') === DOMAIN_ID,
      ),
    ).toBe(true);
  });

  it('shows internationalised names in Unicode: the domain and its competitors', async () => {
    const idn = { id: DOMAIN_ID, hostname: 'xn--mnchen-3ya.de' };
    const group = makeGroup({
      buyer_domain: idn,
      competitors: [{ id: 'c1', hostname: 'shop.xn--mller-kva.de', referring_domains: 5 }],
    });
    mockApi(api([makeDomain(idn)], [group]));
    const user = userEvent.setup();
    renderTable();
    await user.click(await screen.findByRole('button', { name: 'Competitors of münchen.de' }));
    const dialog = await screen.findByRole('dialog', { name: 'Competitors of münchen.de' });
    const competitors = await within(dialog).findByRole('list', {
      name: 'Competitors in Main rivals',
    });
    expect(competitors).toHaveTextContent('shop.müller.de5 referring domains');
    expect(dialog).not.toHaveTextContent('xn--');
  });

  it('shows the groups the domains page already holds when it opens offline, with one notice', async () => {
    mockApi(api([makeDomain()], [makeGroup()]));
    const user = userEvent.setup();
    renderTable();
    expect(await screen.findByText('Main rivals')).toBeInTheDocument();
    setOnline(false);
    onlineManager.setOnline(false);
    try {
      await user.click(screen.getByRole('button', { name: 'Competitors of mysite.com' }));
      const dialog = await screen.findByRole('dialog', { name: 'Competitors of mysite.com' });
      expect(
        within(dialog).getByRole('list', { name: 'Competitors in Main rivals' }),
      ).toHaveTextContent('other.com3 referring domains');
      expect(within(dialog).getAllByText(/You are offline/)).toHaveLength(1);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('creates a group and opens the uploader for it', async () => {
    const { calls } = mockApi(api([makeDomain()], []));
    const uploads: UploadDialogSlotProps[] = [];
    const user = userEvent.setup();
    renderOnRoute(
      <CompetitorsDialog
        domain={{ id: DOMAIN_ID, hostname: 'mysite.com' }}
        open
        onClose={vi.fn()}
        renderImport={renderImport}
        renderUploadDialog={(props) => {
          uploads.push(props);
          return (
            <p>Uploader for {props.target.kind === 'competitors' && props.target.groupName}</p>
          );
        }}
      />,
    );
    expect(await screen.findByText('No competitor groups yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Enter a name for the group.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New group name'), 'Big brands');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Uploader for Big brands')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      buyer_domain: DOMAIN_ID,
      name: 'Big brands',
    });
    expect(uploads.at(-1)).toMatchObject({
      open: true,
      target: {
        kind: 'competitors',
        groupId: GROUP_ID,
        groupName: 'Big brands',
        hostname: 'mysite.com',
      },
    });
  });

  it('deletes a group after it is confirmed', async () => {
    const { calls } = mockApi(api([makeDomain()], [makeGroup()]));
    const user = userEvent.setup();
    renderOnRoute(
      <CompetitorsDialog
        domain={{ id: DOMAIN_ID, hostname: 'mysite.com' }}
        open
        onClose={vi.fn()}
        renderImport={renderImport}
        renderUploadDialog={() => null}
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Delete group Main rivals' }));
    await user.click(
      within(
        await screen.findByRole('alertdialog', { name: 'Delete group Main rivals?' }),
      ).getByRole('button', { name: 'Delete group' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe(
        `/api/v1/buyer/domains/competitor-groups/${GROUP_ID}`,
      ),
    );
  });
});

describe('domain writes', () => {
  it('counts a queued delete of a domain that is already gone as done', async () => {
    const { calls } = mockApi(() => jsonResponse({ code: 404, message: 'Not found' }, 404));
    setOnline(false);
    expect(await removeDomain({ id: DOMAIN_ID, hostname: 'mysite.com' })).toEqual({
      status: 'queued',
    });
    setOnline(true);
    expect(await syncOutbox(domainDeleteOutbox)).toMatchObject({ sent: 1, refused: 0 });
    expect(calls).toHaveLength(1);
    expect(await listDomainDrafts()).toEqual([]);
  });

  it('says the list needs the connection when it was never loaded', async () => {
    mockApi(api([makeDomain()]));
    setOnline(false);
    onlineManager.setOnline(false);
    try {
      renderTable();
      expect(await screen.findByText('You are offline')).toBeInTheDocument();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});

describe('dashboard domain entries', () => {
  it('opens the referring-domains uploader for the chosen domain', async () => {
    mockApi(api([makeDomain()]));
    const uploads: UploadDialogSlotProps[] = [];
    const user = userEvent.setup();
    renderOnRoute(
      <DomainEntries
        domain={{ id: DOMAIN_ID, hostname: 'mysite.com' }}
        renderImport={renderImport}
        renderUploadDialog={(props) => {
          uploads.push(props);
          return props.open ? <p>Uploader open</p> : null;
        }}
      />,
    );
    expect(uploads.at(-1)).toMatchObject({ open: false });
    await user.click(screen.getByRole('button', { name: 'Referring domains' }));
    expect(await screen.findByText('Uploader open')).toBeInTheDocument();
    expect(uploads.at(-1)).toMatchObject({
      open: true,
      target: { kind: 'referents', domainId: DOMAIN_ID, hostname: 'mysite.com' },
    });
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByRole('dialog', { name: 'Add domain' })).toBeInTheDocument();
  });
});
