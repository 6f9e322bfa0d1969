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

export const AuditEventSchema = z.object({
  id: z.uuid(),
  created_at: z.iso.datetime({ offset: true }),
  /** Who did it: a member (their id while they exist) or the platform (id null). */
  actor: z.object({ id: z.uuid().nullable(), name: z.string() }),
  action: AuditActionSchema,
  /** What it was done to, as the record shows it: an e-mail, an order number. */
  subject: z.string(),
  /** What changed, as `name: value` pairs to show: `{ "from": "Buyer", "to": "Admin" }`. */
  details: z.record(z.string(), z.string()),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditEventListSchema = listOf(AuditEventSchema);

const dateOnly = z.iso.date();

/** Filters of the record: actions, a member (their user id), a period of days (UTC). */
export const AuditFilterSchema = z.strictObject({
  action: z.array(AuditActionSchema).max(AUDIT_ACTION_NAMES.length).optional(),
  actor: z.uuid().optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
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
