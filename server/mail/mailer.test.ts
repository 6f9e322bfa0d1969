import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { lastMailedToken, readMails } from '#tests/helpers/mail-box.ts';

import { createMailer } from './mailer.ts';
import { passwordResetMail } from './messages.ts';

describe('the file mailer', () => {
  let mailDir: string;

  beforeEach(() => {
    mailDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-mailer-'));
  });
  afterEach(() => {
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file and logs where', async () => {
    const logged: string[] = [];
    const mailer = createMailer({
      from: 'Portal <portal@example.com>',
      mailDir,
      log: (line) => logged.push(line),
    });
    const link = `https://portal.example.com/passwords-resets?token=${'A1_-'.repeat(16)}`;
    await mailer.send(passwordResetMail('buyer@example.com', link));
    await mailer.send({ to: 'other@example.com', subject: 'Second', text: 'Hello' });

    const files = readdirSync(mailDir);
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    expect(logged[0]).toMatch(/^Mail to buyer@example\.com written to .*\.eml$/);
    expect(readMails(mailDir).map((mail) => [mail.to, mail.subject])).toEqual([
      ['buyer@example.com', 'Reset your password'],
      ['other@example.com', 'Second'],
    ]);
    expect(lastMailedToken(mailDir, 'buyer@example.com', '/passwords-resets')).toBe(
      'A1_-'.repeat(16),
    );
  });
});
