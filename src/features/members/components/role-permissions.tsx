import { MEMBER_ROLE_LABELS, PERMISSIONS } from '#contract/permissions.ts';
import { Card, CardHeader } from '#src/components/card.tsx';

/** The permissions a role is needed for (a member's own account needs none). */
const ROLE_PERMISSIONS = Object.values(PERMISSIONS).filter(
  (permission) => permission.roles.length < Object.keys(MEMBER_ROLE_LABELS).length,
);
const FOR_EVERYONE = Object.values(PERMISSIONS).filter(
  (permission) => !ROLE_PERMISSIONS.includes(permission),
);

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
          <div key={permission.opens} className="px-5 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-900 sm:col-span-1">
              {permission.roles.map((role) => MEMBER_ROLE_LABELS[role]).join(', ')}
            </dt>
            <dd className="mt-1 text-sm text-slate-600 sm:col-span-2 sm:mt-0">
              {permission.opens}
            </dd>
          </div>
        ))}
        <div className="px-5 py-3 sm:grid sm:grid-cols-3 sm:gap-4">
          <dt className="text-sm font-medium text-slate-900 sm:col-span-1">Every role</dt>
          <dd className="mt-1 text-sm text-slate-600 sm:col-span-2 sm:mt-0">
            {FOR_EVERYONE.map((permission) => permission.opens).join('; ')}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
