import { describe, expect, it } from 'vitest';

import { documentNumber } from '#contract/document-number.ts';

describe('document numbers', () => {
  it('name the series, the year of issue and the series’ counter, unlike an order number', () => {
    expect(documentNumber('INV', new Date('2026-12-01T10:00:00Z'), 123)).toBe('INV-2026-000123');
    expect(documentNumber('CN', new Date('2027-01-01T00:00:00Z'), 45)).toBe('CN-2027-000045');
    expect(documentNumber('INV', new Date('2026-12-31T23:59:59Z'), 1_000_000)).toBe(
      'INV-2026-1000000',
    );
  });

  it('refuses what is not a counter of the series', () => {
    expect(() => documentNumber('INV', new Date(), 0)).toThrow(RangeError);
    expect(() => documentNumber('INV', new Date(), 1.5)).toThrow(RangeError);
    expect(() => documentNumber('INV', new Date(), Number.NaN)).toThrow(RangeError);
  });
});
