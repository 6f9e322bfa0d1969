// Reads the .eml files the file mailer writes, for tests that follow a mailed link.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
}

export function readMails(mailDir: string): ReadMail[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => parseMail(readFileSync(path.join(mailDir, name), 'utf8')));
}

export function mailsTo(mailDir: string, to: string): ReadMail[] {
  return readMails(mailDir).filter((mail) => mail.to === to);
}

/** The `token` query parameter of the last link mailed to `to` whose path is `route`. */
export function lastMailedToken(mailDir: string, to: string, route: string): string {
  const mail = mailsTo(mailDir, to).at(-1);
  const link = mail?.text.split(/\s+/).find((word) => word.includes(`${route}?token=`));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`No ${route} link was mailed to ${to}`);
  return token;
}

function parseMail(source: string): ReadMail {
  const [head = '', ...body] = source.split(/\r?\n\r?\n/);
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, 'im').exec(unfold(head))?.[1]?.trim() ?? '';
  const isQuotedPrintable = /content-transfer-encoding: quoted-printable/i.test(head);
  const text = body.join('\n\n');
  return {
    to: header('To'),
    subject: header('Subject'),
    text: isQuotedPrintable ? decodeQuotedPrintable(text) : text,
  };
}

function unfold(head: string): string {
  return head.replace(/\r?\n[ \t]+/g, ' ');
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
