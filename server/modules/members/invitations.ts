// Invitations to join a company account (decision 203). Only the SHA-256 of a link's token is
// kept; a link works once, for INVITATION_DAYS, until revoked or replaced by a newer invitation to
// the same address. Every unusable link answers the same 404, never saying why. Accepting adds the
// company to the accounts of the person the link was mailed to, signed in or registering with it.
import {
  ALREADY_MEMBER_MESSAGE,
  type Invitation,
  INVITATION_DAYS,
  INVITATION_HAS_ACCOUNT_MESSAGE,
  INVITATION_INVALID_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  type InvitationAccepted,
  type InvitationCreate,
  type InvitationPreview,
  type InvitationRegistration,
  OWNERS_BY_OWNERS_MESSAGE,
  TOO_MANY_INVITATIONS_MESSAGE,
} from '#contract/members.ts';
import { MEMBER_ROLE_LABELS } from '#contract/permissions.ts';
import type { Clock } from '#server/clock.ts';
import { appendAuditEvent } from '#server/db/audit-events.ts';
import type { Database } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { ApiError, notFound } from '#server/http/api-error.ts';
import { RequestValidationError, VALIDATION_FAILED_MESSAGE } from '#server/http/validation.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';

import {
  type AuthService,
  generateSecretToken,
  hashPassword,
  hashSecretToken,
  weakPasswordViolation,
} from '../auth/auth.service.ts';
import { invitationMail } from './invitation-mail.ts';
import type { InvitationThrottle } from './invitation-throttle.ts';
import {
  findCompanySettings,
  findInvitation,
  findPendingInvitations,
  findRoleIn,
  findUsableInvitation,
  findUserByEmail,
  findUserById,
  insertConfirmedBuyer,
  insertCurrentAccount,
  insertInvitation,
  type InvitationRow,
  markInvitationAccepted,
  revokeInvitations,
} from './members.repository.ts';
import type { Caller } from './team.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationsService {
  list(caller: Caller): Promise<{ data: Invitation[]; pagination: Pagination }>;
  create(tx: Database, caller: Caller, request: InvitationCreate): Promise<Invitation>;
  revoke(caller: Caller, id: string): Promise<void>;
  preview(token: string, address: string): Promise<InvitationPreview>;
  accept(userId: string, token: string): Promise<InvitationAccepted>;
  register(
    token: string,
    registration: InvitationRegistration,
    client: { address: string; userAgent?: string },
  ): Promise<{ token: string; refresh_token: string }>;
}

interface Pagination {
  page: number;
  limit: number;
  total: number;
}

const invalid = () => notFound(INVITATION_INVALID_MESSAGE);

const inviter = (row: Pick<InvitationRow, 'inviterFirstName' | 'inviterLastName'>) =>
  row.inviterFirstName === null
    ? null
    : { first_name: row.inviterFirstName, last_name: row.inviterLastName ?? '' };

function invitationView(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: inviter(row),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}

export function createInvitationsService(deps: {
  db: Database;
  now: Clock;
  mail: MailQueue;
  auth: AuthService;
  throttle: InvitationThrottle;
  publicUrl: string;
}): InvitationsService {
  const { db, now, mail, auth, throttle } = deps;
  const link = (token: string) =>
    `${deps.publicUrl.replace(/\/$/, '')}/invitations/${encodeURIComponent(token)}`;

  async function create(tx: Database, caller: Caller, request: InvitationCreate) {
    const email = request.email.trim().toLowerCase();
    if (request.role === 'owner' && caller.role !== 'owner') {
      throw new ApiError(403, OWNERS_BY_OWNERS_MESSAGE);
    }
    const existing = await findUserByEmail(tx, email);
    if (existing && (await findRoleIn(tx, existing.id, caller.companyId))) {
      throw new ApiError(422, VALIDATION_FAILED_MESSAGE, {
        violations: [{ path: 'email', message: ALREADY_MEMBER_MESSAGE }],
      });
    }
    await throttle.admitInvitation(tx, caller.companyId, TOO_MANY_INVITATIONS_MESSAGE);
    const at = now();
    const token = generateSecretToken();
    const expiresAt = new Date(at.getTime() + INVITATION_DAYS * DAY_MS);
    await revokeInvitations(tx, { companyId: caller.companyId, email, at });
    const id = await insertInvitation(tx, {
      companyId: caller.companyId,
      email,
      role: request.role,
      tokenHash: hashSecretToken(token),
      invitedByUserId: caller.userId,
      expiresAt,
      createdAt: at,
    });
    const row = await findInvitation(tx, caller.companyId, id);
    const company = await findCompanySettings(tx, caller.companyId);
    if (!row || !company) throw new Error('The new invitation could not be read');
    const inviterName = `${row.inviterFirstName ?? ''} ${row.inviterLastName ?? ''}`.trim();
    await mail.send(
      invitationMail(
        email,
        { companyTitle: company.title, inviterName, role: request.role, expiresAt },
        link(token),
      ),
      tx,
    );
    await appendAuditEvent(tx, {
      companyId: caller.companyId,
      actorUserId: caller.userId,
      action: 'member.invited',
      subject: email,
      details: { role: MEMBER_ROLE_LABELS[request.role] },
    });
    return invitationView(row);
  }

  async function revoke(caller: Caller, id: string) {
    await db.transaction(async (tx) => {
      const row = await findInvitation(tx, caller.companyId, id);
      if (!row) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
      if ((await revokeInvitations(tx, { companyId: caller.companyId, id, at: now() })) === 0) {
        throw notFound(INVITATION_NOT_FOUND_MESSAGE);
      }
      await appendAuditEvent(tx, {
        companyId: caller.companyId,
        actorUserId: caller.userId,
        action: 'invitation.revoked',
        subject: row.email,
        details: { role: MEMBER_ROLE_LABELS[row.role] },
      });
    });
  }

  async function preview(token: string, address: string): Promise<InvitationPreview> {
    await throttle.admitLink(address);
    const row = await findUsableInvitation(db, hashSecretToken(token), now());
    if (!row) throw invalid();
    return {
      company: { title: row.companyTitle },
      role: row.role,
      email: row.email,
      invited_by: inviter(row),
      expires_at: row.expiresAt.toISOString(),
      has_account: (await findUserByEmail(db, row.email)) !== null,
    };
  }

  /** Adds the user to the invitation's company (when not a member yet) and uses the link up. */
  async function join(
    tx: Database,
    row: NonNullable<Awaited<ReturnType<typeof findUsableInvitation>>>,
    userId: string,
  ): Promise<InvitationAccepted> {
    const at = now();
    await markInvitationAccepted(tx, { id: row.id, userId, at });
    const company = { id: row.companyId, title: row.companyTitle };
    const role = await findRoleIn(tx, userId, row.companyId);
    if (role) return { company, role };
    await insertCurrentAccount(tx, { userId, companyId: row.companyId, role: row.role });
    await appendAuditEvent(tx, {
      companyId: row.companyId,
      actorUserId: userId,
      action: 'member.joined',
      subject: row.email,
      details: { role: MEMBER_ROLE_LABELS[row.role] },
    });
    return { company, role: row.role };
  }

  async function accept(userId: string, token: string): Promise<InvitationAccepted> {
    return db.transaction(async (tx) => {
      const row = await findUsableInvitation(tx, hashSecretToken(token), now(), {
        forUpdate: true,
      });
      if (!row) throw invalid();
      const user = await findUserById(tx, userId);
      if (!user || user.email !== row.email) {
        throw new ApiError(422, INVITATION_OTHER_EMAIL_MESSAGE);
      }
      return join(tx, row, userId);
    });
  }

  async function register(
    token: string,
    registration: InvitationRegistration,
    client: { address: string; userAgent?: string },
  ) {
    await throttle.admitLink(client.address);
    const tokenHash = hashSecretToken(token);
    const found = await findUsableInvitation(db, tokenHash, now());
    if (!found) throw invalid();
    const weak = weakPasswordViolation(registration.password, 'password', [
      found.email,
      registration.first_name,
      registration.last_name,
    ]);
    if (weak) throw new RequestValidationError([weak]);
    const passwordHash = await hashPassword(registration.password);
    try {
      return await db.transaction(async (tx) => {
        const row = await findUsableInvitation(tx, tokenHash, now(), { forUpdate: true });
        if (!row) throw invalid();
        if (await findUserByEmail(tx, row.email)) {
          throw new ApiError(422, INVITATION_HAS_ACCOUNT_MESSAGE);
        }
        const user = await insertConfirmedBuyer(tx, {
          email: row.email,
          passwordHash,
          firstName: registration.first_name,
          lastName: registration.last_name,
        });
        await join(tx, row, user.id);
        return auth.openSession(user, client, tx);
      });
    } catch (error) {
      // A registration of the same address a moment ago: the account exists now.
      if (isUniqueViolation(error)) throw new ApiError(422, INVITATION_HAS_ACCOUNT_MESSAGE);
      throw error;
    }
  }

  return {
    list: async (caller) => {
      const data = (await findPendingInvitations(db, caller.companyId, now())).map(invitationView);
      return { data, pagination: { page: 1, limit: Math.max(1, data.length), total: data.length } };
    },
    create,
    revoke,
    preview,
    accept,
    register,
  };
}
