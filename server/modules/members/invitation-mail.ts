// The mail that carries an invitation's single-use link.
import { MEMBER_ROLE_LABELS, type MemberRole } from '#contract/permissions.ts';
import type { MailMessage } from '#server/mail/mailer.ts';

export function invitationMail(
  to: string,
  invitation: { companyTitle: string; inviterName: string; role: MemberRole; expiresAt: Date },
  link: string,
): MailMessage {
  const expires = invitation.expiresAt.toISOString().slice(0, 16).replace('T', ' ');
  return {
    to,
    subject: `${invitation.inviterName} invites you to ${invitation.companyTitle}`,
    text: [
      `${invitation.inviterName} invites you to join ${invitation.companyTitle} on the buyer portal as ${MEMBER_ROLE_LABELS[invitation.role]}.`,
      '',
      'Open this link to accept; it can be used once:',
      '',
      link,
      '',
      `The invitation expires on ${expires} UTC.`,
      '',
      'If you did not expect it, you can ignore this message.',
    ].join('\n'),
  };
}
