// The mail transports. With SMTP_URL set, messages go to that server; otherwise (demo and tests)
// each message is written as an .eml file under DATA_DIR/mail and its path is logged. Services do
// not call a transport: they queue mail (mail-queue.ts), and the mail worker calls it.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** Where .eml files go when there is no SMTP server. */
  mailDir: string;
  log: (message: string) => void;
}

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createFileMailer(options);
}

/**
 * The transport for the start-up log: the SMTP server's host and port (never its credentials),
 * or the folder the .eml files go to.
 */
export function describeMailTransport(options: Pick<MailerOptions, 'smtpUrl' | 'mailDir'>): string {
  if (!options.smtpUrl) return `.eml files in ${options.mailDir} (MAIL_TRANSPORT=file)`;
  const url = new URL(options.smtpUrl);
  const secure = url.protocol === 'smtps:';
  return `SMTP ${url.hostname}:${url.port || (secure ? 465 : 587)}${secure ? ' over TLS' : ''}`;
}

/** Shorter than Nodemailer's (2 and 10 minutes): a hung server holds up only one attempt. */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    send: async (message) => {
      await transport.sendMail({ from, ...message });
    },
  };
}

function createFileMailer({ from, mailDir, log }: MailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    send: async (message) => {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(mailDir, { recursive: true });
      // Sortable by time; the random part keeps messages of the same millisecond apart.
      const file = path.join(mailDir, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message);
      log(`Mail to ${message.to} written to ${file}`);
    },
  };
}
