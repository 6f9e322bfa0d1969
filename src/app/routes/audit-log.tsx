import { Alert } from '#src/components/alert.tsx';
import { PageHeader } from '#src/components/page-header.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';
import { downloadFile } from '#src/features/exports/api/export-task.ts';
import { AuditLog } from '#src/features/members/components/audit-log.tsx';
import { useMemberRole } from '#src/features/profile/api/queries.ts';

const exportAuditLog = (path: string) => downloadFile(path, 'audit-log.csv');

/** The company's record of who did what, for its Owners and Admins. */
export function Component() {
  const { companyId, can } = useMemberRole();
  const header = (
    <PageHeader
      title="Audit log"
      description="Who did what in this company account, newest first. Nothing in it can be changed."
    />
  );
  if (companyId === null) {
    return (
      <>
        {header}
        <div role="status" aria-label="Loading the audit log">
          <Skeleton className="h-64" />
        </div>
      </>
    );
  }
  if (!can('audit.read')) {
    return (
      <>
        {header}
        <Alert variant="info">Only an Owner or an Admin of the company reads its audit log.</Alert>
      </>
    );
  }
  return (
    <>
      {header}
      <AuditLog companyId={companyId} onExport={exportAuditLog} />
    </>
  );
}
