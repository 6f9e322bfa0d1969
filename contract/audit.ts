// The company's record of who did what (decision 203): appended by the server as things happen,
// read by Owners and Admins with filters and as CSV, never changed through the API.
import { z } from 'zod';

import { endpoint, fileResponse } from './endpoint.ts';
import { listOf, pageQuerySchema } from './pagination.ts';
import { inCurrent } from './permissions.ts';

/** What the record holds, with how it reads. */
export const AUDIT_ACTIONS = {
  'member.invited': 'Member invited',
  'invitation.revoked': 'Invitation revoked',
  'member.joined': 'Member joined',
  'member.role_changed': 'Role changed',
  'member.limit_changed': 'Monthly limit changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'team.settings_changed': 'Member settings changed',
  'order.placed': 'Order placed',
  'purchase.requested': 'Purchase requested',
  'purchase.approved': 'Purchase approved',
  'purchase.declined': 'Purchase declined',
  'order.items_cancelled': 'Order items cancelled',
  'company.details_changed': 'Company details changed',
  'payment_method.used': 'Payment method used',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];
export const AuditActionSchema = z.enum(AUDIT_ACTION_NAMES);

/**
 * Every detail an event may carry, in the order they are shown, with how each reads. The server
 * writes only these keys (`AuditEntry.details`); the page and the CSV label them from here.
 * A `money` detail is an amount in euro written plainly ("1261.00"): the page shows it as the app
 * shows money ("€1,261.00"), the CSV as written under a label naming the currency.
 */
export const AUDIT_DETAILS = {
  role: { label: 'Role' },
  from: { label: 'From' },
  to: { label: 'To' },
  limit_from: { label: 'From', money: true },
  limit_to: { label: 'To', money: true },
  order: { label: 'Order' },
  buyer: { label: 'Buyer' },
  items: { label: 'Items' },
  total: { label: 'Total', money: true },
  total_excl_vat: { label: 'Total excl. VAT', money: true },
  amount: { label: 'Amount', money: true },
  credited: { label: 'Credited', money: true },
  payment_method: { label: 'Payment method' },
  reason: { label: 'Reason' },
  fields: { label: 'Fields' },
  prices_for_viewers: { label: 'Prices for Viewers' },
} as const satisfies Record<string, { label: string; money?: boolean }>;
export type AuditDetailKey = keyof typeof AUDIT_DETAILS;
export type AuditDetails = Partial<Record<AuditDetailKey, string>>;

const detailOf = (key: string): { label: string; money?: boolean } | undefined =>
  (AUDIT_DETAILS as Record<string, { label: string; money?: boolean } | undefined>)[key];

/** The detail's label; a key the record does not know reads as its words. */
export const auditDetailLabel = (key: string): string =>
  detailOf(key)?.label ?? key.replaceAll('_', ' ');

/** Whether the detail is an amount in euro. */
export const isAuditMoney = (key: string): boolean => detailOf(key)?.money === true;

const DETAIL_KEYS = Object.keys(AUDIT_DETAILS);
const rank = (key: string) => {
  const index = DETAIL_KEYS.indexOf(key);
  return index === -1 ? DETAIL_KEYS.length : index;
};

// Events written before amounts had their own keys: "1261.00 EUR", "1261.00 EUR excl. VAT", and a
// limit change's bare "500.00".
const OLD_AMOUNT = /^(-?\d+\.\d{2}) EUR( excl\. VAT)?$/;
const PLAIN_AMOUNT = /^-?\d+\.\d{2}$/;

function currentForm(action: string, key: string, value: string): [string, string] {
  if (action === 'member.limit_changed' && (key === 'from' || key === 'to')) {
    return [key === 'from' ? 'limit_from' : 'limit_to', value];
  }
  const old = OLD_AMOUNT.exec(value);
  if (old) {
    return [key === 'total' && old[2] ? 'total_excl_vat' : key, old[1] ?? value];
  }
  return [key, value];
}

/**
 * An event's details as stored, in the order they are shown, with events written in an older
 * form read as today's (amounts under their money keys, plainly).
 */
export function auditDetailsInOrder(
  action: string,
  details: Record<string, unknown>,
): [string, string][] {
  return Object.entries(details)
    .map(([key, value]) => currentForm(action, key, String(value)))
    .sort(([a], [b]) => rank(a) - rank(b));
}

/** A money detail's amount, when it is one written plainly ("500.00"); otherwise null. */
export const auditAmount = (key: string, value: string): string | null =>
  isAuditMoney(key) && PLAIN_AMOUNT.test(value) ? value : null;

export const AuditEventSchema = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime({ offset: true }),
  /** Who did it: a member (their id while they exist) or the platform (id null). */
  actor: z.object({ id: z.uuid().nullable(), name: z.string() }),
  action: AuditActionSchema,
  /** What it was done to, as the record shows it: an e-mail, an order number. */
  subject: z.string(),
  /**
   * What changed, as `name: value` pairs (names from AUDIT_DETAILS): `{ "from": "Buyer", "to":
   * "Admin" }`; amounts in euro written plainly: `{ "total": "1261.00" }`.
   */
  details: z.record(z.string(), z.string()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventListSchema = listOf(AuditEventSchema);

const dateOnly = z.iso.date();

export const AUDIT_PERIOD_MESSAGE = 'The period must end on or after the day it starts.';

/** Whether a period of days ends before it starts (both given, ISO days compare as text). */
export const isAuditPeriodReversed = (from?: string, to?: string): boolean =>
  Boolean(from && to && to < from);

/**
 * Filters of the record: actions, a member (their user id), a period of days (UTC); a period that
 * ends before it starts is refused on `to`.
 */
export const AuditFilterSchema = z
  .strictObject({
    action: z.array(AuditActionSchema).max(AUDIT_ACTION_NAMES.length).optional(),
    actor: z.uuid().optional(),
    from: dateOnly.optional(),
    to: dateOnly.optional(),
  })
  .refine((filter) => !isAuditPeriodReversed(filter.from, filter.to), {
    path: ['to'],
    message: AUDIT_PERIOD_MESSAGE,
  });
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const AuditQuerySchema = pageQuerySchema({ defaultLimit: 25, maxLimit: 100 }).extend({
  filter: AuditFilterSchema.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditExportQuerySchema = z.strictObject({ filter: AuditFilterSchema.optional() });

const audit = {
  access: 'buyer',
  tags: ['Audit log'],
  permission: inCurrent('audit.read'),
} as const;

export const auditEndpoints = {
  list: endpoint({
    ...audit,
    method: 'GET',
    path: '/v1/buyer/audit-events',
    summary: 'The current company’s record of who did what, newest first',
    query: AuditQuerySchema,
    status: 200,
    response: AuditEventListSchema,
    errors: [400, 401, 403],
  }),
  export: endpoint({
    ...audit,
    method: 'GET',
    path: '/v1/buyer/audit-events/exports',
    summary: 'The record, filtered, as a CSV file',
    query: AuditExportQuerySchema,
    status: 200,
    response: fileResponse(['text/csv'], 'The events as CSV, newest first'),
    errors: [400, 401, 403],
  }),
};
