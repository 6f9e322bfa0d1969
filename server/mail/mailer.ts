// Outgoing e-mail. With SMTP_URL set, messages go to that server; otherwise (demo and tests)
// each message is written as an .eml file under DATA_DIR/mail and its path is logged.
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

function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
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
