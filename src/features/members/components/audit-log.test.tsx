import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AUDIT_PERIOD_MESSAGE } from '#contract/audit.ts';
import { type Call, jsonResponse, mockApi } from '#src/test-utils/api.ts';
import { COMPANY_ID, makeAuditEvent, makeMember } from '#src/test-utils/factories.ts';
import { createTestQueryClient, renderRoutes } from '#src/test-utils/render.tsx';

import { AuditLog } from './audit-log.tsx';

const bea = makeMember();
const events = [
  makeAuditEvent({
    action: 'member.invited',
    subject: 'sam@example.com',
    details: { role: 'Viewer' },
  }),
  makeAuditEvent(),
  makeAuditEvent({
    id: '00000000-0000-4000-8000-000000008502',
    action: 'order.placed',
    subject: '100001',
    details: { total: '1261.00', payment_method: 'Pay by bill' },
  }),
  makeAuditEvent({
    id: '00000000-0000-4000-8000-000000008503',
    action: 'member.limit_changed',
    subject: 'limit@example.com',
    details: { limit_from: '500.00', limit_to: 'No limit' },
  }),
];

function answer(call: Call): Response {
  if (call.url.pathname.endsWith('/v1/buyer/members')) {
    return jsonResponse({ data: [bea], pagination: { page: 1, limit: 100, total: 1 } });
  }
  return jsonResponse({ data: events, pagination: { page: 1, limit: 25, total: events.length } });
}

function renderAuditLog(initialEntry = '/audit-log', onExport = vi.fn(() => Promise.resolve())) {
  const result = renderRoutes(
    [{ path: '/audit-log', element: <AuditLog companyId={COMPANY_ID} onExport={onExport} /> }],
    { initialEntries: [initialEntry], queryClient: createTestQueryClient() },
  );
  return { ...result, onExport };
}

const auditCalls = (calls: Call[]) =>
  calls.filter((call) => call.url.pathname.endsWith('/v1/buyer/audit-events'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('audit log', () => {
  it('shows each event with its date, member, action, subject and details', async () => {
    mockApi(answer);
    renderAuditLog();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    await within(table).findByText('sam@example.com');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Member invited')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Role changed')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Admin')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ada Buyer')).toBeInTheDocument();
  });

  it('labels every detail and shows amounts as money', async () => {
    mockApi(answer);
    renderAuditLog();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const placed = (await within(table).findByText('100001')).closest('tr')!;
    expect(within(placed).getByText('Total:')).toBeInTheDocument();
    expect(within(placed).getByText('€1,261.00')).toBeInTheDocument();
    expect(within(placed).getByText('Payment method:')).toBeInTheDocument();
    expect(within(placed).queryByText(/payment_method/)).toBeNull();
    const limit = within(table).getByText('limit@example.com').closest('tr')!;
    expect(within(limit).getByText('€500.00')).toBeInTheDocument();
    expect(within(limit).getByText('No limit')).toBeInTheDocument();
    expect(within(limit).getByText('From:')).toBeInTheDocument();
  });

  it('refuses a period that ends before it starts on its field, without asking', async () => {
    const { calls } = mockApi(answer);
    const { router } = renderAuditLog();
    await screen.findByRole('table', { name: 'Audit log' });
    const asked = auditCalls(calls).length;
    await userEvent.type(screen.getByLabelText('From'), '2026-12-05');
    await userEvent.type(screen.getByLabelText('To'), '2026-12-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      expect.stringContaining(AUDIT_PERIOD_MESSAGE),
    );
    expect(router.state.location.search).toBe('');
    expect(auditCalls(calls)).toHaveLength(asked);
  });

  it('refuses a reversed period from an address without asking the server', async () => {
    const { calls } = mockApi(answer);
    renderAuditLog('/audit-log?filter[from]=2026-12-05&filter[to]=2026-12-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUDIT_PERIOD_MESSAGE);
    expect(screen.getByLabelText('To')).toHaveAccessibleDescription(
      expect.stringContaining(AUDIT_PERIOD_MESSAGE),
    );
    await screen.findByRole('option', { name: 'Bea Buyer' });
    expect(auditCalls(calls)).toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Audit log' })).toBeNull();
  });

  it('keeps the filters in the address and asks the server with them', async () => {
    const { calls } = mockApi(answer);
    const { router } = renderAuditLog();
    await screen.findByRole('table', { name: 'Audit log' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Role changed' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Member invited' }));
    await screen.findByRole('option', { name: 'Bea Buyer' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Member' }), bea.user.id);
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));

    const search = decodeURIComponent(router.state.location.search);
    expect(search).toBe(
      `?filter[action][]=member.invited&filter[action][]=member.role_changed&filter[actor]=${bea.user.id}&filter[from]=2026-11-01`,
    );
    await waitFor(() => {
      const last = auditCalls(calls).at(-1)!;
      expect(last.url.searchParams.getAll('filter[action][]')).toEqual([
        'member.invited',
        'member.role_changed',
      ]);
      expect(last.url.searchParams.get('filter[actor]')).toBe(bea.user.id);
      expect(last.url.searchParams.get('filter[from]')).toBe('2026-11-01');
      expect(last.url.searchParams.get('limit')).toBe('25');
    });
  });

  it('reads the filters from an address, ignoring a bad value, and exports with them', async () => {
    const { calls } = mockApi(answer);
    const { onExport } = renderAuditLog(
      '/audit-log?filter[action][]=member.removed&filter[action][]=nonsense&filter[to]=yesterday&page=2',
    );
    await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByRole('checkbox', { name: 'Member removed' })).toBeChecked();
    const first = auditCalls(calls)[0]!;
    expect(first.url.searchParams.get('filter[to]')).toBeNull();
    expect(first.url.searchParams.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(onExport).toHaveBeenCalledWith(
      '/v1/buyer/audit-events/exports?filter[action][]=member.removed',
    );
  });
});
