import { useId } from 'react';

import { type Member, OWNERS_BY_OWNERS_MESSAGE } from '#contract/members.ts';
import { MEMBER_ROLE_LABELS, type MemberRole } from '#contract/permissions.ts';
import { Badge } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { formatMoney, fullName } from '#src/utils/format.ts';

export interface MemberRowProps {
  member: Member;
  myRole: MemberRole | null;
  isRemoving: boolean;
  onChangeRole: (member: Member) => void;
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

/**
 * One member: who, their role, a Buyer's limit, and removal. Each change opens a dialog, so that
 * nothing is saved by a key pressed on the row; the buttons stay enabled while a change runs,
 * since a button turned off under focus drops it to the top of the page.
 */
export function MemberRow({
  member,
  myRole,
  isRemoving,
  onChangeRole,
  onEditLimit,
  onRemove,
}: MemberRowProps) {
  const name = fullName(member.user) || member.user.email;
  // Only an Owner changes or removes an Owner; the server says so too. The row says so beside
  // the buttons it turns off, and those buttons are described by it.
  const isLockedOwner = member.role === 'owner' && myRole !== 'owner';
  const lockedNoteId = useId();
  const lockedNote = isLockedOwner ? lockedNoteId : undefined;
  return (
    <li className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-words">{name}</span>
          {member.is_you ? <Badge variant="success">You</Badge> : null}
        </p>
        <p className="text-sm break-all text-slate-500">{member.user.email}</p>
        <LimitLine member={member} />
        {isLockedOwner ? (
          <p id={lockedNoteId} className="mt-1 text-sm text-slate-600">
            {OWNERS_BY_OWNERS_MESSAGE}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-700">
          {MEMBER_ROLE_LABELS[member.role]}
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Change role of ${name}`}
          aria-describedby={lockedNote}
          disabled={isLockedOwner}
          onClick={() => onChangeRole(member)}
        >
          Change role
        </Button>
        {member.role === 'buyer' ? (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Monthly limit of ${name}`}
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
            aria-describedby={lockedNote}
            disabled={isLockedOwner}
            loading={isRemoving}
            onClick={() => onRemove(member)}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}
