import { PageHeader } from '#src/components/page-header.tsx';
import { downloadFile } from '#src/features/exports/api/export-task.ts';
import { AuditLog } from '#src/features/members/components/audit-log.tsx';
import { RequiresPermission } from '#src/features/profile/components/requires-permission.tsx';

const exportAuditLog = (path: string) => downloadFile(path, 'audit-log.csv');

const header = (
  <PageHeader
    title="Audit log"
    description="Who did what in this company account, newest first. Nothing in it can be changed."
  />
);

/** The company's record of who did what, for its Owners and Admins. */
export function Component() {
  return (
    <RequiresPermission
      permission="audit.read"
      header={header}
      loadingLabel="Loading the audit log"
      refusal="Only an Owner or an Admin of the company reads its audit log."
    >
      {({ companyId }) => (
        <>
          {header}
          <AuditLog companyId={companyId} onExport={exportAuditLog} />
        </>
      )}
    </RequiresPermission>
  );
}
