// Mailed one-time links never rest in the database in clear (decision 170): the app runs on a
// PGlite data directory on disk, a password reset is asked for, and every file under the data
// directory is read as bytes while the mail waits, after it is sent and after a checkpoint: the
// reset token (still unused, so live) appears in none of them. The mail itself carries it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openPgliteDatabase } from '#server/db/pglite.ts';
import { jobs } from '#server/db/schema/index.ts';
import { FIXTURE, seedFixture } from '#tests/helpers/fixture.ts';
import { lastMailedToken } from '#tests/helpers/mail-box.ts';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '#tests/helpers/test-app.ts';

import { MAIL_JOB } from './mail-queue.ts';
import { mailPayloadKey, openMailText, sealMailText } from './mail-secrets.ts';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files under `dir` whose bytes contain `needle` (as UTF-8). */
function filesContaining(dir: string, needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  return filesUnder(dir).filter((file) => readFileSync(file).includes(bytes));
}

describe('mail secrets at rest', () => {
  let dataDir: string;
  let ctx: TestContext;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-mail-secrets-'));
    const handle = await openPgliteDatabase({ dataDir });
    await handle.migrate();
    await seedFixture(handle.db);
    ctx = await createTestContext({ handle });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps no reset token in any file of the database, before or after the mail is sent', async () => {
    const requested = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/public/passwords/resets',
      payload: { email: FIXTURE.buyer },
    });
    expect(requested.statusCode).toBe(202);

    // The queued mail: address and subject, and the text sealed.
    const [queued] = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, MAIL_JOB));
    expect(Object.keys(queued!.payload).sort()).toEqual(['sealed_text', 'subject', 'to']);
    const text = openMailText(
      mailPayloadKey(TEST_JWT_SECRET),
      String(queued!.payload.sealed_text),
      FIXTURE.buyer,
    );
    const token = new URL(
      text.split(/\s+/).find((word) => word.includes('?token='))!,
    ).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(30);
    expect(JSON.stringify(queued!.payload)).not.toContain(token);

    expect(filesUnder(dataDir).length).toBeGreaterThan(100);
    expect(filesContaining(dataDir, token)).toEqual([]);

    await ctx.drainMail();
    expect(lastMailedToken(ctx.mailDir, FIXTURE.buyer, '/passwords-resets')).toBe(token);
    const [sent] = await ctx.handle.db.select().from(jobs).where(eq(jobs.id, queued!.id));
    expect(sent).toMatchObject({ status: 'completed', payload: { to: FIXTURE.buyer } });
    expect(Object.keys(sent!.payload).sort()).toEqual(['subject', 'to']);

    await ctx.handle.db.execute(sql`checkpoint`);
    expect(filesContaining(dataDir, token)).toEqual([]);

    // The token was live all along: it resets the password.
    const reset = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/public/passwords/resets/${token}`,
      payload: { password: 'a-brand-new-and-long-passphrase-7' },
    });
    expect(reset.statusCode).toBe(204);
  }, 60_000);
});

describe('sealed mail texts', () => {
  const key = mailPayloadKey('a-test-secret-that-is-long-enough-0123456789');

  it('opens what it sealed, for the recipient it was sealed for only', () => {
    const sealed = sealMailText(key, 'Open https://portal.test/x?token=abc', 'a@example.com');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('token=abc');
    expect(openMailText(key, sealed, 'a@example.com')).toBe('Open https://portal.test/x?token=abc');
    expect(() => openMailText(key, sealed, 'b@example.com')).toThrow();
    const other = mailPayloadKey('another-secret-that-is-long-enough-0123456789');
    expect(() => openMailText(other, sealed, 'a@example.com')).toThrow();
    expect(() => openMailText(key, 'plain text', 'a@example.com')).toThrow();
  });
});
