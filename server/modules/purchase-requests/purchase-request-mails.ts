// The mails of purchase requests: to each approver when one is made, to the requester when it is
// decided.
import type { MailMessage } from '#server/mail/mailer.ts';

interface Mailed {
  number: string;
  price: string;
  companyTitle: string;
}

export function purchaseRequestedMail(
  to: string,
  request: Mailed & { requesterName: string; itemsAmount: number },
  link: string,
): MailMessage {
  return {
    to,
    subject: `Purchase request ${request.number} waits for your approval`,
    text: [
      `${request.requesterName} asks to order ${request.itemsAmount} article(s) for ${request.companyTitle}, ${request.price} EUR excl. VAT, over their monthly limit.`,
      '',
      `Approve or decline it here: ${link}`,
    ].join('\n'),
  };
}

export function purchaseDecidedMail(
  to: string,
  request: Mailed & {
    decision: 'approved' | 'declined';
    orderNumber: string | null;
    reason: string | null;
  },
  link: string,
): MailMessage {
  const approved = request.decision === 'approved';
  return {
    to,
    subject: `Purchase request ${request.number} was ${request.decision}`,
    text: [
      approved
        ? `Your purchase request ${request.number} (${request.price} EUR excl. VAT) was approved: it is now order ${request.orderNumber}.`
        : `Your purchase request ${request.number} (${request.price} EUR excl. VAT) was declined.`,
      ...(approved ? [] : ['', `Reason: ${request.reason}`]),
      '',
      `See it here: ${link}`,
    ].join('\n'),
  };
}
