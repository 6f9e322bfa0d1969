import { describe, expect, it } from 'vitest';
import { getCatalogueWorker } from './workers.ts';

describe('catalogue worker', () => {
  it('runs on the main thread when Worker is unavailable and answers with promises', async () => {
    const worker = getCatalogueWorker();
    expect(getCatalogueWorker()).toBe(worker);
    await expect(worker.reduceTld('shop.example.de', ['de'])).resolves.toBe('de');
    await expect(
      worker.serializeFilterState({ filter: { tlds: ['de'] }, sorting: [] }),
    ).resolves.toBe('filter[tlds][]=de');
  });
});
