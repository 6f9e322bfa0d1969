import type { MailMessage } from './mailer.ts';

export function registrationConfirmationMail(
  to: string,
  firstName: string,
  link: string,
): MailMessage {
  return {
    to,
    subject: 'Confirm your registration',
    text: [
      `Hello ${firstName},`,
      '',
      'Thank you for registering. Open this link within 24 hours to confirm your e-mail address:',
      '',
      link,
      '',
      'If you did not register, you can ignore this message.',
    ].join('\n'),
  };
}

export function alreadyRegisteredMail(to: string, forgotPasswordLink: string): MailMessage {
  return {
    to,
    subject: 'You already have an account',
    text: [
      'Someone tried to register with this e-mail address, which already has an account.',
      '',
      'If it was you and you forgot your password, you can choose a new one here:',
      '',
      forgotPasswordLink,
      '',
      'If it was not you, you can ignore this message.',
    ].join('\n'),
  };
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your password',
    text: [
      'We received a request to reset your password. Open this link within one hour to choose a new one:',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this message; your password stays the same.',
    ].join('\n'),
  };
}
