// Mails about the buyer's own account: e-mail address changes and password changes (decision 071).
import type { MailMessage } from './mailer.ts';

export function emailChangeConfirmationMail(
  to: string,
  firstName: string,
  link: string,
): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail address',
    text: [
      `Hello ${firstName},`,
      '',
      'You asked to use this address for your buyer account. Open this link within 24 hours to confirm it:',
      '',
      link,
      '',
      'Your account keeps its current address until the link is opened. If you did not ask for this, you can ignore this message.',
    ].join('\n'),
  };
}

export function emailChangeTakenMail(to: string): MailMessage {
  return {
    to,
    subject: 'This address already has an account',
    text: [
      'Someone asked to move a buyer account to this e-mail address, which already has an account of its own.',
      '',
      'Nothing was changed. If it was you, sign in with this address instead, or choose another one.',
    ].join('\n'),
  };
}

export function emailChangeRequestedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'A change of your e-mail address was requested',
    text: [
      `A change of your account's e-mail address to ${newEmail} was requested.`,
      '',
      'It takes effect only when the link we sent to the new address is opened; until then you sign in with this address.',
      '',
      'If it was not you, change your password now: someone knows it.',
    ].join('\n'),
  };
}

export function emailChangedMail(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: 'Your e-mail address was changed',
    text: [
      `Your account's e-mail address is now ${newEmail}. From now on you sign in with it, and mail goes there.`,
      '',
      'If it was not you, contact the support team at once.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, firstName: string): MailMessage {
  return {
    to,
    subject: 'Your password was changed',
    text: [
      `Hello ${firstName},`,
      '',
      'The password of your buyer account was just changed. Every other device that was signed in has been signed out.',
      '',
      'If it was not you, reset your password at once with "Forgot password" on the sign-in page and contact the support team.',
    ].join('\n'),
  };
}
