// Registration, its confirmation, and password reset for signed-out visitors. Answers never tell
// whether an e-mail has an account: registering a taken address and asking a reset for an
// unknown one both succeed silently, and the owner of a taken address gets a notice instead.
import type { PasswordResetComplete, RegistrationRequest } from '#contract/public-auth.ts';
import type { Clock } from '#server/clock.ts';
import type { Database } from '#server/db/database.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { notFound } from '#server/http/api-error.ts';
import { RequestValidationError } from '#server/http/validation.ts';
import type { MailQueue } from '#server/mail/mail-queue.ts';
import {
  alreadyRegisteredMail,
  passwordResetMail,
  registrationConfirmationMail,
} from '#server/mail/messages.ts';

import {
  endSessionsAfterPasswordReset,
  generateSecretToken,
  hashPassword,
  hashSecretToken,
  weakPasswordViolation,
} from '../auth/auth.service.ts';
import type { MailThrottle } from './mail-throttle.ts';
import {
  confirmUser,
  consumeUserToken,
  findUserIdByEmail,
  insertUnconfirmedBuyer,
  insertUserToken,
  isUserTokenUsable,
  retireUserTokens,
  setPassword,
} from './public-auth.repository.ts';

export type { MailRequestLimits } from './mail-throttle.ts';

export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired.';

export interface PublicAuthService {
  /** `address`: the client's address, for the request limits. */
  register(request: RegistrationRequest, address: string): Promise<void>;
  confirmRegistration(token: string): Promise<void>;
  requestPasswordReset(email: string, address: string): Promise<void>;
  /** Throws the invalid-link 404 unless the reset link can still be used; uses nothing. */
  checkPasswordResetLink(token: string): Promise<void>;
  resetPassword(token: string, request: PasswordResetComplete): Promise<void>;
}

export function createPublicAuthService(deps: {
  db: Database;
  /** Mail is queued in the transaction that creates its token (decision 053). */
  mail: MailQueue;
  now: Clock;
  /** Origin of the web app, for the links in mails (e.g. https://portal.example.com). */
  publicUrl: string;
  throttle: MailThrottle;
}): PublicAuthService {
  const { db, mail, now, throttle } = deps;
  const link = (route: string, token?: string) =>
    `${deps.publicUrl.replace(/\/$/, '')}${route}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  /** Creates the buyer and queues the confirmation; false when the e-mail has an account. */
  async function createBuyer(request: RegistrationRequest, email: string): Promise<boolean> {
    // Hashed before the e-mail is looked up, so both outcomes take the same time.
    const passwordHash = await hashPassword(request.password);
    if (await findUserIdByEmail(db, email)) return false;
    const token = generateSecretToken();
    try {
      await db.transaction(async (tx) => {
        const userId = await insertUnconfirmedBuyer(tx, {
          email,
          passwordHash,
          firstName: request.first_name,
          lastName: request.last_name,
          companyName: request.company_name,
        });
        await insertUserToken(tx, {
          userId,
          purpose: 'registration_confirmation',
          tokenHash: hashSecretToken(token),
          expiresAt: new Date(now().getTime() + CONFIRMATION_TTL_MS),
        });
        await mail.send(
          registrationConfirmationMail(
            email,
            request.first_name,
            link('/registrations-confirmations', token),
          ),
          tx,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    return true;
  }

  return {
    register: async (request, address) => {
      const email = request.email.trim().toLowerCase();
      const weak = weakPasswordViolation(request.password, 'password', [
        email,
        request.first_name,
        request.last_name,
        request.company_name,
      ]);
      if (weak) throw new RequestValidationError([weak]);
      await throttle.admit('registration', { address, email });
      if (!(await createBuyer(request, email))) {
        await mail.send(alreadyRegisteredMail(email, link('/forgot-password')));
      }
    },

    confirmRegistration: async (token) => {
      await db.transaction(async (tx) => {
        const at = now();
        const userId = await consumeUserToken(tx, {
          tokenHash: hashSecretToken(token),
          purpose: 'registration_confirmation',
          at,
        });
        if (!userId) throw notFound(INVALID_LINK_MESSAGE);
        await confirmUser(tx, userId, at);
      });
    },

    requestPasswordReset: async (rawEmail, address) => {
      const email = rawEmail.trim().toLowerCase();
      await throttle.admit('password_reset', { address, email });
      const userId = await findUserIdByEmail(db, email);
      if (!userId) return;
      const token = generateSecretToken();
      const at = now();
      await db.transaction(async (tx) => {
        await retireUserTokens(tx, userId, 'password_reset', at);
        await insertUserToken(tx, {
          userId,
          purpose: 'password_reset',
          tokenHash: hashSecretToken(token),
          expiresAt: new Date(at.getTime() + PASSWORD_RESET_TTL_MS),
        });
        await mail.send(passwordResetMail(email, link('/passwords-resets', token)), tx);
      });
    },

    checkPasswordResetLink: async (token) => {
      const usable = await isUserTokenUsable(db, {
        tokenHash: hashSecretToken(token),
        purpose: 'password_reset',
        at: now(),
      });
      if (!usable) throw notFound(INVALID_LINK_MESSAGE);
    },

    resetPassword: async (token, { password }) => {
      // Checked before the token is used, so the link still works for a better password.
      const weak = weakPasswordViolation(password, 'password', []);
      if (weak) throw new RequestValidationError([weak]);
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const at = now();
        const userId = await consumeUserToken(tx, {
          tokenHash: hashSecretToken(token),
          purpose: 'password_reset',
          at,
        });
        if (!userId) throw notFound(INVALID_LINK_MESSAGE);
        const email = await setPassword(tx, { userId, passwordHash, at });
        // Every session opened with the old password ends, and a lock-out by failures is lifted.
        await endSessionsAfterPasswordReset(tx, { userId, email, at });
      });
    },
  };
}
