import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { createMetrics } from '../metrics/metrics.ts';
import { createLocalFileStore } from './local-file-store.ts';
import { measureFileStore } from './measured-file-store.ts';

describe('the measured file store', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'buyer-portal-measured-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('times every operation and counts the failed ones, by operation', async () => {
    const metrics = createMetrics();
    const files = measureFileStore(createLocalFileStore(root), metrics);
    await files.put('exports/a.csv', Buffer.from('a,b\n'), { contentType: 'text/csv' });
    expect(await files.head('exports/a.csv')).toMatchObject({ size: 4 });
    const listed = [];
    for await (const object of files.list('exports/')) listed.push(object.key);
    expect(listed).toEqual(['exports/a.csv']);
    await expect(
      files.put('../outside', Buffer.from('x'), { contentType: 'text/plain' }),
    ).rejects.toThrow(/Not a valid file key/);

    const valuesOf = async (name: string) =>
      (await metrics.registry.getSingleMetric(name)?.get())?.values ?? [];
    const counts = Object.fromEntries(
      (await valuesOf('portal_file_store_duration_seconds'))
        // A histogram's samples name their series: `…_bucket`, `…_sum`, `…_count`.
        .filter((sample) => (sample as { metricName?: string }).metricName?.endsWith('_count'))
        .map((sample) => [sample.labels.operation, sample.value]),
    );
    expect(counts).toEqual({ put: 2, head: 1, list: 1 });
    const errors = (await valuesOf('portal_file_store_errors_total')).map((sample) => [
      sample.labels.operation,
      sample.value,
    ]);
    expect(errors).toEqual([['put', 1]]);
  });
});
