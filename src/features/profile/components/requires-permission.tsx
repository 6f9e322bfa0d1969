import type { ReactNode } from 'react';

import type { MemberRole, Permission } from '#contract/permissions.ts';
import { Alert } from '#src/components/alert.tsx';
import { Skeleton } from '#src/components/skeleton.tsx';

import { useMemberRole } from '../api/queries.ts';

/** The member a guarded page renders for, once their role in the current company is known. */
export interface PermittedMember {
  role: MemberRole;
  companyId: string;
}

/**
 * A page for the roles that hold `permission` (decision 203). Until the profile tells the role it
 * shows a loading block (so an Owner never sees a refusal flash by), then either the page or a
 * plain refusal, which makes no request the server would refuse. The server stays the authority.
 */
export function RequiresPermission({
  permission,
  header,
  loadingLabel,
  refusal,
  children,
}: {
  permission: Permission;
  /** The page's header, shown while loading and with the refusal; the page shows its own. */
  header: ReactNode;
  /** The accessible name of the loading block, e.g. "Loading members". */
  loadingLabel: string;
  /** Why this role does not use the page and, where there is one, where to go instead. */
  refusal: ReactNode;
  children: (member: PermittedMember) => ReactNode;
}) {
  const { role, companyId, can } = useMemberRole();
  if (role === null || companyId === null) {
    return (
      <>
        {header}
        <div role="status" aria-label={loadingLabel}>
          <Skeleton className="h-64" />
        </div>
      </>
    );
  }
  if (!can(permission)) {
    return (
      <>
        {header}
        <Alert variant="info">{refusal}</Alert>
      </>
    );
  }
  return children({ role, companyId });
}
