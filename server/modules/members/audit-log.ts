// Reading a company's record of who did what (decision 203): a page of it with filters, or all of
// it that the filters keep as CSV. Nothing here writes the record.
import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEvent,
  type AuditFilter,
  type AuditQuery,
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

// jsonb keeps keys shortest first ("to" before "from"); a change reads from what it was.
const DETAIL_ORDER = ['from', 'to'];
const rank = (name: string) => {
  const index = DETAIL_ORDER.indexOf(name);
  return index === -1 ? DETAIL_ORDER.length : index;
};

const textDetails = (details: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(details)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([name, value]) => [name, String(value)]),
  );

function eventView(row: AuditRow): AuditEvent {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor: { id: row.actorUserId, name: row.actorName },
    action: row.action as AuditAction,
    subject: row.subject,
    details: textDetails(row.details),
  };
}

const actionLabel = (action: string) =>
  (AUDIT_ACTIONS as Record<string, string | undefined>)[action] ?? action;

/** "from: Buyer; to: Admin" */
export function detailsText(details: Record<string, unknown>): string {
  return Object.entries(textDetails(details))
    .map(([name, value]) => `${name.replaceAll('_', ' ')}: ${value}`)
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
  { label: 'Details', cell: (row) => detailsText(row.details) },
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
