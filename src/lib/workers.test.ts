import { describe, expect, it } from 'vitest';

import { getCatalogueWorker, getImportsWorker } from './workers.ts';

describe('catalogue worker', () => {
  it('runs on the main thread when Worker is unavailable and answers with promises', async () => {
    const worker = getCatalogueWorker();
    expect(getCatalogueWorker()).toBe(worker);
    await expect(worker.reduceTld('shop.example.de', ['de'])).resolves.toBe('de');
    await expect(
      worker.serializeFilterState({ filter: { tlds: ['de'] }, sorting: {} }),
    ).resolves.toBe('filter[tlds][]=de');
  });
});

describe('imports worker', () => {
  it('loads the list reader on the main thread when Worker is unavailable', async () => {
    const worker = getImportsWorker();
    expect(getImportsWorker()).toBe(worker);
    const file = new File(['domain\nexample.com\nwww.example.com\n'], 'list.csv');
    await expect(worker.parseDomainList(file, 'referents')).resolves.toMatchObject({
      rows: 2,
      hostnames: 1,
      duplicates: 1,
    });
  });
});
