import { type Member, type MemberUpdate } from '#contract/members.ts';
import { MEMBER_ROLE_LABELS, MEMBER_ROLES, type MemberRole } from '#contract/permissions.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { SelectField } from '#src/components/select-field.tsx';
import { formatMoney, fullName } from '#src/utils/format.ts';

/** The roles a member with `myRole` may give: only an Owner gives (or takes away) Owner. */
export function rolesGivenBy(myRole: MemberRole | null): MemberRole[] {
  return MEMBER_ROLES.filter((role) => role !== 'owner' || myRole === 'owner');
}

export interface MemberRowProps {
  member: Member;
  myRole: MemberRole | null;
  isPending: boolean;
  onUpdate: (member: Member, update: MemberUpdate) => void;
  onEditLimit: (member: Member) => void;
  onRemove: (member: Member) => void;
}

function LimitLine({ member }: { member: Member }) {
  if (member.role !== 'buyer') return null;
  const spent = `${formatMoney(member.spent_this_month)} spent this month`;
  return (
    <p className="mt-1 text-sm text-slate-600">
      {member.monthly_limit === null
        ? `No monthly limit · ${spent}`
        : `Monthly limit ${formatMoney(member.monthly_limit)} excl. VAT · ${spent}`}
    </p>
  );
}

/** One member: who, their role (a select), a Buyer's limit, and removal. */
export function MemberRow({
  member,
  myRole,
  isPending,
  onUpdate,
  onEditLimit,
  onRemove,
}: MemberRowProps) {
  const name = fullName(member.user) || member.user.email;
  // Only an Owner changes or removes an Owner; the server says so too.
  const isLockedOwner = member.role === 'owner' && myRole !== 'owner';
  const roles = isLockedOwner
    ? MEMBER_ROLES.filter((role) => role === 'owner')
    : rolesGivenBy(myRole);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-words">{name}</span>
          {member.is_you ? <Badge variant="success">You</Badge> : null}
        </p>
        <p className="text-sm break-all text-slate-500">{member.user.email}</p>
        <LimitLine member={member} />
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label={`Role of ${name}`}
          hideLabel
          className="w-36"
          value={member.role}
          disabled={isLockedOwner || isPending}
          options={roles.map((role) => ({ value: role, label: MEMBER_ROLE_LABELS[role] }))}
          onChange={(event) => {
            const role = event.target.value as MemberRole;
            if (role !== member.role) onUpdate(member, { role });
          }}
        />
        {member.role === 'buyer' ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Monthly limit of ${name}`}
            disabled={isPending}
            onClick={() => onEditLimit(member)}
          >
            Monthly limit
          </Button>
        ) : null}
        {member.is_you ? null : (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Remove ${name}`}
            disabled={isLockedOwner || isPending}
            onClick={() => onRemove(member)}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
