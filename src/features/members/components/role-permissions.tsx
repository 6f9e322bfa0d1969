import { PERMISSION_DESCRIPTIONS } from '#contract/permission-descriptions.ts';
import {
  MEMBER_ROLE_LABELS,
  MEMBER_ROLES,
  type Permission,
  PERMISSIONS,
} from '#contract/permissions.ts';
import { Card, CardHeader } from '#src/components/card.tsx';

const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];
/** The permissions a role is needed for (a member's own account needs none). */
const ROLE_PERMISSIONS = ALL_PERMISSIONS.filter(
  (permission) => PERMISSIONS[permission].roles.length < MEMBER_ROLES.length,
);
const FOR_EVERYONE = ALL_PERMISSIONS.filter((permission) => !ROLE_PERMISSIONS.includes(permission));

/** "What each role may do", written from the one permission table (decision 203). */
export function RolePermissions() {
  return (
    <Card>
      <CardHeader
        title="What each role may do"
        description="The server checks every request against these roles."
      />
      <dl className="divide-y divide-slate-100">
        {ROLE_PERMISSIONS.map((permission) => (
          <div key={permission} className="px-5 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-900 sm:col-span-1">
              {PERMISSIONS[permission].roles.map((role) => MEMBER_ROLE_LABELS[role]).join(', ')}
            </dt>
            <dd className="mt-1 text-sm text-slate-600 sm:col-span-2 sm:mt-0">
              {PERMISSION_DESCRIPTIONS[permission]}
            </dd>
          </div>
        ))}
        <div className="px-5 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-900 sm:col-span-1">Every role</dt>
          <dd className="mt-1 text-sm text-slate-600 sm:col-span-2 sm:mt-0">
            {FOR_EVERYONE.map((permission) => PERMISSION_DESCRIPTIONS[permission]).join('; ')}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
