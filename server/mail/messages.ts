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

/** A line of an order mail: the item's number and where it is placed. */
export interface MailedItem {
  number: string;
  siteHostname: string;
  targetUrl: string;
}

/**
 * The order summary: thanks to the member who placed the order; to another member who follows the
 * company's orders (decision 208), who placed it.
 */
export function orderSummaryMail(
  to: string,
  order: { number: string; priceWithVat: string; paymentMethod: string; items: MailedItem[] },
  link: string,
  placedBy: string | null = null,
): MailMessage {
  return {
    to,
    subject: placedBy
      ? `Order ${order.number} placed by ${placedBy}`
      : `Your order ${order.number}`,
    text: [
      placedBy
        ? `${placedBy} placed order ${order.number} for your company.`
        : `Thank you for your order ${order.number}.`,
      '',
      ...order.items.map((item) => `- ${item.number}: ${item.siteHostname} → ${item.targetUrl}`),
      '',
      `Total with VAT: ${order.priceWithVat} EUR (${order.paymentMethod}).`,
      '',
      `Follow it here: ${link}`,
    ].join('\n'),
  };
}

export function topicReadyMail(to: string, item: MailedItem, topic: string, link: string) {
  return itemMail(to, `Topic ready for approval: ${item.number}`, [
    `The publisher of ${item.siteHostname} proposes a topic for order item ${item.number}:`,
    '',
    topic,
    '',
    `Approve it or send feedback here: ${link}`,
  ]);
}

export function contentReadyMail(to: string, item: MailedItem, link: string) {
  return itemMail(to, `Content ready for approval: ${item.number}`, [
    `The article for order item ${item.number} on ${item.siteHostname} is ready for your approval.`,
    '',
    `Approve it or send feedback here: ${link}`,
  ]);
}

export function linkPublishedMail(to: string, item: MailedItem, liveLink: string, link: string) {
  return itemMail(to, `Link published: ${item.number}`, [
    `Order item ${item.number} is live on ${item.siteHostname}:`,
    '',
    liveLink,
    '',
    `It links to ${item.targetUrl}. Your order: ${link}`,
  ]);
}

/** A live link failed its checks and a link issue opened (decision 140). */
export function linkIssueMail(
  to: string,
  item: MailedItem & { liveLink: string },
  failure: { title: string; detail: string | null },
  guarantee: {
    endsOn: string;
    isWithin: boolean;
    refundAfterDays: number;
    /** Whether the recipient's role may ask for a restore or a refund (links.act). */
    canAsk?: boolean;
  },
  link: string,
) {
  const asker = guarantee.canAsk === false ? 'An Owner, Admin or Buyer of your company' : 'You';
  return itemMail(to, `A live link needs attention: ${item.number}`, [
    `The link of order item ${item.number} on ${item.siteHostname} failed its checks several times in a row:`,
    '',
    `${failure.title}${failure.detail ? `: ${failure.detail}` : ''}`,
    '',
    `Article: ${item.liveLink}`,
    `Ordered link: ${item.targetUrl}`,
    '',
    ...(guarantee.isWithin
      ? [
          `The link is guaranteed until ${guarantee.endsOn}. ${asker} can ask for a restore; if the link is not restored within ${guarantee.refundAfterDays} days, ${asker === 'You' ? 'you' : 'they'} can ask for a refund.`,
        ]
      : [
          `The link's guarantee ended on ${guarantee.endsOn}, so no restore or refund can be asked for; we keep checking it.`,
        ]),
    '',
    `See the issue here: ${link}`,
    '',
    'You can turn these mails off in your profile.',
  ]);
}

/**
 * The publisher's messages on an order item since the last such mail (decision 213), as the
 * member reads them in the app (contact details hidden); the link opens the conversation.
 */
export function publisherMessagesMail(
  to: string,
  item: { number: string; siteHostname: string },
  messages: readonly { text: string; at: string }[],
  link: string,
) {
  const count = messages.length;
  return itemMail(
    to,
    count === 1
      ? `New message from ${item.siteHostname}: ${item.number}`
      : `${count} new messages from ${item.siteHostname}: ${item.number}`,
    [
      `${item.siteHostname} wrote about order item ${item.number}:`,
      ...messages.flatMap((message) => ['', `${message.at} UTC`, message.text]),
      '',
      `Read and answer in the conversation: ${link}`,
      '',
      'Replies to this e-mail are not read; answer in the conversation.',
    ],
  );
}

function itemMail(to: string, subject: string, lines: string[]): MailMessage {
  return { to, subject, text: lines.join('\n') };
}

/** A credit note issued for cancelled items (decision 167): what it credits and what is left. */
export function creditNoteMail(
  to: string,
  note: {
    number: string;
    orderNumber: string;
    invoiceNumber: string | null;
    amount: string;
    itemNumbers: string[];
    /** What happens to the money, in one sentence. */
    effect: string;
    due: string;
  },
  link: string,
): MailMessage {
  const items = note.itemNumbers.join(', ');
  return {
    to,
    subject: `Credit note ${note.number} for order ${note.orderNumber}`,
    text: [
      `Credit note ${note.number} credits ${note.amount} EUR (VAT included) for the cancelled ${note.itemNumbers.length === 1 ? 'item' : 'items'} ${items} of order ${note.orderNumber}${note.invoiceNumber ? `, correcting invoice ${note.invoiceNumber}` : ''}.`,
      '',
      note.effect,
      `Still due on the order: ${note.due} EUR.`,
      '',
      `Download the credit note (PDF) from your order: ${link}`,
    ].join('\n'),
  };
}

/** An invoice issued (decision 208): for one order, or a month's pay-by-bill orders. */
export function invoiceMail(
  to: string,
  invoice: {
    number: string;
    amount: string;
    paymentMethod: string;
    /** The month a monthly bill gathers (YYYY-MM), or null for an order's own invoice. */
    month: string | null;
    orderNumbers: string[];
  },
  link: string,
): MailMessage {
  const orders = invoice.orderNumbers.join(', ');
  return {
    to,
    subject: `Invoice ${invoice.number}`,
    text: [
      invoice.month
        ? `Invoice ${invoice.number} bills the pay-by-bill orders of ${invoice.month} (${orders}): ${invoice.amount} EUR (VAT included).`
        : `Invoice ${invoice.number} bills order ${orders}: ${invoice.amount} EUR (VAT included), ${invoice.paymentMethod}.`,
      '',
      `Download the invoice (PDF) from the order: ${link}`,
      '',
      'You can turn invoice and credit note mails off in your profile.',
    ].join('\n'),
  };
}
