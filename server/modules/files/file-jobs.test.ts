// The file store's write order and background work, on the store of the test project (the local
// disk, or S3 in the `s3` project): an object without a row is removed, but only once it is a day
// old; a row is never left without its object; removals queued with a row's delete run as a job.
import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { files, users } from '#server/db/schema/index.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { createTestContext, type TestContext } from '#tests/helpers/test-app.ts';

import { FILE_DELETE_JOB, FILE_ORPHAN_SWEEP_JOB, queueFileDeletes } from './file-jobs.ts';
import { storeFile } from './file-store.ts';

const DAY_MS = 24 * 60 * 60_000;

describe('stored files and their objects', () => {
  let ctx: TestContext;
  let buyerId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    const [buyer] = await ctx.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, FIXTURE.buyer));
    buyerId = buyer!.id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const runJobs = async () => {
    while (await ctx.app.jobs.runNext());
  };
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const object of ctx.files.list(prefix)) keys.push(object.key);
    return keys.sort();
  };
  const put = (key: string) => ctx.files.put(key, Buffer.from('x'), { contentType: 'text/plain' });

  it('removes the object again when its row cannot be inserted', async () => {
    await expect(
      storeFile(ctx.handle.db, ctx.files, {
        ownerUserId: UNKNOWN_ID,
        fileName: 'notes.txt',
        mimeType: 'text/plain',
        bytes: Buffer.from('nobody owns this'),
      }),
    ).rejects.toThrow();
    expect(await keysUnder(`uploads/${UNKNOWN_ID}/`)).toEqual([]);
  });

  it('sweeps objects without a row once they are a day old, and keeps every owned one', async () => {
    const owner = randomUUID();
    const stored = await storeFile(ctx.handle.db, ctx.files, {
      ownerUserId: buyerId,
      fileName: 'kept.txt',
      mimeType: 'text/plain',
      bytes: Buffer.from('kept'),
    });
    const [row] = await ctx.handle.db.select().from(files).where(eq(files.id, stored.id));
    const orphans = [
      `uploads/${owner}/${randomUUID()}`,
      `documents/${owner}/${randomUUID()}.pdf`,
      `exports/${randomUUID()}.csv`,
      `avatars/${owner}/${randomUUID()}-small.webp`,
    ];
    for (const key of orphans) await put(key);
    // An avatar's small size belongs to the row of its large one.
    const avatar = `avatars/${buyerId}/${randomUUID()}`;
    await put(`${avatar}-large.webp`);
    await put(`${avatar}-small.webp`);
    await ctx.handle.db.insert(files).values({
      ownerUserId: buyerId,
      storagePath: `${avatar}-large.webp`,
      fileName: 'avatar.webp',
      mimeType: 'image/webp',
      sizeBytes: 1,
    });

    // Younger than a day: an object may still be waiting for the row its request commits.
    ctx.clock.set(new Date(Date.now() + DAY_MS / 2));
    await ctx.app.jobs.enqueue(FILE_ORPHAN_SWEEP_JOB, {});
    await runJobs();
    for (const key of orphans) expect(await ctx.files.head(key), key).not.toBeNull();

    ctx.clock.set(new Date(Date.now() + DAY_MS + 60_000));
    await ctx.app.jobs.enqueue(FILE_ORPHAN_SWEEP_JOB, {});
    await runJobs();
    for (const key of orphans) expect(await ctx.files.head(key), key).toBeNull();
    expect(await ctx.files.head(row!.storagePath)).not.toBeNull();
    expect(await keysUnder(`avatars/${buyerId}/`)).toEqual(
      expect.arrayContaining([`${avatar}-large.webp`, `${avatar}-small.webp`]),
    );
  });

  it('removes the objects of a deleted row only when the delete commits', async () => {
    const kept = `uploads/${buyerId}/${randomUUID()}`;
    const removed = `uploads/${buyerId}/${randomUUID()}`;
    await put(kept);
    await put(removed);
    await ctx.handle.db
      .transaction(async (tx) => {
        await queueFileDeletes(ctx.app.jobs, tx, [kept]);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await ctx.handle.db.transaction((tx) => queueFileDeletes(ctx.app.jobs, tx, [removed]));
    await runJobs();
    expect(await ctx.files.head(kept)).not.toBeNull();
    expect(await ctx.files.head(removed)).toBeNull();
    // Running a removal twice (a retried job) is no error.
    await ctx.app.jobs.enqueue(FILE_DELETE_JOB, { keys: [removed] });
    await runJobs();
  });
});
