// The buyer's own account settings: profile details, the e-mail address (changed only through a
// link mailed to the new address, decision 071) and the password (decision 072). Checking the
// current password counts wrong ones with the sign-in limiter, so a stolen session cannot be used
// to guess the password faster than the sign-in form allows.
import type { Violation } from '#contract/errors.ts';
import {
  CURRENT_PASSWORD_WRONG_MESSAGE,
  type EmailChangeAccepted,
  type EmailChangeConfirmed,
  type EmailChangeRequest,
  type PasswordChange,
  SAME_EMAIL_MESSAGE,
  SAME_PASSWORD_MESSAGE,
} from '#contract/profile-settings.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import {
  ApiError,
  notFound,
  tooManyRequests,
  tryAgainIn,
  unauthorized,
} from '#server/http/api-error.ts';
import { RequestValidationError } from '#server/http/validation.ts';
import {
  emailChangeConfirmationMail,
  emailChangedMail,
  emailChangeRequestedMail,
  emailChangeTakenMail,
  passwordChangedMail,
} from '#server/mail/account-messages.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';

import {
  endOtherSessionsAfterEmailChange,
  endOtherSessionsAfterPasswordChange,
  generateSecretToken,
  hashPassword,
  hashSecretToken,
  type LoginThrottle,
  TOKEN_INVALID_MESSAGE,
  verifyPassword,
  weakPasswordViolation,
} from '../auth/auth.service.ts';
import { INVALID_LINK_MESSAGE } from '../public-auth/public-auth.service.ts';
import {
  type AccountUser,
  consumeEmailChange,
  findAccountUser,
  insertEmailChange,
  isEmailTaken,
  retireEmailChanges,
  updatePasswordHash,
  updateUserDetails,
  updateUserEmail,
} from './account-settings.repository.ts';

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
export const EMAIL_TAKEN_MESSAGE = 'This e-mail address is already in use by another account.';
export const TOO_MANY_WRONG_PASSWORDS_MESSAGE = 'Too many wrong passwords.';
/** The page of the web app that opens a mailed e-mail change link. */
export const EMAIL_CHANGE_ROUTE = '/email-changes-confirmations';

/** Who calls: the user, their sign-in (refresh-token family) and their client address. */
export interface Caller {
  userId: string;
  familyId: string | null;
  address: string;
}

export interface ProfileDetails {
  first_name: string;
  last_name: string;
  phone: string | null;
  is_newsletter_subscribed: boolean;
}

export interface AccountSettingsService {
  updateDetails(userId: string, details: ProfileDetails): Promise<void>;
  requestEmailChange(caller: Caller, request: EmailChangeRequest): Promise<EmailChangeAccepted>;
  /**
   * `opener`: who opened the link, when signed in; their session stays if it is the account's,
   * every other session of the account ends.
   */
  confirmEmailChange(
    token: string,
    opener?: { userId: string; familyId?: string | null } | null,
  ): Promise<EmailChangeConfirmed>;
  changePassword(caller: Caller, request: PasswordChange): Promise<void>;
}

export function createAccountSettingsService(deps: {
  db: Database;
  mail: MailQueue;
  now: Clock;
  throttle: LoginThrottle;
  publicUrl: string;
}): AccountSettingsService {
  const { db, mail, now, throttle } = deps;
  const link = (token: string) =>
    `${deps.publicUrl.replace(/\/$/, '')}${EMAIL_CHANGE_ROUTE}?token=${encodeURIComponent(token)}`;

  async function userOf(userId: string): Promise<AccountUser> {
    const user = await findAccountUser(db, userId);
    // The token outlived its user (deleted since it was issued).
    if (!user) throw unauthorized(TOKEN_INVALID_MESSAGE);
    return user;
  }

  /** Whether the password is the user's, counted like a sign-in; 429 while the limit holds. */
  async function isCurrentPassword(user: AccountUser, password: string, address: string) {
    const attempt = { account: user.email, address };
    const admission = await throttle.admit(attempt);
    if (admission.retryAfter !== null) {
      throw tooManyRequests(
        admission.retryAfter,
        `${TOO_MANY_WRONG_PASSWORDS_MESSAGE} ${tryAgainIn(admission.retryAfter)}`,
        'password_check',
      );
    }
    if (!(await verifyPassword(user.passwordHash, password))) return false;
    await admission.passed();
    return true;
  }

  const wrongPassword: Violation = {
    path: 'current_password',
    message: CURRENT_PASSWORD_WRONG_MESSAGE,
  };

  return {
    updateDetails: async (userId, details) => {
      const isUpdated = await updateUserDetails(db, userId, {
        firstName: details.first_name,
        lastName: details.last_name,
        phone: details.phone,
        isNewsletterSubscribed: details.is_newsletter_subscribed,
        at: now(),
      });
      if (!isUpdated) throw unauthorized(TOKEN_INVALID_MESSAGE);
    },

    requestEmailChange: async (caller, request) => {
      const user = await userOf(caller.userId);
      const newEmail = request.new_email.trim().toLowerCase();
      if (newEmail === user.email) {
        throw new RequestValidationError([{ path: 'new_email', message: SAME_EMAIL_MESSAGE }]);
      }
      if (!(await isCurrentPassword(user, request.current_password, caller.address))) {
        throw new RequestValidationError([wrongPassword]);
      }
      await throttle.clearAccount(user.email);
      const at = now();
      const expiresAt = new Date(at.getTime() + EMAIL_CHANGE_TTL_MS);
      // Whether an address has an account is not told here either (as in registration): its
      // owner gets a notice instead of a link, and the answer is the same.
      if (await isEmailTaken(db, newEmail)) {
        await mail.send(emailChangeTakenMail(newEmail));
      } else {
        const token = generateSecretToken();
        await db.transaction(async (tx) => {
          await retireEmailChanges(tx, user.id, at);
          await insertEmailChange(tx, {
            userId: user.id,
            newEmail,
            tokenHash: hashSecretToken(token),
            expiresAt,
          });
          await mail.send(emailChangeConfirmationMail(newEmail, user.firstName, link(token)), tx);
          await mail.send(emailChangeRequestedMail(user.email, newEmail), tx);
        });
      }
      return { new_email: newEmail, expires_at: expiresAt.toISOString() };
    },

    confirmEmailChange: async (token, opener) => {
      try {
        return await db.transaction(async (tx) => {
          const at = now();
          const change = await consumeEmailChange(tx, { tokenHash: hashSecretToken(token), at });
          if (!change) throw notFound(INVALID_LINK_MESSAGE);
          const oldEmail = await updateUserEmail(tx, change.userId, change.newEmail, at);
          if (oldEmail === null) throw notFound(INVALID_LINK_MESSAGE);
          await retireEmailChanges(tx, change.userId, at);
          await endOtherSessionsAfterEmailChange(tx, {
            userId: change.userId,
            keepFamilyId: opener?.userId === change.userId ? (opener.familyId ?? null) : null,
            at,
          });
          await mail.send(emailChangedMail(oldEmail, change.newEmail), tx);
          return { email: change.newEmail };
        });
      } catch (error) {
        // The address got an account of its own since the link was mailed.
        if (isUniqueViolation(error)) throw new ApiError(409, EMAIL_TAKEN_MESSAGE);
        throw error;
      }
    },

    changePassword: async (caller, request) => {
      const user = await userOf(caller.userId);
      const violations: Violation[] = [];
      const isRight = await isCurrentPassword(user, request.current_password, caller.address);
      if (!isRight) violations.push(wrongPassword);
      if (isRight && request.new_password === request.current_password) {
        violations.push({ path: 'new_password', message: SAME_PASSWORD_MESSAGE });
      } else {
        const weak = weakPasswordViolation(request.new_password, 'new_password', [
          user.email,
          user.firstName,
          user.lastName,
        ]);
        if (weak) violations.push(weak);
      }
      if (violations.length > 0) throw new RequestValidationError(violations);
      const passwordHash = await hashPassword(request.new_password);
      await db.transaction(async (tx) => {
        const at = now();
        await updatePasswordHash(tx, user.id, passwordHash, at);
        await endOtherSessionsAfterPasswordChange(tx, {
          userId: user.id,
          email: user.email,
          keepFamilyId: caller.familyId,
          at,
        });
        await mail.send(passwordChangedMail(user.email, user.firstName), tx);
      });
    },
  };
}
