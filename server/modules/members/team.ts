// The members of a company account: the list, changes of role and monthly limit, removal and
// leaving, and the company's settings for its members (decision 203). Each change is recorded
// in the company's audit log in its own transaction. A company keeps at least one Owner, and only
// an Owner changes, removes or makes an Owner.
import {
  LAST_OWNER_MESSAGE,
  LIMIT_FOR_BUYERS_MESSAGE,
  type Member,
  MEMBER_NOT_FOUND_MESSAGE,
  type MemberUpdate,
  OWNERS_BY_OWNERS_MESSAGE,
  REMOVE_YOURSELF_MESSAGE,
  type TeamSettings,
} from '#contract/members.ts';
import { MEMBER_ROLE_LABELS, type MemberRole } from '#contract/permissions.ts';
import type { Clock } from '#server/clock.ts';
import { appendAuditEvent } from '#server/db/audit-events.ts';
import type { Database } from '#server/db/database.ts';
import { spentThisMonth } from '#server/db/monthly-spend.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';

import {
  endMembership,
  findCompanySettings,
  findMember,
  findMembers,
  findOwnAccount,
  lockOwners,
  type MemberRow,
  updateCompanySettings,
  updateMember,
} from './members.repository.ts';

/** Who acts: the signed-in member, in their current company, with their role there. */
export interface Caller {
  userId: string;
  companyId: string;
  role: MemberRole;
}

export const NO_LIMIT = 'No limit';

export interface TeamService {
  list(caller: Caller): Promise<{ data: Member[]; pagination: Pagination }>;
  update(caller: Caller, accountId: string, change: MemberUpdate): Promise<Member>;
  remove(caller: Caller, accountId: string): Promise<void>;
  leave(userId: string, accountId: string): Promise<void>;
  settings(caller: Caller): Promise<TeamSettings>;
  saveSettings(caller: Caller, settings: TeamSettings): Promise<TeamSettings>;
}

interface Pagination {
  page: number;
  limit: number;
  total: number;
}

const ownersByOwners = () => new ApiError(403, OWNERS_BY_OWNERS_MESSAGE);
const lastOwner = () => new ApiError(422, LAST_OWNER_MESSAGE);
const limitForBuyers = () =>
  new ApiError(422, VALIDATION_FAILED_MESSAGE, {
    violations: [{ path: 'monthly_limit', message: LIMIT_FOR_BUYERS_MESSAGE }],
  });

const limitText = (limit: string | null) => limit ?? NO_LIMIT;

export function createTeamService({ db, now }: { db: Database; now: Clock }): TeamService {
  async function view(member: MemberRow, caller: Caller, database: Database): Promise<Member> {
    return {
      id: member.id,
      user: {
        id: member.userId,
        first_name: member.firstName,
        last_name: member.lastName,
        email: member.email,
        avatar_file: member.avatarFileId ? { id: member.avatarFileId } : null,
      },
      role: member.role,
      monthly_limit: member.monthlyLimit,
      spent_this_month: await spentThisMonth(database, {
        userId: member.userId,
        companyId: caller.companyId,
        at: now(),
      }),
      joined_at: member.joinedAt.toISOString(),
      is_you: member.userId === caller.userId,
    };
  }

  async function memberOf(tx: Database, caller: Caller, accountId: string): Promise<MemberRow> {
    const member = await findMember(tx, caller.companyId, accountId, { forUpdate: true });
    if (!member) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    return member;
  }

  /** Refuses leaving the company without an Owner; locks its Owners while the change runs. */
  async function keepAnOwner(tx: Database, companyId: string): Promise<void> {
    if ((await lockOwners(tx, companyId)) <= 1) throw lastOwner();
  }

  async function recordChange(tx: Database, caller: Caller, member: MemberRow, next: MemberRow) {
    const base = { companyId: caller.companyId, actorUserId: caller.userId, subject: member.email };
    if (next.role !== member.role) {
      await appendAuditEvent(tx, {
        ...base,
        action: 'member.role_changed',
        details: { from: MEMBER_ROLE_LABELS[member.role], to: MEMBER_ROLE_LABELS[next.role] },
      });
    }
    if (next.monthlyLimit !== member.monthlyLimit) {
      await appendAuditEvent(tx, {
        ...base,
        action: 'member.limit_changed',
        details: {
          limit_from: limitText(member.monthlyLimit),
          limit_to: limitText(next.monthlyLimit),
        },
      });
    }
  }

  async function update(caller: Caller, accountId: string, change: MemberUpdate) {
    return db.transaction(async (tx) => {
      const member = await memberOf(tx, caller, accountId);
      const role = change.role ?? member.role;
      if ((member.role === 'owner' || role === 'owner') && caller.role !== 'owner') {
        throw ownersByOwners();
      }
      if (role !== 'buyer' && change.monthly_limit != null) throw limitForBuyers();
      if (member.role === 'owner' && role !== 'owner') await keepAnOwner(tx, caller.companyId);
      const monthlyLimit =
        role === 'buyer'
          ? change.monthly_limit === undefined
            ? member.monthlyLimit
            : change.monthly_limit
          : null;
      await updateMember(tx, member.id, { role, monthlyLimit });
      const next = { ...member, role, monthlyLimit };
      await recordChange(tx, caller, member, next);
      return view(next, caller, tx);
    });
  }

  async function remove(caller: Caller, accountId: string) {
    await db.transaction(async (tx) => {
      const member = await memberOf(tx, caller, accountId);
      if (member.userId === caller.userId) throw new ApiError(422, REMOVE_YOURSELF_MESSAGE);
      if (member.role === 'owner') {
        if (caller.role !== 'owner') throw ownersByOwners();
        await keepAnOwner(tx, caller.companyId);
      }
      await endMembership(tx, member);
      await appendAuditEvent(tx, {
        companyId: caller.companyId,
        actorUserId: caller.userId,
        action: 'member.removed',
        subject: member.email,
        details: { role: MEMBER_ROLE_LABELS[member.role] },
      });
    });
  }

  async function leave(userId: string, accountId: string) {
    await db.transaction(async (tx) => {
      const own = await findOwnAccount(tx, userId, accountId);
      if (!own) throw notFound();
      const member = await findMember(tx, own.companyId, own.id, { forUpdate: true });
      if (!member) throw notFound();
      if (member.role === 'owner') await keepAnOwner(tx, own.companyId);
      await endMembership(tx, member);
      await appendAuditEvent(tx, {
        companyId: own.companyId,
        actorUserId: userId,
        action: 'member.left',
        subject: member.email,
        details: { role: MEMBER_ROLE_LABELS[member.role] },
      });
    });
  }

  async function settings(caller: Caller): Promise<TeamSettings> {
    const company = await findCompanySettings(db, caller.companyId);
    if (!company) throw notFound();
    return { are_prices_hidden_from_viewers: company.arePricesHiddenFromViewers };
  }

  async function saveSettings(caller: Caller, next: TeamSettings): Promise<TeamSettings> {
    return db.transaction(async (tx) => {
      const company = await findCompanySettings(tx, caller.companyId);
      if (!company) throw notFound();
      const isHidden = next.are_prices_hidden_from_viewers;
      if (company.arePricesHiddenFromViewers !== isHidden) {
        await updateCompanySettings(tx, caller.companyId, isHidden);
        await appendAuditEvent(tx, {
          companyId: caller.companyId,
          actorUserId: caller.userId,
          action: 'team.settings_changed',
          subject: company.title,
          details: { prices_for_viewers: isHidden ? 'Hidden' : 'Shown' },
        });
      }
      return { are_prices_hidden_from_viewers: isHidden };
    });
  }

  return {
    list: async (caller) => {
      const members = await findMembers(db, caller.companyId);
      const data = await Promise.all(members.map((member) => view(member, caller, db)));
      return { data, pagination: { page: 1, limit: Math.max(1, data.length), total: data.length } };
    },
    update,
    remove,
    leave,
    settings,
    saveSettings,
  };
}
