/**
 * The audit log as its address keeps it (decision 192): the wire shape of its query
 * (`filter[action][]=member.invited&filter[actor]=…&filter[from]=2026-11-01&page=2`), read
 * forgivingly and written back with the query-string codec. The server query always names its
 * page and size; its string is the request's query and the query key.
 */
import { z } from 'zod';

import { AUDIT_ACTION_NAMES, type AuditFilter, AuditFilterSchema } from '#contract/audit.ts';
import { type ListAddress, pageNumber, parseForgivingQuery } from '#contract/list-query.ts';
import { encodeQuery } from '#contract/query-string.ts';

export const AUDIT_PAGE_SIZE = 25;

const AuditAddressSchema = z.object({
  filter: z
    .object({
      action: AuditFilterSchema.shape.action,
      actor: AuditFilterSchema.shape.actor,
      from: AuditFilterSchema.shape.from,
      to: AuditFilterSchema.shape.to,
    })
    .optional(),
  page: pageNumber.optional(),
});

export interface AuditListState {
  filter: AuditFilter;
  page?: number;
}

export function parseAuditListState(search: string): AuditListState {
  const { filter = {}, page } = parseForgivingQuery(AuditAddressSchema, search);
  const state: AuditListState = { filter };
  if (page !== undefined) state.page = page;
  return state;
}

/** One order of the keys (actions in the record's order), so one filter is one query. */
export function auditFilterQuery({ action, actor, from, to }: AuditFilter): AuditFilter {
  const actions = action?.length
    ? AUDIT_ACTION_NAMES.filter((name) => action.includes(name))
    : undefined;
  return { action: actions, actor, from, to };
}

export function serializeAuditListState({ filter, page }: AuditListState): string {
  return encodeQuery({
    filter: auditFilterQuery(filter),
    page: page !== undefined && page > 1 ? page : undefined,
  });
}

/** The query of GET /v1/buyer/audit-events, always naming its page and size. */
export function auditServerQuery({ filter, page }: AuditListState): string {
  return encodeQuery({
    filter: auditFilterQuery(filter),
    page: page ?? 1,
    limit: AUDIT_PAGE_SIZE,
  });
}

/** The path of the CSV export with the list's filters. */
export function auditExportPath(filter: AuditFilter): string {
  const query = encodeQuery({ filter: auditFilterQuery(filter) });
  return `/v1/buyer/audit-events/exports${query ? `?${query}` : ''}`;
}

export function hasAuditFilters({ action, actor, from, to }: AuditFilter): boolean {
  return Boolean(action?.length || actor || from || to);
}

export const auditListAddress: ListAddress<AuditListState> = {
  parse: parseAuditListState,
  serialize: serializeAuditListState,
};
