// Reading a company's record of who did what (decision 203): a page of it with filters, or all of
// it that the filters keep as CSV. Nothing here writes the record.
import {
  AUDIT_ACTIONS,
  type AuditAction,
  auditDetailLabel,
  auditDetailsInOrder,
  type AuditEvent,
  type AuditFilter,
  type AuditQuery,
  isAuditMoney,
} from '#contract/audit.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { type CsvColumn, csvDate, csvHeader, csvRows } from '#server/jobs/csv.ts';

import {
  type AuditConditions,
  type AuditRow,
  countAuditEvents,
  findAuditEvents,
} from './members.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface AuditLogService {
  list(
    companyId: string,
    query: AuditQuery,
  ): Promise<{ data: AuditEvent[]; pagination: { page: number; limit: number; total: number } }>;
  exportCsv(companyId: string, filter?: AuditFilter): Promise<{ fileName: string; csv: string }>;
}

/** The filters as conditions: the days are whole UTC days, both ends included. */
function conditionsOf(companyId: string, filter: AuditFilter = {}): AuditConditions {
  return {
    companyId,
    actions: filter.action,
    actorUserId: filter.actor,
    from: filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined,
    before: filter.to ? new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}

// jsonb keeps keys shortest first ("to" before "from"); the record reads in its own order, with
// events written in an older form read as today's.
const textDetails = (row: Pick<AuditRow, 'action' | 'details'>): Record<string, string> =>
  Object.fromEntries(auditDetailsInOrder(row.action, row.details));

function eventView(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor: { id: row.actorUserId, name: row.actorName },
    action: row.action as AuditAction,
    subject: row.subject,
    details: textDetails(row),
  };
}

const actionLabel = (action: string) =>
  (AUDIT_ACTIONS as Record<string, string | undefined>)[action] ?? action;

/**
 * "From: Buyer; To: Admin"; an amount in euro plainly under a label naming the currency:
 * "Total (EUR): 1261.00".
 */
export function detailsText(row: Pick<AuditRow, 'action' | 'details'>): string {
  return Object.entries(textDetails(row))
    .map(([key, value]) => {
      const label = auditDetailLabel(key);
      return isAuditMoney(key) ? `${label} (EUR): ${value}` : `${label}: ${value}`;
    })
    .join('; ');
}

const COLUMNS: readonly CsvColumn<AuditRow>[] = [
  {
    label: 'Date',
    cell: (row) => `${csvDate(row.createdAt)} ${row.createdAt.toISOString().slice(11, 16)} UTC`,
  },
  { label: 'Member', cell: (row) => row.actorName },
  { label: 'Action', cell: (row) => actionLabel(row.action) },
  { label: 'Subject', cell: (row) => row.subject },
  { label: 'Details', cell: (row) => detailsText(row) },
];

export function createAuditLogService({ db, now }: { db: Database; now: Clock }): AuditLogService {
  return {
    list: async (companyId, query) => {
      const conditions = conditionsOf(companyId, query.filter);
      const [rows, total] = await Promise.all([
        findAuditEvents(db, conditions, {
          limit: query.limit,
          offset: (query.page - 1) * query.limit,
        }),
        countAuditEvents(db, conditions),
      ]);
      return {
        data: rows.map(eventView),
        pagination: { page: query.page, limit: query.limit, total },
      };
    },
    exportCsv: async (companyId, filter) => {
      const rows = await findAuditEvents(db, conditionsOf(companyId, filter));
      const day = now().toISOString().slice(0, 10);
      return {
        fileName: `audit-log-${day}.csv`,
        csv: csvHeader(COLUMNS) + csvRows(COLUMNS, rows),
      };
    },
  };
}
