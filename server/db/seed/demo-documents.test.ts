// The demo orders' invoices and credit notes: every one has its PDF, at a path that resolves, and
// two seedings with the same seed write the same files under the same ids.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLocalFileStore } from '#server/storage/local-file-store.ts';
import { pdfTexts } from '#tests/helpers/pdf-text.ts';
import { createEmptyPglite } from '#tests/helpers/test-databases.ts';

import type { DatabaseHandle } from '../database.ts';
import { seedReferenceData } from '../reference-data.ts';
import { creditNotes, files, invoices, users } from '../schema/index.ts';
import { seedDemoData } from './demo-data.ts';
import { DEMO_EMAILS } from './demo-users.ts';

const TODAY = new Date('2026-03-02T09:00:00Z');

async function seeded(dataDir: string): Promise<DatabaseHandle> {
  const handle = await createEmptyPglite();
  await seedReferenceData(handle.db);
  await seedDemoData(handle.db, {
    siteCount: 120,
    today: TODAY,
    orders: true,
    passwordHash: 'unused',
    // The local store, read below as files: its keys are the paths under DATA_DIR/files.
    documents: { files: createLocalFileStore(path.join(dataDir, 'files')) },
  });
  return handle;
}

const documentsOf = (handle: DatabaseHandle) =>
  handle.db.select().from(files).where(isNotNull(files.companyId)).orderBy(asc(files.fileName));

describe('the demo orders’ documents', () => {
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-seed-')));
  let handles: DatabaseHandle[] = [];

  beforeAll(async () => {
    handles = [await seeded(dataDirs[0] ?? ''), await seeded(dataDirs[1] ?? '')];
  }, 120_000);
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('gives every invoice and credit note a PDF stored where its row says', async () => {
    const [handle] = handles;
    if (!handle) throw new Error('Not seeded');
    const invoiceRows = await handle.db.select().from(invoices);
    const noteRows = await handle.db.select().from(creditNotes);
    expect(invoiceRows.length).toBeGreaterThan(0);
    expect(noteRows.length).toBeGreaterThan(0);
    const documents = new Map((await documentsOf(handle)).map((row) => [row.id, row]));
    for (const row of [...invoiceRows, ...noteRows]) {
      const file = row.fileId ? documents.get(row.fileId) : undefined;
      expect(file, row.number).toMatchObject({
        fileName: `${row.number}.pdf`,
        companyId: row.companyId,
        mimeType: 'application/pdf',
      });
      const bytes = readFileSync(path.join(dataDirs[0] ?? '', 'files', file?.storagePath ?? ''));
      expect(bytes.length).toBe(file?.sizeBytes);
      expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(await pdfTexts(bytes)).toContain(row.number);
    }
    expect(documents.size).toBe(invoiceRows.length + noteRows.length);
  });

  it('writes the same documents under the same ids every time', async () => {
    const [first, second] = await Promise.all(handles.map(documentsOf));
    expect(second).toEqual(first);
    for (const row of first ?? []) {
      const read = (dir: string | undefined) =>
        readFileSync(path.join(dir ?? '', 'files', row.storagePath));
      expect(read(dataDirs[1]).equals(read(dataDirs[0])), row.fileName).toBe(true);
    }
  });

  it('gives the demo sales and account managers an avatar stored as WebP', async () => {
    const [handle] = handles;
    if (!handle) throw new Error('Not seeded');
    const managers = await handle.db
      .select({ email: users.email, storagePath: files.storagePath })
      .from(users)
      .innerJoin(files, eq(files.id, users.avatarFileId))
      .where(inArray(users.email, [DEMO_EMAILS.salesManager, DEMO_EMAILS.accountManager]));
    expect(managers).toHaveLength(2);
    for (const manager of managers) {
      const bytes = readFileSync(path.join(dataDirs[0] ?? '', 'files', manager.storagePath));
      expect(bytes.toString('latin1', 8, 12), manager.email).toBe('WEBP');
    }
  });
});
