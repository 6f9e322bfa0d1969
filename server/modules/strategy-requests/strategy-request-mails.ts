// The two mails of a free strategy request (decision 057): the request for whoever prepares the
// strategy, and the buyer's confirmation.
import type { MailMessage } from '#server/mail/mailer.ts';

import type { Requester } from './strategy-requests.repository.ts';

interface RequestFacts {
  hostname: string;
  description: string;
}

export function strategyRequestMail(
  to: string,
  requester: Requester,
  { hostname, description }: RequestFacts,
): MailMessage {
  const name = `${requester.firstName} ${requester.lastName}`;
  return {
    to,
    subject: `Free strategy request for ${hostname}`,
    text: [
      requester.managerFirstName ? `Hello ${requester.managerFirstName},` : 'Hello,',
      '',
      `${name} asked for a free link-building strategy for ${hostname}.`,
      '',
      `Buyer: ${name} <${requester.email}>`,
      ...(requester.company ? [`Company: ${requester.company}`] : []),
      ...(requester.phone ? [`Phone: ${requester.phone}`] : []),
      `Domain: ${hostname}`,
      '',
      'What they wrote:',
      '',
      description,
    ].join('\n'),
  };
}

export function strategyRequestConfirmationMail(
  requester: Requester,
  { hostname, description }: RequestFacts,
  portalLink: string,
): MailMessage {
  return {
    to: requester.email,
    subject: `We received your strategy request for ${hostname}`,
    text: [
      `Hello ${requester.firstName},`,
      '',
      `Thank you for asking for a free link-building strategy for ${hostname}. We will prepare it and send it to you; you can follow its status in the portal:`,
      '',
      portalLink,
      '',
      'What you wrote:',
      '',
      description,
    ].join('\n'),
  };
}
