import { afterEach, describe, expect, it } from 'vitest';

import { db } from '#src/lib/db.ts';

import {
  deleteExpiredTrackedImports,
  listTrackedImports,
  trackImport,
  updateTrackedImportStatus,
} from './storage.ts';

const T0 = Date.UTC(2026, 0, 15, 9, 0, 0);
const MINUTE = 60_000;

afterEach(async () => {
  await db.trackedImports.clear();
});

describe('tracked imports', () => {
  it('keeps imports for 30 minutes and then removes them', async () => {
    await trackImport({ fileImportId: 'old', fileId: 'f1', type: 'referents' }, T0);
    await trackImport({ fileImportId: 'new', fileId: 'f2', type: 'competitors' }, T0 + 20 * MINUTE);

    const at29 = await listTrackedImports(T0 + 29 * MINUTE);
    expect(at29.map((row) => row.fileImportId)).toEqual(['old', 'new']);
    expect(at29[0]).toMatchObject({
      status: 'pending',
      fileId: 'f1',
      type: 'referents',
      createdAt: T0,
    });

    const at31 = await listTrackedImports(T0 + 31 * MINUTE);
    expect(at31.map((row) => row.fileImportId)).toEqual(['new']);
    expect(await db.trackedImports.get('old')).toBeUndefined();
  });

  it('counts what the expiry removed', async () => {
    await trackImport({ fileImportId: 'a', fileId: 'f1', type: 'referents' }, T0);
    await trackImport({ fileImportId: 'b', fileId: 'f2', type: 'referents' }, T0);
    expect(await deleteExpiredTrackedImports(T0 + 30 * MINUTE)).toBe(0);
    expect(await deleteExpiredTrackedImports(T0 + 30 * MINUTE + 1)).toBe(2);
  });

  it('updates the status of a tracked import', async () => {
    await trackImport({ fileImportId: 'a', fileId: 'f1', type: 'referents' }, T0);
    await updateTrackedImportStatus('a', 'fe-warning');
    expect((await db.trackedImports.get('a'))?.status).toBe('fe-warning');
  });
});
