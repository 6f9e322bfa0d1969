// The queries of members, invitations, the company's member settings and its record of who did
// what (decision 203). A member is an `accounts` row (user × company, with a role).
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';

import type { AuditAction } from '#contract/audit.ts';
import type { MemberRole } from '#contract/permissions.ts';
import type { Database } from '#server/db/database.ts';
import {
  accounts,
  auditEvents,
  cartItems,
  companies,
  companyInvitations,
  users,
} from '#server/db/schema/index.ts';

const memberColumns = {
  id: accounts.id,
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  avatarFileId: users.avatarFileId,
  role: accounts.role,
  monthlyLimit: accounts.monthlyLimit,
  isCurrent: accounts.isCurrent,
  joinedAt: accounts.createdAt,
};

export type MemberRow = {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  avatarFileId: string | null;
  role: MemberRole;
  monthlyLimit: string | null;
  isCurrent: boolean;
  joinedAt: Date;
};

/** The members of a company, by role (the enum's order: Owner first) then name. */
export async function findMembers(db: Database, companyId: string): Promise<MemberRow[]> {
  return db
    .select(memberColumns)
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.companyId, companyId))
    .orderBy(asc(accounts.role), asc(users.firstName), asc(users.lastName), asc(accounts.id));
}

/** One member of the company; with `forUpdate`, its row locked until the transaction ends. */
export async function findMember(
  db: Database,
  companyId: string,
  accountId: string,
  { forUpdate = false } = {},
): Promise<MemberRow | null> {
  const query = db
    .select(memberColumns)
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(accounts.companyId, companyId), eq(accounts.id, accountId)));
  const [row] = forUpdate ? await query.for('update', { of: accounts }) : await query;
  return row ?? null;
}

/** The caller's own account by id; null when it is not theirs. */
export async function findOwnAccount(db: Database, userId: string, accountId: string) {
  const [row] = await db
    .select({ id: accounts.id, companyId: accounts.companyId, role: accounts.role })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.id, accountId)));
  return row ?? null;
}

/**
 * The number of Owners of the company, their rows locked: two changes that would each leave one
 * Owner wait for each other, so the second sees the first's result.
 */
export async function lockOwners(db: Database, companyId: string): Promise<number> {
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.companyId, companyId), eq(accounts.role, 'owner')))
    .orderBy(asc(accounts.id))
    .for('update');
  return rows.length;
}

export async function updateMember(
  db: Database,
  accountId: string,
  values: { role: MemberRole; monthlyLimit: string | null },
): Promise<void> {
  await db.update(accounts).set(values).where(eq(accounts.id, accountId));
}

/**
 * Ends a membership (removed or left): the account is deleted, and what the member did (orders,
 * the record) stays. When it was the company they were working in, their cart, filled there (the
 * cart works in the current company, decision 203), goes with it, and their oldest remaining
 * account becomes current. The cart is kept when they work in another company, for which it is.
 */
export async function endMembership(
  db: Database,
  member: { id: string; userId: string; isCurrent: boolean },
): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, member.id));
  if (!member.isCurrent) return;
  await db.delete(cartItems).where(eq(cartItems.userId, member.userId));
  await ensureCurrentAccount(db, member.userId);
}

/** Makes the user's oldest account current when none is (after one was removed). */
async function ensureCurrentAccount(db: Database, userId: string): Promise<void> {
  const rows = await db
    .select({ id: accounts.id, isCurrent: accounts.isCurrent })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  const oldest = rows[0];
  if (!oldest || rows.some((row) => row.isCurrent)) return;
  await db.update(accounts).set({ isCurrent: true }).where(eq(accounts.id, oldest.id));
}

/** Adds the user to the company with `role`, as their current account. */
export async function insertCurrentAccount(
  db: Database,
  { userId, companyId, role }: { userId: string; companyId: string; role: MemberRole },
): Promise<void> {
  await db
    .update(accounts)
    .set({ isCurrent: false })
    .where(and(eq(accounts.userId, userId), eq(accounts.isCurrent, true)));
  await db.insert(accounts).values({ userId, companyId, role, isCurrent: true });
}

export async function findRoleIn(
  db: Database,
  userId: string,
  companyId: string,
): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: accounts.role })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.companyId, companyId)));
  return row?.role ?? null;
}

export async function findCompanySettings(db: Database, companyId: string) {
  const [row] = await db
    .select({
      title: companies.businessName,
      arePricesHiddenFromViewers: companies.arePricesHiddenFromViewers,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

export async function updateCompanySettings(
  db: Database,
  companyId: string,
  arePricesHiddenFromViewers: boolean,
): Promise<void> {
  await db.update(companies).set({ arePricesHiddenFromViewers }).where(eq(companies.id, companyId));
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, roles: users.roles })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findUserById(db: Database, userId: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** A buyer whose address the invitation's link proved: confirmed at once. */
export async function insertConfirmedBuyer(
  db: Database,
  buyer: { email: string; passwordHash: string; firstName: string; lastName: string },
): Promise<{ id: string; email: string; roles: string[] }> {
  const [row] = await db
    .insert(users)
    .values({ ...buyer, roles: ['ROLE_BUYER'], isConfirmed: true })
    .returning({ id: users.id, email: users.email, roles: users.roles });
  if (!row) throw new Error('Inserting the buyer returned no row');
  return row;
}

// Invitations ------------------------------------------------------------------------------------

const invitationColumns = {
  id: companyInvitations.id,
  companyId: companyInvitations.companyId,
  email: companyInvitations.email,
  role: companyInvitations.role,
  createdAt: companyInvitations.createdAt,
  expiresAt: companyInvitations.expiresAt,
  inviterFirstName: users.firstName,
  inviterLastName: users.lastName,
};

export type InvitationRow = {
  id: string;
  companyId: string;
  email: string;
  role: MemberRole;
  createdAt: Date;
  expiresAt: Date;
  inviterFirstName: string | null;
  inviterLastName: string | null;
};

const isOpen = and(isNull(companyInvitations.acceptedAt), isNull(companyInvitations.revokedAt));

/** The company's invitations that can still be accepted at `at`, newest first. */
export async function findPendingInvitations(
  db: Database,
  companyId: string,
  at: Date,
): Promise<InvitationRow[]> {
  return db
    .select(invitationColumns)
    .from(companyInvitations)
    .leftJoin(users, eq(users.id, companyInvitations.invitedByUserId))
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isOpen,
        gt(companyInvitations.expiresAt, at),
      ),
    )
    .orderBy(desc(companyInvitations.createdAt), asc(companyInvitations.id));
}

export async function findInvitation(
  db: Database,
  companyId: string,
  id: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select(invitationColumns)
    .from(companyInvitations)
    .leftJoin(users, eq(users.id, companyInvitations.invitedByUserId))
    .where(and(eq(companyInvitations.companyId, companyId), eq(companyInvitations.id, id)));
  return row ?? null;
}

/**
 * The invitation a token opens while it can be used (not accepted, revoked or expired at `at`);
 * with `forUpdate` its row stays locked, so two acceptances of one link cannot both pass.
 */
export async function findUsableInvitation(
  db: Database,
  tokenHash: string,
  at: Date,
  { forUpdate = false } = {},
) {
  const query = db
    .select({ ...invitationColumns, companyTitle: companies.businessName })
    .from(companyInvitations)
    .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
    .leftJoin(users, eq(users.id, companyInvitations.invitedByUserId))
    .where(
      and(
        eq(companyInvitations.tokenHash, tokenHash),
        isOpen,
        gt(companyInvitations.expiresAt, at),
      ),
    );
  const [row] = forUpdate ? await query.for('update', { of: companyInvitations }) : await query;
  return row ?? null;
}

/** Revokes the company's open invitations to `email` (or the one with `id`); answers their count. */
export async function revokeInvitations(
  db: Database,
  { companyId, email, id, at }: { companyId: string; email?: string; id?: string; at: Date },
): Promise<number> {
  const rows = await db
    .update(companyInvitations)
    .set({ revokedAt: at })
    .where(
      and(
        eq(companyInvitations.companyId, companyId),
        isOpen,
        email === undefined ? undefined : eq(companyInvitations.email, email),
        id === undefined ? undefined : eq(companyInvitations.id, id),
      ),
    )
    .returning({ id: companyInvitations.id });
  return rows.length;
}

export async function insertInvitation(
  db: Database,
  invitation: {
    companyId: string;
    email: string;
    role: MemberRole;
    tokenHash: string;
    invitedByUserId: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(companyInvitations)
    .values(invitation)
    .returning({ id: companyInvitations.id });
  if (!row) throw new Error('Inserting the invitation returned no row');
  return row.id;
}

export async function markInvitationAccepted(
  db: Database,
  { id, userId, at }: { id: string; userId: string; at: Date },
): Promise<void> {
  await db
    .update(companyInvitations)
    .set({ acceptedAt: at, acceptedByUserId: userId })
    .where(eq(companyInvitations.id, id));
}

// The record ---------------------------------------------------------------------------------------

export interface AuditConditions {
  companyId: string;
  actions?: AuditAction[];
  actorUserId?: string;
  /** Inclusive start and exclusive end instants. */
  from?: Date;
  before?: Date;
}

function auditWhere(conditions: AuditConditions): SQL | undefined {
  return and(
    eq(auditEvents.companyId, conditions.companyId),
    conditions.actions?.length ? inArray(auditEvents.action, conditions.actions) : undefined,
    conditions.actorUserId ? eq(auditEvents.actorUserId, conditions.actorUserId) : undefined,
    conditions.from ? gte(auditEvents.createdAt, conditions.from) : undefined,
    conditions.before ? lt(auditEvents.createdAt, conditions.before) : undefined,
  );
}

const auditColumns = {
  id: auditEvents.id,
  createdAt: auditEvents.createdAt,
  actorUserId: auditEvents.actorUserId,
  actorName: auditEvents.actorName,
  action: auditEvents.action,
  subject: auditEvents.subject,
  details: auditEvents.details,
};

export type AuditRow = {
  id: string;
  createdAt: Date;
  actorUserId: string | null;
  actorName: string;
  action: string;
  subject: string;
  details: Record<string, unknown>;
};

/** The company's events, newest first; a page of them when `page` is given. */
export async function findAuditEvents(
  db: Database,
  conditions: AuditConditions,
  page?: { limit: number; offset: number },
): Promise<AuditRow[]> {
  const query = db
    .select(auditColumns)
    .from(auditEvents)
    .where(auditWhere(conditions))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function countAuditEvents(db: Database, conditions: AuditConditions) {
  const [row] = await db.select({ total: count() }).from(auditEvents).where(auditWhere(conditions));
  return row?.total ?? 0;
}
