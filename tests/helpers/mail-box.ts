// Reads the .eml files the file mailer writes, for tests that follow a mailed link; and a
// transport that fails its first sends, for tests of the mail retries.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Mailer } from '#server/mail/mailer.ts';

/** A full disk, as `writeFile` reports it when the mail file cannot be written. */
export function diskFullError(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

/**
 * `transport` behind a door that fails the next `failures.left` sends with `error` (a full disk by
 * default); the test changes `failures.left` as it goes, and `attempts` counts every send.
 */
export function failingFirst(
  transport: Mailer,
  left: number,
  error: () => Error = diskFullError,
): { transport: Mailer; failures: { left: number; attempts: number } } {
  const failures = { left, attempts: 0 };
  return {
    failures,
    transport: {
      send: async (message) => {
        failures.attempts += 1;
        if (failures.left > 0) {
          failures.left -= 1;
          throw error();
        }
        await transport.send(message);
      },
    },
  };
}

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
