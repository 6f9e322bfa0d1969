import { useIsMutating } from '@tanstack/react-query';
import { useEffect, useId } from 'react';

import { MEMBER_ROLE_LABELS, type MemberRole, roleCan } from '#contract/permissions.ts';
import { Button, type ButtonSize } from '#src/components/button.tsx';
import { useMemberAccounts } from '#src/features/profile/api/queries.ts';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { cx } from '#src/utils/class-names.ts';

import { linkMutationKeys, type MonitoredItemRef, useCheckNow } from '../api/mutations.ts';

export const OFFLINE_CHECK_REASON = 'Checking a link needs a connection.';

/**
 * Why a role neither checks links nor asks for remedies (Finance, Viewer: `links.act`, decision
 * 203); undefined when it may, or while the role is not known. The company is named when the
 * member has several, since their links are listed together. The server refuses anyway.
 */
export function cannotActOnLinksReason(
  role: MemberRole | null,
  companyTitle?: string,
): string | undefined {
  if (role === null || roleCan(role, 'links.act')) return undefined;
  const whose = companyTitle ? ` of ${companyTitle}` : '';
  const which = companyTitle ? 'its links' : 'these links';
  return `As ${MEMBER_ROLE_LABELS[role]}${whose} you can follow ${which}; checking them now and asking for a remedy are for Owners, Admins and Buyers.`;
}

/** Why the member's role in the link's company may not act on it; undefined when it may. */
export function useCannotActOnLinks(companyId: string): string | undefined {
  const accounts = useMemberAccounts();
  const account = accounts.find((candidate) => candidate.company.id === companyId);
  if (!account) return undefined;
  return cannotActOnLinksReason(
    account.role,
    accounts.length > 1 ? account.company.title : undefined,
  );
}

/**
 * Checks one live link now. Busy while a check of this link runs anywhere on the page; disabled
 * offline, or for a role that may not act on links, with the reason beside it (or in the note
 * `offlineNoteId` / `roleNoteId` names, shared by a list's rows); a refusal, such as a second
 * check within a minute, shows beneath it until the wait it names is over.
 */
export function CheckNowButton({
  item,
  variant = 'secondary',
  size = 'sm',
  offlineNoteId,
  roleNoteId,
}: {
  item: MonitoredItemRef;
  variant?: 'primary' | 'secondary';
  /** `sm` in a table row; `md` beside a dialog's other actions, whose width it then takes. */
  size?: ButtonSize;
  offlineNoteId?: string;
  /** The note saying why the member's role may not check this link, shared by a list's rows. */
  roleNoteId?: string;
}) {
  const isOnline = useOnlineStatus();
  const cannotAct = useCannotActOnLinks(item.companyId);
  const ownRoleId = useId();
  const roleId = roleNoteId ?? ownRoleId;
  const check = useCheckNow(item);
  const running = useIsMutating({ mutationKey: [...linkMutationKeys.checkNow, item.id] }) > 0;
  const errorId = useId();
  const ownOfflineId = useId();
  const offlineId = offlineNoteId ?? ownOfflineId;
  // A refusal that says when to try again ("try again in 52 s") goes away once that time is up.
  const waitSeconds = check.error instanceof ApiError ? check.error.retryAfterSeconds : null;
  const { reset } = check;
  useEffect(() => {
    if (waitSeconds === null) return;
    const timer = setTimeout(reset, waitSeconds * 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds, reset]);
  const describedBy = [
    check.isError ? errorId : null,
    isOnline ? null : offlineId,
    cannotAct === undefined ? null : roleId,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <span className={cx('flex flex-col gap-1', size === 'sm' ? 'items-start' : 'items-stretch')}>
      <Button
        size={size}
        variant={variant}
        loading={running}
        disabled={!isOnline || cannotAct !== undefined}
        aria-describedby={describedBy || undefined}
        onClick={() => check.mutate()}
      >
        {running ? 'Checking…' : 'Check now'}{' '}
        <span className="sr-only">the link of item {item.number}</span>
      </Button>
      <span id={errorId} role="status" className="max-w-48 text-xs whitespace-normal text-red-700">
        {check.isError ? check.error.message : null}
      </span>
      {!isOnline && !offlineNoteId ? (
        <span id={ownOfflineId} className="max-w-48 text-xs whitespace-normal text-slate-600">
          {OFFLINE_CHECK_REASON}
        </span>
      ) : null}
      {cannotAct !== undefined && !roleNoteId ? (
        <span id={ownRoleId} className="max-w-48 text-xs whitespace-normal text-slate-600">
          {cannotAct}
        </span>
      ) : null}
    </span>
  );
}
